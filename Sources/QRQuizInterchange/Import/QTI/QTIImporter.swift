import QRQuiz

/// QTI 2.1, 2.2 and 3.0 as questions: one item's XML, or a content package (a zip) whose
/// `imsmanifest.xml` lists its items, read in the manifest's order (``QTIItemReader`` for
/// each). A package's pictures come along as a Moodle XML import's do (checked and
/// re-encoded, placed with the topic); a picture at an http(s) address is kept as it is.
enum QTIImporter {
  /// The resource types of items, in every version.
  static let itemTypes: Set<String> = [
    "imsqti_item_xmlv2p1", "imsqti_item_xmlv2p2", "imsqti_item_xmlv3p0", "imsqti_xmlv2p1", "imsqti_xmlv2p2",
  ]

  /// One item's XML.
  static func parseItem(_ text: String, path: String?) throws(TopicImporter.Error) -> ImportedQuestions {
    var imported = ImportedQuestions()
    try read(text, path: path, archive: nil, into: &imported)
    return imported
  }

  /// A content package's items, in the manifest's order.
  static func parsePackage(_ archive: ZipArchive) throws(TopicImporter.Error) -> ImportedQuestions {
    var items: [String] = []
    var title: String?
    let manifest = try text(of: "imsmanifest.xml", in: archive)
    do throws(TopicImporter.Error) {
      let root = try XMLReader.forEachElement(of: manifest, depth: 2) { element in
        let name = QTIMarkup.name(element.name)
        if name == "resource", let type = element.attributes["type"], itemTypes.contains(type),
          let href = element.attributes["href"]
        {
          items.append(href)
        } else if name == "organization", title == nil {
          title = QTIMarkup.children(element, "title").first?.text
        }
      }
      guard QTIMarkup.name(root.name) == "manifest" else {
        throw TopicImporter.Error.syntax(line: root.line, .notQTIItem(root: root.name))
      }
    } catch {
      throw located(error, in: "imsmanifest.xml")
    }
    guard !items.isEmpty else { throw .inPackage(path: "imsmanifest.xml", line: nil, .noQTIItems) }
    var imported = ImportedQuestions()
    imported.suggestedName = title
    for href in items {
      guard let path = QTIMarkup.path(href, from: nil) else {
        throw .archive(.pathOutside(href))
      }
      try read(try text(of: path, in: archive), path: path, archive: archive, into: &imported)
    }
    return imported
  }

  /// Reads one item into `imported`.
  private static func read(
    _ text: String, path: String?, archive: ZipArchive?, into imported: inout ImportedQuestions
  ) throws(TopicImporter.Error) {
    let item: QTIItemReader
    do throws(TopicImporter.Error) {
      item = try QTIItemReader(text)
    } catch {
      throw path.map { located(error, in: $0) } ?? error
    }
    let label = item.label + (path.map { " of \($0)" } ?? "")
    if imported.suggestedName == nil, path == nil { imported.suggestedName = item.title }
    switch item.read() {
    case .refused(let reason): imported.issues.append(ImportIssue(line: item.line, reason: reason, label: label))
    case .questions(let drafts):
      for var draft in drafts {
        draft.label = label
        draft.imageURL = try picture(draft.imageURL, itemPath: path, archive: archive, line: item.line, into: &imported)
        try imported.addToLastSet(draft)
      }
    }
  }

  /// The question's picture: a file of the package (checked and re-encoded, by its
  /// placeholder), or an http(s) address; others said as left out.
  private static func picture(
    _ source: String?, itemPath: String?, archive: ZipArchive?, line: Int, into imported: inout ImportedQuestions
  ) throws(TopicImporter.Error) -> String? {
    guard let source else { return nil }
    let lowercased = source.lowercased()
    if lowercased.hasPrefix("https://") || lowercased.hasPrefix("http://") { return source }
    guard let archive, let path = QTIMarkup.path(source, from: itemPath), archive.entry(path) != nil else {
      imported.notes.append(.pictureLeftOut(line: line, name: source, .notInFile))
      return nil
    }
    let bytes: [UInt8]
    do {
      bytes = try archive.contents(of: path) ?? []
    } catch {
      throw .archive(error)
    }
    switch try imported.pictures.add(bytes, name: path) {
    case .success(let placeholder): return placeholder
    case .failure(let error):
      imported.notes.append(.pictureLeftOut(line: line, name: path, .refused(error)))
      return nil
    }
  }

  /// A file of the package as UTF-8 text.
  private static func text(of path: String, in archive: ZipArchive) throws(TopicImporter.Error) -> String {
    let bytes: [UInt8]?
    do {
      bytes = try archive.contents(of: path)
    } catch {
      throw .archive(error)
    }
    guard let bytes else { throw .inPackage(path: path, line: nil, .missingFile) }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .inPackage(path: path, line: nil, .notUTF8) }
    return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
  }

  /// A syntax error of a package's file, said with the file's path.
  private static func located(_ error: TopicImporter.Error, in path: String) -> TopicImporter.Error {
    if case .syntax(let line, let problem) = error { return .inPackage(path: path, line: line, problem) }
    return error
  }
}
