/// The pages' style sheets, scripts and icon, served from /static: small, hand-written, and
/// nothing from another host, so a classroom without internet gets the same pages.
///
/// They are files beside this one (`Scripts/`, `Styles/`, `icon.svg`), embedded at build
/// time by the EmbedPageAssets plugin as `assets.json` lists them: each member is one
/// served file (`styleSheet`, `script`, `liveScript`, `homeworkScript`, `editorScript`,
/// `icon`), and the binary needs nothing beside it. A script is a CommonJS module that may
/// `require("./other.js")` a file beside it; the served script carries all it requires.
/// `scripts/check-scripts` checks them with node, tsc and ESLint and runs their unit tests
/// (Tests/PageScripts), whose subjects are the modules with no document in them
/// (message-format.js, live-state.js, homework-state.js, editor-topic.js, drawing.js,
/// play-countdown.js).
enum Assets {}
