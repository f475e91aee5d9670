// `bootstrap()`: the eager singletons made up front, and the freeze (see Bootstrap.md).

extension Container {
  /// Creates every ``Scope/eagerSingleton`` of this container now, and freezes its definitions.
  ///
  /// From the moment it starts, the container's definitions are frozen, as in Dip: a later
  /// registration, forwarding, decoration, `resolvingProperties` block or removal is not applied,
  /// and is reported instead (see <doc:Bootstrap>). Calling it again is harmless: it makes the
  /// eager singletons that are not made yet (one whose factory failed, say) and changes nothing
  /// else. Child containers are not frozen; each is bootstrapped on its own.
  ///
  /// An eager singleton that takes runtime arguments cannot be made without them: it is made on
  /// its first `resolve(_:arguments:)` instead.
  ///
  /// A main-actor eager singleton is made when this is called from main-actor code (an app
  /// delegate's launch); elsewhere it throws ``ResolutionError/Code/requiresMainActor``, as a
  /// synchronous `resolve` does: use `try await bootstrap()` there.
  ///
  /// ```swift
  /// container.register(.eagerSingleton) { CrashReporter() }
  /// try container.bootstrap()
  /// ```
  ///
  /// - Parameter isolation: The caller's actor, filled in by `#isolation`: main-actor eager
  ///   singletons are made when it is the main actor.
  /// - Throws: The first ``ResolutionError`` an eager singleton's factory raised;
  ///   ``ResolutionError/Code/containerShutDown`` when this container, or an ancestor, was shut down.
  public func bootstrap(isolation: isolated (any Actor)? = #isolation) throws(ResolutionError) {
    try checkCanBootstrap()
    freezeDefinitions()
    for entry in eagerSingletons() {
      let graph = Graph(container: self, isolation: isolation)
      do {
        _ = try graph.completing { () throws(ResolutionError) -> Any in
          try graph.resolveErased(entry.key, arguments: (), from: self)
        }
      } catch {
        throw Self.toldToAwaitBootstrap(error)
      }
    }
  }

  /// A failure of the synchronous `bootstrap()` that needs `await` or the main actor, told to call
  /// `try await bootstrap()`: what `resolve` is told (`try await container.resolve(...)`) does not
  /// make eager singletons.
  private static func toldToAwaitBootstrap(_ error: ResolutionError) -> ResolutionError {
    guard error.code == .requiresAwait || error.code == .requiresMainActor else { return error }
    return error.with(
      remedy: error.remedy.replacing(Graph.resolveWithAwait, with: "Call `try await container.bootstrap()` instead")
        .replacing("`try await container.resolve(...)`", with: "`try await container.bootstrap()`"))
  }

  /// Creates every ``Scope/eagerSingleton`` of this container now, awaiting `async` factories
  /// and running main-actor ones on the main actor, and freezes its definitions as
  /// ``bootstrap(isolation:)`` does.
  ///
  /// ```swift
  /// container.register(.eagerSingleton) { _ async throws in try await Database.open("main") }
  /// try await container.bootstrap()
  /// ```
  ///
  /// - Throws: The first ``ResolutionError`` an eager singleton's factory raised (or
  ///   ``ResolutionError/Code/containerShutDown`` when this container, or an ancestor, was shut
  ///   down), or `CancellationError`.
  public func bootstrap() async throws {
    try checkCanBootstrap()
    freezeDefinitions()
    for entry in eagerSingletons() {
      let graph = Graph(container: self)
      _ = try await graph.runningAsTaskGraph {
        try await graph.completingAsync { () async throws -> Any in
          try await graph.resolveErasedAsync(entry.key, arguments: (), from: self)
        }
      }
    }
  }

  /// Throws ``ResolutionError/Code/containerShutDown`` when this container, or an ancestor, was
  /// shut down: its eager singletons would not be made, and it resolves nothing more.
  private func checkCanBootstrap() throws(ResolutionError) {
    guard let ended = shutDownAncestor() else { return }
    let key = DefinitionKey(type: Container.self)
    let which =
      ended === self ? "a container that has been shut down" : "a child of a container that has been shut down"
    throw ResolutionError(
      .containerShutDown, key: key, path: [key],
      message: "`bootstrap()` was called on \(which): it made no eager singleton, and the container resolves "
        + "nothing more.",
      remedy: "Bootstrap a container before `shutdown()`; to start again, make a new container.")
  }

  /// This container's eager singletons, in the order `bootstrap()` makes them.
  func eagerSingletons() -> [any Entry] {
    snapshot().registry.entries.filter { !$0.key.hasArguments && $0.isEagerSingleton }.sortedByKeyDescription()
  }

  /// The keys of this container's ancestors' eager singletons, the farthest ancestor's first: what
  /// their `bootstrap()` makes before this container's graphs ask, which the throwaway graphs of
  /// `validate()` and of the services' ordering make first too (a child's synchronous factory may
  /// take its parent's eager singleton that needs `await`). A key is listed once.
  func ancestorsEagerSingletonKeys() -> [DefinitionKey] {
    var ancestors: [Container] = []
    var current = parent
    while let ancestor = current {
      ancestors.append(ancestor)
      current = ancestor.parent
    }
    var seen = Set<DefinitionKey>()
    return ancestors.reversed().flatMap { $0.eagerSingletons().map(\.key) }.filter { seen.insert($0).inserted }
  }
}

extension Entry {
  /// Whether this is a registration of an ``Scope/eagerSingleton``, which `bootstrap()` makes.
  var isEagerSingleton: Bool { !isForwarding && (self as? any ScopedEntry)?.scope == .eagerSingleton }
}
