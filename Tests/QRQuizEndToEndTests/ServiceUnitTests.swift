import Foundation
import QRQuizTestSupport
import Testing

/// `packaging/deb/qrquiz.service`, the unit a school's server runs (docs/SERVER.md):
/// systemd accepts it with the built qrquiz where the .deb puts it, it keeps the promises of
/// the documentation (its own user, its data folder, the hardening, restarts, the settings
/// file), systemd rates it little exposed, and every setting its file shows is one
/// `qrquiz serve` reads. (The package's own tests check the unit in the .deb.)
@Suite(.tags(.endToEnd), .skippedInFastRuns) struct ServiceUnitTests {
  static let packaging = Fixtures.packageRoot.appendingPathComponent("packaging/deb")
  static let unit = packaging.appendingPathComponent("qrquiz.service")
  static let settingsFile = packaging.appendingPathComponent("server.conf")

  @Test func systemdAnalyzeVerifyFindsNothingToSay() throws {
    let verified = try ServiceUnit.verify(unit: Self.unit, binary: ProcessRunner.qrquiz, settings: Self.settingsFile)
    #expect(verified.status == 0 && verified.stderr.isEmpty, "\(verified.stdoutText)\(verified.stderr)")
  }

  @Test func theUnitRunsServeAsItsOwnUserWithItsDataFolderHardenedAndRestarted() throws {
    let settings = try ServiceUnit.settings(of: Self.unit)
    let service = try #require(settings["Service"])
    let expected: [String: String] = [
      "User": "qrquiz", "Group": "qrquiz", "StateDirectory": "qrquiz", "CacheDirectory": "qrquiz",
      "EnvironmentFile": "/etc/qrquiz/server.conf", "ExecStart": "/usr/bin/qrquiz serve $QRQUIZ_OPTIONS",
      "Restart": "on-failure", "ProtectSystem": "strict", "ProtectHome": "yes", "NoNewPrivileges": "yes",
      "PrivateTmp": "yes", "PrivateDevices": "yes", "CapabilityBoundingSet": "", "UMask": "0077",
    ]
    for (key, value) in expected {
      #expect(service[key] == [value], "\(key)=\(service[key] ?? [])")
    }
    // The data folder is the state directory: XDG_DATA_HOME's qrquiz, /var/lib/qrquiz.
    let environment = (service["Environment"] ?? []).flatMap { $0.split(separator: " ").map(String.init) }
    #expect(environment.contains("XDG_DATA_HOME=/var/lib"), "\(environment)")
    #expect(environment.contains("QRQUIZ_CACHE_DIR=/var/cache/qrquiz"), "\(environment)")
    #expect(settings["Install"]?["WantedBy"] == ["multi-user.target"])
  }

  /// systemd's own rating: 1.2 when this was written ("OK"; 0 is locked down, 10 not at all).
  @Test func systemdRatesTheServiceLittleExposed() throws {
    let (level, text) = try ServiceUnit.exposure(of: Self.unit)
    let rated = try #require(level, "\(text)")
    #expect(rated <= 2.0, "\(text)")
  }

  /// Each setting the file shows is a variable `qrquiz serve --help` names, but
  /// QRQUIZ_OPTIONS, which is the unit's own (its command line's other flags).
  @Test func everySettingOfTheFileIsOneServeReads() throws {
    let variables = try ServiceUnit.variables(in: Self.settingsFile)
    #expect(
      Set(variables) == [
        "QRQUIZ_DATABASE", "QRQUIZ_PUBLIC_URL", "QRQUIZ_HOST", "QRQUIZ_PORT", "QRQUIZ_TRUSTED_PROXY", "QRQUIZ_OPTIONS",
      ],
      "\(variables)")
    let help = try ProcessRunner.qrquiz(["serve", "--help"]).stdoutText
    for variable in variables where variable != "QRQUIZ_OPTIONS" {
      #expect(help.contains("$\(variable)"), "qrquiz serve --help does not name $\(variable)")
    }
    // Every line is a comment, a blank or a setting: nothing systemd would misread.
    let lines = try String(contentsOf: Self.settingsFile, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    for line in lines where !line.isEmpty && !line.hasPrefix("#") {
      #expect(line.firstMatch(of: /^[A-Z][A-Z0-9_]*=/) != nil, "\(line)")
    }
  }
}
