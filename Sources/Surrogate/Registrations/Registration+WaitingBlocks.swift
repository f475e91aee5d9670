/// A new instance's blocks (and auto-injected properties) wait while a reusable definition is
/// being constructed further up the path, and run once, when the outermost such construction has
/// finished (see ``Graph/outermostConstruction()``).
extension Registration {
  /// Runs block `index` and the blocks after it on `instance` once the construction at `depth` of
  /// the path has finished: after the blocks of the instances made before this one, before that
  /// definition's own blocks.
  ///
  /// In an async resolution (`isAsync`) they run in their own isolation. A singleton is published
  /// once they ran, and only if the graph succeeds (it depended on the construction it waited for).
  /// If that construction fails, they never run, and the graph forgets `instance`: it is nobody's.
  @usableFromInline
  func waitForConstruction(
    at depth: Int, from index: Int, on instance: Instance, resolver: Resolver, in graph: Graph,
    requested: DefinitionKey, gate: Gate?, isAsync: Bool = false
  ) {
    let target = graph.frames[depth].id
    graph.noteUnfinished(id)
    graph.postpone(
      Graph.Postponed(
        target: target, depth: depth,
        run: { () throws(ResolutionError) in
          self.enterWaitingFrame(in: graph, requested: requested)
          defer { self.leaveWaitingFrame(in: graph) }
          do throws(ResolutionError) {
            try self.runBlocks(
              from: index, on: instance, resolver: resolver, in: graph, requested: requested, gate: gate)
          } catch {
            throw self.named(in: error, at: graph.frameCount - 1, requested: requested)
          }
          if let gate { self.publish(instance, gate: gate, in: graph, afterWaiting: true) }
        },
        abandon: scope.kind == .unique && gate == nil
          ? nil
          : { self.giveUp(in: graph, requested: requested, gate: gate) },
        runAsync: isAsync
          ? {
            self.enterWaitingFrame(in: graph, requested: requested)
            defer { self.leaveWaitingFrame(in: graph) }
            do {
              try await self.runBlocksAsync(
                from: index, on: instance, resolver: resolver, in: graph, requested: requested, gate: gate)
            } catch let error as ResolutionError {
              throw self.named(in: error, at: graph.frameCount - 1, requested: requested)
            }
            if let gate { self.publish(instance, gate: gate, in: graph, afterWaiting: true) }
          } : nil))
  }

  /// `error`, met by this definition's waiting blocks at the step `index` of its path: when
  /// another type was requested (a type forwarded to it), the step names this definition, as
  /// `Forwarding` does for its factory (`Consumer → Server (as Pingable).api → API`).
  private func named(in error: ResolutionError, at index: Int, requested: DefinitionKey) -> ResolutionError {
    requested.type == key.type ? error : error.named(forwardedTo: key, at: index)
  }

  /// Puts this definition's frame, already constructed, back on top of the path while its waiting
  /// blocks run: they run inside another definition's build, and the observer must know whose
  /// they are, or the graph export credits their requests to that definition.
  ///
  /// NB: the frame borrows `requested`, which the waiting entry's closure holds.
  private func enterWaitingFrame(in graph: Graph, requested: DefinitionKey) {
    graph.push(frame(for: requested))
    graph.observer?.startedBuilding(key)
    graph.markConstructed()
  }

  /// Takes the frame ``enterWaitingFrame(in:requested:)`` pushed off the path again.
  private func leaveWaitingFrame(in graph: Graph) {
    graph.observer?.finishedBuilding(key)
    graph.pop()
  }

  /// Runs the blocks that waited for this construction, just finished (see
  /// ``Graph/runWaitingBlocks()``). If one fails, so does this definition: the graph forgets its
  /// instance and a singleton's creation is given up.
  @usableFromInline @inline(never)
  func runWaitingBlocks(in graph: Graph, requested: DefinitionKey, gate: Gate?) throws(ResolutionError) {
    do {
      try graph.runWaitingBlocks()
    } catch {
      giveUp(in: graph, requested: requested, gate: gate)
      throw error
    }
  }

  /// `runWaitingBlocks` for an async resolution.
  func runWaitingBlocksAsync(in graph: Graph, requested: DefinitionKey, gate: Gate?) async throws {
    do {
      try await graph.runWaitingBlocksAsync()
    } catch {
      giveUp(in: graph, requested: requested, gate: gate)
      throw error
    }
  }

  /// The instance will not be handed out: the graph forgets it, and a singleton's creation is
  /// given up (other graphs make it again).
  @usableFromInline
  func giveUp(in graph: Graph, requested: DefinitionKey, gate: Gate?) {
    setReusable(nil, in: graph, requested: requested)
    if let gate { store?.abandon(gate: gate) }
  }

  /// Block `index` (or auto-injection) threw `error`: the graph forgets the instance, a
  /// singleton's creation is given up, and the definition fails.
  @usableFromInline
  func blockFailed(_ error: any Error, in graph: Graph, requested: DefinitionKey, gate: Gate?) -> ResolutionError {
    giveUp(in: graph, requested: requested, gate: gate)
    return graph.wrap(error, code: .propertyInjectionFailed, key: requested)
  }
}
