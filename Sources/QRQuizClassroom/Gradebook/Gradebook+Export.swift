import Foundation
import QRQuiz

extension Gradebook {
  /// The CSV a spreadsheet opens (BOM, RFC 4180, every text cell guarded against formulas,
  /// as ``LiveResults/csv`` is), two tables one under the other:
  /// - the students, in card order: `name,card,share` (right answers over the questions of
  ///   everything over, to 4 decimals: 5 of 8 is `0.625`), then for each activity `N score`,
  ///   `N right`, `N answered` and `N taken` (`phone`, `card`, `online`, `missed` or
  ///   `not started`), N its number below; then, last so the columns before keep their
  ///   places, each activity's `N status` (``Cell/Status/word``: `done`, `not finished`,
  ///   `not started`, `missed`);
  /// - the activities: `activity,kind,title,date,questions,id,notes` (`live` or
  ///   `assignment`; the date a live game was played, or an assignment is due; the notes:
  ///   its due times moved, `; ` between).
  public var csv: String {
    var header = ["name", "card", "share"]
    for number in activities.indices.map({ $0 + 1 }) {
      header += ["\(number) score", "\(number) right", "\(number) answered", "\(number) taken"]
    }
    header += activities.indices.map { "\($0 + 1) status" }
    var text = "\u{FEFF}" + CSVText.row(header)
    for row in rows {
      var cells = [
        CSVText.cell(row.student.name.text), CSVText.cell(row.student.card),
        row.share.map(Self.shareText) ?? "",
      ]
      for cell in row.cells {
        cells += [
          cell.score.map { CSVText.cell($0) } ?? "", cell.correct.map { CSVText.cell($0) } ?? "",
          cell.answered.map { CSVText.cell($0) } ?? "", Self.taken(cell),
        ]
      }
      cells += row.cells.map(\.status.word)
      text += CSVText.row(cells)
    }
    text += "\r\n" + CSVText.row(["activity", "kind", "title", "date", "questions", "id", "notes"])
    for (index, activity) in activities.enumerated() {
      text += CSVText.row([
        CSVText.cell(index + 1), activity.kind.rawValue, CSVText.cell(activity.title),
        LiveResults.timestamp(activity.date), CSVText.cell(activity.questions), CSVText.cell(activity.id),
        CSVText.cell(activity.notes.joined(separator: "; ")),
      ])
    }
    return text
  }

  /// How a student took part, in one word: the device, or why not.
  static func taken(_ cell: Cell) -> String {
    switch cell.status {
    case .missed: "missed"
    case .pending: "not started"
    case .done, .partial: cell.device?.rawValue ?? ""
    }
  }

  /// A share to 4 decimals, trailing zeros off (`0.625`, `1`, `0.3333`): enough that it
  /// rounds to the page's percent.
  static func shareText(_ share: Double) -> String {
    var text = String(format: "%.4f", share)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// The same as JSON: `{"class", "activities": [{"number", "kind", "id", "title", "date",
  /// "questions", "open", "notes"}], "students": [{"name", "card", "share", "cells": [{"status",
  /// "device", "score", "correct", "answered", "seconds"}]}]}` (a cell's numbers `null` when
  /// the student did not take part).
  public var json: JSONValue {
    let activities: [JSONValue] = activities.enumerated().map { index, activity in
      .object([
        ("number", .number(index + 1)), ("kind", .string(activity.kind.rawValue)), ("id", .string(activity.id)),
        ("title", .string(activity.title)), ("date", .string(LiveResults.timestamp(activity.date))),
        ("questions", .number(activity.questions)), ("open", .bool(activity.isOpen)),
        ("notes", .array(activity.notes.map(JSONValue.string))),
      ])
    }
    let students: [JSONValue] = rows.map { row in
      .object([
        ("name", .string(row.student.name.text)), ("card", .number(row.student.card)),
        ("share", row.share.map(JSONValue.number) ?? .null),
        ("cells", .array(row.cells.map(Self.json))),
      ])
    }
    return .object([
      ("class", .string(roster.name.text)), ("activities", .array(activities)), ("students", .array(students)),
    ])
  }

  static func json(_ cell: Cell) -> JSONValue {
    .object([
      ("status", .string(cell.status.word)), ("device", cell.device.map { .string($0.rawValue) } ?? .null),
      ("score", cell.score.map(JSONValue.number) ?? .null), ("correct", cell.correct.map(JSONValue.number) ?? .null),
      ("answered", cell.answered.map(JSONValue.number) ?? .null),
      ("seconds", cell.seconds.map(JSONValue.number) ?? .null),
    ])
  }
}
