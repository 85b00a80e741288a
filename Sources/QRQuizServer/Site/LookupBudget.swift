import QRQuiz
import QRQuizHTTP

/// The one per-address budget of lookups that miss, whatever they look up: a live game's
/// PIN or secret (`GameAccess.swift`), a homework's code (`/a/CODE`, `/a?code=`, its QR
/// codes, its API), a homework student's secret, a student's results link (`/s/SECRET`),
/// and every join attempt. It is the live games' ``JoinLimiter``: a class behind one NAT
/// (64 phones, a few typos) gets in; a script walking codes or secrets from one address is
/// stopped after the burst, with `Retry-After`, on every route at once (walking homework
/// codes never makes room to walk PINs, nor the reverse).
///
/// Once an address has no try left, a lookup that would hit is refused like one that
/// misses, unless it proves a secret: a right code must look like a wrong one, or the
/// walk would go on for free.
struct LookupBudget: Sendable {
  let limiter: JoinLimiter
  let clock: LiveClock

  init(site: Site) {
    limiter = site.live.joinLimiter
    clock = site.live.clock
  }

  /// `miss`, once it has cost the address a try; 429 (`refusal`) when it has none left.
  func missed(
    _ context: RequestContext, _ miss: HTTPResponse, refusal: (RequestContext, Double) -> HTTPResponse
  ) -> HTTPResponse {
    guard let wait = limiter.take(context.request.clientAddress, at: clock.now()) else { return miss }
    return refusal(context, wait)
  }

  /// A try taken for a join (each attempt counts, made or not); the seconds to wait when
  /// the address has none left.
  func takeJoin(_ context: RequestContext) -> Double? {
    limiter.take(context.request.clientAddress, at: clock.now())
  }

  /// The seconds the address must wait before a lookup that proves nothing is answered
  /// (`nil`: it has tries left), taking none.
  func wait(_ context: RequestContext) -> Double? {
    limiter.wait(for: context.request.clientAddress, at: clock.now())
  }
}
