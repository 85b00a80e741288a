// A program that imports QRQuiz reads photos too: the QR reading module is part of its API
// (`QRCodeReader`, `GrayImage`, `QRMatrix`), as Nuke re-exports nothing but keeps one import
// for its users. A program that only reads QR codes imports QRQuizReading alone.
@_exported import QRQuizReading
