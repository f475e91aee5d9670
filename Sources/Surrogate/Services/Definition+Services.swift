extension Definition where Instance: LongRunningService {
  /// Declares this definition's instance a long-running service of its container: started after
  /// the services it depends on, stopped before them.
  ///
  /// Only a ``Scope/singleton`` or ``Scope/eagerSingleton`` definition can be a service (one
  /// instance runs for the container's life); any other scope is reported by
  /// ``Container/validate()`` and thrown by ``Container/resolveServices()`` as
  /// ``ServiceError/Code/notASingleton``. Declaring it again replaces the first declaration.
  /// Declare it before ``Container/bootstrap(isolation:)``: a later declaration is not applied and is
  /// listed in ``Container/rejectedChanges``.
  ///
  /// ```swift
  /// app.register(.singleton) { r in Purger(pool: try r.resolve()) }.runsAsService()
  /// try await app.runServices()
  /// ```
  ///
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func runsAsService() -> Definition {
    runsAsService { instance in try await instance.run() }
  }
}

extension Definition {
  /// Declares this definition's instance a long-running service, run by `run`: for an instance
  /// that does not conform to ``LongRunningService`` (a swift-service-lifecycle `Service`, a
  /// server with its own `start` method).
  ///
  /// `run` runs until the service is done and returns (or throws `CancellationError`) when its
  /// task is cancelled. Same rules as ``runsAsService()``: a singleton scope only; on a forwarded
  /// definition it declares the definition it forwards to.
  ///
  /// A service declaration changes the definition: after ``Container/bootstrap(isolation:)`` (or
  /// ``Container/shutdown()``) it is not applied and is listed in ``Container/rejectedChanges``
  /// (and by ``Container/validate()``), as a late `.disposing` block is; on a definition whose
  /// registration was rejected it does nothing more.
  ///
  /// ```swift
  /// app.register(.eagerSingleton) { _ async throws in try await ConnectionPool.open() }
  ///   .runsAsService { pool in try await pool.maintain() }
  /// ```
  ///
  /// - Parameter run: Runs the instance as a service.
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func runsAsService(_ run: @escaping @Sendable (Instance) async throws -> Void) -> Definition {
    let key = self.key
    guard container.admits(.service, to: key, id: id) else { return self }
    let runner: @Sendable (Any) async throws -> Void = { instance in
      guard let typed = instance as? Instance else { throw ServiceError.notAnInstance(of: key, instance) }
      try await run(typed)
    }
    guard sourceKey != key, let source = container.forwardedSource(of: id, registeredAs: key, sourceKey: sourceKey),
      let registration = source.entry as? any ScopedEntry
    else {
      container.declareService(ServiceDeclaration(id: id, key: key, scope: scope, run: runner))
      return self
    }
    source.owner.declareService(
      ServiceDeclaration(id: source.entry.id, key: sourceKey, scope: registration.scope, run: runner))
    return self
  }
}
