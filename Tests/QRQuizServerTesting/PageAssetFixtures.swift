import Foundation
import QRQuiz
import QRQuizTestSupport
import Testing

@testable import QRQuizServer

/// The page assets the server serves.
package enum PageAssetFixtures {
  /// Each served file by its name in /static.
  package static let served = [
    "style.css": Assets.styleSheet, "app.js": Assets.script, "live.js": Assets.liveScript,
    "homework.js": Assets.homeworkScript,
    "editor.js": Assets.editorScript, "icon.svg": Assets.icon,
  ]
}
