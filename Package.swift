// swift-tools-version: 6.0
import PackageDescription

// One product per audience (as Nuke and swift-nio split theirs):
// - QRQuizReading: QR codes read from images: PNG/JPEG decoding, detection, decoding of
//   module grids, zbar's passes. Knows no topics (as zxing-cpp keeps core/src/qrcode apart
//   from what uses it); links zbar, libpng and libjpeg.
// - QRQuiz: topics, the quiz rules, QR codes out (libqrencode) and the compact form, the
//   image cache, the topic library, words; re-exports QRQuizReading. Links zlib besides;
//   libcurl is loaded by the first download.
// - QRQuizInterchange: import and export (CSV, GIFT, Aiken, Moodle XML, QTI, Anki …), a leaf;
//   links SQLite and libzstd for Anki's decks.
// - QRQuizClassroom: live games, homework, classes, the gradebook, profiles and the
//   classroom's records.
// - QRQuizServer: the web app (its areas: library, play, editor, pictures, live, whose games
//   read answer cards through QRQuizCards) on the HTTP
//   layer QRQuizHTTP, which it re-exports: the server on libmicrohttpd (loaded when a server
//   starts), requests and responses, the router with each route's access and body limit,
//   HTML values. QRQuizHTTP imports nothing of quizzes (the compiler keeps it so), as swift-nio
//   keeps NIOCore and NIOHTTP1 apart from any app.
// - QRQuizCards: answer cards for classes without phones: printed (vector PDF, PNG) and
//   read from photos and camera frames, over the classroom's rosters; loads libapriltag and
//   cairo when first used, so a program that reads QR codes compiles none of it and needs
//   neither library's headers to build.
// - qrquiz: the command line, a thin executable over the QRQuizCLI library target (which
//   owns the terminal: raw mode, libchafa loaded by the first picture drawn), so its parsing
//   and commands test in process.
// Loaded, not linked: a process that reads a photo pays nothing at start-up for a download,
// server, terminal-graphics, marker or PDF library (libcurl alone, with its TLS, Kerberos
// and LDAP libraries, costs several milliseconds). Their headers are found on the default include
// path at build time (the -dev packages scripts/install-deps installs).
// The test build (scripts/test sets QRQUIZ_TEST_BUILD) optimises the pixel code alone:
// QRQuizReading, QRQuiz, QRQuizCards and the photos the tests make (QRQuizTestPhotos). Unoptimised, image
// code runs 10-100 times slower (generic collection code is not specialised); the rest —
// server, command line, the tests themselves — compiles in half the time at -Onone and runs
// about as fast. A package that depends on QRQuiz never sets the variable, so it never sees
// the unsafe flag, which SwiftPM refuses in a versioned dependency.
let optimisedInTestBuilds: [SwiftSetting] =
  Context.environment["QRQUIZ_TEST_BUILD"] == "1" ? [.unsafeFlags(["-O"])] : []

let package = Package(
  name: "QRQuiz",
  products: [
    .library(name: "QRQuizReading", targets: ["QRQuizReading"]),
    .library(name: "QRQuiz", targets: ["QRQuiz"]),
    .library(name: "QRQuizInterchange", targets: ["QRQuizInterchange"]),
    .library(name: "QRQuizClassroom", targets: ["QRQuizClassroom"]),
    .library(name: "QRQuizServer", targets: ["QRQuizServer"]),
    .library(name: "QRQuizCards", targets: ["QRQuizCards"]),
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
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    .systemLibrary(
      name: "CZstd",
      pkgConfig: "libzstd",
      providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
    ),
    .systemLibrary(
      name: "CJPEG",
      pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
    ),

    // The C each module must have, beside it, its symbols prefixed with its name:
    // libpng's and libjpeg's longjmp errors, libcurl loaded and its variadic setopt
    // (CQRQuiz); libmicrohttpd loaded, its variadic start, its enums that do not import and
    // the callbacks it calls (CQRQuizHTTP); the terminal restored from signal handlers,
    // libchafa loaded (CQRQuizCLI); libapriltag and cairo loaded, their structures and
    // callbacks (CQRQuizCards).
    .target(name: "CQRQuizReading", dependencies: ["CPNG", "CJPEG"]),
    .target(name: "CQRQuiz"),
    .target(name: "CQRQuizHTTP"),
    // libpq's header (Debian's libpq-dev) for its types; the library itself is loaded by
    // the first PostgreSQL connection, never linked (CLibPQ.h says why).
    .target(name: "CLibPQ"),
    // libsodium's header (Debian's libsodium-dev) for its types and constants; the library
    // is loaded by the first teacher's password or token hashed, never linked (CSodium.h).
    .target(name: "CSodium"),
    .target(name: "CQRQuizCards"),
    .target(name: "CQRQuizCLI"),

    // Markup escaping, the one home of it below both its users: QRQuiz's SVG sheets and
    // QRQuizHTTP's HTML values.
    .target(name: "QRQuizEscaping"),
    // Locked<State>, the one lock of shared state, below both its users for the same
    // reason: the core and the CLI, and QRQuizHTTP, which imports nothing of quizzes.
    .target(name: "QRQuizLocking"),
    // Files written whole or not at all, read with a bound, locked: below the reading and
    // the core alike.
    .target(name: "QRQuizFiles"),
    .target(
      name: "QRQuizReading",
      dependencies: ["CZBar", "CPNG", "CQRQuizReading", "QRQuizFiles", "QRQuizLocking"],
      swiftSettings: optimisedInTestBuilds
    ),
    .target(
      name: "QRQuiz",
      dependencies: [
        "QRQuizReading", "QRQuizFiles", "CQREncode", "CZlib", "CQRQuiz", "QRQuizEscaping", "QRQuizLocking",
      ],
      swiftSettings: optimisedInTestBuilds
    ),
    // Anki decks: their collections are SQLite (read through CSQLite directly, not the
    // classroom's database, so a program that imports pulls in no classroom), the newer
    // ones zstd-compressed.
    .target(name: "QRQuizInterchange", dependencies: ["QRQuiz", "CSQLite", "CZstd"]),
    .target(name: "QRQuizClassroom", dependencies: ["QRQuiz", "QRQuizLocking", "CSQLite", "CLibPQ", "CSodium"]),
    .target(name: "QRQuizHTTP", dependencies: ["CQRQuizHTTP", "QRQuizEscaping", "QRQuizLocking"]),
    .target(
      name: "QRQuizServer",
      dependencies: ["QRQuiz", "QRQuizClassroom", "QRQuizInterchange", "QRQuizHTTP", "QRQuizLocking", "QRQuizCards"],
      plugins: ["EmbedPageAssets"]),
    .target(
      name: "QRQuizCards", dependencies: ["QRQuizClassroom", "CQRQuizCards"], swiftSettings: optimisedInTestBuilds),
    .target(
      name: "QRQuizCLI",
      dependencies: [
        "QRQuiz", "QRQuizClassroom", "QRQuizInterchange", "QRQuizLocking", "QRQuizServer", "QRQuizCards", "CQRQuizCLI",
      ]),
    .executableTarget(name: "qrquiz", dependencies: ["QRQuizCLI"]),

    // The pages' scripts and styles are files (Sources/QRQuizServer/Assets), embedded into
    // the server at build time by this plugin and its tool: one binary, nothing beside it.
    .executableTarget(name: "embed-page-assets"),
    .plugin(name: "EmbedPageAssets", capability: .buildTool(), dependencies: ["embed-page-assets"]),

    // In-process benchmarks, driven by Benchmarks/run.py.
    .executableTarget(
      name: "qrquiz-bench", dependencies: ["QRQuiz", "QRQuizCards"], path: "Benchmarks/Sources/qrquiz-bench"),
    // Fuzz entry points (Fuzz/run); the ordinary build replays saved inputs.
    .executableTarget(
      name: "qrquiz-fuzz", dependencies: ["QRQuiz", "QRQuizHTTP", "QRQuizLocking", "QRQuizServer"],
      path: "Fuzz/Sources/qrquiz-fuzz"),
    // The photos the tests make by the thousand (damaged codes, a class holding up cards),
    // apart so that they are optimised when the tests are not.
    .target(
      name: "QRQuizTestPhotos", dependencies: ["QRQuiz", "QRQuizCards"], path: "Tests/QRQuizTestPhotos",
      swiftSettings: optimisedInTestBuilds),
    // Shared by the test targets: the fixtures (Fixtures/, a resource bundle) and the helpers
    // every suite uses (temporary folders, child processes, tags); the server's test client
    // and servers apart, as HummingbirdTesting is (only the server's and end-to-end tests
    // build them).
    .target(
      name: "QRQuizTestSupport",
      dependencies: ["QRQuiz", "QRQuizClassroom", "QRQuizFiles", "QRQuizLocking", "QRQuizTestPhotos"],
      path: "Tests/QRQuizTestSupport", resources: [.copy("Fixtures")]),
    .target(
      name: "QRQuizServerTesting",
      dependencies: ["QRQuizServer", "QRQuizClassroom", "QRQuizCards", "QRQuizTestSupport", "QRQuizTestPhotos"],
      path: "Tests/QRQuizServerTesting"),
    // One test target per module, in process, and one end-to-end target for what runs built
    // binaries, real servers, browsers and reference tools (tagged `endToEnd`).
    .testTarget(
      name: "QRQuizReadingTests", dependencies: ["QRQuizReading", "QRQuiz", "QRQuizTestSupport", "QRQuizTestPhotos"]),
    .testTarget(
      name: "QRQuizTests",
      dependencies: [
        "QRQuiz", "QRQuizClassroom", "QRQuizInterchange", "QRQuizServer", "QRQuizCLI", "QRQuizTestSupport",
      ]),
    .testTarget(
      name: "QRQuizInterchangeTests", dependencies: ["QRQuizInterchange", "QRQuizTestSupport", "CSQLite", "CZstd"]),
    .testTarget(
      name: "QRQuizClassroomTests", dependencies: ["QRQuizClassroom", "QRQuizFiles", "QRQuizTestSupport"]),
    .testTarget(
      name: "QRQuizCardsTests",
      dependencies: ["QRQuizCards", "QRQuizClassroom", "QRQuizTestSupport", "QRQuizTestPhotos"]),
    .testTarget(name: "QRQuizHTTPTests", dependencies: ["QRQuizHTTP", "QRQuizLocking", "QRQuizTestSupport"]),
    .testTarget(
      name: "QRQuizServerTests",
      dependencies: [
        "QRQuizServer", "QRQuizServerTesting", "QRQuizClassroom", "QRQuizInterchange", "QRQuizCards", "QRQuizCLI",
        "QRQuizLocking", "QRQuizTestSupport", "QRQuizTestPhotos",
      ]),
    .testTarget(name: "QRQuizCLITests", dependencies: ["QRQuizCLI", "QRQuizFiles", "QRQuizTestSupport"]),
    .testTarget(
      name: "QRQuizEndToEndTests",
      dependencies: [
        "QRQuiz", "QRQuizReading", "QRQuizFiles", "QRQuizInterchange", "QRQuizClassroom", "QRQuizHTTP",
        "QRQuizLocking", "QRQuizServer", "QRQuizServerTesting", "QRQuizCards", "QRQuizCLI", "QRQuizTestSupport",
        "QRQuizTestPhotos",
      ]),
  ]
)
