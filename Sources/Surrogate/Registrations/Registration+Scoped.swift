import Synchronization

extension Registration {
  /// `produce` for a `.scoped` definition: the instance of the scope that `lookup` is in (or, for
  /// a collaborator's definition, the scope the graph started in: see
  /// ``Graph/scopeContainer(forScopedIn:)``), made once in that scope by the scope's own copy of
  /// this registration (its store keeps the instance until the scope ends). Dependencies resolve
  /// in the scope's container, a collaborator's in the collaborator (then in the graph that asked).
  @usableFromInline @inline(never)
  func produceScoped(
    _ arguments: Arguments, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container,
    isNew: inout Bool
  ) throws(ResolutionError) -> Instance {
    guard let scope = graph.scopeContainer(forScopedIn: lookup) else {
      // Validation outside any scope checks the definition's wiring as a scope would resolve it;
      // a scope's validation resolves as the scope does. A singleton's (or a custom scope's
      // instance's) `.scoped` dependency fails in both: it resolves in its own container, outside
      // any scope, so no scope ever makes it (outside client 37: an eager singleton that
      // `bootstrap()` could never make was called valid).
      guard graph.isValidation, !graph.root.isInScope, !graph.isBuildingSingleton
      else { throw graph.outsideScope(requested) }
      return try claimAndMake(arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
    }
    let dependencies = lookup.isInScope ? scope : lookup
    if graph.isValidation {
      return try claimAndMake(
        arguments, in: graph, requested: requested, owner: owner, lookup: dependencies, isNew: &isNew)
    }
    let copy = try scopeCopy(in: scope, graph: graph, requested: requested)
    if let instance = copy.existingInStore(in: graph) {
      // The scope made it before this graph: a leak check counts it as kept, as it counts a
      // singleton made before (`noteRequest` reads the registration's own store, which a `.scoped`
      // definition does not have).
      graph.observer?.usesKept(instance, definition: key, scope: self.scope)
      return instance
    }
    let instance = try copy.claimAndMake(
      arguments, in: graph, requested: requested, owner: owner, lookup: dependencies, isNew: &isNew)
    copy.shareInjectionPlan(with: self)
    return instance
  }

  /// `produceScoped` for an async resolution.
  func produceScopedAsync(
    _ arguments: Arguments, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container,
    isNew: inout Bool
  ) async throws -> Instance {
    guard let scope = graph.scopeContainer(forScopedIn: lookup) else { throw graph.outsideScope(requested) }
    let copy = try scopeCopy(in: scope, graph: graph, requested: requested)
    let instance = try await copy.produceAsyncHere(
      arguments, in: graph, requested: requested, owner: owner, lookup: lookup.isInScope ? scope : lookup,
      isNew: &isNew)
    copy.shareInjectionPlan(with: self)
    return instance
  }

  /// The scope's copy of this registration, made on first use; throws once the scope has ended.
  private func scopeCopy(in scope: Container, graph: Graph, requested: DefinitionKey) throws(ResolutionError)
    -> Registration
  {
    let copy = scope.withLifetime { lifetime -> (any Entry)? in
      guard case .open = lifetime.state else { return nil }
      if let existing = lifetime.scopedRegistrations[id] { return existing }
      let made = renewed(at: 0)
      lifetime.scopedRegistrations[id] = made
      return made
    }
    guard let copy else { throw graph.containerShutDown(requested, scope: true) }
    // Stored under this registration's id and made by `renewed()` from it: the same type.
    return copy as! Registration
  }

  /// Keeps the disposal of a new stored instance, if it has one, for the end of what owns it: a
  /// singleton's container, a `.scoped` instance's scope. (A `.shared` or `.unique` instance made
  /// in a scope is kept by the scope's graph observer, ``ScopeDisposals``; one made outside a
  /// scope is the caller's.)
  @usableFromInline
  func trackDisposal(
    of instance: Instance, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container
  )
    throws(ResolutionError)
  {
    guard !graph.isValidation, scope.kind.isStored, scope.kind != .weakSingleton else { return }
    // A `.scoped` instance's `lookup` is its scope's container, or the collaborator whose
    // definition it is (see `produceScoped`).
    let keeper = scope.kind == .scoped ? graph.scopeContainer(forScopedIn: lookup) ?? lookup : owner
    let disposer = owner.declaredDisposer(for: id)
    guard var disposal = TrackedDisposal.make(for: instance, key: key, disposer: disposer, plainType: plainInstanceType)
    else { return }
    disposal.maker = store
    if let refused = keeper.withLifetime({ $0.track(disposal) }) {
      // The keeper ended while this was made: nobody keeps the instance, and the failing graph
      // disposes it (see `Graph+Unreceived.swift`).
      graph.keepRefused(refused, requested: requested)
      throw graph.containerShutDown(requested, scope: keeper.opensScope)
    }
  }

  /// Whether an instance of dynamic type `type` (``dynamicType(of:)``), made outside a scope, may
  /// have a disposal: its definition declares one (or shares its bit of the container's mask with
  /// one that does), or `type` is not the one this definition's instances were found not to be
  /// ``Disposable`` with.
  ///
  /// NB: the caller passes the type it read once for the instance (``make(_:in:requested:owner:lookup:gate:isNew:)``),
  /// which auto-injection compares too: `type(of: instance as Any)` read here for every instance
  /// cost S1 5,396 -> 7,179 instructions a resolve, server-flat 22,972 -> 24,588 (+7.0%),
  /// server-scope 37,284 -> 38,722 (+3.9%) (callgrind, 2026-11-26).
  @inlinable @inline(__always)
  func mayNeedDisposal(type: Any.Type, owner: Container) -> Bool {
    mayNeedDisposal(type: type, ownerMask: owner.disposalMask.load(ordering: .relaxed))
  }

  /// ``mayNeedDisposal(type:owner:)`` with the registering container's ``Container/disposalMask``
  /// already read.
  @inlinable @inline(__always)
  func mayNeedDisposal(type: Any.Type, ownerMask: UInt64) -> Bool {
    if ownerMask & Graph.pathBit(of: id) != 0 { return true }
    guard let plain = plainInstanceType.load(ordering: .relaxed) else { return true }
    return plain != ObjectIdentifier(type)
  }
}
