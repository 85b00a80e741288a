import QRQuiz

/// The pages' style sheet and script, served from /static: small, hand-written, and
/// nothing from another host, so a classroom without internet gets the same pages.
enum Assets {
  static let styleSheet = """
    :root { --ink: #1d2430; --muted: #5b6675; --line: #d9dee5; --accent: #2f6fde; --right: #1e8e3e;
      --wrong: #c5221f; --paper: #ffffff; --shade: #f4f6f9; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 17px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
      background: var(--shade); }
    header { background: var(--ink); color: #fff; padding: 0.8rem 1.2rem; display: flex; gap: 1rem;
      align-items: baseline; flex-wrap: wrap; }
    header a { color: #fff; text-decoration: none; font-weight: 600; }
    main { max-width: 60rem; margin: 0 auto; padding: 1.2rem; }
    h1 { font-size: 1.6rem; margin: 0.2rem 0 1rem; overflow-wrap: anywhere; }
    h2 { font-size: 1.2rem; margin: 1.4rem 0 0.6rem; }
    a { color: var(--accent); }
    .card { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 1rem 1.2rem;
      margin-bottom: 1rem; }
    .topics { list-style: none; padding: 0; margin: 0; display: grid;
      grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); gap: 0.8rem; }
    .topics li { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 0.8rem 1rem; }
    .topics .name { font-weight: 600; overflow-wrap: anywhere; }
    .muted { color: var(--muted); }
    form.search { display: flex; gap: 0.5rem; margin-bottom: 1rem; }
    input[type=text], input[type=search], input[type=number], input[type=url] { font: inherit; padding: 0.45rem 0.6rem;
      border: 1px solid var(--line); border-radius: 6px; width: 100%; }
    button, .button { font: inherit; padding: 0.5rem 1rem; border-radius: 8px; border: 1px solid var(--accent);
      background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
    button.secondary, .button.secondary { background: var(--paper); color: var(--accent); }
    button:disabled { opacity: 0.45; cursor: default; }
    .codes { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
    .codes figure { margin: 0; flex: 1 1 18rem; max-width: 26rem; }
    .codes img { image-rendering: pixelated; background: #fff; width: 100%; height: auto; }
    figcaption { color: var(--muted); font-size: 0.9rem; margin-top: 0.3rem; }
    .answers { display: grid; gap: 0.6rem; margin: 1rem 0; }
    .answers button { text-align: left; background: var(--paper); color: var(--ink); border-color: var(--line);
      padding: 0.8rem 1rem; }
    .answers button.picked-right { border-color: var(--right); background: #e6f4ea; }
    .answers button.picked-wrong { border-color: var(--wrong); background: #fce8e6; }
    .verdict { font-weight: 600; }
    .verdict.right { color: var(--right); }
    .verdict.wrong { color: var(--wrong); }
    .status { display: flex; justify-content: space-between; color: var(--muted); }
    .question img { max-width: 100%; max-height: 40vh; display: block; margin: 0.8rem 0; }
    .score { font-size: 2.4rem; font-weight: 700; }
    .problems { border-left: 4px solid var(--wrong); background: #fce8e6; padding: 0.6rem 1rem; }
    fieldset { border: 1px solid var(--line); border-radius: 8px; margin: 0 0 1rem; padding: 0.8rem 1rem; }
    legend { font-weight: 600; }
    .row { display: flex; gap: 0.6rem; align-items: center; margin: 0.35rem 0; }
    .row label { min-width: 9rem; }
    body.present { background: #fff; }
    body.present main { max-width: none; text-align: center; }
    body.present img { width: min(90vw, 80vh); height: auto; image-rendering: pixelated; }
    body.present h1 { font-size: 2.4rem; }

    """

  /// The site's icon: a finder pattern.
  static let icon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7 7"><path d="M0 0h7v7h-7zM1 1v5h5v-5zM2 2h3v3h-3z"     fill="#1d2430" fill-rule="evenodd"/></svg>

    """

  /// Counts a set's time down on the page; the server keeps the real clock and ends the
  /// set itself when time runs out.
  static let script = """
    "use strict";
    document.addEventListener("DOMContentLoaded", () => {
      const clock = document.querySelector("[data-seconds-left]");
      if (!clock) return;
      const end = Date.now() + parseFloat(clock.dataset.secondsLeft) * 1000;
      const tick = () => {
        const left = Math.max(0, (end - Date.now()) / 1000);
        clock.textContent = left > 60 ? Math.ceil(left) + " s" : left.toFixed(1) + " s";
        if (left <= 0) { window.location.reload(); return; }
        setTimeout(tick, 100);
      };
      tick();
    });

    """
}
