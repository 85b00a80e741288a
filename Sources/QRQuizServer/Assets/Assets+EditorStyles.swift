extension Assets {
  /// The editor's look: one column that fits a 320 px phone, tools that wrap, a save bar
  /// that stays in reach at the bottom, problems in the colour of wrong answers.
  static let editorStyles = """
    #editor .set { margin-bottom: 1.2rem; }
    #editor h2 { margin-top: 0; }
    .questions { list-style: none; padding: 0; margin: 0; display: grid; gap: 1rem; }
    .question { border: 1px solid var(--line); border-radius: 10px; padding: 0.8rem; background: var(--shade); }
    .question h3 { margin: 0 0 0.3rem; font-size: 1.05rem; }
    .question textarea { width: 100%; font: inherit; padding: 0.5rem 0.6rem; border: 1px solid var(--muted);
      border-radius: 6px; background: var(--paper); color: var(--ink); resize: vertical; }
    .times { margin: 0 0 0.4rem; font-size: 0.9rem; }
    .answer-editor { margin: 0.6rem 0; }
    .answer-list { list-style: none; padding: 0; margin: 0 0 0.5rem; display: grid; gap: 0.4rem; }
    .answer-row { display: grid; grid-template-columns: auto minmax(0, 1fr) auto auto auto; gap: 0.3rem; align-items: center; }
    .answer-row input[type=checkbox] { width: 1.4rem; height: 1.4rem; }
    .tools { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.5rem 0; }
    .tools select { width: auto; max-width: 100%; }
    button.small { min-width: 44px; padding: 0.4rem 0.5rem; }
    button.danger, .button.danger { border-color: var(--wrong); color: var(--wrong); }
    button.link { background: none; border: none; color: var(--accent); text-decoration: underline; padding: 0.2rem 0;
      min-height: 0; text-align: left; }
    .row.check { flex-wrap: nowrap; }
    .row.check > label:first-child, .row.check label { flex: 1 1 auto; }
    .picture { display: block; max-width: min(100%, 24rem); max-height: 16rem; margin: 0.4rem 0; border: 1px solid var(--line);
      background: #fff; }
    .file label { margin: 0; }
    .numeric summary { cursor: pointer; min-height: 44px; display: flex; align-items: center; }
    .field-problem { color: var(--wrong); background: var(--wrong-bg); border-left: 4px solid var(--wrong);
      padding: 0.3rem 0.6rem; margin: 0.3rem 0; border-radius: 4px; }
    .field-problem.advice, .problems.advice { color: var(--ink); background: var(--notice-bg);
      border-left-color: var(--notice-line); }
    [aria-invalid=true] { border-color: var(--wrong) !important; border-width: 2px !important; }
    .savebar { position: sticky; bottom: 0; background: var(--paper); border-top: 1px solid var(--line);
      padding: 0.4rem 1rem; margin: 0 -1rem; box-shadow: 0 -2px 8px rgba(0, 0, 0, 0.08); z-index: 2; }
    .savebar p { margin: 0.3rem 0; }
    .savebar .problems { max-height: 30vh; overflow-y: auto; margin: 0.3rem 0; }
    .savebar .problems ul { margin: 0.2rem 0; padding-left: 1.2rem; }
    #status:empty { display: none; }
    #version-list li { margin: 0.4rem 0; }
    dialog { max-width: min(56rem, 100vw - 1rem); width: 100%; border: 1px solid var(--line); border-radius: 10px;
      background: var(--paper); color: var(--ink); padding: 1rem; }
    dialog::backdrop { background: rgba(0, 0, 0, 0.5); }
    #canvas { width: 100%; height: auto; border: 1px solid var(--muted); touch-action: none; background: #fff;
      cursor: crosshair; }
    .swatch { background: var(--paper); color: var(--ink); border: 2px solid var(--line); }
    .swatch::before { content: ""; display: inline-block; width: 0.9rem; height: 0.9rem; border-radius: 50%;
      margin-right: 0.35rem; vertical-align: -0.1rem; background: currentColor; }
    .swatch[data-colour="#1d2430"]::before { background: #1d2430; }
    .swatch[data-colour="#c0392b"]::before { background: #c0392b; }
    .swatch[data-colour="#1f5fcc"]::before { background: #1f5fcc; }
    .swatch[data-colour="#1e7b34"]::before { background: #1e7b34; }
    .swatch[aria-pressed=true] { border-color: var(--accent); box-shadow: inset 0 0 0 2px var(--accent); }
    .library-tools { display: flex; flex-wrap: wrap; gap: 0.3rem 0.8rem; align-items: center; }
    .library-tools form { display: inline; margin: 0; }
    .library-tools button { min-height: 0; padding: 0.1rem 0.5rem; }

    """
}
