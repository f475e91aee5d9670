extension Container {
  /// The graph of all definitions, with their dependencies discovered by resolving each in a
  /// throwaway graph (as ``validate(isolation:)`` does).
  ///
  /// ```swift
  /// print(container.dependencyGraph().dot())
  /// ```
  ///
  /// A definition that needs runtime arguments is drawn without its outgoing edges, marked
  /// incomplete with why (unless auto-wiring reached it, which built it whole). This
  /// synchronous form cannot run an `async` factory or block, nor a main-actor one unless it is
  /// called on the main actor: a definition it could not build whole is drawn with what it asked
  /// for before it stopped, and marked (``DependencyGraph/Node/incomplete``) with the reason.
  /// `await container.dependencyGraph()` draws those too.
  ///
  /// Inside ``withOverrides(_:operation:)-(_,()->Result)`` it draws what `resolve` makes for the
  /// current task: the overrides' definitions, and this container's own that they do not replace,
  /// each resolved with the overrides, as ``validate(isolation:)`` checks them.
  ///
  /// - Parameter isolation: The caller's actor, filled in by `#isolation`: main-actor definitions
  ///   are built when it is the main actor.
  /// - Returns: The graph.
  public func dependencyGraph(isolation: isolated (any Actor)? = #isolation) -> DependencyGraph {
    let recorder = EdgeRecorder(distinguishesHiddenDefinitions: true)
    let (root, entries) = definitionsToDraw()
    var incomplete = IncompleteDefinitions()
    var disposals: [ThrowawayDisposal] = []
    // By key: the drawing must not depend on the registry's hash order (an entry point's graph may
    // reuse what another made).
    for entry in entries.sortedByKeyDescription()
    where !entry.key.hasArguments && !DecorationTag.isDecoration(entry.key.tag) {
      let graph = Graph(container: root, isolation: isolation, isValidation: true)
      recorder.startAttempt()
      graph.observer = recorder
      do throws(ResolutionError) {
        _ = try graph.resolveErased(entry.key, arguments: (), from: root)
      } catch {
        incomplete.note(error, recorder: recorder, isAsync: false)
      }
      disposals += graph.extrasStorage?.validationDisposals ?? []
    }
    // What the drawing made is disposed as `validate()` disposes what it made.
    _ = ThrowawayDisposal.runSynchronously(disposals)
    return makeDependencyGraph(recorder: recorder, entries: entries, incomplete: incomplete)
  }

  /// The graph of all definitions, resolving each as `try await resolve` does: `async` factories
  /// and blocks awaited, main-actor ones on the main actor. The eager singletons are made first,
  /// as `bootstrap()` makes them, so a synchronous factory that takes one is drawn whole; one that
  /// asks for another `async` definition not made yet is marked as `try await resolve` would fail
  /// (see <doc:Concurrency#Your-code-runs-once>). Inside `withOverrides`, with the overrides (see
  /// ``dependencyGraph(isolation:)``).
  ///
  /// ```swift
  /// let graph = await container.dependencyGraph()
  /// #expect(graph.nodes.allSatisfy { $0.incomplete == nil })
  /// ```
  ///
  /// - Returns: The graph.
  public func dependencyGraph() async -> DependencyGraph {
    let recorder = EdgeRecorder(distinguishesHiddenDefinitions: true)
    let (root, entries) = definitionsToDraw()
    var incomplete = IncompleteDefinitions()
    // Eager singletons first, kept for the other definitions' graphs: `bootstrap()` makes them
    // before anything asks, so a synchronous factory may take one that needs `await`. By key, as
    // the synchronous form.
    let drawn = entries.sortedByKeyDescription().filter {
      !$0.key.hasArguments && !DecorationTag.isDecoration($0.key.tag)
    }
    var kept = ThrowawaySingletons()
    var disposals: [ThrowawayDisposal] = []
    for entry in drawn.filter(\.isEagerSingleton) + drawn.filter({ !$0.isEagerSingleton }) {
      recorder.startAttempt()
      let outcome = await kept.resolve(
        entry.key, from: root, recordingIn: recorder, keepsWhatItMade: entry.isEagerSingleton)
      disposals += outcome.disposals
      guard let error = outcome.error else { continue }
      guard let error = error as? ResolutionError else { break }  // cancelled
      incomplete.note(error, recorder: recorder, isAsync: true)
    }
    kept = ThrowawaySingletons()
    // What the drawing made is disposed as `validate()` disposes what it made.
    _ = await ThrowawayDisposal.run(disposals)
    return makeDependencyGraph(recorder: recorder, entries: entries, incomplete: incomplete)
  }

  /// The graph of one resolution of `type`: the definitions it needed and who asked for whom.
  ///
  /// It resolves in a throwaway graph, as ``validate(isolation:)`` does: the container's singletons
  /// are neither read nor kept, so their factories run again, and what they make is disposed
  /// before it returns (synchronous disposals only; the awaited form runs `async` ones). Inside
  /// ``withOverrides(_:operation:)-(_,()->Result)``, it is the graph `resolve` makes there, with the
  /// overrides, from this container, a scope of it or a container below it.
  ///
  /// ```swift
  /// let screen = try container.dependencyGraph(of: ListViewController.self)
  /// #expect(screen.cycles.isEmpty)
  /// ```
  ///
  /// A root registered with runtime arguments is drawn with the arguments it is resolved with:
  /// `try container.dependencyGraph(of: OrderDetail.self, arguments: "o42")`.
  ///
  /// - Parameters:
  ///   - type: The root to resolve.
  ///   - tag: The root's tag.
  ///   - arguments: The root's runtime arguments.
  ///   - isolation: The caller's actor, filled in by `#isolation`: main-actor definitions are
  ///     built when it is the main actor.
  /// - Returns: The graph.
  /// - Throws: The ``ResolutionError`` of the resolution.
  public func dependencyGraph<T, each Argument>(
    of type: T.Type, tag: (any Hashable & Sendable)? = nil, arguments: repeat each Argument,
    isolation: isolated (any Actor)? = #isolation
  ) throws(ResolutionError) -> DependencyGraph {
    // Inside `withOverrides`, the graph `resolve` would make there: the override's.
    if let override = activeOverride {
      return try override.dependencyGraph(of: type, tag: tag, arguments: repeat each arguments, isolation: isolation)
    }
    let recorder = EdgeRecorder(distinguishesHiddenDefinitions: true)
    var graph = Optional(Graph(container: self, isolation: isolation, isValidation: true))
    graph?.observer = recorder
    defer {
      let disposals = graph?.extrasStorage?.validationDisposals ?? []
      graph = nil
      _ = ThrowawayDisposal.runSynchronously(disposals)
    }
    _ = try graph!.resolveErased(
      DefinitionKey(type: T.self, argumentsType: (repeat each Argument).self, tag: .wrap(tag)),
      arguments: (repeat each arguments), from: self)
    return makeDependencyGraph(recorder: recorder, entries: entriesInReach(), onlyReached: true)
  }

  /// The graph of one resolution of `type`, resolved as `try await resolve` does, in a throwaway
  /// graph (the container's singletons are neither read nor kept). The eager singletons are made
  /// first, as `bootstrap()` makes them, so a synchronous factory may take one that needs `await`;
  /// what such a singleton asks for is drawn when the resolution reaches it. Inside
  /// `withOverrides`, it is the graph `resolve` makes there, with the overrides.
  ///
  /// ```swift
  /// let screen = try await container.dependencyGraph(of: AccountsViewController.self)
  /// print(screen.dot())
  /// ```
  ///
  /// - Parameters:
  ///   - type: The root to resolve.
  ///   - tag: The root's tag.
  /// - Returns: The graph.
  /// - Throws: The ``ResolutionError`` of the resolution, or `CancellationError`.
  public func dependencyGraph<T>(of type: T.Type, tag: (any Hashable & Sendable)? = nil) async throws
    -> DependencyGraph
  {
    try await drawAsync(DefinitionKey(type: T.self, tag: .wrap(tag)), arguments: ())
  }

  /// The graph of one resolution of `type` with runtime arguments, resolved as `try await resolve`
  /// does (see ``dependencyGraph(of:tag:)``).
  ///
  /// ```swift
  /// let detail = try await container.dependencyGraph(of: OrderDetail.self, arguments: "o42")
  /// ```
  ///
  /// - Parameters:
  ///   - type: The root to resolve.
  ///   - tag: The root's tag.
  ///   - arguments: The root's runtime arguments.
  /// - Returns: The graph.
  /// - Throws: The ``ResolutionError`` of the resolution, or `CancellationError`.
  public func dependencyGraph<T, each Argument>(
    of type: T.Type, tag: (any Hashable & Sendable)? = nil, arguments: repeat each Argument
  ) async throws -> DependencyGraph {
    try await drawAsync(
      DefinitionKey(type: T.self, argumentsType: (repeat each Argument).self, tag: .wrap(tag)),
      arguments: (repeat each arguments))
  }

  /// The awaited graph of one resolution of `key` with `arguments` (see ``dependencyGraph(of:tag:)``).
  ///
  /// NB: the form without arguments is a function of its own, not the pack's with none: the API
  /// of the last release keeps it.
  private func drawAsync(_ key: DefinitionKey, arguments: Any) async throws -> DependencyGraph {
    if let override = activeOverride { return try await override.drawAsync(key, arguments: arguments) }
    let entries = entriesInReach()
    // NB: an eager singleton that fails here is left to the resolution, which meets it unmade.
    let eagerRecorder = EdgeRecorder(distinguishesHiddenDefinitions: true)
    var kept = ThrowawaySingletons()
    let eagerKeys = entries.filter { $0.isEagerSingleton && !$0.key.hasArguments }.map(\.key)
    var disposals: [ThrowawayDisposal] = []
    for key in eagerKeys { disposals += await kept.resolve(key, from: self, recordingIn: eagerRecorder).disposals }
    let recorder = EdgeRecorder(distinguishesHiddenDefinitions: true)
    var graph = Optional(kept.graph(from: self, observedBy: recorder))
    kept = ThrowawaySingletons()
    let failure: (any Error)?
    do {
      let drawing = graph!
      _ = try await drawing.runningAsTaskGraph {
        try await drawing.resolveErasedAsync(key, arguments: arguments, from: self)
      }
      failure = nil
    } catch {
      failure = error
    }
    // What the drawing made is disposed as `validate()` disposes what it made, once the graph that
    // held it is gone.
    disposals += graph?.extrasStorage?.validationDisposals ?? []
    graph = nil
    _ = await ThrowawayDisposal.run(disposals)
    if let failure { throw failure }
    recorder.absorb(eagerRecorder, below: eagerKeys)
    return makeDependencyGraph(recorder: recorder, entries: entries, onlyReached: true)
  }

  /// The definitions a resolution from this container can reach: its own, then its ancestors',
  /// so that a reached definition of an ancestor keeps its forwarded types.
  private func entriesInReach() -> [any Entry] {
    snapshotChain().flatMap { $0.registry.entries }
  }

  /// Where the whole-container graph resolves from, and the definitions it draws: this
  /// container's, or inside `withOverrides` its override's and then its own that the overrides do
  /// not replace, resolved from the override as `resolve` does.
  private func definitionsToDraw() -> (root: Container, entries: [any Entry]) {
    let registries = registriesInView(throughAncestors: false)
    guard registries.count > 1 else { return (self, registries.first?.registry.entries ?? []) }
    var keys = Set<DefinitionKey>()
    let entries = registries.flatMap(\.registry.entries).filter { keys.insert($0.key).inserted }
    return (registries[0].container, entries)
  }

  func makeDependencyGraph(
    recorder: EdgeRecorder, entries: [any Entry], onlyReached: Bool = false,
    incomplete: IncompleteDefinitions = IncompleteDefinitions()
  ) -> DependencyGraph {
    var forwarded: [DefinitionKey: [DefinitionKey]] = [:]
    var scopes: [DefinitionKey: Scope] = recorder.scopes
    var reasons = incomplete.reasons
    for entry in entries {
      if entry.isForwarding {
        forwarded[entry.sourceKey, default: []].append(DecorationTag.userKey(of: entry.key))
      } else if let scoped = entry as? any ScopedEntry {
        scopes[entry.key] = scopes[entry.key] ?? scoped.scope
        // Not built (no request reached it through auto-wiring): drawn, but not whole.
        if entry.key.hasArguments, recorder.scopes[entry.key] == nil, reasons[entry.key] == nil {
          reasons[entry.key] =
            "it needs runtime arguments \(typeName(entry.key.argumentsType)), which the export does not have: "
            + "`dependencyGraph(of:arguments:)` draws it, and `validate(arguments:)` checks it, with arguments you pass"
        }
      }
    }
    // The types an ancestor forwards to its definitions that a resolution from here reached: a
    // child's graph draws them as the parent's does (a forwarding the nearer container registers
    // under the same key hides the ancestor's).
    var drawnKeys = Set(entries.map(\.key))
    for entry in entriesInReach() where drawnKeys.insert(entry.key).inserted && entry.isForwarding {
      forwarded[entry.sourceKey, default: []].append(DecorationTag.userKey(of: entry.key))
    }
    // What a resolution reached, and what it takes later (a `Lazy`'s definition, not made now,
    // is still the other end of an edge).
    let reached = Set(recorder.scopes.keys).union(recorder.laterRequests.map(\.request.to))
    let keys = onlyReached ? Array(reached) : Array(scopes.keys)
    let names = DecorationTag.nodeNames(of: keys, madeTypes: recorder.decoratorTypes)
    let nodes = keys.compactMap { key in
      scopes[key].map { scope in
        DependencyGraph.Node(
          key: key, name: names[key] ?? key.description, scope: scope,
          forwardedTypes: Set(forwarded[key] ?? []).sorted { $0.description < $1.description },
          decorates: DecorationTag.decorated(byDecorator: key), incomplete: reasons[key])
      }
    }
    let edges = Set(
      recorder.requests.map { request in
        // A decorator asks for what it wraps as the type it decorates (see `resolveDecorated`).
        let isDecoration = DecorationTag.decorated(byDecorator: request.from)?.type == request.requested.type
        let requested = isDecoration || request.requested == request.to ? nil : request.requested
        return DependencyGraph.Edge(
          from: request.from, to: request.to, requested: requested, isWeak: request.isWeak,
          isDecoration: isDecoration, isDeferred: false)
      }
        + recorder.laterRequests.map(\.request).map { request in
          DependencyGraph.Edge(
            from: request.from, to: request.to, requested: request.requested == request.to ? nil : request.requested,
            isWeak: false, isDecoration: false, isDeferred: true)
        })
    return DependencyGraph(nodes: nodes, edges: Array(edges))
  }
}

/// The definitions a graph export could not build whole, and why.
struct IncompleteDefinitions {
  private(set) var reasons: [DefinitionKey: String] = [:]

  /// Marks every definition on `error`'s path: each stopped there, so its drawing lacks what it
  /// would have asked for next.
  mutating func note(_ error: ResolutionError, recorder: EdgeRecorder, isAsync: Bool) {
    let reason: String
    switch error.code {
    case .requiresAwait where !isAsync:
      reason = "\(error.key) needs `await`: draw it with `await container.dependencyGraph()`"
    case .requiresMainActor where !isAsync:
      reason =
        "\(error.key) needs the main actor: draw it from @MainActor code or with `await container.dependencyGraph()`"
    default:
      reason = "\(error.code): \(error.message)"
    }
    for requested in error.path {
      let definition = recorder.definition(requestedAs: requested) ?? requested
      if reasons[definition] == nil { reasons[definition] = reason }
    }
  }
}
