/// The pages' style sheets, scripts and icon, served from /static: small, hand-written, and
/// nothing from another host, so a classroom without internet gets the same pages.
///
/// They are files beside this one (`Scripts/`, `Styles/`, `icon.svg`), embedded at build
/// time by the EmbedPageAssets plugin as `assets.json` lists them: each member below is
/// one served file, and the binary needs nothing beside it. `scripts/check-scripts`
/// checks the scripts with node, tsc and ESLint and runs their unit tests.
enum Assets {}
