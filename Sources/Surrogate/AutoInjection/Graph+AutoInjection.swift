extension Graph {
  /// Notes a new ``Resolvable`` instance, to be told when the graph is complete; `onMainActor`
  /// when it is a main-actor instance (its factory runs there), which is told there.
  func noteResolvable(_ instance: any Resolvable, onMainActor: Bool = false) {
    extras.resolvables.append(instance)
    if onMainActor { extras.hasMainActorResolvables = true }
  }

  /// Tells the ``Resolvable`` instances of an async graph that it is complete, on the main actor
  /// when one of them is a main-actor instance (see ``complete(succeeded:)``, which tells them
  /// where it runs otherwise).
  func finishResolvablesAsync() async {
    guard let extras = extrasStorage, extras.hasMainActorResolvables, !extras.resolvables.isEmpty else { return }
    isCompleting = true
    defer { isCompleting = false }
    // NB: `try?`: the callbacks do not throw, so neither does the hop.
    try? await MainActorHop.runSynchronously(self, self) { graph in
      while graph.extrasStorage?.resolvables.isEmpty == false { graph.finishResolvables() }
    }
  }

  /// Resolves an auto-injected property's value with `body`: meanwhile the resolution context of
  /// what it makes names the property.
  func injecting<Value>(_ property: InjectedProperty, _ body: () throws(ResolutionError) -> Value)
    throws(ResolutionError) -> Value
  {
    let outer = extras.injecting
    extras.injecting = (property, frameCount - 1)
    defer { extrasStorage?.injecting = outer }
    return try body()
  }

  /// ``injecting(_:_:)`` in an async resolution.
  ///
  /// ```swift
  /// try await graph.injectingAsync(property) { try await graph.resolveAsync(key, arguments: (), from: container) }
  /// ```
  func injectingAsync<Value>(_ property: InjectedProperty, _ body: () async throws -> Value) async throws -> Value {
    let outer = extras.injecting
    extras.injecting = (property, frameCount - 1)
    defer { extrasStorage?.injecting = outer }
    return try await body()
  }

  /// The auto-injected property whose value the definition on top of the path is being made for.
  var injectedProperty: InjectedProperty? {
    guard let injecting = extrasStorage?.injecting, injecting.ownerDepth == frameCount - 2 else { return nil }
    return injecting.property
  }

  /// The graph is complete: tells every ``Resolvable`` made in it, the last made first.
  ///
  /// NB: called only when the graph has extras, which a graph that made a `Resolvable` has.
  @usableFromInline
  func finishResolvables() {
    guard let extras = extrasStorage, !extras.resolvables.isEmpty else { return }
    let resolvables = extras.resolvables
    extras.resolvables = []
    for instance in resolvables.reversed() { instance.didResolveDependencies() }
  }
}
