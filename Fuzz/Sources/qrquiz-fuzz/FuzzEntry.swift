import Foundation
import QRQuiz

// Two builds of one file. Fuzz/run builds it with -DFUZZING and -sanitize=fuzzer: main hands
// control to libFuzzer's driver, which calls back with inputs for the target named by
// $QRQUIZ_FUZZ_TARGET. The ordinary build replays saved inputs (crashers, the corpus; the
// tests replay every one of them):
//   qrquiz-fuzz TARGET FILE…
//   qrquiz-fuzz --list          the targets' names

#if FUZZING
  @_silgen_name("LLVMFuzzerRunDriver")
  private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  private let target = ProcessInfo.processInfo.environment["QRQUIZ_FUZZ_TARGET"] ?? "topic"

  @main
  struct Fuzz {
    static func main() {
      // SwiftPM names this executable's entry point itself, so libFuzzer's own `main` is
      // never linked; its driver is called instead.
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(
        runFuzzerDriver(&argc, &argv) { data, size in
          FuzzTargets.run(target, data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
          return 0
        })
    }
  }
#else
  @main
  struct Replay {
    static func main() {
      let arguments = CommandLine.arguments.dropFirst()
      if arguments.first == "--list" {
        print(FuzzTargets.names.joined(separator: "\n"))
        return
      }
      guard let target = arguments.first, FuzzTargets.names.contains(target) else {
        FileHandle.standardError.write(
          Data("usage: qrquiz-fuzz \(FuzzTargets.names.joined(separator: "|")) FILE…\n".utf8))
        exit(2)
      }
      for path in arguments.dropFirst() {
        FuzzTargets.run(target, Array(FileManager.default.contents(atPath: path) ?? Data()))
      }
      print("\(target): \(arguments.count - 1) inputs replayed")
    }
  }
#endif
