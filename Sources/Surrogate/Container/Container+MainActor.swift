extension Container {
  /// Registers a `@MainActor` factory: a view controller, view model or presenter that lives on
  /// the main actor.
  ///
  /// Resolve it from `@MainActor` code with the same `try container.resolve()`, or from anywhere
  /// with `try await container.resolve()`, which builds it on the main actor. A synchronous
  /// resolution that did not start on the main actor throws
  /// ``ResolutionError/Code/requiresMainActor``: it never runs the factory off the main actor,
  /// and never traps.
  ///
  /// ```swift
  /// container.register(.shared) { @MainActor r in ListViewController() }
  ///   .resolvingPropertiesOnMainActor { r, controller in controller.presenter = try r.resolve() }
  ///
  /// @MainActor func showList() throws {
  ///   let controller: ListViewController = try container.resolve()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - scope: How long instances live and who shares them; ``Scope/shared`` by default.
  ///   - type: The type to register under, when it differs from what the factory returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - factory: Makes the instance, on the main actor.
  /// - Returns: The definition.
  @discardableResult
  public func register<T>(
    _ scope: Scope = .shared, type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    factory: @escaping @MainActor @Sendable (Resolver) throws -> T
  ) -> Definition<T, Void> {
    let key = DefinitionKey(type: T.self, tag: .wrap(tag))
    let id = insert { id in
      Registration<T, Void>(
        id: id, key: key, scope: scope,
        factory: { r, _ in try r.onMainActor(key) { r in try factory(r) } },
        isMainActor: true, resolveArguments: nil, argumentTypes: [])
    }
    return Definition(container: self, id: id, key: key, sourceKey: key, scope: scope)
  }
}

extension Definition {
  /// Adds a `@MainActor` block that sets properties after the instance is made, for instances
  /// whose properties are main-actor isolated.
  ///
  /// A separate name from ``resolvingProperties(_:)`` because Swift cannot overload on a
  /// closure's global actor alone.
  ///
  /// ```swift
  /// container.register(.shared) { @MainActor r in ListViewController() }
  ///   .resolvingPropertiesOnMainActor { r, controller in controller.presenter = try r.resolve() }
  /// ```
  ///
  /// - Parameter block: Receives the graph's resolver and the new instance, on the main actor.
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func resolvingPropertiesOnMainActor(
    _ block: @escaping @MainActor @Sendable (Resolver, Instance) throws -> Void
  ) -> Definition
  {
    let key = self.key
    container.append(
      { r, instance in
        // NB: `onMainActor` runs the block synchronously on this thread, and only when the graph
        // started on the main actor; the instance never leaves it.
        nonisolated(unsafe) let instance = instance
        try r.onMainActor(key) { r in try block(r, instance) }
      }, to: self)
    return self
  }
}

extension Resolver {
  /// Runs `body` on the main actor when this graph was started there; throws
  /// `requiresMainActor` otherwise.
  func onMainActor<Result>(_ key: DefinitionKey, _ body: @MainActor (Resolver) throws -> Result) throws -> Result {
    guard let isolation = graph.isolation, isolation === MainActor.shared else {
      throw graph.requiresMainActor(key)
    }
    // NB: the graph's top-level `resolve` was called with `#isolation` == MainActor, and a graph
    // never leaves its thread, so we are on the main actor: `assumeIsolated` cannot trap here.
    nonisolated(unsafe) let resolver = self
    return try MainActor.assumeIsolated { Shared(try body(resolver)) }.value
  }
}
