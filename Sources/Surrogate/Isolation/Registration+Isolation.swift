extension Registration {
  @usableFromInline var needsAwaitOnAnyActor: Bool {
    extras.map { $0.factoryIsAsync || $0.blocksNeedAwait } ?? false
  }

  /// NB: a synchronous main-actor factory has an `asyncFactory` too (its hop to the main actor),
  /// which still makes its dependencies synchronously.
  @usableFromInline var awaitsDependenciesWhenAwaited: Bool {
    guard let extras else { return false }
    return extras.factoryIsAsync || (extras.asyncFactory != nil && !extras.isMainActor)
  }

  /// Checks that `graph` can make this definition's instance synchronously, here.
  ///
  /// Otherwise throws: ``ResolutionError/Code/requiresAwait`` for an `async` factory or block,
  /// ``ResolutionError/Code/requiresMainActor`` for a main-actor one off the main actor. In an
  /// async resolution, this request comes from synchronous code (a factory or block), which runs
  /// once: the error names it and says how to let it await.
  ///
  /// ```swift
  /// try checkIsolation(in: graph, requested: requested)  // before the factory runs
  /// ```
  @usableFromInline @inline(never)
  func checkIsolation(in graph: Graph, requested: DefinitionKey) throws(ResolutionError) {
    // NB: a registration without extras has neither an `async` nor a main-actor factory or block.
    guard let extras else { return }
    // Only its blocks need `await` or the main actor, and they will wait for a construction that
    // async code finishes and runs them there: the factory runs here, once.
    if !extras.factoryIsAsync, !extras.isMainActor || graph.isOnMainActor, graph.blocksWaitForAsyncCode() {
      return
    }
    if extras.factoryIsAsync || extras.blocksNeedAwait {
      throw graph.requiresAwait(requested, blockOnly: !extras.factoryIsAsync)
    }
    if (extras.isMainActor || extras.blocksNeedMainActor) && !graph.isOnMainActor {
      throw graph.requiresMainActor(requested)
    }
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
