import Foundation
import QRQuiz
import QRQuizFiles

/// What a 0.5 data folder holds, read into memory (each kind bounded as 0.5 bounded it),
/// and its rows. Every file is checked as 0.5 checked it when resuming; one that does not
/// read is said, and stays in the backup unchanged.
struct LegacyFiles {
  struct Game {
    var setup: LiveGame.Setup
    var setupJSON: String
    var moves: [(at: Int64, json: String)]
  }

  struct Results {
    var stem: String
    var json: String
    var value: JSONValue
  }

  struct Homework {
    var assignment: Assignment
    var json: String
    var moves: [String]
    var joined: [String]
  }

  var classes: [ClassRoster] = []
  var games: [Game] = []
  var results: [Results] = []
  var homework: [Homework] = []
  var profiles: [Profile] = []
  var activeProfile: String?
  var statistics: [(key: String, json: String)] = []
  var problems: [String] = []

  /// The regular files of `folder` whose names end in `suffix`, sorted; a line in
  /// `problems` for each that is not a regular file (a link, a FIFO: never followed).
  private mutating func files(in folder: URL, ending suffix: String) -> [URL] {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    var found: [URL] = []
    for name in names where name.hasSuffix(suffix) && !name.hasPrefix(".") {
      let path = folder.appendingPathComponent(name).path
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      if status.st_mode & S_IFMT == S_IFREG {
        found.append(URL(fileURLWithPath: path))
      } else {
        problems.append("not imported: \(RegularFile.notRegular(path, .read, mode: status.st_mode))")
      }
    }
    return found
  }

  static func read(_ data: URL) -> LegacyFiles {
    var files = LegacyFiles()
    for url in files.files(in: data.appendingPathComponent("classes"), ending: ".json") {
      do throws(LegacyClassFile.Unreadable) { files.classes.append(try LegacyClassFile.read(url)) } catch {
        files.problems.append("class not imported: \(error.path): \(error.reason)")
      }
    }
    for url in files.files(in: data.appendingPathComponent("live/games"), ending: ".jsonl") {
      files.readGame(url)
    }
    let resultFiles = files.files(in: data.appendingPathComponent("live/results"), ending: ".json")
    for url in resultFiles.suffix(LiveGameRecord.maximumGames * 5) {
      guard let bytes = try? RegularFile.read(url.path, limit: LiveGameRecord.maximumFileSize),
        let value = try? JSONParser.parse(bytes), case .string? = value["title"], case .array? = value["players"]
      else {
        files.problems.append("results not imported: \(url.path): not the results of a live game")
        continue
      }
      files.results.append(
        Results(
          stem: String(url.lastPathComponent.dropLast(".json".count)), json: String(decoding: bytes, as: UTF8.self),
          value: value))
    }
    for url in files.files(in: data.appendingPathComponent("assignments"), ending: ".jsonl") {
      files.readHomework(url)
    }
    files.readProfiles(data.appendingPathComponent("profiles.json"))
    for url in files.files(in: data.appendingPathComponent("stats"), ending: ".json") {
      guard let bytes = try? RegularFile.read(url.path, limit: 16 << 20) else {
        files.problems.append("statistics not imported: \(url.path) could not be read")
        continue
      }
      // Kept as they are, even when not statistics: reading them sets a bad one aside.
      files.statistics.append(
        (String(url.lastPathComponent.dropLast(".json".count)), String(decoding: bytes, as: UTF8.self)))
    }
    return files
  }

  private mutating func readGame(_ url: URL) {
    do throws(LegacyJournal.ReadError) {
      let lines = try LegacyJournal.lines(of: url)
      do throws(LiveMoves.Damage) {
        let (setup, entries) = try LiveMoves.replay(setup: lines[0], moves: Array(lines.dropFirst()))
        let moves = zip(entries, lines.dropFirst()).map {
          ($0.time.microsecondsSince1970, String(decoding: $1, as: UTF8.self))
        }
        games.append(Game(setup: setup, setupJSON: String(decoding: lines[0], as: UTF8.self), moves: moves))
      } catch {
        throw .damaged(path: url.path, line: error.move + 1, reason: error.reason)
      }
    } catch {
      problems.append("live game not imported: \(error)")
    }
  }

  private mutating func readHomework(_ url: URL) {
    do throws(LegacyJournal.ReadError) {
      let lines = try LegacyJournal.lines(of: url)
      do throws(AssignmentMoves.Damage) {
        let assignment = try AssignmentMoves.assignment(lines[0])
        let moves = Array(lines.dropFirst())
        let work = try AssignmentMoves.replay(assignment, moves: moves)
        homework.append(
          Homework(
            assignment: assignment, json: String(decoding: lines[0], as: UTF8.self),
            moves: moves.map { String(decoding: $0, as: UTF8.self) }, joined: work.students.map(\.name.text)))
      } catch {
        throw .damaged(path: url.path, line: error.move + 1, reason: error.reason)
      }
    } catch {
      problems.append("assignment not imported: \(error)")
    }
  }

  private struct ProfileFile: Decodable {
    var profiles: [Profile]
    var active: String?
  }

  private mutating func readProfiles(_ url: URL) {
    var status = stat()
    guard lstat(url.path, &status) == 0 else { return }
    guard let bytes = try? RegularFile.read(url.path, limit: 16 << 20),
      let file = try? JSONDecoder().decode(ProfileFile.self, from: Data(bytes))
    else {
      problems.append("profiles not imported: \(url.path) is not a profiles file")
      return
    }
    var seen = Set<String>()
    profiles = file.profiles.filter { seen.insert($0.name.lowercased()).inserted }
    activeProfile = file.active?.lowercased()
  }

  func report(backup: URL) -> LegacyDataImport.Report {
    LegacyDataImport.Report(
      backup: backup, gamesInProgress: games.count, finishedGames: results.count, assignments: homework.count,
      classes: classes.count, profiles: profiles.count, statistics: statistics.count, problems: problems)
  }
}
