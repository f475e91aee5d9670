// INVARIANT: `containerReference` is unretained: the graph's root, kept alive by the caller of the
// top-level `resolve` and then by the graph (`keepRootAlive`), the ancestors the root holds, or a
// container that joined the graph (a child's `resolve` inside a parent's factory, or an override
// a lookup read, see Graph+Overrides.swift), which the graph retains (`keepJoined`).
// `tagBits` are borrowed (see BorrowedKey.swift); the graph keeps the tag alive (`Graph.keep(_:)`).
// A resolver used after its graph's path emptied starts a new graph, never the finished one.

/// What a factory resolves its dependencies with: the same object graph as the request that runs it.
///
/// Resolve through `r`, not through the container, inside factories and `resolvingProperties`
/// blocks: then `.shared` instances are shared with the rest of the graph, cycles are detected,
/// and errors carry the whole path.
///
/// ```swift
/// container.register { r in
///   ListPresenter(view: try r.resolve(), interactor: try r.resolve(ListInteractor.self))
/// }
/// ```
public struct Resolver {
  @usableFromInline let graph: Graph
  /// The container this resolver looks definitions up in, unretained: the graph's root, one of
  /// its ancestors (lookups only go up), a container that joined the graph, or an override one of
  /// its lookups read; `graph` keeps its root, and so every ancestor, and every container that
  /// joined it (overrides included) alive for as long as this resolver exists.
  ///
  /// NB: `Unretained` and used through `withObject` on the hot paths, not an `unowned(unsafe)`
  /// field: reading such a field makes a strong copy, one retain and release of the container per
  /// resolved dependency, on a cache line every thread resolving from that container writes
  /// (measured: S1 scaled 1.5x on two threads with it).
  @usableFromInline let containerReference: Unretained<Container>
  /// The container, retained: for the general paths.
  @usableFromInline var container: Container { containerReference.object }
  /// The tag the current definition was requested with. Auto-wired dependencies and
  /// `@Injected` properties are resolved with it (falling back to untagged definitions); a
  /// `resolve` without `tag:` is not, as in Dip: pass it on explicitly.
  ///
  /// ```swift
  /// container.register { r in OrderHistory(service: try r.resolve(tag: r.tag)) }
  /// ```
  public var tag: DefinitionTag? { tagSlot.tag }
  /// The tag's bits, unretained: `graph`, which this resolver retains, keeps the tag itself.
  ///
  /// NB: a resolver is made for every instance a graph builds, and almost every request is
  /// untagged; holding a `TagSlot` made each of them copy and destroy one through outlined
  /// value-witness calls (see ``BorrowedKey``).
  @usableFromInline let tagBits: BorrowedKey.TagBits
  @inlinable var tagSlot: TagSlot { TagSlot(borrowedBits: tagBits) }

  @inlinable
  init(graph: Graph, container: Container, tagSlot: borrowing TagSlot) {
    self.graph = graph
    self.containerReference = Unretained(container)
    if !tagSlot.isNone { graph.keep(tagSlot) }
    self.tagBits = tagSlot.borrowedBits
  }

  /// The graph a resolver kept past its own graph resolves in: the one its thread is resolving
  /// for the same family of containers, or a new one; ``ResolutionError/Code/containerShutDown``
  /// when the container it resolves from has ended (a scope, the overrides of a `withOverrides`,
  /// a container shut down), rather than what its parent would hand out instead.
  @usableFromInline
  func keptGraph(for key: DefinitionKey) throws(ResolutionError) -> Graph {
    try container.checkNotShutDown(key)
    return ThreadGraph.joinable(from: container) ?? Graph(container: container)
  }

  /// Resolves an instance of `T` in the current object graph.
  ///
  /// ```swift
  /// container.register { r in Client(session: try r.resolve(), log: try r.resolve(Logger?.self)) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from context when omitted.
  ///   - tag: The tag to look for first; the untagged definition is the fallback. Without it the
  ///     request is untagged, whatever tag the current definition was requested with: pass
  ///     ``tag`` to pass that one on.
  ///   - arguments: Runtime arguments, matched by their exact types.
  /// - Returns: The instance.
  /// - Throws: ``ResolutionError`` naming what failed and the path that led to it.
  @inlinable
  public func resolve<T, each Argument>(
    _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, arguments: repeat each Argument
  ) throws(ResolutionError) -> T {
    let key = DefinitionKey(type: T.self, argumentsType: (repeat each Argument).self, tag: .wrap(tag))
    // A resolver kept past its graph (captured by a closure) starts a new graph.
    let graph = graph.isActive ? graph : try keptGraph(for: key)
    return try graph.resolve(key, arguments: (repeat each arguments), from: container)
  }

  /// Resolves an instance of `T` that takes no tag and no runtime arguments, in the current
  /// object graph: the common request inside a factory.
  ///
  /// ```swift
  /// container.register { r in ListPresenter(view: try r.resolve(), client: try r.resolve(HTTPClient.self)) }
  /// ```
  ///
  /// Swift picks this overload whenever a call passes neither `tag:` nor `arguments:`; it behaves
  /// exactly like `resolve(_:tag:arguments:)` without them.
  ///
  /// - Parameter type: The type to resolve; inferred from context when omitted.
  /// - Returns: The instance.
  /// - Throws: ``ResolutionError`` naming what failed and the path that led to it.
  @_documentation(visibility: internal)
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self) throws(ResolutionError) -> T {
    try resolve(key: DefinitionKey(type: T.self, tagSlot: .none))
  }

  /// Resolves `T` with the current tag (falling back to untagged definitions) in code specialized
  /// for `T`: a parameter of an initializer that the fixed-arity `autowire` overloads wire.
  @inlinable
  func resolveWired<T>(_ type: T.Type = T.self) throws(ResolutionError) -> T {
    try resolve(key: DefinitionKey(type: T.self, tagSlot: tagSlot))
  }

  /// Resolves a key without runtime arguments whose type `T` the caller knows statically.
  @inlinable @inline(__always)
  func resolve<T>(key: DefinitionKey) throws(ResolutionError) -> T {
    // NB: two branches rather than one `let graph = ... ? graph : Graph(...)`, which would retain
    // the graph once more for every request.
    if graph.isActive {
      do {
        return try containerReference.withObject { container throws -> T in
          try graph.resolve(key, arguments: (), from: container)
        }
      } catch {
        throw error as! ResolutionError
      }
    }
    return try keptGraph(for: key).resolve(key, arguments: (), from: container)
  }

  /// `outer`, a decorator's instance made around `inner`, noted in the graph when it keeps
  /// disposals of what it made (see ``Graph/noteDecoration(_:around:)``).
  @inline(__always)
  func noting<Decorator, T>(_ outer: Decorator, around inner: T) -> Decorator {
    if graph.isActive, graph.keepsDisposalsOfMade { graph.noteDecoration(outer, around: inner) }
    return outer
  }

  /// Runs a decorator: the request for what it wraps and its closure, which asks for its own
  /// dependencies, are made from the step of the path that asked for the type it decorates, and a
  /// request that fails names the decorator there (see ``ResolutionError/named(decorator:at:)``).
  func decorating<Decorator>(as decorator: DefinitionKey, _ body: () throws -> Decorator) throws -> Decorator {
    let step = graph.frameCount - 1
    do {
      return try body()
    } catch let error as ResolutionError {
      throw error.named(decorator: decorator, at: step)
    }
  }

  /// ``decorating(as:_:)`` in an async resolution.
  func decorating<Decorator>(as decorator: DefinitionKey, _ body: () async throws -> Decorator) async throws
    -> Decorator
  {
    let step = graph.frameCount - 1
    do {
      return try await body()
    } catch let error as ResolutionError {
      throw error.named(decorator: decorator, at: step)
    }
  }

  /// Resolves what a decorator wraps, stored under the decoration's hidden key `inner`, with the
  /// runtime arguments the decorator was given: requested as the key the decoration serves, with
  /// this request's tag, so the wrapped definition and its dependencies are requested as they were
  /// before it was decorated (a `.shared` dependency is the graph's own, a tag reaches them).
  func resolveDecorated<T, Arguments>(_ inner: DefinitionKey, arguments: Arguments) throws(ResolutionError) -> T {
    let graph = graph.isActive ? graph : try keptGraph(for: inner)
    return try graph.resolve(inner, requestedAs: inner.with(tagSlot: tagSlot), arguments: arguments, from: container)
  }

  /// ``resolveDecorated(_:arguments:)`` in an async resolution (a decoration's awaiting
  /// factory, see ``Registration/Extras/asyncFactory``).
  ///
  /// ```swift
  /// try decorator(r, try await r.resolveDecoratedAsync(innerKey, arguments: arguments))
  /// ```
  func resolveDecoratedAsync<T, Arguments>(_ inner: DefinitionKey, arguments: Arguments) async throws -> T {
    try await graph.resolveAsync(
      inner, requestedAs: inner.with(tagSlot: tagSlot), arguments: arguments, from: container)
  }

  /// Resolves one instance of each type with the current tag (auto-wiring).
  @inlinable
  func resolveAll<each Dependency>(_ types: repeat (each Dependency).Type) throws(ResolutionError)
    -> (repeat each Dependency)
  {
    try (repeat resolve((each Dependency).self, tagSlot: tagSlot))
  }

  /// Resolves `T` with an already wrapped tag: auto-wiring passes its own tag on without boxing
  /// it in an existential and unwrapping it again for every dependency.
  ///
  /// NB: type-erased on purpose. Auto-wiring calls this from a parameter-pack expansion, which
  /// the optimizer does not specialize; the erased path reaches the registration's specialized
  /// producer instead of running generic code for `T`, and pays one cast.
  @inlinable
  func resolve<T>(_ type: T.Type, tagSlot: TagSlot) throws(ResolutionError) -> T {
    let key = DefinitionKey(type: T.self, tagSlot: tagSlot)
    if tagSlot.isNone, graph.isActive, graph.isRoot(containerReference), graph.rootIsTopLevel,
      let found = graph.rootSnapshotReference.withObject({ $0.registry.unretainedProducer(key.typeKey) })
    {
      return try graph.produce(T.self, entry: found.entry, with: found.producer, requested: key)
    }
    let graph = graph.isActive ? graph : try keptGraph(for: key)
    return try graph.resolveErased(key, arguments: (), from: container) as! T
  }
}
