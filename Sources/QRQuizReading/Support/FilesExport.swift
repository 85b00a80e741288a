// `FileSystemError` is part of this module's API (and of every module above it): an image
// that cannot be read says which file and why. Re-exported so a program that imports a
// library can name the errors it throws.
@_exported import QRQuizFiles
