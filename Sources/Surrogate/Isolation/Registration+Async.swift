extension Registration {
  /// Produces the instance in an async resolution: like `produce`, but runs the factory and every
  /// block in its own isolation (awaiting `async` ones, hopping to the main actor for main-actor
  /// ones), and waits for another graph's singleton without blocking a thread.
  ///
  /// A synchronous factory or block runs once, where this resolution runs: what it asks for must
  /// be made synchronously there (see ``checkIsolation(in:requested:)``).
  ///
  /// - Throws: `ResolutionError`, or `CancellationError` when the task is cancelled while waiting
  ///   for a singleton another task is creating (the creation goes on for the others).
  @usableFromInline
  func produceAsync(
    _ arguments: Arguments, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container,
    isNew: inout Bool
  ) async throws -> Instance {
    if scope.kind == .scoped, !graph.isValidation {
      return try await produceScopedAsync(
        arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
    }
    return try await produceAsyncHere(
      arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
  }

  /// `produceAsync` with this registration's own store: a `.scoped` registration's scope copy
  /// comes here directly.
  func produceAsyncHere(
    _ arguments: Arguments, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container,
    isNew: inout Bool
  ) async throws -> Instance {
    if let observer = graph.observer {
      noteRequest(requested, in: graph, lookup: lookup, observer: observer)
    }
    // A scope's validation resolves as the scope does (see `produceScoped`).
    if scope.kind == .scoped, graph.isValidation, graph.scopeContainer(forScopedIn: lookup) == nil,
      graph.root.isInScope || graph.isBuildingSingleton
    {
      throw graph.outsideScope(requested)
    }
    if let instance = existing(in: graph, requested: requested) { return instance }
    if graph.isValidation, let kept = graph.extrasStorage?.keptIsolatedSingletons[id] {
      setReusable(kept, in: graph, requested: requested)
      return Self.instance(stored: kept)
    }
    try graph.checkCycleAndDepth(id: id, requested: requested)
    var gate: Gate?
    if scope.kind.isStored, !graph.isValidation,
      renewedAt == 0 || !graph.makesUnpublished(renewedAt: renewedAt, owner: owner)
    {
      switch try await obtainStore().claimAsync(in: graph, requested: requested) {
      case .ready(let instance):
        if scope.kind == .weakSingleton { graph.hold(instance) }
        return instance
      case .create(let claimed):
        gate = claimed
      case .retired:
        throw graph.resetWhileResolving(requested, scope: scope)
      }
    }
    let resolver = makeResolver(in: graph, requested: requested, owner: owner, lookup: lookup)
    let unfinishedReads = graph.unfinishedReads
    graph.push(frame(for: requested))
    graph.observer?.startedBuilding(key)
    defer {
      graph.observer?.finishedBuilding(key)
      graph.pop()
    }
    let instance: Instance
    do {
      if let asyncFactory {
        instance = try await asyncFactory(resolver, arguments)
      } else {
        let factory = self.factory
        instance = try graph.runningSynchronously { try factory(resolver, arguments) }
      }
    } catch {
      if let gate { giveUpCreation(gate: gate, in: graph) }
      if graph.hasPostponed { graph.abandonPostponed(for: id) }
      if error is CancellationError { throw error }
      throw graph.wrap(error, code: .factoryFailed, key: requested)
    }
    try await finishAsync(instance, resolver: resolver, in: graph, requested: requested, gate: gate)
    // An instance that used an unfinished one is complete only if the graph succeeds; a
    // singleton's publication waits for that success.
    if graph.unfinishedReads != unfinishedReads { graph.madeFromUnfinished(id: id, isStored: scope.kind.isStored) }
    if gate != nil { graph.publishBeforeSuspending(id) }
    if scope.kind.isStored {
      try trackDisposal(of: instance, in: graph, requested: requested, owner: owner, lookup: lookup)
    } else if graph.observer == nil || graph.keepsMadeDisposals {
      graph.keepUnreceived(
        instance, key: requested, definedAs: key, scope: scope, id: id, owner: owner, plainType: plainInstanceType)
    }
    isNew = true
    return instance
  }

  @usableFromInline
  func produceAsync(arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    async throws -> Produced
  {
    var isNew = false
    let instance = try await produceAsync(
      arguments as! Arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
    return Produced(instance: instance, isNew: isNew)
  }

  /// `finish` for an async resolution: the blocks, and those that waited for this definition,
  /// run in their own isolation.
  func finishAsync(_ instance: Instance, resolver: Resolver, in graph: Graph, requested: DefinitionKey, gate: Gate?)
    async throws
  {
    graph.markConstructed()
    // A scope keeps the disposal of an instance with blocks or auto-injected properties once they
    // ran (also when they fail): what they make is disposed before it, dependents first.
    // The dynamic type read once, as `make` reads it, and only for an observer.
    let type = graph.observer == nil ? nil : dynamicType(of: instance)
    let recordsLater = type.map { !graph.tracesBuilding && (hasBlocks || mayInject(type: $0)) } ?? false
    defer { if recordsLater, let type { record(instance, type: type, in: graph, requested: requested) } }
    do {
      keep(instance, in: graph, requested: requested, recordingAs: recordsLater ? nil : type)
      try checkForwardedType(of: instance, in: graph, requested: requested, gate: gate)
      if graph.hasPostponed { try await runWaitingBlocksAsync(in: graph, requested: requested, gate: gate) }
      var waits = false
      let injects = injectionPlan(for: instance).map { start($0, on: instance, resolver: resolver) } ?? false
      if hasBlocks || injects {
        let start = injects ? Self.injectionStep : 0
        if let depth = graph.outermostConstruction() {
          waitForConstruction(
            at: depth, from: start, on: instance, resolver: resolver, in: graph, requested: requested, gate: gate,
            isAsync: true)
          waits = true
        } else {
          try await runBlocksAsync(
            from: start, on: instance, resolver: resolver, in: graph, requested: requested, gate: gate)
        }
      }
      if !waits, let gate { publish(instance, gate: gate, in: graph) }
      if graph.hasPostponed { try await graph.runPostponedAsync(for: id) }
    } catch {
      if graph.hasPostponed { graph.abandonPostponed(for: id) }
      graph.keepDiscarded(
        instance, key: requested, definedAs: key, id: id, isStored: scope.kind.isStored, plainType: plainInstanceType)
      throw error
    }
  }

  /// `runBlocks` for an async resolution: an `async` block is awaited, a main-actor one runs on
  /// the main actor, a synchronous one here, once.
  func runBlocksAsync(
    from start: Int, on instance: Instance, resolver: Resolver, in graph: Graph, requested: DefinitionKey, gate: Gate?
  ) async throws {
    let blocks = extras?.blocks ?? []
    let asyncBlocks = extras?.asyncBlocks ?? []
    var index = start
    while index < blocks.count {
      do {
        if index == Self.injectionStep {
          try await injectPropertiesAsync(of: instance, resolver: resolver)
        } else if index < asyncBlocks.count, let asyncBlock = asyncBlocks[index] {
          try await asyncBlock(resolver, instance)
        } else {
          let block = blocks[index]
          try graph.runningSynchronously { try block(resolver, instance) }
        }
      } catch {
        if error is CancellationError {
          setReusable(nil, in: graph, requested: requested)
          if let gate { store?.abandon(gate: gate) }
          throw error
        }
        throw blockFailed(error, in: graph, requested: requested, gate: gate)
      }
      index += 1
    }
  }
}

extension Graph {
  /// `runWaitingBlocks` for an async resolution: blocks that waited there run in their own
  /// isolation.
  func runWaitingBlocksAsync() async throws {
    guard let waiting = takeWaitingBlocks() else { return }
    try await runAsync(waiting)
  }

  /// `runPostponed` for an async resolution.
  func runPostponedAsync(for id: RegistrationID) async throws {
    guard let waiting = takePostponed(for: id) else { return }
    try await runAsync(waiting)
  }

  private func runAsync(_ waiting: [Postponed]) async throws {
    for (index, entry) in waiting.enumerated() {
      do {
        if let runAsync = entry.runAsync {
          try await runAsync()
        } else {
          try runningSynchronously { try entry.run() }
        }
      } catch {
        for later in waiting[(index + 1)...] { later.abandon?() }
        throw error
      }
    }
  }
}
