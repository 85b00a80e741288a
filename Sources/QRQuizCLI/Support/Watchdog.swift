import Dispatch

/// Runs `action` on its own queue after `seconds` unless cancelled first: the hard stop
/// for work that cannot be interrupted (a zbar pass), so a hostile input can never keep
/// the command busy past its time limit.
final class Watchdog {
  private let timer: DispatchSourceTimer

  init(after seconds: Double, _ action: @escaping @Sendable () -> Void) {
    timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "qrquiz.watchdog"))
    timer.schedule(deadline: .now() + seconds)
    timer.setEventHandler(handler: action)
    timer.resume()
  }

  func cancel() { timer.cancel() }
}
