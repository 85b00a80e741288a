// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "QRQuiz",
  products: [
    .library(name: "QRQuiz", targets: ["QRQuiz"]),
    .executable(name: "qrquiz", targets: ["qrquiz"]),
  ],
  targets: [
    // System libraries: a module map and a shim header each, nothing else.
    .systemLibrary(
      name: "CQREncode",
      pkgConfig: "libqrencode",
      providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]
    ),
    .systemLibrary(
      name: "CZBar",
      pkgConfig: "zbar",
      providers: [.apt(["libzbar-dev"]), .brew(["zbar"])]
    ),
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    .systemLibrary(
      name: "CJPEG",
      pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
    ),
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    // curl_easy_setopt is variadic, which Swift cannot call: one GET with named arguments.
    .target(name: "CCurlShim", dependencies: ["CCurl"]),
    .systemLibrary(
      name: "CChafa",
      pkgConfig: "chafa",
      providers: [.apt(["libchafa-dev"]), .brew(["chafa"])]
    ),
    // chafa's glib strings and environment arrays, handled in C: one plain call for Swift.
    .target(name: "CChafaShim", dependencies: ["CChafa"]),
    .systemLibrary(
      name: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
    ),
    // libmicrohttpd's daemon start is variadic and its option enums do not import: the
    // daemon, whole requests and responses behind named arguments.
    .target(name: "CHTTPServerShim", dependencies: ["CMicroHTTPD"]),
    // The terminal is restored from signal handlers, where only C may run.
    .target(name: "CTerminalShim"),
    // libjpeg reports errors with longjmp too: its calls live in this C target.
    .target(name: "CJPEGShim", dependencies: ["CJPEG"]),
    // libpng's classic API reports errors with longjmp, which Swift cannot catch;
    // the few calls that need it (writing 1-bit PNGs) live in this small C target.
    .target(name: "CPNGShim", dependencies: ["CPNG"]),
    .target(
      name: "QRQuiz",
      dependencies: [
        "CQREncode", "CZBar", "CPNG", "CPNGShim", "CZlib", "CJPEGShim", "CCurl", "CCurlShim", "CChafaShim",
        "CTerminalShim", "CHTTPServerShim",
      ],
      // Optimised in debug builds too: image code unoptimised runs 10-100 times slower
      // (generic collection code is not specialised), which put the test suite's photos
      // past their time limits and made the tests slow for no benefit.
      swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
    ),
    .executableTarget(name: "qrquiz", dependencies: ["QRQuiz"]),
    // In-process benchmarks, driven by Benchmarks/run.py.
    .executableTarget(name: "qrquiz-bench", dependencies: ["QRQuiz"], path: "Benchmarks/Sources/qrquiz-bench"),
    // Fuzz entry points (Fuzz/run); the ordinary build replays saved inputs.
    .executableTarget(name: "qrquiz-fuzz", dependencies: ["QRQuiz"], path: "Fuzz/Sources/qrquiz-fuzz"),
    .testTarget(
      name: "QRQuizTests",
      dependencies: ["QRQuiz"],
      resources: [.copy("Fixtures")]
    ),
  ]
)
