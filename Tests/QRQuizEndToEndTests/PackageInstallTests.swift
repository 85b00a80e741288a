import Foundation
import Glibc
import QRQuizServerTesting
import QRQuizTestSupport
import Testing

/// The Debian package as a teacher gets it: `scripts/package` builds it, lintian checks it,
/// `apt-get install ./qrquiz_….deb` installs it on a clean Debian 12, and on Debian 13
/// (debootstrap chroots, `scripts/debian-chroot`), a live game runs from it, and
/// `apt-get remove --purge` takes it all away. A school's server comes with it: the systemd
/// unit and its settings (a conffile), its system user, nothing enabled (docs/SERVER.md). Slow (a release build, then two Debian
/// systems: see the README), so opt-in: `scripts/test --package` runs this suite alone, as
/// root (debootstrap, chroot, mount), with Debian's archive reachable.
@Suite(
  .serialized, .tags(.endToEnd), .skippedInFastRuns, .blocksItsThread,
  .enabled(
    if: ProcessInfo.processInfo.environment["QRQUIZ_PACKAGE_TESTS"] == "1",
    "the .deb's install on a clean Debian: scripts/test --package"))
struct PackageInstallTests {
  /// The package, built once for every test here (a release build: minutes).
  static let package = Result { try buildPackage() }

  @Test func theDebIsNamedForItsVersionAndLintianFindsNoErrorOrWarning() throws {
    let deb = try Self.package.get()
    func output(_ result: ProcessResult) -> String { result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) }
    let version = output(try ProcessRunner.qrquiz(["--version"])).dropFirst("qrquiz ".count)
    let architecture = output(try ProcessRunner.tool("dpkg", ["--print-architecture"]))
    #expect(deb.lastPathComponent == "qrquiz_\(version)_\(architecture).deb")
    let lint = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/lintian"), ["--fail-on", "error,warning", deb.path],
      hangLimit: .processorSeconds(900))
    #expect(lint.status == 0, "lintian: \(lint.stdoutText)\(lint.stderr)")
  }

  /// What the package says it needs, and that it names the libraries qrquiz loads itself:
  /// the web server's (every live game) in Depends, where a Recommends would leave a
  /// `--no-install-recommends` install without `qrquiz live`.
  @Test func itDependsOnTheLibrariesItLinksAndTheOnesItOpens() throws {
    let fields = try Self.fields(of: Self.package.get())
    for package in [
      "libqrencode4", "libzbar0", "libpng16-16", "libjpeg62-turbo", "zlib1g", "libmicrohttpd12", "libcurl4",
    ] {
      #expect(fields.depends.contains(package), "Depends: \(fields.depends.sorted())")
    }
    // adduser for the server's system user (the postinst); libpq for a school's PostgreSQL.
    #expect(fields.depends.contains("adduser"), "Depends: \(fields.depends.sorted())")
    #expect(fields.recommends.isSuperset(of: ["ca-certificates", "libchafa0", "libpq5"]), "\(fields.recommends)")
    #expect(!fields.depends.contains { $0.hasPrefix("swift") || $0.hasPrefix("libswift") })
  }

  /// A school's server: the systemd unit where systemd looks, which `systemd-analyze verify`
  /// accepts with the packaged qrquiz; its settings a conffile (dpkg keeps the school's
  /// edits across upgrades); the maintainer scripts that make its user.
  @Test func theDebShipsTheServiceUnitAndItsSettingsAsAConffile() throws {
    let deb = try Self.package.get()
    let listing = try ProcessRunner.tool("dpkg-deb", ["--contents", deb.path]).stdoutText
    for path in ["./usr/lib/systemd/system/qrquiz.service", "./etc/qrquiz/server.conf"] {
      #expect(listing.contains(" \(path)\n"), "\(path) is not in the .deb")
    }
    let conffiles = try ProcessRunner.tool("dpkg-deb", ["--info", deb.path, "conffiles"]).stdoutText
    #expect(conffiles == "/etc/qrquiz/server.conf\n", "\(conffiles)")
    for script in ["postinst", "prerm", "postrm"] {
      #expect(try ProcessRunner.tool("dpkg-deb", ["--info", deb.path, script]).status == 0, "no \(script)")
    }
    let unpacked = try TemporaryDirectory()
    try #require(try ProcessRunner.tool("dpkg-deb", ["-x", deb.path, unpacked.url.path]).status == 0)
    let unit = unpacked.url.appendingPathComponent("usr/lib/systemd/system/qrquiz.service")
    let verified = try ServiceUnit.verify(
      unit: unit, binary: unpacked.url.appendingPathComponent("usr/bin/qrquiz"),
      settings: unpacked.url.appendingPathComponent("etc/qrquiz/server.conf"))
    #expect(verified.status == 0 && verified.stderr.isEmpty, "\(verified.stdoutText)\(verified.stderr)")
    #expect(try Data(contentsOf: unit) == Data(contentsOf: ServiceUnitTests.unit))
  }

  @Test(arguments: ["bookworm", "trixie"])
  func aTeacherInstallsItRunsALiveGameAndRemovesIt(release: String) throws {
    let deb = try Self.package.get()
    let fields = try Self.fields(of: deb)
    let scratch = try TemporaryDirectory()
    let machine = try CleanDebian(root: scratch.url.appendingPathComponent("debian"), release: release)
    try machine.copy(deb, to: "/tmp/\(deb.lastPathComponent)")
    try machine.succeed(["apt-get", "-qq", "update"])
    let clean = try machine.state()
    let opened = try Self.openedLibraries(deb)
    // Clean indeed: none of qrquiz's libraries is there before the install.
    let before = try machine.succeed(["ldconfig", "-p"]).stdoutText
    for soname in opened + ["libqrencode.so.4", "libzbar.so.0"] {
      #expect(!before.contains(soname), "\(soname) is on the machine before qrquiz is installed")
    }

    // First with Depends alone: all a live game and a download need. Then removed, with
    // what it brought.
    let install = ["apt-get", "install", "-y", "-q", "/tmp/\(deb.lastPathComponent)"]
    try machine.succeed(install + ["--no-install-recommends"])
    let ldd = try machine.succeed(["ldd", "/usr/bin/qrquiz"]).stdoutText
    #expect(!ldd.contains("not found") && !ldd.contains("libswift"), "\(ldd)")
    try playALiveGame(on: machine)
    try machine.succeed(["apt-get", "remove", "--purge", "-y", "-q", "qrquiz"])
    try machine.succeed(["apt-get", "autoremove", "--purge", "-y", "-q"])
    try expectTheCleanMachine(machine, clean: clean, qrquizNeeds: fields.depends.union(fields.recommends))

    // Then as a teacher installs it, `apt install` bringing Recommends too: every library
    // qrquiz opens is there, and its man page and completions where man and the shells look.
    try machine.succeed(install)
    try machine.keepDownloads()
    let libraries = try machine.succeed(["ldconfig", "-p"]).stdoutText
    for soname in opened {
      #expect(libraries.contains(soname), "\(soname), which qrquiz opens, is not there after the install")
    }
    #expect(fields.recommends.isSubset(of: try machine.installedNames()), "Recommends \(fields.recommends)")
    let installed = try machine.state()
    let shipped = Set(try machine.succeed(["dpkg", "-L", "qrquiz"]).stdoutText.split(separator: "\n").map(String.init))
    for path in [
      "/usr/bin/qrquiz", "/usr/share/man/man1/qrquiz.1.gz", "/usr/share/bash-completion/completions/qrquiz",
      "/usr/share/zsh/vendor-completions/_qrquiz", "/usr/share/fish/vendor_completions.d/qrquiz.fish",
      "/usr/share/doc/qrquiz/copyright", "/usr/lib/systemd/system/qrquiz.service", "/etc/qrquiz/server.conf",
    ] {
      #expect(shipped.contains(path) && installed.files[path] == "f", "\(path) is not installed")
    }
    let manual = try machine.succeed(["sh", "-c", "zcat /usr/share/man/man1/qrquiz.1.gz"]).stdoutText
    #expect(manual.hasPrefix(".TH QRQUIZ 1") && manual.contains("live"), "\(manual.prefix(200))")
    let completion = try machine.succeed([
      "bash", "-c", ". /usr/share/bash-completion/completions/qrquiz && complete -p qrquiz",
    ]).stdoutText
    #expect(completion.hasPrefix("complete "), "\(completion)")
    #expect(try machine.succeed(["qrquiz", "--version"]).stdoutText.hasPrefix("qrquiz "))
    try expectTheServerInstalledNotEnabled(on: machine)

    // The service enabled by hand, as `systemctl enable qrquiz` does (its link), which the
    // purge must not leave pointing at the unit it removes.
    try machine.succeed([
      "sh", "-c",
      "mkdir -p /etc/systemd/system/multi-user.target.wants && ln -s /usr/lib/systemd/system/qrquiz.service "
        + "/etc/systemd/system/multi-user.target.wants/qrquiz.service",
    ])
    // Removed, qrquiz takes all its files and leaves nothing of its own or of its game
    // (outside the teacher's home); the libraries it brought stay until `apt autoremove`.
    try machine.succeed(["apt-get", "remove", "--purge", "-y", "-q", "qrquiz"])
    let removed = try machine.state()
    #expect(removed.packages == installed.packages.filter { !$0.hasSuffix(" qrquiz") })
    let gone = Set(installed.files.keys).subtracting(removed.files.keys)
    let added = Set(removed.files.keys).subtracting(installed.files.keys)
    let files = shipped.filter { installed.files[$0] == "f" }
    #expect(added.isEmpty, "left behind: \(added.sorted().prefix(20))")
    #expect(files.isSubset(of: gone), "not removed: \(files.subtracting(gone).sorted())")
    #expect(gone.isSubset(of: shipped), "removed but not qrquiz's: \(gone.subtracting(shipped).sorted().prefix(20))")
    // Paths not compared: the ca-certificates apt keeps made links in /etc/ssl/certs that
    // no package lists (qrquiz's own paths were checked just above).
    try machine.succeed(["apt-get", "autoremove", "--purge", "-y", "-q"])
    try expectTheCleanMachine(
      machine, clean: clean, qrquizNeeds: fields.depends.union(fields.recommends), comparingPaths: false)
  }

  /// The school's server as the install leaves it: a system user of its own that cannot log
  /// in, the settings a conffile, and the unit neither enabled nor started (no
  /// multi-user.target link: a teacher's laptop runs no server it did not ask for).
  func expectTheServerInstalledNotEnabled(on machine: CleanDebian) throws {
    let user = try machine.succeed(["getent", "passwd", "qrquiz"]).stdoutText.split(
      separator: ":", omittingEmptySubsequences: false)
    let uid = try #require(user.count == 7 ? Int(user[2]) : nil, "\(user)")
    #expect(uid > 0 && uid < 1000, "qrquiz's user is not a system user: \(user)")
    #expect(user[6].hasSuffix("/nologin\n") || user[6].hasSuffix("/false\n"), "\(user)")
    #expect(try machine.succeed(["getent", "group", "qrquiz"]).stdoutText.hasPrefix("qrquiz:"))
    let conffiles = try machine.succeed(["dpkg-query", "-W", "-f", "${Conffiles}", "qrquiz"]).stdoutText
    #expect(conffiles.contains("/etc/qrquiz/server.conf "), "\(conffiles)")
    let wants = machine.root.appendingPathComponent("etc/systemd/system/multi-user.target.wants/qrquiz.service")
    #expect(!FileManager.default.fileExists(atPath: wants.path), "the install enabled qrquiz.service")
  }

  /// After `apt remove --purge qrquiz` and `apt autoremove --purge`: the clean machine, but
  /// for what its own packages want of what qrquiz brought. apt keeps those, as it would
  /// have installed them for them: bookworm's apt recommends ca-certificates, trixie's libc6
  /// libidn2-0. Nothing is taken from the clean machine, and (`comparingPaths`) every path
  /// added is one of those packages'.
  func expectTheCleanMachine(
    _ machine: CleanDebian, clean: CleanDebian.State, qrquizNeeds: Set<String>, comparingPaths: Bool = true
  ) throws {
    let now = try machine.state()
    #expect(clean.packages.isSubset(of: now.packages), "\(clean.packages.subtracting(now.packages).sorted())")
    let kept = now.packages.subtracting(clean.packages).map { String($0.split(separator: " ")[1]) }
    let wanted = try machine.wanted(by: clean.packages.map { String($0.split(separator: " ")[1]) })
    for package in kept {
      let names = try machine.names(of: package)
      #expect(
        names.isDisjoint(with: qrquizNeeds) || !names.isDisjoint(with: wanted),
        "\(package), which qrquiz needs, is left after apt autoremove, and no other package wants it")
    }
    guard comparingPaths else { return }
    let owned = Set(try kept.flatMap { try machine.succeed(["dpkg", "-L", $0]).stdoutText.split(separator: "\n") })
    // The server's system user stays after a purge, as Debian keeps users (files may still
    // be theirs): the backups of the user databases that adding it wrote stay with it, and
    // adduser's lock file in /run (a tmpfs on a running system, empty at each boot).
    let leftWithTheUser: Set = ["/etc/passwd-", "/etc/group-", "/etc/shadow-", "/etc/gshadow-", "/run/adduser"]
    let added = Set(now.files.keys).subtracting(clean.files.keys).filter {
      !owned.contains(Substring($0)) && !leftWithTheUser.contains($0)
    }
    #expect(added.isEmpty, "left behind: \(added.sorted().prefix(20))")
    let removed = Set(clean.files.keys).subtracting(now.files.keys)
    #expect(removed.isEmpty, "removed from the clean machine: \(removed.sorted().prefix(20))")
  }

  /// The teacher's day: save a topic from a web address (libcurl, loaded when needed), start
  /// `qrquiz live`, a phone opens the join page and joins, the projector opens the host
  /// screen, Ctrl-C stops it. The chroot shares the host's network: the server runs here.
  func playALiveGame(on machine: CleanDebian) throws {
    let server = try TestServer()
    try server.serve(Array(try Data(contentsOf: Fixtures.sampleTopic("Social"))), as: "Social.json")
    let address = server.url("/files/Social.json").absoluteString
    let saved = try machine.succeed(["qrquiz", "topics", "add", address]).stderr
    let name = try #require(saved.firstMatch(of: /saved as '(.+)'/)?.1, "\(saved)")
    let live = try machine.start(["qrquiz", "live", String(name), "--host", "127.0.0.1", "--port", "0"])
    defer { live.kill() }
    let introduction = try live.waitForOutput(containing: "Press Ctrl-C")
    let join = try #require(Self.word(after: "Players join at ", in: introduction), "\(introduction)")
    let host = try #require(Self.word(after: "Host screen (open it on the projector): ", in: introduction))
    let pin = try #require(introduction.firstMatch(of: #/ with PIN ([0-9]{3}) ([0-9]{3})/#))
    let port = try #require(URLComponents(string: join)?.port)

    let page = try HTTPProbe.request(port: port, method: "GET", path: "/j")
    #expect(page.status == 200 && page.text.contains("<html"), "\(page.status) \(page.text.prefix(300))")
    let player = try HTTPProbe.request(
      port: port, method: "POST", path: "/api/live/\(pin.1)\(pin.2)/players",
      headers: ["Content-Type": "application/json"], body: Array(#"{"name":"Ada"}"#.utf8))
    #expect(player.status == 201, "\(player.text)")
    // The projector: its address sets the host's cookie, then its screen answers.
    let hostPath = try #require(URLComponents(string: host).map { $0.path + "?" + ($0.query ?? "") })
    let handover = try HTTPProbe.request(port: port, method: "GET", path: hostPath)
    let cookie = try #require(handover.cookies.first?.split(separator: ";").first, "\(handover.status)")
    let projector = try HTTPProbe.request(
      port: port, method: "GET", path: handover.headers["location"] ?? hostPath, headers: ["Cookie": String(cookie)])
    #expect(projector.status == 200 && projector.text.contains("<html"), "\(projector.status)")

    #expect(live.stop(with: SIGINT) == 0, "qrquiz live did not stop on Ctrl-C: \(live.errorText)")
  }

  /// `scripts/package` into its own folder (`.build/deb`): the .deb it printed.
  static func buildPackage() throws -> URL {
    // Niced: the release build takes minutes, and the other tests' bounded waits run
    // beside it on the same two cores.
    let built = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/nice"), ["-n", "10", Fixtures.packageRoot.path + "/scripts/package"],
      hangLimit: .processorSeconds(3600))
    guard built.status == 0 else { throw CleanDebian.Failure(description: "scripts/package: \(built.stderr)") }
    return URL(fileURLWithPath: built.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The sonames the packaged binary opens with dlopen, found as scripts/package finds them
  /// (library names among its strings that it does not link), here from the .deb itself.
  static func openedLibraries(_ deb: URL) throws -> [String] {
    let unpacked = try TemporaryDirectory()
    try #require(try ProcessRunner.tool("dpkg-deb", ["-x", deb.path, unpacked.url.path]).status == 0)
    let binary = unpacked.path("usr/bin/qrquiz")
    let strings = try ProcessRunner.tool("strings", ["-a", binary]).stdoutText
    let linked = try ProcessRunner.tool("readelf", ["-d", binary]).stdoutText
    let names = strings.matches(of: /lib[A-Za-z0-9_+-]+\.so(\.[0-9]+)+/).map { String($0.output.0) }
    return Set(names).filter { !linked.contains("[\($0)]") }.sorted()
  }

  /// The package names in the .deb's Depends and Recommends (versions and alternatives'
  /// bars left out).
  static func fields(of deb: URL) throws -> (depends: Set<String>, recommends: Set<String>) {
    func names(_ field: String) throws -> Set<String> {
      CleanDebian.packageNames(in: try ProcessRunner.tool("dpkg-deb", ["--field", deb.path, field]).stdoutText[...])
    }
    return (try names("Depends"), try names("Recommends"))
  }

  static func word(after marker: String, in text: String) -> String? {
    guard let range = text.range(of: marker) else { return nil }
    return String(text[range.upperBound...].prefix { !$0.isWhitespace })
  }
}
