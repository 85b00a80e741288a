/// A request's body as it arrives, held within its route's limit and the server's
/// ``BodyBudget``. Past either, the rest is dropped as it comes and the request is refused
/// once it ends (libmicrohttpd takes no answer while a body is arriving): 413 for a body
/// over its limit, 503 when the server holds as much as it may.
struct IncomingBody: Sendable {
  /// The most bytes the route takes.
  let limit: Int
  /// The bytes so far.
  private(set) var bytes: [UInt8] = []
  /// Bytes of the budget this body holds (to give back when the request is done).
  private(set) var reserved = 0
  /// Why the request is refused once its body ends, if it is.
  private(set) var refusal: ServerRefusal?
  /// The room the body has, reserved: a declared length whole, a chunked body by doubling.
  private var capacity = 0

  /// A body of at most `limit` bytes.
  init(limit: Int) { self.limit = limit }

  /// Reserves a declared body of `length` bytes whole; false when the budget has no room.
  mutating func reserve(declaredLength length: Int, in budget: BodyBudget) -> Bool {
    guard budget.reserve(length) else { return false }
    reserved += length
    capacity = length
    bytes.reserveCapacity(length)
    return true
  }

  /// Takes the next piece of the body.
  mutating func append(_ piece: UnsafeRawBufferPointer, budget: BodyBudget) {
    guard refusal == nil else { return }
    let needed = bytes.count + piece.count
    if needed > limit {
      refusal = .bodyTooLarge
      return
    }
    if needed > capacity {
      var grown = max(capacity, 4096)
      while grown < needed { grown *= 2 }
      grown = min(grown, limit)
      if grown > reserved {
        guard budget.reserve(grown - reserved) else {
          refusal = .busy
          return
        }
        reserved = grown
      }
      capacity = grown
      bytes.reserveCapacity(grown)
    }
    bytes.append(contentsOf: piece)
  }
}
