import QRQuiz
import QRQuizHTTP

extension Pages {
  /// `/t/NAME`: the QR code of the topic's JSON address (what the app scans to download
  /// it), the topic's own QR code(s), and links.
  /// `hostForm`: the teacher's form to start a live game of the topic.
  /// `editable`: the teacher may edit the topic (the page links the editor).
  func share(
    _ topic: ServedTopic, jsonURL: String, symbols: TopicQREncoder.Symbols?, reachable: Bool, hostForm: HTML? = nil,
    editable: Bool = false
  ) -> HTML {
    let appCode: HTML
    switch symbols {
    case let symbols? where symbols.appReadable && symbols.isDense:
      appCode = say(
        .denseSymbol, ["version": .number(symbols.largestVersion), "centimetres": .number(symbols.printedCentimetres)])
    case let symbols? where !symbols.appReadable:
      appCode = say(
        .compactSymbols, ["count": .number(symbols.matrices.count)], markup: ["command": "<code>qrquiz decode</code>"])
    default:
      appCode = say(.oneSymbol)
    }
    let unreachable: HTML? =
      reachable
      ? nil
      : "<p class=\"notice\" id=\"unreachable\">\(say(.unreachableAddress, markup: ["option": "<code>--host 0.0.0.0</code>"]))</p>"
    return page(
      title: topic.title,
      """
      <h1>\(topic.title)</h1>
      \(unreachable)
      <p class="muted">\(setSummary(topic.topic))</p>
      <p><a class="button" href="\(SitePath.play(topic.name))">\(say(.playInBrowser))</a>
      <a class="button secondary" href="\(SitePath.present(topic.name))">\(say(.presentLink))</a>\
      \(editable ? " <a class=\"button secondary\" id=\"edit-link\" href=\"\(SitePath.edit(topic.name))\">\(say(.editLink))</a>" as HTML : nil)</p>
      <div class="codes">
      <figure class="card"><img id="link-code" src="\(SitePath.linkQR(topic.name, .png))" alt="\(text(.linkCodeAlt))" width="330" height="330">
      <figcaption>\(say(.scanToDownload))<br><a id="json-url" href="\(SitePath.topicJSON(topic.name))">\(jsonURL)</a></figcaption></figure>
      <figure class="card"><img id="topic-code" src="\(SitePath.topicQR(topic.name, .png))" alt="\(text(.topicCodeAlt))">
      <figcaption>\(appCode)</figcaption></figure>
      </div>
      <p class="files">\(say(.filesLabel)) <a href="\(SitePath.topicJSON(topic.name))">JSON</a> · <a href="\(SitePath.topicQR(topic.name, .png))">PNG</a> · \
      <a href="\(SitePath.topicQR(topic.name, .svg))">SVG</a> · <a href="\(SitePath.linkQR(topic.name, .svg))">\(say(.linkCodeSVG))</a></p>
      \(hostForm)
      """)
  }

  /// `/t/NAME/present`: the address QR code as large as the screen allows, for projectors.
  func present(_ topic: ServedTopic, jsonURL: String) -> HTML {
    page(
      title: topic.title, pageClass: "present", header: false,
      """
      <h1>\(topic.title)</h1>
      <img src="\(SitePath.linkQR(topic.name, .png))" alt="\(text(.linkCodeAlt))" width="330" height="330">
      <p>\(say(.scanWithApp, ["address": .text(jsonURL)]))</p>
      """)
  }
}
