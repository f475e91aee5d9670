extension Definition {
  /// Says how an instance of this definition is released when its container or scope ends.
  ///
  /// The block runs once per instance the container keeps: a singleton's on
  /// ``Container/shutdown()``, a `.scoped` instance's (and a `.shared` or `.unique` instance made
  /// in the scope) when its ``Container/withScope(isolation:reportingDisposalFailures:_:)`` scope
  /// ends. Newest instances are disposed first, so a dependent is disposed before what it uses.
  /// It replaces the instance's ``Disposable`` conformance, if any; the last block given wins. On
  /// a forwarded definition it applies to the instances of the definition it forwards to.
  ///
  /// ```swift
  /// app.register(.scoped) { r in Transaction(connection: try r.resolve()) }
  ///   .disposing { transaction in try transaction.rollbackIfOpen() }
  /// ```
  ///
  /// - Parameter dispose: Releases what the instance holds; what it throws is reported in a
  ///   ``DisposalError``.
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func disposing(_ dispose: @escaping @Sendable (Instance) throws -> Void) -> Definition {
    let key = self.key
    setDisposer(
      .sync { instance in
        guard let typed = instance as? Instance else { throw DisposalError.notAnInstance(of: key, instance) }
        try dispose(typed)
      })
    return self
  }

  /// Says how an instance of this definition is released, asynchronously: closing a pool, a
  /// connection, a file handle.
  ///
  /// Runs like the synchronous ``disposing(_:)-5um1z``, awaited by
  /// `try await withScope` and `try await shutdown()`; the synchronous `withScope` cannot run it
  /// and reports ``DisposalError/Code/requiresAwait``.
  ///
  /// ```swift
  /// app.register(.singleton) { ConnectionPool() }
  ///   .disposing { pool in await pool.close() }
  /// ```
  ///
  /// - Parameter dispose: Releases what the instance holds.
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func disposing(_ dispose: @escaping @Sendable (Instance) async throws -> Void) -> Definition {
    let key = self.key
    setDisposer(
      .async { instance in
        guard let typed = instance as? Instance else { throw DisposalError.notAnInstance(of: key, instance) }
        try await dispose(typed)
      })
    return self
  }

  /// Stores `disposer` for the registration that makes this definition's instances.
  ///
  /// A disposal changes the definition: after ``Container/bootstrap(isolation:)`` (or the end of the
  /// container) it is not applied and is listed in ``Container/rejectedChanges``, as a late
  /// `resolvingProperties` block is; on a definition whose registration was rejected it does
  /// nothing more.
  private func setDisposer(_ disposer: Disposer) {
    guard container.admits(.disposal, to: key, id: id) else { return }
    guard sourceKey != key, let source = container.forwardedSource(of: id, registeredAs: key, sourceKey: sourceKey)
    else {
      container.setDisposer(disposer, for: id, key: key)
      return
    }
    source.owner.setDisposer(disposer, for: source.entry.id, key: source.entry.key)
  }
}

extension DisposalError {
  /// A forwarded definition's disposal met an instance that is not of its type.
  static func notAnInstance(of key: DefinitionKey, _ instance: Any) -> DisposalError {
    DisposalError(
      .disposalFailed,
      message: "The disposal of \(key) was given an instance of \(typeName(type(of: instance))), which is not a "
        + "\(typeName(key.type)); it did not run.",
      remedy: "Give the disposal to the definition that makes the instances.")
  }
}
