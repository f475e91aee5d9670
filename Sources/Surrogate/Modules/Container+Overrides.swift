/// The override scopes active in the current task: base container → its overriding child.
enum OverrideScope {
  @TaskLocal static var current: [ObjectIdentifier: Container] = [:]
}

extension Container {
  /// Runs `operation` with this container's registrations overridden, for the current task and the
  /// tasks it creates only.
  ///
  /// The overrides live in a child container: a top-level `resolve` on this container inside
  /// `operation` resolves from the child, so overridden types win and everything else comes from
  /// this container. Two tests that override the same type in parallel never see each other's
  /// registrations: the scope is a `@TaskLocal`.
  ///
  /// ```swift
  /// try container.withOverrides({ $0.register { MockClient() as HTTPClient } }) {
  ///   let presenter = try container.resolve(ListPresenter.self) // gets the mock
  /// }
  /// ```
  ///
  /// Singletons of this container keep resolving their dependencies here (see
  /// ``Container/init(parent:maximumDepth:autoInjectProperties:)``): to change what a singleton sees, override the
  /// singleton too.
  ///
  /// - Parameters:
  ///   - configure: Registers the overrides in the child container.
  ///   - operation: Runs with the overrides in place.
  /// - Returns: What `operation` returns.
  public func withOverrides<Result>(
    _ configure: (Container) -> Void, operation: () throws -> Result
  ) rethrows -> Result {
    try OverrideScope.$current.withValue(overrideScope(configure)) { try operation() }
  }

  /// Runs an async `operation` with this container's registrations overridden, for the current
  /// task and its child tasks only.
  ///
  /// ```swift
  /// try await container.withOverrides({ $0.register { MockClient() as HTTPClient } }) {
  ///   let client = try await container.resolve(HTTPClient.self)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - configure: Registers the overrides in the child container.
  ///   - isolation: The caller's actor, filled in by `#isolation`, so `operation` runs there.
  ///   - operation: Runs with the overrides in place.
  /// - Returns: What `operation` returns.
  public func withOverrides<Result>(
    _ configure: (Container) -> Void, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await OverrideScope.$current.withValue(overrideScope(configure)) { try await operation() }
  }

  private func overrideScope(_ configure: (Container) -> Void) -> [ObjectIdentifier: Container] {
    let overrides = Container(parent: OverrideScope.current[ObjectIdentifier(self)] ?? self, maximumDepth: maximumDepth)
    configure(overrides)
    family.noteOverrides()
    var scope = OverrideScope.current
    scope[ObjectIdentifier(self)] = overrides
    return scope
  }

  /// The child container overriding this one in the current task, if any.
  ///
  /// NB: inline, with the task-local read out of line: a container that never had overrides
  /// answers with one load, and `resolve` calls no function for it.
  @inlinable @inline(__always)
  var activeOverride: Container? {
    guard family.hasOverrides else { return nil }
    return installedOverride()
  }

  /// The task-local override of this container, read once some container of its family has had
  /// overrides installed.
  @usableFromInline @inline(never)
  func installedOverride() -> Container? {
    OverrideScope.current[ObjectIdentifier(self)]
  }
}
