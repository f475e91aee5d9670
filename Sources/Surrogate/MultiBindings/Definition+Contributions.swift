extension Definition where Arguments == Void {
  /// Makes this definition a member of a list as well: resolving `[Element]` builds it with the
  /// other members, in the order they were contributed.
  ///
  /// ```swift
  /// container.autowire(DatabaseCheck.init).contributes(to: [any HealthCheck].self)
  /// container.register(.singleton) { r async throws in try await CacheCheck.connect() }
  ///   .contributes(to: [any HealthCheck].self)
  /// ```
  ///
  /// The list requests the definition by its key, like any dependency: a `.shared` one is the
  /// instance the rest of the object graph gets, a singleton is the singleton, a decorated one is
  /// decorated, and a child container that registers the same key answers its own lists'
  /// requests. This is how an auto-wired, `async` or main-actor definition joins a list: an
  /// `async` member is built by `try await resolve`, and a synchronous `resolve` of its list throws
  /// ``ResolutionError/Code/requiresAwait`` (a main-actor one off the main actor,
  /// ``ResolutionError/Code/requiresMainActor``), naming it in the path. Swift cannot check here
  /// that the instance is an `Element`: one that is not makes resolving the list throw
  /// ``ResolutionError/Code/invalidType``, and ``Container/validate()`` reports it. Removing the
  /// definition removes it from the list.
  ///
  /// - Parameter collection: The list to join.
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func contributes<Element>(to collection: [Element].Type) -> Definition {
    container.contribute(
      key, id: id, to: DefinitionKey(type: [Element].self), mapKey: nil,
      collectionEntry: { id in CollectionRegistration.list(of: Element.self, id: id) })
    return self
  }

  /// Makes this definition a member of a map under `key` as well: resolving `[Key: Element]`
  /// builds it with the other members.
  ///
  /// ```swift
  /// container.autowire(OrdersRoutes.init).contributes(to: [String: any RouteModule].self, key: "orders")
  /// ```
  ///
  /// It joins the map as ``contributes(to:)`` joins a list; two members under one key make
  /// resolving the map throw ``ResolutionError/Code/duplicateCollectionKey``.
  ///
  /// - Parameters:
  ///   - collection: The map to join.
  ///   - key: The member's key in the map.
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func contributes<Key: Hashable & Sendable, Element>(to collection: [Key: Element].Type, key: Key)
    -> Definition
  {
    container.contribute(
      self.key, id: id, to: DefinitionKey(type: [Key: Element].self), mapKey: DefinitionTag(typed: key),
      collectionEntry: { id in CollectionRegistration.map(of: [Key: Element].self, id: id) })
    return self
  }
}
