// INVARIANT: `onMainActor` passes its input and resolver into `MainActor.assumeIsolated` through
// `handedOver(_:)` (Unchecked/Trusted.swift; neither is `Sendable`). It first checks that the graph
// runs on the main actor (`graph.isOnMainActor`, else it throws `requiresMainActor`), and
// `assumeIsolated` runs its body synchronously, on this thread, before returning: neither value
// leaves the thread that holds it. Tests: MainActorTests (main-actor factories and blocks resolved
// on and off the main actor).

extension Container {
  /// Registers a `@MainActor` factory: a view controller, view model or presenter that lives on
  /// the main actor, with or without runtime arguments.
  ///
  /// Resolve it from `@MainActor` code with the same `try container.resolve()`, or from anywhere
  /// with `try await container.resolve()`, which runs it on the main actor wherever it is in the
  /// graph. A synchronous resolution that is not on the main actor throws
  /// ``ResolutionError/Code/requiresMainActor``: it never runs the factory off the main actor,
  /// and never traps.
  ///
  /// ```swift
  /// container.register(.shared) { @MainActor r in ListViewController() }
  ///   .resolvingPropertiesOnMainActor { r, controller in controller.presenter = try r.resolve() }
  /// container.register { @MainActor (r, customerID: String) in OrderViewController(customerID: customerID) }
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
  ///   - factory: Makes the instance, on the main actor, from the resolver and the runtime
  ///     arguments.
  /// - Returns: The definition.
  @discardableResult
  public func register<T, each Argument>(
    _ scope: Scope = .shared, type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    mainActorFactory factory: @escaping @MainActor @Sendable (Resolver, repeat each Argument) throws -> T
  ) -> Definition<T, (repeat each Argument)> {
    typealias Arguments = (repeat each Argument)
    let key = DefinitionKey(type: T.self, argumentsType: Arguments.self, tag: .wrap(tag))
    let syncFactory: Registration<T, Arguments>.Factory = { r, arguments in
      try r.onMainActor(key, with: arguments) { @MainActor (r: Resolver, arguments: Arguments) throws -> T in
        try factory(r, repeat each arguments)
      }
    }
    let asyncFactory: Registration<T, Arguments>.AsyncFactory = { r, arguments in
      try await MainActorHop.runSynchronously(r.graph, (r, arguments)) {
        @MainActor (input: (Resolver, Arguments)) throws -> T in
        try factory(input.0, repeat each input.1)
      }
    }
    let argumentTypes = Self.types(of: repeat (each Argument).self)
    let id = insert { id in
      Registration<T, Arguments>(
        id: id, key: key, scope: scope, factory: syncFactory, asyncFactory: asyncFactory, isMainActor: true,
        resolveArguments: nil, argumentTypes: argumentTypes)
    }
    return Definition(container: self, id: id, key: key, sourceKey: key, scope: scope)
  }

  /// Registers an `async` `@MainActor` factory: a main-actor instance that needs `await` to make,
  /// such as a view controller whose presenter comes from an `async` factory.
  ///
  /// Resolve it with `try await container.resolve()`; the factory runs on the main actor. A
  /// synchronous resolution throws ``ResolutionError/Code/requiresAwait``.
  ///
  /// ```swift
  /// container.register(.shared) { @MainActor (r, customerID: String) async throws in
  ///   OrderViewController(presenter: try await r.resolve(arguments: customerID))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - scope: How long instances live and who shares them; ``Scope/shared`` by default.
  ///   - type: The type to register under, when it differs from what the factory returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - factory: Makes the instance, on the main actor; resolve dependencies with
  ///     `try await r.resolve()`.
  /// - Returns: The definition.
  @discardableResult
  public func register<T, each Argument>(
    _ scope: Scope = .shared, type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    mainActorFactory factory: @escaping @MainActor @Sendable (Resolver, repeat each Argument) async throws -> T
  ) -> Definition<T, (repeat each Argument)> {
    typealias Arguments = (repeat each Argument)
    let key = DefinitionKey(type: T.self, argumentsType: Arguments.self, tag: .wrap(tag))
    let id = insert { id in
      Registration<T, Arguments>(
        id: id, key: key, scope: scope,
        factory: { r, _ in throw r.graph.requiresAwait(key) },
        asyncFactory: { r, arguments in
          try await MainActorHop.run(r.graph, (r, arguments)) {
            @MainActor (input: (Resolver, Arguments)) async throws -> T in
            try await factory(input.0, repeat each input.1)
          }
        },
        factoryIsAsync: true, isMainActor: true, resolveArguments: nil,
        argumentTypes: Self.types(of: repeat (each Argument).self))
    }
    return Definition(container: self, id: id, key: key, sourceKey: key, scope: scope)
  }

  /// The types of a parameter pack, in order.
  static func types<each Argument>(of types: repeat (each Argument).Type) -> [Any.Type] {
    var result: [Any.Type] = []
    for type in repeat each types { result.append(type) }
    return result
  }
}

extension Definition {
  /// Adds a `@MainActor` block that sets properties after the instance is made, for instances
  /// whose properties are main-actor isolated.
  ///
  /// A separate name from ``resolvingProperties(_:)-6pz6h`` because Swift cannot overload on a
  /// closure's global actor alone. Under `try await resolve` the block runs on the main actor
  /// wherever the instance is in the graph; a synchronous resolution runs it only on the main
  /// actor and throws ``ResolutionError/Code/requiresMainActor`` elsewhere.
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
  ) -> Definition {
    let key = self.key
    container.append(
      { r, instance in
        try r.onMainActor(key, with: instance) { r, instance in try block(r, instance) }
      },
      asyncBlock: { r, instance in
        try await MainActorHop.runSynchronously(r.graph, (r, instance)) { input in try block(input.0, input.1) }
      },
      isolation: .mainActor, to: self)
    return self
  }

  /// Adds an `async` `@MainActor` block that sets properties after the instance is made: a
  /// main-actor view whose presenter comes from an `async` factory.
  ///
  /// It runs under `try await container.resolve()`, on the main actor; a synchronous resolution
  /// of the definition throws ``ResolutionError/Code/requiresAwait``.
  ///
  /// ```swift
  /// container.register(.shared) { @MainActor r in OrderHistoryViewController() }
  ///   .resolvingPropertiesOnMainActor { r, controller async throws in
  ///     controller.presenter = try await r.resolve(arguments: controller.customerID)
  ///   }
  /// ```
  ///
  /// - Parameter block: Receives the graph's resolver and the new instance, on the main actor.
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func resolvingPropertiesOnMainActor(
    _ block: @escaping @MainActor @Sendable (Resolver, Instance) async throws -> Void
  ) -> Definition {
    let key = self.key
    container.append(
      { r, _ in throw r.graph.requiresAwait(key, blockOnly: true) },
      asyncBlock: { r, instance in
        try await MainActorHop.run(r.graph, (r, instance)) { input in try await block(input.0, input.1) }
      },
      isolation: .mainActorAsync, to: self)
    return self
  }

  /// Adds an `async` block that sets properties after the instance is made, for a property whose
  /// value comes from an `async` factory.
  ///
  /// It runs under `try await container.resolve()`; a synchronous resolution of the definition
  /// throws ``ResolutionError/Code/requiresAwait``.
  ///
  /// ```swift
  /// container.register(.shared) { _ in ReportPresenter() }
  ///   .resolvingProperties { r, presenter async throws in presenter.database = try await r.resolve() }
  /// ```
  ///
  /// - Parameter block: Receives the graph's resolver and the new instance.
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func resolvingProperties(_ block: @escaping @Sendable (Resolver, Instance) async throws -> Void)
    -> Definition
  {
    let key = self.key
    container.append(
      { r, _ in throw r.graph.requiresAwait(key, blockOnly: true) }, asyncBlock: block, isolation: .async,
      to: self)
    return self
  }
}

extension Resolver {
  /// Runs `body` when this thread is on the main actor (the graph started there, or an async
  /// resolution runs a main-actor factory or block); throws `requiresMainActor` otherwise.
  ///
  /// `input` (runtime arguments, the instance a block injects) is used by `body` on this thread:
  /// it never leaves it.
  func onMainActor<Input, Result>(
    _ key: DefinitionKey, with input: Input, _ body: @MainActor (Resolver, Input) throws -> Result
  ) throws -> Result {
    guard graph.isOnMainActor else { throw graph.requiresMainActor(key) }
    let input = handedOver(input)
    // NB: a synchronous graph's top-level `resolve` was called with `#isolation` == MainActor and
    // a graph never leaves its thread; an async graph says so only while a main-actor factory or
    // block it hopped to runs synchronous code. Either way this is the main actor: `assumeIsolated`
    // cannot trap here.
    let resolver = handedOver(self)
    return try assumingMainActor { try body(resolver, input) }
  }
}
