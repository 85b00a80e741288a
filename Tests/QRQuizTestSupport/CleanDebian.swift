import Foundation
import Glibc

/// A clean Debian in a folder, made by `scripts/debian-chroot` (from its cached tarball),
/// with commands run inside it as root. Each command mounts /proc in a mount namespace of
/// its own, so nothing stays mounted and the folder goes with its temporary directory.
package final class CleanDebian {
  package let root: URL
  private static let script = Fixtures.packageRoot.appendingPathComponent("scripts/debian-chroot")

  /// What an install changes and a removal must restore: the packages dpkg knows (those left
  /// as "config-files" included), and the system's paths with their types (`f`, `d`, `l` …).
  package struct State {
    package var packages: Set<String>
    package var files: [String: String]
  }

  /// A fresh Debian `release` (bookworm, trixie …) in `root`.
  package init(root: URL, release: String) throws {
    self.root = root
    // The first of a release on a machine runs debootstrap: minutes, with downloads.
    let made = try ProcessRunner.run(Self.script, ["make", root.path, release], hangLimit: .processorSeconds(1800))
    guard made.status == 0 else { throw Failure(description: "debian-chroot make: \(made.stderr)") }
  }

  /// Copies `file` to `path` inside the machine.
  package func copy(_ file: URL, to path: String) throws {
    try FileManager.default.copyItem(at: file, to: root.appendingPathComponent(path))
  }

  /// Runs `command` inside the machine: what it printed, or an error with its standard error
  /// when it fails.
  @discardableResult
  package func succeed(_ command: [String], hangLimit: HangLimit = .processorSeconds(1200)) throws -> ProcessResult {
    let result = try ProcessRunner.run(Self.script, ["run", root.path] + command, hangLimit: hangLimit)
    guard result.status == 0 else {
      throw Failure(description: "\(command.joined(separator: " ")) exited \(result.status): \(result.stderr)")
    }
    return result
  }

  /// Keeps the packages apt downloaded for the next run (`debian-chroot keep`).
  package func keepDownloads() throws {
    let kept = try ProcessRunner.run(Self.script, ["keep", root.path], hangLimit: .processorSeconds(600))
    guard kept.status == 0 else { throw Failure(description: "debian-chroot keep: \(kept.stderr)") }
  }

  /// The installed packages' names, and the names they provide (trixie's libchafa0t64
  /// provides libchafa0, the name a package built on bookworm asks for).
  package func installedNames() throws -> Set<String> {
    let lines = try succeed(["dpkg-query", "-W", "-f", "${db:Status-Status} ${Package}, ${Provides}\n"]).stdoutText
      .split(separator: "\n").filter { $0.hasPrefix("installed ") }
    return lines.reduce(into: []) { $0.formUnion(Self.packageNames(in: $1.dropFirst("installed ".count))) }
  }

  /// `package`'s name (without its architecture) and the names it provides.
  package func names(of package: String) throws -> Set<String> {
    let fields = try succeed(["dpkg-query", "-W", "-f", "${Package}, ${Provides}", package]).stdoutText
    return Self.packageNames(in: fields[...])
  }

  /// The names `packages` depend on or recommend.
  package func wanted(by packages: [String]) throws -> Set<String> {
    let fields = try succeed(["dpkg-query", "-W", "-f", "${Depends}, ${Pre-Depends}, ${Recommends}\n"] + packages)
    return fields.stdoutText.split(separator: "\n").reduce(into: []) { $0.formUnion(Self.packageNames(in: $1)) }
  }

  /// The package names in a relation field ("a (>= 1), b | c"), versions and architectures
  /// left out.
  package static func packageNames(in field: Substring) -> Set<String> {
    Set(
      field.split(whereSeparator: { ",|".contains($0) }).compactMap { relation in
        relation.split(whereSeparator: \.isWhitespace).first.map { String($0.split(separator: ":")[0]) }
      })
  }

  package func state() throws -> State {
    let packages = try succeed(["dpkg-query", "-W", "-f", "${db:Status-Status} ${binary:Package}\n"])
      .stdoutText.split(separator: "\n").filter { !$0.hasPrefix("not-installed ") }.map(String.init)
    // Left out: apt's and dpkg's own records, caches and logs (the packages cover those),
    // the files the test copies into /tmp, and /root, where the teacher's topics and
    // results are: no Debian package removes what its user made.
    let listing = try succeed([
      "find", "/", "-xdev", "(", "-path", "/var/lib/dpkg", "-o", "-path", "/var/lib/apt", "-o", "-path",
      "/var/cache", "-o", "-path", "/var/log", "-o", "-path", "/tmp", "-o", "-path", "/root", ")", "-prune",
      "-o", "-printf", "%y %p\n",
    ]).stdoutText
    var files: [String: String] = [:]
    for line in listing.split(separator: "\n") {
      let (type, path) = (line.prefix(1), line.dropFirst(2))
      files[String(path)] = String(type)
    }
    return State(packages: Set(packages), files: files)
  }

  /// Starts `command` inside the machine and returns at once.
  package func start(_ command: [String]) throws -> RunningCommand {
    try RunningCommand(Self.script, ["run", root.path] + command)
  }

  package struct Failure: Error, CustomStringConvertible {
    package var description: String

    package init(description: String) { self.description = description }
  }
}

/// A long-running command (a server), its output in files, stopped with a signal.
package final class RunningCommand {
  private let process: ChildProcess
  private let output: TemporaryDirectory

  package init(_ executable: URL, _ arguments: [String]) throws {
    output = try TemporaryDirectory()
    process = try ChildProcess(
      executable, arguments, stdout: output.url.appendingPathComponent("stdout"),
      stderr: output.url.appendingPathComponent("stderr"))
  }

  deinit { kill() }

  package var outputText: String { (try? String(contentsOfFile: output.path("stdout"), encoding: .utf8)) ?? "" }
  package var errorText: String { (try? String(contentsOfFile: output.path("stderr"), encoding: .utf8)) ?? "" }

  /// What the command printed, once it has printed `marker`; an error if it exits or hangs
  /// first (``HangLimit``).
  package func waitForOutput(containing marker: String) throws -> String {
    let outcome = process.wait(until: { outputText.contains(marker) })
    guard outcome == .done else {
      throw CleanDebian.Failure(
        description: "no \"\(marker)\" from the command (\(outcome)): \(outputText)\(errorText)")
    }
    return outputText
  }

  /// Sends `number` and waits for the command to end: its exit status, or nil when it hangs
  /// instead (``HangLimit``).
  package func stop(with number: Int32) -> Int32? {
    process.send(number)
    return process.wait() ? process.terminationStatus : nil
  }

  /// SIGKILL, if it still runs.
  package func kill() {
    process.killNow()
  }
}
