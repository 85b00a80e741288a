extension Assets {
  /// The live games' look: big type for the projector, big buttons for thumbs, answers in
  /// colours that keep white text readable (4.5:1 at least), each with a shape and a
  /// number too.
  static let liveStyles = """
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
      white-space: nowrap; }
    body.live main { max-width: 72rem; }
    .live-title { margin: 0 0 0.8rem; }
    .join-panel { display: flex; flex-wrap: wrap; gap: 1rem 2rem; align-items: center; }
    .join-panel img { width: min(300px, 100%); height: auto; background: #fff; image-rendering: pixelated; }
    .join-panel > div { flex: 1 1 14rem; min-width: 0; }
    .join-at { font-size: 1.4rem; margin: 0; }
    .pin-label { margin: 0.6rem 0 0; color: var(--muted); }
    .pin { font-size: clamp(2.4rem, 12vw, 5.5rem); font-weight: 800; letter-spacing: 0.06em; margin: 0;
      font-variant-numeric: tabular-nums; line-height: 1.1; }
    .players-count { font-size: 1.3rem; font-weight: 600; }
    .names { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.4rem; }
    .names li { background: var(--paper); border: 1px solid var(--line); border-radius: 999px; padding: 0.2rem 0.8rem; }
    .live-question { font-size: clamp(1.3rem, 4.5vw, 2.6rem); line-height: 1.25; }
    .live-question:focus { outline: none; }
    .countdown { font-size: 1.6rem; font-weight: 700; font-variant-numeric: tabular-nums; color: var(--ink); }
    .live-image { max-width: 100%; max-height: 35vh; display: block; margin: 0.5rem auto; }
    .live-answers { list-style: none; padding: 0; margin: 1rem 0; display: grid; gap: 0.6rem;
      grid-template-columns: repeat(auto-fit, minmax(min(100%, 15rem), 1fr)); }
    .answer { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem 0.6rem; padding: 0.9rem 1rem;
      border-radius: 10px; color: #fff; font-weight: 600; min-height: 64px; text-align: left;
      border: 3px solid transparent; font-size: 1.15rem; position: relative; }
    button.answer { width: 100%; cursor: pointer; }
    .answer .shape { font-size: 1.4rem; line-height: 1; }
    .answer .label { flex: 1 1 8rem; min-width: 0; }
    .answer-0 { background: #c0392b; } .answer-1 { background: #1f5fcc; } .answer-2 { background: #946000; }
    .answer-3 { background: #1e7b34; } .answer-4 { background: #7b3fb3; } .answer-5 { background: #0b6e77; }
    .answer-6 { background: #b03a78; } .answer-7 { background: #4b5563; }
    button.answer[aria-pressed=true] { border-color: var(--ink); box-shadow: inset 0 0 0 3px #fff; }
    button.answer[aria-pressed=true] .shape::after { content: " \\u2713"; }
    button.answer:disabled { opacity: 1; cursor: default; }
    .results .answer { padding-bottom: 1.4rem; }
    .results .answer.right { border-color: var(--ink); box-shadow: inset 0 0 0 3px #fff; }
    .results .mark { font-weight: 700; }
    .results .count { margin-left: auto; font-size: 1.4rem; font-variant-numeric: tabular-nums; }
    .results .bar { position: absolute; left: 0.8rem; bottom: 0.5rem; height: 0.45rem; max-width: calc(100% - 1.6rem);
      background: #fff; border-radius: 4px; }
    .standings { list-style: none; padding: 0; margin: 0.5rem 0; max-width: 36rem; font-size: 1.25rem; }
    .standings li { display: grid; grid-template-columns: 2.2em minmax(0, 1fr) auto; gap: 0.6rem; align-items: baseline;
      padding: 0.35rem 0.2rem; border-bottom: 1px solid var(--line); }
    .standings .rank { font-weight: 700; color: var(--muted); font-variant-numeric: tabular-nums; }
    .standings .points { font-weight: 700; font-variant-numeric: tabular-nums; }
    .podium { font-size: 1.5rem; }
    .podium li:first-child { font-size: 2rem; }

    .host-controls { margin-top: 2rem; }
    .host-controls summary { cursor: pointer; font-weight: 600; min-height: 44px; }
    .live-player .verdict { font-size: 2rem; }
    #connection:empty { display: none; }

    """
}
