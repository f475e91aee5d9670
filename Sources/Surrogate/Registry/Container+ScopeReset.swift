extension Container {
  /// Releases the instances this container and its child containers keep for `scope`: the next
  /// request for each of its definitions makes a new instance.
  ///
  /// Made for ``Scope/custom(_:)`` scopes, such as a "session" scope that a logout ends. The
  /// definitions stay registered, with their blocks and forwarded types, so resetting a scope is
  /// allowed after ``bootstrap(isolation:)``. Resetting ``Scope/singleton`` releases those
  /// instances the same way, and so does resetting another singleton scope, each by its own name
  /// (`reset(.eagerSingleton)` for the eager ones); ``Scope/shared`` and ``Scope/unique`` keep
  /// nothing, so resetting them changes nothing. A parent's instances are not released: reset
  /// the container that registered the definition, or an ancestor of it.
  ///
  /// Safe to call while other threads resolve: a resolve that races it gets the old instance
  /// or a new one, never a half-released one. The container lets go of the old instances at
  /// once; an instance is freed when the graphs still building with it and whoever holds it let
  /// go.
  ///
  /// ```swift
  /// extension Scope {
  ///   static let session = Scope.custom("session")
  /// }
  ///
  /// container.register(.session) { UserProfileStore() }
  /// let before = try container.resolve(UserProfileStore.self)
  /// container.reset(.session)  // logout
  /// let after = try container.resolve(UserProfileStore.self)  // a new store: before !== after
  /// ```
  ///
  /// - Parameter scope: The scope whose instances to release.
  public func reset(_ scope: Scope) {
    guard scope.isSingleton else { return }
    var renewed: [(container: Container, replaced: [any RenewableEntry])] = []
    family.withReset { generation in renew(scope, at: generation, into: &renewed) }
    // `disposeReleased()` retires them before it disposes what they made.
    for (container, replaced) in renewed { container.withLifetime { $0.noteReset(replaced) } }
    // Released here, outside the family's reset lock: a released instance's `deinit` is user code.
    withExtendedLifetime(renewed) {}
  }

  /// Renews the registrations of `scope` here and in the children, as the family's reset numbered
  /// `generation`; lists each container with the registrations it replaced (which the caller
  /// keeps alive until it has let go of the family's reset lock).
  func renew(
    _ scope: Scope, at generation: Int, into renewed: inout [(container: Container, replaced: [any RenewableEntry])]
  ) {
    let replaced = write { registry in registry.renewRegistrations(in: scope, at: generation) }
    renewed.append((self, replaced))
    for child in links.withLock(owner: self, { $0.children.alive }) {
      child.renew(scope, at: generation, into: &renewed)
    }
  }
}
