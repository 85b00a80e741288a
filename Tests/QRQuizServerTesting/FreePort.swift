import Foundation

@testable import QRQuizServer

/// A free port on 127.0.0.1 for a server a test starts on a port of its own (a `qrquiz`
/// process told `--port`, one started again on the same port): below the kernel's
/// ephemeral range (32768–60999), where the other tests' servers (port 0) never get one
/// between this check and the bind.
package func freeLoopbackPort() throws -> Int {
  for _ in 0..<200 {
    let port = Int.random(in: 20_000..<32_000)
    if let server = try? HTTPServer(configuration: .init(port: port), responder: Router()) {
      server.stop(timeout: 1)
      return port
    }
  }
  throw POSIXError(.EADDRINUSE)
}
