extension Container {
  /// Claims the container's one run of its services for a call of ``runServices()``: its events,
  /// to hand back to ``endServiceRun(_:)`` when the call returns.
  ///
  /// NB: the ancestors' shutdown flags are read under this container's lock (child, then parent:
  /// a shutdown never holds a parent's lock while it takes a child's), so a shutdown that began
  /// before the claim refuses it, and one that begins after it finds the run in the state.
  func claimServiceRun() throws(ServiceError) -> ServiceRunEvents {
    joinParentIfNeeded()  // an ancestor's shutdown stops this run
    let claim = links.withLock(owner: self) { links in
      links.serviceRuns.claim(ancestorIsShuttingDown: parent?.isShuttingDownWithAncestors ?? false)
    }
    switch claim {
    case .run(let events):
      return events
    case .alreadyRunning:
      throw .alreadyRunning(currentServiceDeclarations().map(\.key))
    case .shutDown(let byAncestor):
      let key = currentServiceDeclarations().first?.key ?? DefinitionKey(type: Container.self, tag: nil)
      throw byAncestor ? .parentShutDown(key) : .containerShutDown(key)
    }
  }

  /// The call of ``runServices()`` that claimed `events` is returning: every service it started
  /// has stopped; another call may run them again.
  func endServiceRun(_ events: ServiceRunEvents) {
    links.withLock(owner: self) { $0.serviceRuns.release(events) }
    events.returned()
  }

  /// Records a run of a service that ``resolveServices()`` handed out, for ``shutdown()`` to stop.
  ///
  /// - Throws: ``ServiceError/Code/containerShutDown`` (or `parentShutDown`) once the shutdown of
  ///   this container (or of an ancestor) has begun.
  func beginHandedOutRun(of service: ContainerService) throws(ServiceError) -> HandedOutServiceRun {
    let claim = links.withLock(owner: self) { links in
      links.serviceRuns.claimHandedOut(
        position: service.position, ancestorIsShuttingDown: parent?.isShuttingDownWithAncestors ?? false)
    }
    switch claim {
    case .success(let run): return run
    case .failure(let refusal):
      throw refusal.byAncestor ? .parentShutDown(service.key) : .containerShutDown(service.key)
    }
  }

  /// A handed-out service's run has returned.
  func endHandedOutRun(_ run: HandedOutServiceRun) {
    links.withLock(owner: self) { $0.serviceRuns.release(run) }
  }

  /// Whether the shutdown of this container or of one of its ancestors has begun.
  private var isShuttingDownWithAncestors: Bool {
    var container: Container? = self
    while let current = container {
      if current.hasShutDown.load(ordering: .acquiring) { return true }
      if current.links.withLock(owner: current, { $0.serviceRuns.isShuttingDown }) { return true }
      container = current.parent
    }
    return false
  }

  // MARK: - Shutdown

  /// Stops the services running in this container and in its child containers, children first
  /// (their services may use this container's instances), each run once the ones before it have
  /// returned; from then on no run starts here or in a child. For ``shutdown()``, before it
  /// disposes anything.
  ///
  /// NB: a scope's container (every `withScope` ends with `shutdown()`) stops only its own run:
  /// listing its children costs an allocation a request, and a scope's children are scopes
  /// nested in it, which ended before it.
  ///
  /// - Returns: The runs whose service called this shutdown from its `run`: they were not
  ///   waited for; tell them with ``ServiceRunEvents/callersFinished()`` once the shutdown has
  ///   disposed, and they cancel that service.
  func stopServicesForShutdown() async -> [ServiceRunEvents] {
    var callers: [ServiceRunEvents] = []
    let own = links.withLock(owner: self) { $0.serviceRuns.beginShutdown() }
    if !opensScope {
      for child in links.withLock(owner: self, { $0.children.alive }) {
        await child.stopServicesForAncestorShutdown(callers: &callers)
      }
    }
    if let run = own.run { await run.stop(for: &callers) }
    await Self.stop(own.handedOut)
    return callers
  }

  /// Stops handed-out services' runs one after the other, in the order given, except the one whose
  /// `run` called the shutdown (it cannot wait for itself; it returns once the shutdown has).
  private static func stop(_ runs: [HandedOutServiceRun]) async {
    for run in runs {
      if run === HandedOutServiceRun.current {
        run.noteOwnShutdown()
      } else {
        await run.stop()
      }
    }
  }

  /// Stops the run of this child container and its children's, for an ancestor's shutdown; a run
  /// that starts later is refused by ``claimServiceRun()``.
  private func stopServicesForAncestorShutdown(callers: inout [ServiceRunEvents]) async {
    for child in links.withLock(owner: self, { $0.children.alive }) {
      await child.stopServicesForAncestorShutdown(callers: &callers)
    }
    let running = links.withLock(owner: self) { $0.serviceRuns.running }
    if let run = running.run { await run.stop(for: &callers) }
    await Self.stop(running.handedOut)
  }
}

extension ServiceRunEvents {
  /// Stops the run for a shutdown and waits for it; adds it to `callers` when the shutdown was
  /// called from one of its services.
  fileprivate func stop(for callers: inout [ServiceRunEvents]) async {
    let caller = ServiceTask.index(in: self)
    await stopAndWaitUntilReturned(caller: caller)
    if caller != nil { callers.append(self) }
  }
}
