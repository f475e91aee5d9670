extension Registration {
  /// Whether `graph` can make this definition's instance synchronously, here: returns `nil` when
  /// it can, or the instance an async resolution prepared for this request (see
  /// ``Graph/prepare(_:for:)``).
  ///
  /// Otherwise throws: ``ResolutionError/Code/requiresAwait`` for an `async` factory or block,
  /// ``ResolutionError/Code/requiresMainActor`` for a main-actor one off the main actor. In an
  /// async resolution it first leaves the graph a note to make it asynchronously, in its own
  /// isolation; the async code that called the synchronous factory or block this request came
  /// from then makes it and runs that factory or block again (see
  /// ``Graph/replaying(remaking:_:)``).
  @usableFromInline @inline(never)
  func checkIsolation(
    _ arguments: Arguments, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container
  ) throws(ResolutionError) -> Instance? {
    if graph.isAsync, let prepared = graph.takePrepared(for: id) {
      return (prepared as! Instance)
    }
    // NB: a registration without extras has neither an `async` nor a main-actor factory or block.
    guard let extras else { return nil }
    // Only its blocks need `await` or the main actor, and they will wait for a construction that
    // async code finishes and runs them there: the factory runs here, once.
    if !extras.factoryIsAsync, !extras.isMainActor || graph.isOnMainActor, graph.blocksWaitForAsyncCode() {
      return nil
    }
    let error: ResolutionError
    if extras.factoryIsAsync || extras.blocksNeedAwait {
      error = graph.requiresAwait(requested, blockOnly: !extras.factoryIsAsync)
    } else if (extras.isMainActor || extras.blocksNeedMainActor) && !graph.isOnMainActor {
      error = graph.requiresMainActor(requested)
    } else {
      return nil
    }
    if graph.isAsync {
      graph.deferUntilAwaited(error) { graph async throws in
        var isNew = false
        let instance = try await self.produceAsync(
          arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
        // A reusable instance is found in the graph again; a `.unique` one is handed to the
        // request that asks for it next.
        if self.scope.kind == .unique { graph.prepare(instance, for: self.id) }
      }
    }
    throw error
  }
}

extension Registration {
  /// The instance `graph` keeps for `requested`, as the object it is (a class instance), or
  /// `nil` for a value or a `.unique` definition.
  @usableFromInline func reusableInstance(in graph: Graph, requested: DefinitionKey) -> AnyObject? {
    guard scope.kind != .unique, let object = reusable(in: graph, requested: requested) else { return nil }
    return Instance.self is AnyObject.Type ? object : nil
  }
}
