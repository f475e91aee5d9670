/// A `resolvingProperties` block that fails: postponed when it only met a definition still being
/// constructed (see Graph+Postponement.swift), else the definition fails.
extension Registration {
  /// Block `index` threw `error`: postpones it (and the blocks after it) when it only met a
  /// definition still being constructed, and returns `true`; otherwise undoes and rethrows.
  @usableFromInline
  func blockFailed(
    _ error: any Error, at index: Int, on instance: Instance, resolver: Resolver, in graph: Graph,
    requested: DefinitionKey, gate: Gate?, isAsync: Bool = false
  ) throws(ResolutionError) -> Bool {
    if let target = graph.postponableTarget(of: error) {
      postponeBlocks(
        from: index, until: target, on: instance, resolver: resolver, in: graph, requested: requested, gate: gate,
        isAsync: isAsync)
      return true
    }
    setReusable(nil, in: graph, requested: requested)
    if let gate { store?.abandon(gate: gate) }
    throw graph.wrap(error, code: .propertyInjectionFailed, key: requested)
  }

  /// Runs block `index` and the blocks after it once definition `target`, still being
  /// constructed, is built.
  ///
  /// Postponed in an async resolution (`isAsync`), they run in their own isolation there.
  @usableFromInline
  func postponeBlocks(
    from index: Int, until target: RegistrationID, on instance: Instance, resolver: Resolver, in graph: Graph,
    requested: DefinitionKey, gate: Gate?, isAsync: Bool = false
  ) {
    graph.hasUnhandledCycle = false
    graph.postpone(
      Graph.Postponed(
        target: target,
        run: { () throws(ResolutionError) in
          // The blocks run again inside another definition's build: tell the observer whose
          // they are, or the graph export credits their requests to that definition.
          // NB: the frame borrows `requested`, which this closure holds.
          graph.push(self.frame(for: requested))
          graph.observer?.startedBuilding(self.key)
          defer {
            graph.observer?.finishedBuilding(self.key)
            graph.pop()
          }
          graph.markConstructed()
          if try !self.runBlocks(
            from: index, on: instance, resolver: resolver, in: graph, requested: requested, gate: gate),
            let gate
          {
            self.publish(instance, gate: gate, in: graph, afterWaiting: true)
          }
        },
        abandon: gate.map { gate in { self.store?.abandon(gate: gate) } },
        runAsync: isAsync
          ? {
            graph.push(self.frame(for: requested))
            graph.observer?.startedBuilding(self.key)
            defer {
              graph.observer?.finishedBuilding(self.key)
              graph.pop()
            }
            graph.markConstructed()
            let waits = try await self.runBlocksAsync(
              from: index, on: instance, resolver: resolver, in: graph, requested: requested, gate: gate)
            if !waits, let gate { self.publish(instance, gate: gate, in: graph, afterWaiting: true) }
          } : nil))
  }
}
