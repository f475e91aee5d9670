import SurrogateMacros

/// Edits the favourites list: the curator's action, handed out behind a `ProtectionProxy` so that
/// only a curator gets through.
///
/// `@Proxyable` writes the forwarding, so the library's `ProtectionProxy` conforms in one line.
/// A denied call throws `ProxyError` with code `accessDenied`.
///
/// ```swift
/// let editor: any FavouritesEditor = ProtectionProxy(store, policy: { _ in
///   caller.role == .curator ? .allow : .deny("only a curator may edit favourites")
/// })
/// try editor.add("90003")   // throws ProxyError.accessDenied for a guest
/// ```
@Proxyable
public protocol FavouritesEditor: AnyObject, Sendable {
  /// Adds `id` to the list; `false` when it was already there.
  ///
  /// ```swift
  /// let added = try editor.add("90003")
  /// ```
  ///
  /// - Throws: When the list cannot be written, or access is denied.
  func add(_ id: String) throws -> Bool

  /// Removes `id` from the list; `false` when it was not there.
  ///
  /// ```swift
  /// let removed = try editor.remove("90003")
  /// ```
  ///
  /// - Throws: When the list cannot be written, or access is denied.
  func remove(_ id: String) throws -> Bool
}

extension ProtectionProxy: FavouritesEditor where Subject: FavouritesEditor {}
