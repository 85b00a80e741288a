import Foundation

/// When the tests stop waiting for a program they started: when it hangs, judged by the work
/// it does, never by the wall clock alone. A busy machine stretches wall time without bound
/// (eight programs on two cores take four times as long each), so a number of seconds that
/// is ample on an idle machine is missed on a loaded one; processor time is the work itself,
/// which the load does not stretch.
///
/// A program hangs when it and the programs it started have used ``processorSeconds`` (it
/// spins), or, stuck waiting for something that never comes and so using little, when
/// ``wallSeconds`` have passed. Either is a hang, never slowness: the limit ends a test that
/// would never end; it measures nothing.
package struct HangLimit: Sendable {
  /// Processor seconds the program and those under it may use.
  package var processorSeconds: Double

  /// A program that may use `seconds` of processor time.
  package static func processorSeconds(_ seconds: Double) -> HangLimit { HangLimit(processorSeconds: seconds) }

  /// The tests' usual limit: a minute of processor time.
  package static let standard = HangLimit.processorSeconds(60)

  /// Wall-clock seconds after which a program that never reached its processor time is
  /// stuck: ten times that time, and at least ten minutes. A program at work on a machine
  /// loaded ten times over its cores still gets a tenth of one, and reaches its processor
  /// time first.
  package var wallSeconds: Double { max(600, processorSeconds * 10) }

  /// Wall-clock seconds a test waits for what another thread of its own process does (an
  /// event on a stream, a request a server holds): as long as ``wallSeconds`` of the usual
  /// limit. A wait ends as soon as what it waits for happens, so its bound costs nothing
  /// until something hangs.
  package static let inProcessSeconds = standard.wallSeconds
}

/// A program watched for a hang: the processor time of its process tree (read from /proc at
/// most once a second) and the wall clock since the watch began.
struct HangWatch {
  let pid: pid_t
  let limit: HangLimit
  private let start = ContinuousClock.now
  private var lastLook = ContinuousClock.now
  private var used = 0.0

  init(pid: pid_t, limit: HangLimit) {
    self.pid = pid
    self.limit = limit
  }

  /// Why the program counts as hung now; nil while it does not.
  mutating func hang() -> String? {
    let now = ContinuousClock.now
    if now - lastLook >= .seconds(1) {
      lastLook = now
      used = ProcessTree.processorSeconds(under: pid)
    }
    if used > limit.processorSeconds {
      return "it used \(Int(used)) s of processor time, over its \(Int(limit.processorSeconds))"
    }
    let waited = Double((now - start).components.seconds)
    if waited > limit.wallSeconds {
      return "it was still running after \(Int(waited)) s, having used \(Int(used)) s of processor time"
    }
    return nil
  }
}

/// The processes of this machine as /proc shows them.
enum ProcessTree {
  /// Processor seconds (user and system) of `root` and of every process under it: those
  /// running, and those ended and waited for (counted in their parent's).
  static func processorSeconds(under root: pid_t) -> Double {
    var children: [pid_t: [pid_t]] = [:]
    var ticks: [pid_t: Double] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let id = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let nameEnd = stat.lastIndex(of: ")")
      else { continue }
      // After the command's name: state, parent, … then utime, stime, cutime, cstime as
      // fields 14 to 17 of proc(5), 11 to 14 here.
      let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
      guard fields.count > 14, let parent = pid_t(fields[1]) else { continue }
      children[parent, default: []].append(id)
      ticks[id] = fields[11...14].reduce(0) { $0 + (Double($1) ?? 0) }
    }
    var total = 0.0
    var pending = [root]
    while let next = pending.popLast() {
      total += ticks[next] ?? 0
      pending += children[next] ?? []
    }
    return total / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
