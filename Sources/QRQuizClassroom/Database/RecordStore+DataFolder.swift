import Foundation

extension RecordStore {
  /// Why a data folder's records cannot be used.
  public enum OpenError: Error, Sendable, CustomStringConvertible {
    case database(DatabaseError)
    case takeover(LegacyDataImport.Failure)

    public var description: String {
      switch self {
      case .database(let error): "\(error)"
      case .takeover(let failure): "\(failure)"
      }
    }
  }

  /// The records of the data folder `data` (`DATA/records.sqlite`), opened, migrated, and
  /// with a 0.5 data folder's files taken over on the first start (``LegacyDataImport``).
  ///
  /// - Returns: the store, and what the takeover did when it ran now.
  /// - Throws: ``OpenError``: nothing of the folder was changed but what the error says.
  public static func open(dataFolder data: URL) throws(OpenError) -> (RecordStore, LegacyDataImport.Report?) {
    let store: RecordStore
    do {
      store = try RecordStore(file: data.appendingPathComponent(fileName))
    } catch {
      throw .database(error)
    }
    do {
      return (store, try LegacyDataImport.run(data: data, records: store))
    } catch {
      throw .takeover(error)
    }
  }
}
