// INVARIANT: see Container.swift (snapshot reading). `madeSingleton` reads the current
// snapshot and the registration it finds unretained, inside one read section, as the synchronous
// `resolve` does; `trustedDowncast` trusts the key (see Unchecked/Trusted.swift, which says what
// `as!` would cost here).

extension Container {
  /// Registers an `async` factory, for instances that take `await` to make (opening a database,
  /// reading a configuration file).
  ///
  /// Resolve it with `try await`. A singleton with an async factory is created once even when many
  /// tasks ask for it at the same time; a failure is not cached. Resolving it synchronously throws
  /// ``ResolutionError/Code/requiresAwait``.
  ///
  /// ```swift
  /// container.register(.singleton) { r async throws in try await Database.open(at: path) }
  /// let database = try await container.resolve(Database.self)
  /// ```
  ///
  /// - Parameters:
  ///   - scope: How long instances live and who shares them; ``Scope/shared`` by default.
  ///   - type: The type to register under, when it differs from what the factory returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - factory: Makes the instance; resolve dependencies with `try await r.resolve()`.
  /// - Returns: The definition.
  @discardableResult
  public func register<T, each Argument>(
    _ scope: Scope = .shared, type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    factory: @escaping @Sendable (Resolver, repeat each Argument) async throws -> T
  ) -> Definition<T, (repeat each Argument)> {
    typealias Arguments = (repeat each Argument)
    let key = DefinitionKey(type: T.self, argumentsType: Arguments.self, tag: .wrap(tag))
    var argumentTypes: [Any.Type] = []
    for argumentType in repeat (each Argument).self { argumentTypes.append(argumentType) }
    let id = insert { id in
      Registration<T, Arguments>(
        id: id, key: key, scope: scope,
        factory: { r, _ in throw r.graph.requiresAwait(key) },
        asyncFactory: { r, arguments in try await factory(r, repeat each arguments) }, factoryIsAsync: true,
        resolveArguments: nil, argumentTypes: argumentTypes)
    }
    return Definition(container: self, id: id, key: key, sourceKey: key, scope: scope)
  }

  /// Registers an `async` factory that needs nothing from the container.
  ///
  /// ```swift
  /// container.register(.singleton) { try await Database.open(at: path) }
  /// container.register { () async in await Settings.load() }
  /// ```
  ///
  /// A closure without `await` registers a synchronous factory instead. Everything else is as for
  /// an `async` factory that takes a resolver.
  ///
  /// - Parameters:
  ///   - scope: How long instances live and who shares them; ``Scope/shared`` by default.
  ///   - type: The type to register under, when it differs from what the factory returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - factory: Makes the instance.
  /// - Returns: The definition.
  @discardableResult
  public func register<T>(
    _ scope: Scope = .shared, type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    factory: @escaping @Sendable () async throws -> T
  ) -> Definition<T, Void> {
    register(scope, type: type, tag: tag) { (_: Resolver) async throws -> T in try await factory() }
  }

  /// Resolves an instance of `T`, awaiting async factories.
  ///
  /// Works for every definition, synchronous or `async`. While another task is creating the same
  /// singleton, this one waits without blocking a thread; if this task is cancelled meanwhile it
  /// throws `CancellationError` and the creation goes on for the others.
  ///
  /// ```swift
  /// let database = try await container.resolve(Database.self)
  /// let presenter: ListPresenter = try await container.resolve()
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from context when omitted.
  ///   - tag: The tag to look for first; the untagged definition is the fallback.
  ///   - arguments: Runtime arguments, matched by their exact types.
  /// - Returns: The instance.
  /// - Throws: ``ResolutionError``, or `CancellationError` when cancelled while waiting (or thrown
  ///   by an `async` factory or block, as it is, not wrapped in ``ResolutionError/Code/factoryFailed``).
  @inlinable
  public func resolve<T, each Argument>(
    _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, arguments: repeat each Argument
  ) async throws -> T {
    if let override = activeOverride {
      return try await override.resolve(type, tag: tag, arguments: repeat each arguments)
    }
    let key = DefinitionKey(type: T.self, argumentsType: (repeat each Argument).self, tag: .wrap(tag))
    if let made = madeSingleton(T.self, tag: key.tag, argumentsType: (repeat each Argument).self) { return made }
    return try await resolveAsync(key, arguments: (repeat each arguments))
  }

  /// Resolves an instance of `T` that takes no tag and no runtime arguments, awaiting async
  /// factories: the common awaited request.
  ///
  /// ```swift
  /// let database = try await container.resolve(Database.self)
  /// ```
  ///
  /// Swift picks this overload whenever an awaited call passes neither `tag:` nor `arguments:`; it
  /// behaves exactly like ``resolve(_:tag:arguments:)`` without them.
  ///
  /// NB: without it, an awaited request built, copied and destroyed the optional existential tag
  /// it did not pass, through the runtime's value witnesses: a made singleton cost 899 instructions
  /// against 638 with it (callgrind, surrogate-bench `async-singleton`, 2026-11-27; synchronously
  /// 232), issue #34's target being 3x the synchronous request. The synchronous
  /// ``resolve(_:isolation:)`` exists for the same reason.
  ///
  /// - Parameter type: The type to resolve; inferred from context when omitted.
  /// - Returns: The instance.
  /// - Throws: ``ResolutionError``, or `CancellationError` when cancelled while waiting (or thrown
  ///   by an `async` factory or block, as it is, not wrapped in ``ResolutionError/Code/factoryFailed``).
  @_documentation(visibility: internal)
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self) async throws -> T {
    try await resolve(type, wrappedTag: nil)
  }

  /// Resolves `T` under a wrapped tag, awaiting: the body of ``resolve(_:)``, and what an
  /// ``AsyncProvider`` or ``AsyncLazy`` asks, as `try await resolve(T.self, tag:)` would.
  @inlinable
  func resolve<T>(_ type: T.Type, wrappedTag tag: DefinitionTag?) async throws -> T {
    if let override = activeOverride { return try await override.resolve(type, wrappedTag: tag) }
    if let made = madeSingleton(T.self, tag: tag, argumentsType: Void.self) { return made }
    return try await resolveAsync(DefinitionKey(type: T.self, argumentsType: Void.self, tag: tag), arguments: ())
  }

  /// The instance of a strong singleton already made and published, when this container's own
  /// registry answers the request and the task is not building a graph: what the synchronous
  /// `resolve` returns without a graph, read the same way.
  ///
  /// NB: without it, an awaited request for a made singleton built a graph, bound it in a
  /// task-local and completed it: 10,530 instructions and 2 allocations against 183 and none
  /// synchronously (callgrind, surrogate-bench `async-singleton`). Inside a graph (an async
  /// factory that awaits `container.resolve`) the request still joins the graph, which records it.
  /// Inlinable, so that the caller's specialization knows `T?`: unspecialized, the function asked
  /// the runtime for `Optional<T>`'s metadata on every call (1,386 instructions a request, 927 now).
  @inlinable
  func madeSingleton<T, Arguments>(_ type: T.Type, tag: DefinitionTag?, argumentsType: Arguments.Type) -> T? {
    guard tag == nil || parent == nil, !mayBeInAsyncGraph else { return nil }
    let found = try? reading { (snapshot) throws(ResolutionError) -> T? in
      guard
        let entry = snapshot.withObject({
          $0.unretainedEntry(
            TypeKey(type: ObjectIdentifier(T.self), arguments: ObjectIdentifier(Arguments.self)), tag: tag)
        })
      else { return nil }
      // A registration stored under a key always has the key's instance and argument types.
      let published = entry.withObject {
        trustedDowncast($0, to: Registration<T, Arguments>.self).published
      }
      return published.box != 0 ? Registration<T, Arguments>.instance(inBox: published.box) : nil
    }
    return found ?? nil
  }

  /// Whether the calling task may be resolving an `async` graph of this container's family, which
  /// a request from it joins (see ``ContainerFamily/boundAsyncGraphs``).
  @usableFromInline
  var mayBeInAsyncGraph: Bool { family.mayHaveBoundAsyncGraph && AsyncGraphScope.current != nil }

  /// The `async` graph this task is resolving for this container's family, which a synchronous
  /// `resolve` from the task's synchronous code joins (a closure passed to `map` in an `async`
  /// factory), or `nil`. Joining keeps the container alive for the graph.
  @usableFromInline
  func joinableAsyncGraph() -> Graph? {
    guard let joined = AsyncGraphScope.joinable(from: self) else { return nil }
    if !joined.isRoot(self) { joined.keepJoined(self) }
    return joined
  }

  /// Whether `graph`, a new graph of an awaited request from this container, can make what the
  /// request needs synchronously: nothing in its lookup chain needs `await` or the main actor now
  /// (an `async` or main-actor definition that is not a made strong singleton, see
  /// ``Registry/awaitsNothingNow``), and no override or collaborator, which lie outside the chain,
  /// is in play. The request then runs the synchronous resolution, which is its own semantics
  /// since every factory and block it meets is synchronous and nonisolated; only the completion
  /// stays awaited (a failed graph's `async` disposals run before the request throws).
  ///
  /// NB: an awaited request of the server graph, its `async` pool made by `bootstrap()`, cost
  /// 32,836 instructions through the `async` resolution of every node, and 20,500 this way (the
  /// synchronous request: 19,953; callgrind, surrogate-bench `server-awaited`, 2026-11-27). What
  /// it gives up: a wait for another task's singleton blocks instead of suspending (that task is
  /// making it synchronously, so the wait is short and needs no other thread), and the depth guard
  /// is the thread's stack, not the task's heap (`maximumDepth` stops both first by default).
  func resolvesSynchronouslyWhenAwaited(in graph: Graph) -> Bool {
    if family.hasOverrides, !OverrideScope.current.isEmpty { return false }
    var next: Container? = self
    while let current = next {
      guard !current.hasCollaborated.load(ordering: .relaxed), graph.snapshot(of: current).awaitsNothingNow else {
        return false
      }
      next = current.parent
    }
    return true
  }

  /// Resolves `key` in the graph this task is resolving (an async factory that calls
  /// `container.resolve` instead of `r.resolve`), or else in a new graph.
  @usableFromInline
  func resolveAsync<T, Arguments>(_ key: DefinitionKey, arguments: Arguments) async throws -> T {
    if let joined = AsyncGraphScope.joinable(from: self) {
      if !joined.isRoot(self) { joined.keepJoined(self) }
      return try await joined.resolveAsync(key, arguments: arguments, from: self)
    }
    // A scope's container that ended (or a child shut down) would still find its parent's
    // definitions, as in `resolveLookingUp`.
    try checkNotShutDown(key)
    // Nested in another graph (a factory resolving from a container of another family): see
    // `withGraph`, and `Graph.owner`, read before the task-local names the new graph.
    let isNested = AsyncGraphScope.isNested
    var retries = 0
    while true {
      // A nonisolated async function runs on no actor, so the graph has no isolation.
      let graph = Graph(container: self)
      if isNested {
        graph.isAsync = true
        _ = graph.owner
      }
      do {
        if !isNested, resolvesSynchronouslyWhenAwaited(in: graph) {
          return try await graph.completingAwaited { () throws(ResolutionError) -> T in
            try graph.resolve(key, arguments: arguments, from: self)
          }
        }
        return try await graph.runningAsTaskGraph {
          try await graph.completingAsync { () async throws -> T in
            try await graph.resolveAsync(key, arguments: arguments, from: self)
          }
        }
      } catch {
        // Backed off from a cycle of waits: start again once the other graph has finished.
        guard let gate = graph.retryGate, !isNested, retries < Self.maximumRetries else { throw error }
        try await gate.waitAsync()
        if graph.extrasStorage?.retriesAfterTheMainActor == true { await MainActor.run {} }
        retries += 1
      }
    }
  }
}

extension Resolver {
  /// Resolves an instance of `T` in the current object graph, awaiting async factories.
  ///
  /// ```swift
  /// container.register { r async throws in Repository(database: try await r.resolve()) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from context when omitted.
  ///   - tag: The tag to look for first; the untagged definition is the fallback.
  ///   - arguments: Runtime arguments, matched by their exact types.
  /// - Returns: The instance.
  /// - Throws: ``ResolutionError``, or `CancellationError` when cancelled while waiting (or thrown
  ///   by an `async` factory or block, as it is, not wrapped in ``ResolutionError/Code/factoryFailed``).
  ///
  /// It runs on the caller's actor, so a `@MainActor` factory or block can call it on its own
  /// resolver (`controller.presenter = try await r.resolve()`).
  @inlinable
  nonisolated(nonsending) public func resolve<T, each Argument>(
    _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, arguments: repeat each Argument
  ) async throws -> T {
    let key = DefinitionKey(type: T.self, argumentsType: (repeat each Argument).self, tag: .wrap(tag))
    if !graph.isActive { try container.checkNotShutDown(key) }  // see `keptGraph(for:)`
    let graph = graph.isActive ? graph : Graph(container: container)
    let request = TaskOwned(value: (graph, key, (repeat each arguments), container))
    return try await Self.resolve(request).value
  }

  /// Resolves `T` with the current tag (falling back to untagged definitions), awaiting what
  /// needs it: a parameter of an auto-wired initializer, in an async resolution (see
  /// ``Registration/Extras/asyncFactory``).
  ///
  /// ```swift
  /// // what `autowire(Presenter.init)` runs under `try await`:
  /// try Presenter(view: await r.resolveWiredAsync(), loader: await r.resolveWiredAsync())
  /// ```
  ///
  /// NB: called from the container's own awaiting factories, which run off every actor in the
  /// graph's task: no hop, unlike the public `resolve`.
  @usableFromInline
  func resolveWiredAsync<T>(_ type: T.Type = T.self) async throws -> T {
    try await graph.resolveAsync(DefinitionKey(type: T.self, tagSlot: tagSlot), arguments: (), from: container)
  }

  /// Resolves in the graph of `request`, off the caller's actor: the graph runs every factory and
  /// block in its own isolation.
  @usableFromInline
  static func resolve<T, Arguments>(_ request: TaskOwned<(Graph, DefinitionKey, Arguments, Container)>) async throws
    -> TaskOwned<T>
  {
    let (graph, key, arguments, container) = request.value
    // Off the caller's actor from here until the result is returned to it.
    let outer = graph.runsOnMainActor
    graph.runsOnMainActor = false
    defer { graph.runsOnMainActor = outer }
    return TaskOwned(value: try await graph.resolveAsync(key, arguments: arguments, from: container))
  }
}
