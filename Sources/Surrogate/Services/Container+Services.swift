extension Container {
  /// Makes this container's services (the definitions declared with
  /// ``Definition/runsAsService()``) and returns them dependencies first: a service comes after
  /// every service its graph asked for, directly or through definitions that are not services.
  ///
  /// Services that do not depend on each other keep the order they were declared in. To find the
  /// order, each service is first resolved once in a throwaway graph, as ``validate()`` does (its
  /// factories run again and what they make is dropped and disposed; a disposal of those throwaway
  /// instances that fails is not reported here, `await validate()` reports it as
  /// ``ValidationWarning/Kind/disposalFailed``); then the real instances are
  /// resolved, as `try await resolve` would. A request through a weak proxy, an `@InjectedWeak`
  /// property or a `Lazy` sets no order. Only this container's own services are returned: a child
  /// container's are the child's (resolve them from it, after the parent's).
  ///
  /// ```swift
  /// app.register(.singleton) { ConnectionPool() }.runsAsService()
  /// app.register(.singleton) { r in Purger(pool: try r.resolve()) }.runsAsService()
  /// let services = try await app.resolveServices()  // ConnectionPool, then Purger
  /// ```
  ///
  /// - Returns: The services, each made, dependencies first.
  /// - Throws: ``ServiceError`` with ``ServiceError/Code/notASingleton`` for a service declared on
  ///   another scope, ``ServiceError/Code/dependencyCycle`` when services depend on each other, or
  ///   ``ServiceError/Code/resolutionFailed`` when one cannot be resolved (or the task was
  ///   cancelled meanwhile: its `cause` is then a `CancellationError`), or
  ///   ``ServiceError/Code/containerShutDown`` after ``shutdown()``.
  public func resolveServices() async throws(ServiceError) -> [ContainerService] {
    let declarations = currentServiceDeclarations()
    if hasShutDown.load(ordering: .acquiring) {
      let key = declarations.first?.key ?? DefinitionKey(type: Container.self, tag: nil)
      throw wasEndedByAncestor ? .parentShutDown(key) : .containerShutDown(key)
    }
    if let misdeclared = declarations.first(where: { !$0.hasSingletonScope }) {
      throw .notASingleton(misdeclared.key, scope: misdeclared.scope)
    }
    guard !declarations.isEmpty else { return [] }
    let dependencies = try await ServiceOrder.dependencies(of: declarations, in: self)
    var services: [ContainerService] = []
    for (position, declaration) in try ServiceOrder.sorted(declarations, dependencies: dependencies).enumerated() {
      let graph = Graph(container: self)
      do {
        let instance = try await graph.runningAsTaskGraph {
          try await graph.completingAsync {
            try await graph.resolveErasedAsync(declaration.key, arguments: (), from: self)
          }
        }
        services.append(
          ContainerService(
            key: declaration.key, instance: instance, container: self, position: position, run: declaration.run))
      } catch {
        throw .resolutionFailed(declaration.key, error)
      }
    }
    return services
  }

  /// Runs this container's services until the calling task is cancelled or one of them ends, then
  /// stops them in reverse order.
  ///
  /// It starts each service in a task of its own, in ``resolveServices()``'s order: a service's
  /// `run` is called only once the `run` of every service before it has been called (they then
  /// run concurrently), so a service starts after the services it depends on. When the calling task is cancelled, or a service returns or throws, it stops the others:
  /// the last started first, each by cancelling its task and waiting until its `run` has returned,
  /// so a service stops before the services it depends on. A service's `CancellationError` while
  /// it is stopped is not a failure. It does not dispose anything: call ``shutdown()`` after it.
  /// A ``shutdown()`` of the container (or of its parent) while it runs stops the services the
  /// same way, and it returns before the shutdown disposes them.
  ///
  /// ```swift
  /// let run = Task { try await app.runServices() }
  /// // ... on SIGTERM:
  /// run.cancel()
  /// try await run.value
  /// try await app.shutdown()
  /// ```
  ///
  /// With no service declared it returns at once: there is nothing to wait for; cancelled while it
  /// still makes the services (an `async` factory awaiting), it returns without starting any (what
  /// was made is disposed by ``shutdown()``). The services run
  /// once at a time: a call while an earlier one is running them throws at once, and leaves them
  /// running; once that call has returned, they may run again.
  ///
  /// - Throws: ``ServiceError`` from ``resolveServices()`` (then nothing was started; also
  ///   ``ServiceError/Code/containerShutDown`` once the shutdown of the container or its parent
  ///   has begun), with
  ///   ``ServiceError/Code/alreadyRunning`` while an earlier call is running the services, or with
  ///   ``ServiceError/Code/serviceFailed`` listing every service that threw.
  public func runServices() async throws(ServiceError) {
    let events = try claimServiceRun()
    defer { endServiceRun(events) }
    let services: [ContainerService]
    do {
      services = try await resolveServices()
    } catch  where error.code == .resolutionFailed && error.cause is CancellationError {
      return  // cancelled (a SIGTERM) while it made them: a stop before any started
    }
    if services.isEmpty { return }
    let failures = await ServiceRun(services: services, events: events).run()
    if !failures.isEmpty { throw .failed(failures) }
  }
}

extension Container {
  /// The services declared on a scope that cannot run one, and a cycle between services, found
  /// from the requests a validation recorded: for ``validate()``.
  func serviceProblems(recordedBy recorder: EdgeRecorder) -> [ResolutionError] {
    let declarations = currentServiceDeclarations()
    var problems = declarations.filter { !$0.hasSingletonScope }.map { declaration in
      ResolutionError.misdeclaredService(ServiceError.notASingleton(declaration.key, scope: declaration.scope))
    }
    let dependencies = ServiceOrder.dependencies(recordedBy: recorder, among: declarations)
    do {
      _ = try ServiceOrder.sorted(declarations, dependencies: dependencies)
    } catch {
      problems.append(.misdeclaredService(error))
    }
    return problems
  }
}

extension ResolutionError {
  static func misdeclaredService(_ error: ServiceError) -> ResolutionError {
    ResolutionError(
      .misdeclaredService, key: error.key, path: error.path, message: error.message, remedy: error.remedy,
      cause: error)
  }
}
