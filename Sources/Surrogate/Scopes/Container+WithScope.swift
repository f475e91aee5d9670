extension Container {
  /// Runs `body` in a new scope, a unit of work with an end (a request, a job, a connection),
  /// and ends the scope when `body` returns or throws.
  ///
  /// The scope is a child container: register in it what only the scope knows (the request, the
  /// signed-in user) and resolve from it. Each ``Scope/scoped`` definition of this container (or
  /// its ancestors) makes one instance per scope, and its dependencies resolve in the scope, so
  /// they see the scope's registrations. When the scope ends, every instance it made that has a
  /// disposal (a ``Definition/disposing(_:)-9dn7s`` block or a
  /// ``Disposable`` conformance: its `.scoped` instances, its own singletons, and `.shared` and
  /// `.unique` instances resolved in it) is disposed, newest first, so a dependent goes before
  /// what it uses, each once; then the scope resolves nothing more
  /// (``ResolutionError/Code/containerShutDown``). This container's singletons are not disposed.
  ///
  /// Errors: when `body` returns and a disposal fails, this throws a ``DisposalError`` listing
  /// every failure. When `body` throws, its error is what this throws, and the disposal failures,
  /// if any, go to `reportingDisposalFailures` (by default written to standard error): they are
  /// never dropped.
  ///
  /// ```swift
  /// app.register(.scoped) { r in DatabaseSession(pool: try r.resolve()) }
  ///   .disposing { session in await session.close() }
  ///
  /// let response = try await app.withScope { scope in
  ///   scope.register { request }
  ///   return try await scope.resolve(OrderHandler.self).handle()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isolation: The caller's actor, filled in by `#isolation`: `body` runs there.
  ///   - reportingDisposalFailures: Receives the disposal failures that cannot be thrown because
  ///     `body` threw.
  ///   - body: The unit of work; receives the scope's container.
  /// - Returns: What `body` returns.
  /// - Throws: ``ResolutionError`` with ``ResolutionError/Code/containerShutDown``, before
  ///   `body` runs, when this container (or an ancestor) was shut down or its scope has ended; what
  ///   `body` throws; else ``DisposalError`` when a disposal failed.
  public func withScope<Result>(
    isolation: isolated (any Actor)? = #isolation,
    reportingDisposalFailures: (DisposalError) -> Void = DisposalError.writeToStandardError,
    _ body: (Container) async throws -> Result
  ) async throws -> Result {
    try checkCanOpenScope()
    let scope = Container(scopeOf: self)
    let result: Result
    do {
      result = try await body(scope)
    } catch {
      do { try await scope.shutdown() } catch let failure { reportingDisposalFailures(failure) }
      throw error
    }
    try await scope.shutdown()
    return result
  }

  /// Runs `body` in a new scope and ends it when `body` returns or throws, synchronously.
  ///
  /// Like ``withScope(isolation:reportingDisposalFailures:_:)``, but the scope's disposals run
  /// before this returns, on this thread: only synchronous ones can. An `async` disposal (an
  /// `async` `.disposing` block, a ``Disposable`` instance) is not run, and is reported as a
  /// failure with ``DisposalError/Code/requiresAwait``.
  ///
  /// ```swift
  /// let handler = try app.withScope { scope in
  ///   scope.register { request }
  ///   return try scope.resolve(OrderHandler.self).handle()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - reportingDisposalFailures: Receives the disposal failures that cannot be thrown because
  ///     `body` threw.
  ///   - body: The unit of work; receives the scope's container.
  /// - Returns: What `body` returns.
  /// - Throws: ``ResolutionError`` with ``ResolutionError/Code/containerShutDown``, before
  ///   `body` runs, when this container (or an ancestor) was shut down or its scope has ended; what
  ///   `body` throws; else ``DisposalError`` when a disposal failed.
  ///
  /// NB: disfavoured: `try await app.withScope { scope in try scope.resolve(...) }`, whose body
  /// needs no `await`, picked this form over the async one and could not run async disposals.
  @_disfavoredOverload
  public func withScope<Result>(
    reportingDisposalFailures: (DisposalError) -> Void = DisposalError.writeToStandardError,
    _ body: (Container) throws -> Result
  ) throws -> Result {
    try checkCanOpenScope()
    let scope = Container(scopeOf: self)
    let result: Result
    do {
      result = try body(scope)
    } catch {
      do { try scope.shutdownSynchronously() } catch let failure { reportingDisposalFailures(failure) }
      throw error
    }
    try scope.shutdownSynchronously()
    return result
  }
}

extension Container {
  /// Throws ``ResolutionError/Code/containerShutDown`` when this container, or an ancestor, was
  /// shut down (or its scope has ended): a scope opened there could resolve nothing, so its body
  /// does not run. The error is the one its first `resolve` would have thrown, with the container
  /// as its key.
  private func checkCanOpenScope() throws(ResolutionError) {
    guard let ended = shutDownAncestor() else { return }
    let key = DefinitionKey(type: Container.self)
    let what = ended.opensScope ? "a scope that has ended" : "a container that has been shut down"
    throw ResolutionError(
      .containerShutDown, key: key, path: [key],
      message: "`withScope` was called on \(what): the scope could resolve nothing, so its body did not run.",
      remedy: ended.opensScope
        ? "Open the scope from a container that is still in use, not from a scope's container after `withScope` returned."
        : "Open scopes before `shutdown()`, and shut a container down only once no request uses it.")
  }
}
