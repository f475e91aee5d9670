/// How well a ``CachingCocktailService`` is doing.
///
/// ```swift
/// let statistics = await cache.statistics
/// print(statistics)   // "2 hits, 3 requests"
/// ```
public struct CacheStatistics: Sendable, Equatable, CustomStringConvertible {
  /// Questions answered from memory.
  public var hits = 0
  /// Questions passed to the upstream service (each one request for a remote upstream).
  public var misses = 0

  /// Creates statistics.
  ///
  /// ```swift
  /// #expect(await cache.statistics == CacheStatistics(hits: 1, misses: 1))
  /// ```
  public init(hits: Int = 0, misses: Int = 0) {
    self.hits = hits
    self.misses = misses
  }

  /// `2 hits, 3 requests`.
  public var description: String {
    "\(hits) \(hits == 1 ? "hit" : "hits"), \(misses) \(misses == 1 ? "request" : "requests")"
  }
}
