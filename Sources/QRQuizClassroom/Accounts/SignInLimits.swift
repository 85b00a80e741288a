import Foundation
import QRQuiz

/// How many log-ins are tried, per address and per account, so that nobody guesses a
/// password by trying many: an address may try ``perAddress`` times and an account be
/// tried ``perAccount`` times within ``window``, failures counted (a success clears the
/// account's count, never the address's). Counted by the process that answers, in memory
/// (a restart forgives; behind a front with several processes, each counts its own).
///
/// A value: the server keeps one behind a lock and passes the time in.
public struct SignInLimits: Sendable {
  /// Failed log-ins an address may make within ``window``.
  public static let perAddress = 20
  /// Failed log-ins an account may receive within ``window``, from anywhere.
  public static let perAccount = 10
  /// How long a failure counts.
  public static let window: Duration = .seconds(15 * 60)
  /// The most addresses and accounts remembered: the oldest are forgotten first, so a flood
  /// of addresses costs memory only up to here.
  public static let remembered = 10_000

  private var addresses: [String: [QuizClock.Instant]] = [:]
  private var accounts: [String: [QuizClock.Instant]] = [:]

  public init() {}

  /// Whether a log-in from `address` to the account `login` names may be tried at `now`
  /// (the account by its folded name, so "ADA" and "ada" count together).
  public func allows(address: String, login: String, at now: QuizClock.Instant) -> Bool {
    Self.recent(addresses, address, at: now) < Self.perAddress
      && Self.recent(accounts, Self.key(login), at: now) < Self.perAccount
  }

  /// Counts a failed log-in from `address` to `login`.
  public mutating func recordFailure(address: String, login: String, at now: QuizClock.Instant) {
    Self.add(&addresses, address, at: now)
    Self.add(&accounts, Self.key(login), at: now)
  }

  /// A log-in that succeeded: the account's failures are forgotten.
  public mutating func recordSuccess(login: String) { accounts[Self.key(login)] = nil }

  static func key(_ login: String) -> String {
    NameFolding.key(login.trimmingCharacters(in: .whitespaces))
  }

  /// Failures of `key` still inside the window.
  private static func recent(_ table: [String: [QuizClock.Instant]], _ key: String, at now: QuizClock.Instant) -> Int {
    let since = now.advanced(by: .zero - window)
    return table[key]?.count(where: { $0 > since }) ?? 0
  }

  /// Counts a failure of `key`, dropping its failures older than the window.
  private static func add(_ table: inout [String: [QuizClock.Instant]], _ key: String, at now: QuizClock.Instant) {
    if table[key] == nil, table.count >= remembered {
      // The key whose last failure is oldest goes.
      if let oldest = table.min(by: { ($0.value.last ?? now) < ($1.value.last ?? now) })?.key {
        table[oldest] = nil
      }
    }
    let since = now.advanced(by: .zero - window)
    table[key, default: []].removeAll { $0 <= since }
    table[key, default: []].append(now)
  }
}
