extension Graph {
  /// Runs `body` as the calling task's `async` graph: an `async` factory that awaits
  /// `container.resolve` (Dip's idiom, not `r.resolve`) on a container of this graph's family
  /// joins this graph, as it joins the graph of a `try await resolve`. Every graph a task resolves
  /// from the top runs in it: `try await resolve`'s, the graph export's, a leak check's,
  /// validation's, the services' ordering and `bootstrap()`'s; without it, such a factory started a
  /// graph of its own, so validation made the app's singleton for real, a leak check did not see
  /// what the factory made, and the export drew no edge to it.
  ///
  /// ```swift
  /// let instance = try await graph.runningAsTaskGraph { try await graph.resolveErasedAsync(key, arguments: (), from: container) }
  /// ```
  func runningAsTaskGraph<Result>(_ body: () async throws -> Result) async rethrows -> Result {
    task = withUnsafeCurrentTask { $0 }
    return try await family.withBoundAsyncGraph {
      try await AsyncGraphScope.$current.withValue(AsyncGraphScope(graph: self)) { try await body() }
    }
  }

  /// Resolves `key` in an async resolution: async factories are awaited, sync ones called.
  @usableFromInline
  func resolveAsync<T, Arguments>(_ key: DefinitionKey, arguments: Arguments, from container: Container)
    async throws -> T
  {
    isAsync = true
    if let found = lookup(key, from: container) {
      if !found.entry.isForwarding {
        // NB: a checked cast: an async resolution awaits, and a cast is nothing beside that.
        let registration = found.entry as! Registration<T, Arguments>
        var isNew = false
        return try await registration.produceAsync(
          arguments, in: self, requested: key, owner: found.owner, lookup: container, isNew: &isNew)
      }
      let produced = try await found.entry.produceAsync(
        arguments: arguments, in: self, requested: key, owner: found.owner, lookup: container)
      return produced.instance as! T
    }
    return try await resolveMissingAsync(key, arguments: arguments, from: container) as! T
  }

  func resolveErasedAsync(_ key: DefinitionKey, arguments: Any, from container: Container) async throws -> Any {
    isAsync = true
    if let found = lookup(key, from: container) {
      return try await found.entry.produceAsync(
        arguments: arguments, in: self, requested: key, owner: found.owner, lookup: container
      ).instance
    }
    return try await resolveMissingAsync(key, arguments: arguments, from: container)
  }

  /// ``resolveMissing(_:arguments:from:)`` in an async resolution, step for step: what a step
  /// makes (an optional's wrapped type, a factory auto-wired with its runtime arguments, a
  /// collaborator's or the asking graph's definition) is made with `await`, in its own isolation,
  /// so that nothing before it is made twice. An injectable wrapper (`Lazy`, `Provider`) and an
  /// empty collection make nothing now: they are made synchronously.
  ///
  /// ```swift
  /// checkout.collaborate(with: app)  // app: `register(.singleton) { r async in ... }`
  /// let presenter = try await checkout.resolve(CheckoutPresenter.self)  // app's definition awaited
  /// ```
  private func resolveMissingAsync(_ key: DefinitionKey, arguments: Any, from container: Container)
    async throws -> Any
  {
    if let optional = key.type as? any OptionalResolvable.Type {
      return try await optional.resolveWrappedAsync(key, arguments: arguments, in: self, from: container)
    }
    if let injectable = key.type as? any ContainerInjectable.Type, !key.hasArguments {
      return try injectable.make(key, in: self, from: container)
    }
    if !key.hasArguments, let produced = try await autowireAsync(key, from: container) {
      return produced
    }
    if let produced = try await resolveInCollaboratorsAsync(key, arguments: arguments, from: container) {
      return produced
    }
    if let produced = try await resolveInAskingGraphAsync(key, arguments: arguments, from: container) {
      return produced
    }
    if !key.hasArguments, let collection = key.type as? any ResolvableCollection.Type {
      return try emptyCollection(collection, key, from: container)
    }
    throw notFound(key, in: container)
  }

  /// ``autowire(_:from:)`` in an async resolution: the chosen factory's runtime arguments and its
  /// instance are made with `await`, in their own isolation.
  func autowireAsync(_ key: DefinitionKey, from container: Container) async throws -> Any? {
    guard let chosen = try autowireChoice(key, from: container) else { return nil }
    return try await chosen.entry.produceAutowiredAsync(
      in: self, requested: key, owner: chosen.owner, lookup: container)?.instance
  }
}

extension Optional {
  @usableFromInline
  static func resolveWrappedAsync(_ key: DefinitionKey, arguments: Any, in graph: Graph, from container: Container)
    async throws -> Any
  {
    let wrappedKey = key.with(type: Wrapped.self)
    do {
      let instance = try await graph.resolveErasedAsync(wrappedKey, arguments: arguments, from: container)
      return Optional(instance as! Wrapped) as Any
    } catch let error as ResolutionError where graph.meansNil(error, for: wrappedKey) {
      graph.noteNilOptional(key)
      return Self.none as Any
    }
  }
}
