import Foundation
import QRQuiz

extension Gradebook {
  /// The CSV a spreadsheet opens (BOM, RFC 4180, every text cell guarded against formulas,
  /// as ``LiveResults/csv`` is), two tables one under the other:
  /// - the students, in card order: `name,card,share` (right answers over the questions of
  ///   everything over), then for each activity `N score`, `N right`, `N answered` and
  ///   `N taken` (`phone`, `card`, `online`, `missed` or `not yet`), N its number below;
  /// - the activities: `activity,kind,title,date,questions,id,notes` (`live` or
  ///   `assignment`; the date a live game was played, or an assignment is due; the notes:
  ///   its due times moved, `; ` between).
  public var csv: String {
    var header = ["name", "card", "share"]
    for number in activities.indices.map({ $0 + 1 }) {
      header += ["\(number) score", "\(number) right", "\(number) answered", "\(number) taken"]
    }
    var text = "\u{FEFF}" + CSVText.row(header)
    for row in rows {
      var cells = [
        CSVText.cell(row.student.name.text), CSVText.cell(row.student.card),
        row.share.map { String(format: "%.2f", $0) } ?? "",
      ]
      for cell in row.cells {
        cells += [
          cell.score.map { CSVText.cell($0) } ?? "", cell.correct.map { CSVText.cell($0) } ?? "",
          cell.answered.map { CSVText.cell($0) } ?? "", Self.taken(cell),
        ]
      }
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
    case .pending: "not yet"
    case .done, .partial: cell.device?.rawValue ?? ""
    }
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
      ("status", .string(cell.status.rawValue)), ("device", cell.device.map { .string($0.rawValue) } ?? .null),
      ("score", cell.score.map(JSONValue.number) ?? .null), ("correct", cell.correct.map(JSONValue.number) ?? .null),
      ("answered", cell.answered.map(JSONValue.number) ?? .null),
      ("seconds", cell.seconds.map(JSONValue.number) ?? .null),
    ])
  }
}
