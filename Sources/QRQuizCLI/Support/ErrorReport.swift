import Foundation
import QRQuiz
import QRQuizCards
import QRQuizClassroom
import QRQuizFiles

/// The one place that turns any error a command meets into its exit code and its line for
/// a person, adding the hints only the CLI can give ("use --allow-http"). The library's
/// errors stay typed until here.
enum ErrorReport {
  /// The exit code for `error`.
  static func exitCode(for error: any Error) -> ExitCode {
    switch error {
    case let error as CLIError: error.code
    case let error as TopicError: exitCode(for: error)
    case let error as BoundedDownload.Error: exitCode(for: error)
    case let error as ImageLoader.Error: exitCode(for: error)
    case let error as TopicCollector.Error: exitCode(for: error)
    case let error as FileSystemError: exitCode(for: error)
    case let error as TopicLibrary.Error:
      switch error {
      case .notFound: .notFound
      case .nameTaken, .sameContent, .ambiguous, .changedSince: .invalidInput
      case .noSuchVersion: .notFound
      case .storage(let failure): exitCode(for: failure)
      }
    case let error as ProfileStore.Error:
      switch error {
      case .notFound: .notFound
      case .storage(let failure): exitCode(for: failure)
      case .records(let failure): exitCode(for: failure)
      case .invalidName, .duplicateName, .badImage: .invalidInput
      }
    case let error as ClassRosterStore.Error:
      switch error {
      case .notFound: .notFound
      case .records(let failure): exitCode(for: failure)
      case .nameTaken, .refused, .corrupt: .invalidInput
      }
    case let error as TeacherAccountStore.Error:
      switch error {
      case .notFound: .notFound
      case .records(let failure): exitCode(for: failure)
      case .cryptography: .internalError
      case .nameTaken, .emailTaken, .invalidName, .invalidEmail, .linkNotValid, .passwordLength, .disabled:
        .invalidInput
      }
    case let error as DatabaseError: exitCode(for: error)
    case let error as RecordStore.OpenError:
      switch error {
      case .database(let failure): exitCode(for: failure)
      case .takeover(.records(let failure)): exitCode(for: failure)
      case .takeover(.backup(let failure)): exitCode(for: failure)
      }
    case let error as RecordCopy.Error:
      switch error {
      case .database(let failure): exitCode(for: failure)
      case .noSource: .notFound
      case .notRecords, .targetHoldsRecords: .invalidInput
      case .countMismatch: .internalError
      }
    case is StudentList.Error: .invalidInput
    case is ReviewReplay.Error: .invalidInput
    case is FSRSParameters.Problem, is FSRSScheduler.Problem: .usage
    case let error as AnswerCardScanner.Error:
      switch error {
      case .image(let failure): exitCode(for: failure)
      case .timeLimitExceeded: .invalidInput
      case .library: .internalError
      }
    case is AnswerCardPrinter.Error, is CardLibraryError: .internalError
    case is AnswerCard.Problem: .usage
    case let error as CommunityFetcher.Error:
      switch error {
      case .download(let failure): exitCode(for: failure)
      case .malformed: .invalidInput
      }
    case let error as TopicQREncoder.Error:
      if case .library = error { .internalError } else { .invalidInput }
    case let error as ImageDecodingError: exitCode(for: error)
    case let error as QRCodeReader.Error:
      if case .image(let failure) = error { exitCode(for: failure) } else { .invalidInput }
    case is ImageEncodingError: .internalError
    case let error as QuizSession.SetupError:
      if case .noSets = error { .invalidInput } else { .usage }
    case let error as StatisticsStore.Error:
      switch error {
      case .records(let failure): exitCode(for: failure)
      }
    case let error as LiveGameStore.MergeError:
      switch error {
      case .noSuchResults, .noSuchPlayer: .notFound
      case .refused: .invalidInput
      case .save(.records(let failure)): exitCode(for: failure)
      case .save(.export(let failure)): exitCode(for: failure)
      }
    case is CancellationError: .interrupted
    default: .internalError
    }
  }

  static func exitCode(for error: ImageDecodingError) -> ExitCode {
    if case .unreadable(let failure) = error { exitCode(for: failure) } else { .invalidInput }
  }

  static func exitCode(for error: TopicError) -> ExitCode {
    switch error {
    case .file(let failure): exitCode(for: failure)
    case .download(let failure): exitCode(for: failure)
    case .notURL, .notTopic, .invalid: .invalidInput
    }
  }

  static func exitCode(for error: BoundedDownload.Error) -> ExitCode {
    switch error {
    case .httpStatus(404, _), .httpStatus(410, _): .notFound
    case .tooLarge: .invalidInput
    case .cancelled: .interrupted
    case .httpStatus, .unsupportedScheme, .unsupportedRedirect, .tooManyRedirects, .truncated, .timedOut, .transport:
      .network
    }
  }

  static func exitCode(for error: ImageLoader.Error) -> ExitCode {
    switch error {
    case .invalidURL, .schemeNotAllowed, .notAnImage: .invalidInput
    case .notCached, .rememberedMissing, .httpStatus(404, _), .httpStatus(410, _): .notFound
    case .httpStatus: .network
    case .download(let failure): exitCode(for: failure)
    case .cache(let failure): exitCode(for: failure)
    case .cancelled: .interrupted
    }
  }

  static func exitCode(for error: TopicCollector.Error) -> ExitCode {
    switch error {
    case .payload(.missingParts): .notFound
    case .partialStructuredAppend, .malformedPart, .payload: .invalidInput
    case .topic(let failure), .remote(_, let failure): exitCode(for: failure)
    }
  }

  /// A database that is not one, damaged or newer is bad input; one that cannot be written
  /// (a full disk, a read-only folder) is output that failed.
  static func exitCode(for error: DatabaseError) -> ExitCode {
    switch error.kind {
    case .notADatabase, .damaged, .newer, .constraint: .invalidInput
    case .full, .readOnly, .cannotOpen, .busy, .closed, .unreachable, .other: .outputFailed
    }
  }

  static func exitCode(for error: FileSystemError) -> ExitCode {
    switch error.operation {
    case .read, .list: error.isNotFound ? .notFound : .invalidInput
    case .write, .create, .remove, .lock: .outputFailed
    }
  }

  /// The one line for `error`: the library's description, with the CLI's hints.
  static func message(for error: any Error) -> String {
    switch error {
    case let error as CLIError: return error.message
    case TopicError.invalid(let source, let problems, let count):
      return "\(source): invalid topic: " + summary(problems, count: count)
    case TopicCollector.Error.topic(.invalid(let source, let problems, let count)):
      return "\(source): QR code holds an invalid topic: " + summary(problems, count: count)
    case TopicCollector.Error.remote(let source, .invalid(let url, let problems, let count)):
      return "\(source): QR code links to \(url): invalid topic: " + summary(problems, count: count)
    case let error as ImageLoader.Error:
      if case .schemeNotAllowed = error { return "\(error) (use --allow-http for http)" }
      return error.description
    case let error as TopicQREncoder.Error:
      switch error {
      case .tooManyParts: return "\(error): raise --max-version or lower --ec"
      case .tooLarge: return "\(error); use --format auto for the compact form"
      case .library: return error.description
      }
    case ClassRosterStore.Error.notFound:
      return "\(error) (see qrquiz class list)"
    case TeacherAccountStore.Error.notFound:
      return "\(error) (see qrquiz admin teacher list)"
    case AnswerCardScanner.Error.timeLimitExceeded(let seconds):
      return "gave up after \(JSONValue.number(seconds).compactText) s (raise it with --time-limit)"
    case QRCodeReader.Error.timeLimitExceeded(let seconds):
      return "gave up after \(JSONValue.number(seconds).compactText) s (raise it with --time-limit)"
    case is CancellationError: return "interrupted"
    default: return "\(error)"
    }
  }

  /// The first problem and how many more, pointing at `qrquiz validate` for the rest.
  static func summary(_ problems: [TopicProblem], count: Int) -> String {
    let first = problems.first.map(String.init(describing:)) ?? "unknown problem"
    return count > 1 ? "\(first) (and \(count - 1) more; see qrquiz validate)" : first
  }

  /// Prints the line for `error` on stderr, with `context` before it when given
  /// ("topic 'X'"), and returns its exit code.
  @discardableResult
  static func report(_ error: any Error, context: String? = nil) -> ExitCode {
    Console.error((context.map { "\($0): " } ?? "") + message(for: error))
    return exitCode(for: error)
  }
}
