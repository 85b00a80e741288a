import Foundation
import QRQuiz

/// Each player's `PlayStatistics` in the records (`statistics`: a row per profile, its JSON),
/// each update one transaction of the store's writer: two players finishing at once lose
/// neither result. A row that is not statistics (edited by hand, or taken over from a
/// damaged file) is never overwritten: it is kept under another key (`NAME.corrupt-SECONDS`)
/// and said.
///
/// ```swift
/// let store = StatisticsStore(records: records)
/// try store.update(profile: "Ada") { statistics in statistics.score += 20 }
/// print(try store.statistics(of: "Ada").statistics.score)
/// ```
package struct StatisticsStore: Sendable {
  /// Why statistics could not be read or written.
  package enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// The records could not be read or written.
    case records(DatabaseError)

    package var description: String {
      switch self {
      case .records(let error): "statistics: \(error)"
      }
    }
  }

  /// Statistics read, and where a corrupt row was put aside, when one was.
  package struct Loaded: Sendable {
    /// The statistics (empty when there were none, or they were corrupt).
    package var statistics: PlayStatistics
    /// The key the corrupt row was kept under, when it was not statistics.
    package var setAside: String?
  }

  package let records: RecordStore

  package init(records: RecordStore) { self.records = records }

  /// A profile's row key: its name, lower-cased (profiles ignore case).
  static func key(_ profile: String) -> String { profile.lowercased() }

  /// The statistics of `profile`.
  ///
  /// - Throws: ``Error``; a corrupt row is not an error: it is set aside and said so.
  package func statistics(of profile: String) throws(Error) -> Loaded {
    if let statistics = try read(profile) { return Loaded(statistics: statistics) }
    // A row that is not statistics: kept aside (the update does), none in its place.
    return Loaded(statistics: PlayStatistics(), setAside: try update(profile: profile) { _ in () }.setAside)
  }

  /// Changes the statistics of `profile` in one transaction.
  ///
  /// - Returns: what `change` returned, and where a corrupt row was set aside.
  @discardableResult
  package func update<T: Sendable>(
    profile: String, _ change: @escaping @Sendable (inout PlayStatistics) -> T
  ) throws(Error) -> (value: T, setAside: String?) {
    let key = Self.key(profile)
    let aside = "\(key).corrupt-\(Int(Date().timeIntervalSince1970))"
    do {
      return try records.write { database throws(DatabaseError) -> (T, String?) in
        var statistics = PlayStatistics()
        var setAside: String?
        if let json = try database.value(
          "SELECT statistics FROM statistics WHERE profile_key = \(key)", as: String.self)
        {
          if let decoded = try? JSONDecoder().decode(PlayStatistics.self, from: Data(json.utf8)) {
            statistics = decoded
          } else {
            var target = aside
            var number = 1
            while try database.row("SELECT 1 FROM statistics WHERE profile_key = \(target)") != nil {
              number += 1
              target = aside + "-\(number)"
            }
            try database.execute("UPDATE statistics SET profile_key = \(target) WHERE profile_key = \(key)")
            setAside = target
          }
        }
        let before = statistics
        let value = change(&statistics)
        if statistics != before || setAside != nil {
          let json = LiveMoves.encode(statistics)
          try database.execute(
            """
            INSERT INTO statistics (profile_key, statistics) VALUES (\(key), \(json))
            ON CONFLICT (profile_key) DO UPDATE SET statistics = excluded.statistics
            """)
        }
        return (value, setAside)
      }
    } catch {
      throw .records(error)
    }
  }

  /// Empties the statistics of `profile`.
  package func reset(profile: String) throws(Error) {
    try update(profile: profile) { $0 = PlayStatistics() }
  }

  /// The statistics of `profile`: empty when it has none, `nil` when its row is not
  /// statistics.
  private func read(_ profile: String) throws(Error) -> PlayStatistics? {
    let key = Self.key(profile)
    do {
      let json = try records.read { database throws(DatabaseError) in
        try database.value("SELECT statistics FROM statistics WHERE profile_key = \(key)", as: String.self)
      }
      guard let json else { return PlayStatistics() }
      return try? JSONDecoder().decode(PlayStatistics.self, from: Data(json.utf8))
    } catch {
      throw .records(error)
    }
  }
}
