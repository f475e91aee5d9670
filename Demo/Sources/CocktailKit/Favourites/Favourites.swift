/// Reads the favourites list: anyone may.
///
/// ```swift
/// let ids = try favourites.ids()   // ["90003", "90001"]
/// ```
public protocol Favourites: Sendable {
  /// The favourite cocktails' ids, oldest first.
  ///
  /// ```swift
  /// for id in try favourites.ids() { print(id) }
  /// ```
  ///
  /// - Throws: When the list cannot be read.
  func ids() throws -> [String]
}
