/// Why a database call failed, named by the database file (as every error of the project
/// names its file) and said for a person.
public struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, as far as what to do about it differs.
  public enum Kind: Sendable, Hashable {
    /// The file is not an SQLite database.
    case notADatabase
    /// The database is damaged (a page that does not read back, a check that fails).
    case damaged
    /// The disk or the file system is full.
    case full
    /// The file or its folder cannot be written.
    case readOnly
    /// The file cannot be opened (no such folder, no permission, not a regular file).
    case cannotOpen
    /// Another process held the database longer than the wait allowed.
    case busy
    /// A row broke a rule of the schema (a unique name, a card given twice).
    case constraint
    /// The database was written by a newer qrquiz: its migrations go past this one's.
    case newer(version: Int, known: Int)
    /// The store was closed.
    case closed
    /// A database server that cannot be reached, or was lost mid-call (PostgreSQL).
    case unreachable
    /// Anything else SQLite reports.
    case other
  }

  public var kind: Kind
  /// The database file.
  public var path: String
  /// SQLite's extended result code (0 for the store's own errors).
  public var code: Int32
  /// SQLite's message, or the store's.
  public var message: String

  public init(kind: Kind, path: String, code: Int32 = 0, message: String) {
    self.kind = kind
    self.path = path
    self.code = code
    self.message = message
  }

  public var description: String {
    switch kind {
    case .notADatabase: "\(path): not a qrquiz database (\(message))"
    case .damaged: "\(path): the database is damaged (\(message)); restore a backup (qrquiz data backup)"
    case .full: "\(path): the disk is full (\(message))"
    case .readOnly: "\(path): cannot be written (\(message))"
    case .cannotOpen: "\(path): cannot be opened (\(message))"
    case .busy: "\(path): another qrquiz held the database too long (\(message)); try again"
    case .constraint: "\(path): \(message)"
    case .newer(let version, let known):
      "\(path) was written by a newer qrquiz (its records are at version \(version), this qrquiz knows \(known)): "
        + "update qrquiz"
    case .closed: "\(path): the database is closed"
    // Reached, and refused by the server itself (libpq's "FATAL:"): a password, a role, a
    // database that does not exist or does not take connections now, a server starting
    // up; its own words, after, say which.
    case .unreachable where message.contains("FATAL:"):
      "\(path): the database server refused the connection (\(message))"
    case .unreachable: "\(path): the database server cannot be reached (\(message))"
    case .other: "\(path): \(message)"
    }
  }
}

extension DatabaseError {
  /// What went wrong, without the file: for a person told their move was not saved.
  public var reason: String {
    switch kind {
    case .full: "the disk is full"
    case .readOnly: "the records cannot be written"
    case .busy: "the records are busy"
    case .closed: "the records are closed"
    case .unreachable: "the database server cannot be reached"
    default: message
    }
  }
}
