import QRQuizCLI

// The whole command line lives in QRQuizCLI, where the tests parse and run it in process.
await QRQuizCLI.main(arguments: Array(CommandLine.arguments.dropFirst()))
