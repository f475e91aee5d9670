extension Container {
  /// Resolves an instance of `T`, building a new object graph.
  ///
  /// ```swift
  /// let presenter: ListPresenter = try container.resolve()
  /// let output = try container.resolve(ListInteractorOutput.self)
  /// let live = try container.resolve(HTTPClient.self, tag: "live")
  /// let maybe = try container.resolve(Analytics?.self)          // nil only if nothing registered
  /// let client = try container.resolve(Client.self, arguments: url, 8080)
  /// ```
  ///
  /// Every call is one object graph: `.shared` definitions make one instance per call, shared by
  /// every consumer within it. Asking for `T?` answers `nil` only when no definition of `T`
  /// exists; any other failure still throws.
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from context when omitted.
  ///   - tag: The tag to look for first; the untagged definition is the fallback.
  ///   - arguments: Runtime arguments, matched by their exact types.
  ///   - isolation: The caller's actor, filled in by `#isolation`: a `@MainActor` definition is
  ///     built only when it is the main actor.
  /// - Returns: The instance.
  /// - Throws: ``ResolutionError`` naming what failed, the resolution path and the fix.
  @inlinable
  public func resolve<T, each Argument>(
    _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, arguments: repeat each Argument,
    isolation: isolated (any Actor)? = #isolation
  ) throws(ResolutionError) -> T {
    typealias Arguments = (repeat each Argument)
    if let override = activeOverride {
      return try override.resolve(type, tag: tag, arguments: repeat each arguments, isolation: isolation)
    }
    // The common request (no tag, a registration, a live singleton) is answered from two pointers
    // and one atomic load, without building a key or a graph.
    let snapshot = snapshot()
    if tag == nil,
      let entry = snapshot.registry.untagged[
        TypeKey(type: ObjectIdentifier(T.self), arguments: ObjectIdentifier(Arguments.self))],
      !entry.isForwarding
    {
      let registration = unsafeDowncast(entry as AnyObject, to: Registration<T, Arguments>.self)
      if let cached = registration.cachedValue { return cached }
      let key = DefinitionKey(type: T.self, argumentsType: Arguments.self)
      var isNew = false
      return try registration.produce(
        (repeat each arguments), in: Graph(container: self, snapshot: snapshot, isolation: isolation), requested: key,
        owner: self, lookup: self, isNew: &isNew)
    }
    let key = DefinitionKey(type: T.self, argumentsType: Arguments.self, tag: .wrap(tag))
    if let found = lookup(key, in: { $0 === self ? snapshot : $0.snapshot() }), !found.entry.isForwarding {
      let registration = unsafeDowncast(found.entry as AnyObject, to: Registration<T, Arguments>.self)
      if let cached = registration.cachedValue { return cached }
      var isNew = false
      return try registration.produce(
        (repeat each arguments), in: Graph(container: self, snapshot: snapshot, isolation: isolation), requested: key,
        owner: found.owner, lookup: self, isNew: &isNew)
    }
    return try Graph(container: self, snapshot: snapshot, isolation: isolation)
      .resolve(key, arguments: (repeat each arguments), from: self)
  }
}
