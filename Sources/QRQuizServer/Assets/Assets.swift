import QRQuiz

/// The pages' style sheet and script, served from /static: small, hand-written, and
/// nothing from another host, so a classroom without internet gets the same pages.
enum Assets {
  /// The style sheet: the site's, then the live games' and the editor's.
  static let styleSheet = baseStyles + liveStyles + editorStyles

  static let baseStyles = """
    :root { color-scheme: light dark; --ink: #1d2430; --muted: #4f5a68; --line: #c9d0da; --accent: #1f5fcc;
      --on-accent: #ffffff; --right: #176b2f; --right-bg: #e3f3e7; --wrong: #b3261e; --wrong-bg: #fbe7e5;
      --paper: #ffffff; --shade: #f2f4f7; --header: #1d2430; --on-header: #ffffff; --focus: #c26a00;
      --notice-bg: #fff4d6; --notice-line: #b58300; }
    @media (prefers-color-scheme: dark) {
      :root:not([data-theme=light]) { --ink: #e7ebf0; --muted: #aab3bf; --line: #3d4652; --accent: #8ab4ff;
        --on-accent: #0b1424; --right: #7fd89a; --right-bg: #16301f; --wrong: #ff9a90; --wrong-bg: #3a1a18;
        --paper: #1b2129; --shade: #11151b; --header: #0b0e12; --on-header: #e7ebf0; --focus: #ffb347;
        --notice-bg: #3a2f12; --notice-line: #d9a521; }
    }
    :root[data-theme=dark] { --ink: #e7ebf0; --muted: #aab3bf; --line: #3d4652; --accent: #8ab4ff;
      --on-accent: #0b1424; --right: #7fd89a; --right-bg: #16301f; --wrong: #ff9a90; --wrong-bg: #3a1a18;
      --paper: #1b2129; --shade: #11151b; --header: #0b0e12; --on-header: #e7ebf0; --focus: #ffb347;
      --notice-bg: #3a2f12; --notice-line: #d9a521; }
    :root[data-theme=light] { color-scheme: light; }
    :root[data-theme=dark] { color-scheme: dark; }
    * { box-sizing: border-box; }
    [hidden] { display: none !important; }
    html { -webkit-text-size-adjust: 100%; }
    body { margin: 0; font: 17px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
      background: var(--shade); overflow-wrap: anywhere; }
    header { background: var(--header); color: var(--on-header); padding: 0.7rem 1rem; display: flex;
      gap: 0.4rem 1rem; align-items: baseline; flex-wrap: wrap; }
    header a { color: var(--on-header); text-decoration: none; font-weight: 600; }
    header a:hover, header a:focus-visible { text-decoration: underline; }
    header .tagline { flex: 1 1 12rem; opacity: 0.85; }
    .site-settings { font-size: 0.9rem; display: flex; flex-wrap: wrap; gap: 0.2rem 0.5rem; align-items: baseline; }
    header .site-settings a { font-weight: 400; }
    .site-settings a[aria-current=true] { font-weight: 700; text-decoration: underline; }
    footer { max-width: 72rem; margin: 1.5rem auto 0; padding: 0.6rem 1rem 1rem; color: var(--muted); }
    footer .site-settings { justify-content: center; }
    main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
    h1 { font-size: 1.5rem; margin: 0.2rem 0 1rem; }
    h2 { font-size: 1.2rem; margin: 1.2rem 0 0.6rem; }
    a { color: var(--accent); }
    :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
    .card { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 1rem;
      margin-bottom: 1rem; }
    .topics { list-style: none; padding: 0; margin: 0; display: grid;
      grid-template-columns: repeat(auto-fill, minmax(min(16rem, 100%), 1fr)); gap: 0.8rem; }
    .topics li { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 0.8rem 1rem; }
    .topics .name { font-weight: 600; }
    .muted { color: var(--muted); }
    .notice { background: var(--notice-bg); border-left: 4px solid var(--notice-line); padding: 0.6rem 1rem;
      border-radius: 6px; }
    form.search { display: flex; gap: 0.5rem; margin-bottom: 1rem; flex-wrap: wrap; }
    form.search input { flex: 1 1 12rem; min-width: 0; }
    input[type=text], input[type=search], input[type=number], input[type=url], select, textarea { font: inherit;
      padding: 0.5rem 0.6rem; border: 1px solid var(--muted); border-radius: 6px; width: 100%; min-width: 0;
      background: var(--paper); color: var(--ink); }
    button, .button { font: inherit; padding: 0.55rem 1rem; min-height: 44px; border-radius: 8px;
      border: 1px solid var(--accent); background: var(--accent); color: var(--on-accent); cursor: pointer;
      text-decoration: none; display: inline-block; }
    button.secondary, .button.secondary { background: var(--paper); color: var(--accent); }
    button:disabled { opacity: 0.55; cursor: default; }
    .codes { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
    .codes figure { margin: 0; flex: 1 1 16rem; max-width: 26rem; min-width: 0; }
    .codes img { image-rendering: pixelated; background: #fff; padding: 0; width: 100%; height: auto; }
    figcaption { color: var(--muted); font-size: 0.9rem; margin-top: 0.3rem; }
    .answers { display: grid; gap: 0.6rem; margin: 1rem 0; }
    .answers button { text-align: left; background: var(--paper); color: var(--ink); border: 2px solid var(--line);
      padding: 0.8rem 1rem; }
    .answers button.picked-right, .answered li.picked-right { border-color: var(--right); background: var(--right-bg); }
    .answers button.picked-wrong, .answered li.picked-wrong { border-color: var(--wrong); background: var(--wrong-bg); }
    .answers .key { display: inline-block; min-width: 1.6em; font-weight: 700; color: var(--muted); }
    .answered { list-style: none; padding: 0; display: grid; gap: 0.5rem; }
    .answered li { border: 2px solid var(--line); border-radius: 8px; padding: 0.7rem 1rem; }
    .answered li.picked { border-color: var(--accent); }
    .verdict { font-weight: 600; }
    .verdict.right, .review .right { color: var(--right); }
    .verdict.wrong, .review .wrong { color: var(--wrong); }
    .status { display: flex; flex-wrap: wrap; gap: 0.3rem 1.2rem; justify-content: space-between; color: var(--muted); }
    .question img { max-width: 100%; max-height: 40vh; display: block; margin: 0.8rem 0; }
    .score { font-size: 2.2rem; font-weight: 700; }
    .review { padding-left: 1.4rem; }
    .review li { margin-bottom: 0.8rem; }
    .review p { margin: 0.15rem 0; }
    .problems { border-left: 4px solid var(--wrong); background: var(--wrong-bg); padding: 0.6rem 1rem; }
    fieldset { border: 1px solid var(--line); border-radius: 8px; margin: 0 0 1rem; padding: 0.8rem; min-width: 0; }
    legend { font-weight: 600; }
    .row { display: flex; flex-wrap: wrap; gap: 0.3rem 0.6rem; align-items: center; margin: 0.45rem 0; }
    .row > label:first-child { flex: 1 0 100%; }
    .row > input[type=text], .row > input[type=url], .row > input[type=number] { flex: 1 1 12rem; }
    .row > input[type=checkbox] { width: 1.3rem; height: 1.3rem; }
    @media (min-width: 40rem) {
      .row > label:first-child { flex: 0 0 9rem; }
    }
    body.present { background: #fff; color: #000; }
    body.present main { max-width: none; text-align: center; }
    body.present img { width: min(90vw, 80vh); height: auto; image-rendering: pixelated; }
    body.present h1 { font-size: 2.4rem; }
    body.present footer { color: #333; }
    body.present footer a { color: #1f5fcc; }
    @media (prefers-reduced-motion: reduce) {
      *, *::before, *::after { animation: none !important; transition: none !important; scroll-behavior: auto !important; }
    }

    """

  /// The site's icon: a finder pattern.
  static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7"><path d="M0 0h7v7h-7zM1 1v5h5v-5zM2 2h3v3h-3z"     fill="#1d2430" fill-rule="evenodd"/></svg>

    """

  /// The play page's script: answers picked with their digits, and the set's countdown
  /// shown and said at the moments that matter; the server keeps the real clock and ends
  /// the set itself when time runs out.
  static let script = """
    "use strict";
    document.addEventListener("DOMContentLoaded", () => {
      // A phrase of the page ({count, plural, one {…} other {…}} chosen by its number).
      const fill = (template, values) => {
        let text = (template || "").replace(/\\{(\\w+), plural, one \\{([^}]*)\\} other \\{([^}]*)\\}\\}/g, (_, key, one, other) => {
          const count = Number(values[key]);
          return (count === 1 ? one : other).split("#").join(String(count));
        });
        for (const [key, value] of Object.entries(values)) text = text.split("{" + key + "}").join(String(value));
        return text;
      };

      // Answering with the keyboard: the digit of an answer picks it, as in the terminal.
      document.addEventListener("keydown", (event) => {
        if (event.altKey || event.ctrlKey || event.metaKey || !/^[1-9]$/.test(event.key)) return;
        const active = document.activeElement;
        if (active && ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName)) return;
        const button = document.querySelectorAll("#answers button")[Number(event.key) - 1];
        if (button && !button.disabled) {
          event.preventDefault();
          button.click();
        }
      });

      // The set's countdown: shown every tenth of a second, said (to a screen reader) when the
      // question appears and when ten and five seconds are left, not every second.
      const clock = document.querySelector("[data-seconds-left]");
      if (!clock) return;
      const announcer = document.getElementById("time-announcement");
      const announce = (seconds) => {
        if (announcer) announcer.textContent = fill(clock.dataset.announce, { seconds });
      };
      const end = Date.now() + parseFloat(clock.dataset.secondsLeft) * 1000;
      const said = new Set();
      announce(Math.ceil(parseFloat(clock.dataset.secondsLeft)));
      const tick = () => {
        const left = Math.max(0, (end - Date.now()) / 1000);
        clock.textContent = left > 60 ? Math.ceil(left) + " s" : left.toFixed(1) + " s";
        for (const mark of [10, 5]) {
          if (left <= mark && left > mark - 1 && !said.has(mark)) {
            said.add(mark);
            announce(mark);
          }
        }
        if (left <= 0) {
          window.location.reload();
          return;
        }
        setTimeout(tick, 100);
      };
      tick();
    });

    """
}
