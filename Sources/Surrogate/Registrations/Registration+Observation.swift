extension Registration {
  /// Tells `observer` (a leak check, the graph export) about a request for this definition, and,
  /// for a scope the container keeps, the instance it already keeps: a leak check counts it as
  /// kept and looks for what it holds.
  ///
  /// NB: out of line and only called when the graph has an observer: resolving without one pays
  /// for the `if let` alone.
  @usableFromInline @inline(never)
  func noteRequest(_ requested: DefinitionKey, in graph: Graph, lookup: Container, observer: any GraphObserver) {
    // NB: a scope's graph observer records no request (see `ScopeDisposals`): its tag checks and
    // calls were about 2,000 instructions of a server request in a scope (server-scope). The
    // check is here and the work in `noteObservedRequest`: the latter's `Instance?` makes
    // unspecialized code ask the runtime for `Optional`'s metadata on entry, about 500
    // instructions a call (13 calls, 64,000 instructions, of a server request in a scope).
    if ObjectIdentifier(type(of: observer)) == ObjectIdentifier(ScopeDisposals.self) { return }
    noteObservedRequest(requested, in: graph, lookup: lookup, observer: observer)
  }

  @inline(never)
  private func noteObservedRequest(
    _ requested: DefinitionKey, in graph: Graph, lookup: Container, observer: any GraphObserver
  ) {
    let definition = graph.observedKey(of: key, id: id, for: observer)
    graph.noteRequest(requested, definition: definition, scope: scope, lookup: lookup, observer: observer)
    // A weak singleton alive before the resolution (something holds it) is used too: a leak
    // check checks it, and cannot call it released while it lives.
    if scope.isKeptByContainer || scope.kind == .weakSingleton, !graph.isValidation, let instance = cachedValue {
      observer.usesKept(instance, definition: definition, scope: scope)
    }
  }
}
