extension Registration {
  /// Produces the instance in an async resolution: like `produce`, but awaits an async factory
  /// and waits for another graph's singleton without blocking a thread.
  ///
  /// - Throws: `ResolutionError`, or `CancellationError` when the task is cancelled while waiting
  ///   for a singleton another task is creating (the creation goes on for the others).
  @usableFromInline
  func produceAsync(
    _ arguments: Arguments, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container,
    isNew: inout Bool
  ) async throws -> Instance {
    if let observer = graph.observer { observer.requested(requested, definition: key, scope: scope) }
    if let instance = existing(in: graph, requested: requested) { return instance }
    try graph.checkCycleAndDepth(id: id, requested: requested)
    var gate: Gate?
    if scope.isSingleton, !graph.isValidation {
      switch try await obtainStore().claimAsync(in: graph, requested: requested) {
      case .ready(let instance):
        if scope.kind == .weakSingleton { graph.hold(instance) }
        return instance
      case .create(let claimed):
        gate = claimed
      }
    }
    let resolver = makeResolver(in: graph, requested: requested, owner: owner, lookup: lookup)
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
        instance = try factory(resolver, arguments)
      }
    } catch {
      if let gate { store?.abandon(gate: gate) }
      if graph.hasPostponed { graph.abandonPostponed(for: id) }
      if error is CancellationError { throw error }
      throw graph.wrap(error, code: .factoryFailed, key: requested)
    }
    try finish(instance, resolver: resolver, in: graph, requested: requested, gate: gate)
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
}
