import Foundation

/// What ``ImageLoader`` downloads with, as Nuke's pipeline has its `DataLoading`: the
/// network for real (``BoundedDownload``: libcurl, with the limits untrusted servers need),
/// or anything else that answers a GET the same way (a server in memory for tests, a
/// bundle of pictures for an app without a network).
///
/// The loader decides everything else (the cache, freshness and revalidation, retries,
/// sharing, what is an image): a data loader only answers requests. It is asked only for
/// http(s) URLs the configuration allows, and its answers are held to the loader's
/// ``ImageLoader/Configuration/maximumImageSize`` too.
public protocol DataLoading: Sendable {
  /// The whole answer to a GET of `url` with the extra request `headers` (validators for
  /// revalidation), whatever its status.
  ///
  /// Cancelling the calling task should end the request with
  /// ``BoundedDownload/Error/cancelled(_:)``.
  ///
  /// - Throws: ``BoundedDownload/Error`` for transport failures and broken limits, never
  ///   for a status.
  func response(for url: URL, headers: [String: String]) async throws(BoundedDownload.Error)
    -> BoundedDownload.Response
}

extension BoundedDownload: DataLoading {}
