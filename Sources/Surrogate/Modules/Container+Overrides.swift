/// The override scopes active in the current task: base container → its overriding child.
enum OverrideScope {
  @TaskLocal static var current: [ObjectIdentifier: Container] = [:]
}

extension Container {
  /// Runs `operation` with this container's registrations overridden, for the current task and the
  /// tasks it creates only.
  ///
  /// The overrides live in a child container: a `resolve` on this container inside `operation`
  /// resolves from the child, so overridden types win and everything else comes from this
  /// container. A scope of this container (``withScope(isolation:reportingDisposalFailures:_:)``)
  /// and any container below it see the overrides too: a lookup of theirs that falls through to
  /// this container reads the overrides first, so a request handled in a scope gets the mocks. Two
  /// tests that override the same type in parallel never see each other's registrations: the
  /// scope is a `@TaskLocal`.
  ///
  /// ```swift
  /// try container.withOverrides({ $0.register { MockClient() as HTTPClient } }) {
  ///   let presenter = try container.resolve(ListPresenter.self) // gets the mock
  ///   try container.withScope { scope in
  ///     let handler = try scope.resolve(RequestHandler.self)    // so does a scope's request
  ///   }
  /// }
  /// ```
  ///
  /// Inside `operation`, what the container's tools check and draw is what `resolve` makes there:
  /// `validate()`, `dependencyGraph()` and `dependencyGraph(of:)` (of this container, its scopes
  /// and its children), and SurrogateTesting's leak checks. A request a collaborator answers (see
  /// ``collaborate(with:)-(Container...)``) resolves in the collaborator's own override, if it has
  /// one.
  ///
  /// A singleton that the overrides do not replace resolves its dependencies without them, in the
  /// container that registered it (see ``Container/init(parent:maximumDepth:autoInjectProperties:)``),
  /// even when it is first made inside `operation`: it outlives the overrides and must not keep a
  /// mock. To change what a singleton sees, override the singleton too; a singleton registered in
  /// the overrides lives as long as they do: when `operation` returns or throws, the overrides end
  /// and their singletons are disposed, newest first (a failure is written to standard error), and
  /// a resolver kept past them throws ``ResolutionError/Code/containerShutDown``. So does a request
  /// from a task started in `operation` (`Task { }` inherits the overrides) that outlives it, made
  /// of this container, a child, a scope or a container collaborating with it: it never gets the
  /// real definitions in the mocks' place.
  ///
  /// - Parameters:
  ///   - configure: Registers the overrides in the child container.
  ///   - operation: Runs with the overrides in place.
  /// - Returns: What `operation` returns.
  public func withOverrides<Result>(
    _ configure: (Container) -> Void, operation: () throws -> Result
  ) rethrows -> Result {
    let (scope, overrides) = overrideScope(configure)
    // The overrides end with `operation`: their singletons are disposed, as a scope's are.
    defer { Self.end(overrides) }
    return try OverrideScope.$current.withValue(scope) { try operation() }
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
    let (scope, overrides) = overrideScope(configure)
    let result: Result
    do {
      result = try await OverrideScope.$current.withValue(scope) { try await operation() }
    } catch {
      await Self.end(overrides)
      throw error
    }
    await Self.end(overrides)
    return result
  }

  private func overrideScope(_ configure: (Container) -> Void) -> (
    scope: [ObjectIdentifier: Container], overrides: Container
  ) {
    let overrides = Container(overriding: self)
    configure(overrides)
    family.noteOverrides()
    var scope = OverrideScope.current
    scope[ObjectIdentifier(self)] = overrides
    return (scope, overrides)
  }

  /// Ends the overrides of a synchronous `withOverrides`: disposes their singletons, newest first.
  /// A failure, or an `async` disposal it cannot await, is written to standard error
  /// (``DisposalError/writeToStandardError(_:)``): `withOverrides` rethrows only what its closures
  /// throw.
  private static func end(_ overrides: Container) {
    do { try overrides.shutdownSynchronously() } catch { DisposalError.writeToStandardError(error) }
  }

  /// Ends the overrides of an async `withOverrides`: see ``end(_:)``.
  private static func end(_ overrides: Container) async {
    do { try await overrides.shutdown() } catch { DisposalError.writeToStandardError(error) }
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
  /// overrides installed; none while a singleton is being made in the graph a `resolve` from this
  /// container joins (its factory or block asking the container itself, Dip's idiom): a singleton
  /// outlives the overrides and resolves its dependencies without them, as through its resolver.
  ///
  /// A task started inside `withOverrides` inherits them and may outlive them: once they ended,
  /// the ended override of this container or of an ancestor is the answer, for every container
  /// below it too (a child, a scope), so that a request from it throws
  /// ``ResolutionError/Code/containerShutDown``, as one from the overridden container does,
  /// instead of resolving the real definitions in the mocks' place.
  @usableFromInline @inline(never)
  func installedOverride() -> Container? {
    let overrides = OverrideScope.current
    guard !overrides.isEmpty else { return nil }
    if let graph = ThreadGraph.joinable(from: self) ?? AsyncGraphScope.joinable(from: self), graph.isBuildingSingleton {
      return nil
    }
    if let own = overrides[ObjectIdentifier(self)] { return own }
    // An override container falls through to its parent itself (and is below the one it overrides).
    guard !isOverride else { return nil }
    var ancestor = parent
    while let current = ancestor {
      if let override = overrides[ObjectIdentifier(current)], override.hasShutDown.load(ordering: .acquiring) {
        return override
      }
      ancestor = current.parent
    }
    return nil
  }
}

// MARK: - What a singleton takes later

extension Container {
  /// Runs `body` as if no ``withOverrides(_:operation:)-(_,()->Result)`` were in effect: how a
  /// singleton's `Lazy` or `Provider` resolves, as the singleton's own dependencies do, wherever it
  /// is read (a lazy would otherwise keep a mock for the app's life).
  static func withoutOverrides<Result>(_ body: () throws(ResolutionError) -> Result) throws(ResolutionError)
    -> Result
  {
    do {
      return try OverrideScope.$current.withValue([:]) { try body() }
    } catch {
      throw error as! ResolutionError
    }
  }

  /// What a `Lazy` or `Provider` resolves: `T` with the tag it was injected with, as the
  /// overrides it was made under say (``OverridesAtCreation``).
  func resolveLater<T>(
    _ type: T.Type, tag: DefinitionTag?, callerIsolation isolation: (any Actor)?, overrides: OverridesAtCreation
  ) throws(ResolutionError) -> T {
    switch overrides {
    case .ignored:
      return try Self.withoutOverrides { () throws(ResolutionError) -> T in
        try resolve(type, tag: tag, callerIsolation: isolation)
      }
    case .madeIn(let override) where override.hasShutDown.load(ordering: .acquiring):
      throw Self.overridesEnded(T.self, tag: tag)
    case .madeIn, .current:
      return try resolve(type, tag: tag, callerIsolation: isolation)
    }
  }

  /// ``resolveLater(_:tag:callerIsolation:overrides:)`` for an `AsyncLazy` or `AsyncProvider`.
  func resolveLater<T>(_ type: T.Type, tag: DefinitionTag?, overrides: OverridesAtCreation) async throws -> T {
    switch overrides {
    case .ignored:
      return try await OverrideScope.$current.withValue([:]) { try await resolve(type, wrappedTag: tag) }
    case .madeIn(let override) where override.hasShutDown.load(ordering: .acquiring):
      throw Self.overridesEnded(T.self, tag: tag)
    case .madeIn, .current:
      return try await resolve(type, wrappedTag: tag)
    }
  }

  /// A `Lazy` or `Provider` made inside `withOverrides` (through a container below the
  /// overridden one), read after they ended.
  private static func overridesEnded<T>(_ type: T.Type, tag: DefinitionTag?) -> ResolutionError {
    let key = DefinitionKey(type: T.self, tag: tag)
    return ResolutionError.containerShutDown(key, path: [key], scope: false, overrides: true)
  }

  /// The override a lookup from this container reads in the current task, if any (the nearest).
  func overrideInEffect() -> Container? {
    overriddenLookupChain()?.first(where: \.isOverride)
  }
}

/// The overrides a `Lazy`, `Provider`, `AsyncLazy` or `AsyncProvider` was made under.
enum OverridesAtCreation: Sendable {
  /// Made for a singleton: it resolves without any overrides, wherever it is read.
  case ignored
  /// Made inside `withOverrides` that a lookup from its container reads through: it belongs to
  /// them, and read after they end it throws `containerShutDown`.
  case madeIn(Container)
  /// Made outside overrides: it resolves with those active where it is read.
  case current
}

extension Graph {
  /// What a `Lazy` or `Provider` made now from `container` was made under.
  func overridesForLater(from container: Container) -> OverridesAtCreation {
    if isBuildingSingleton { return .ignored }
    return container.overrideInEffect().map(OverridesAtCreation.madeIn) ?? .current
  }
}

// MARK: - Lookups through overrides

extension Container {
  /// The containers a lookup from this one reads in the current task, nearest first, when an
  /// override installed in this task lies on its way; `nil` when none does (the lookup reads this
  /// container and its ancestors, as outside any override).
  ///
  /// A lookup that falls through to an ancestor with an override reads the override first (and
  /// the outer overrides it nests in), then the ancestor. This container's own override is not
  /// read: a `resolve` on this container went there already. Reads the task-local only once some
  /// container of the family has had overrides.
  func overriddenLookupChain() -> [Container]? {
    guard family.hasOverrides, parent != nil else { return nil }
    let overrides = OverrideScope.current
    guard !overrides.isEmpty else { return nil }
    var chain: [Container] = []
    var isOverridden = false
    var next: Container? = self
    while let current = next {
      chain.append(current)
      guard let parent = current.parent else { break }
      // NB: an override container falls through to its parent itself: the parent's override is
      // the container that falls through (or nests in it).
      if !current.isOverride, let override = overrides[ObjectIdentifier(parent)] {
        next = override
        isOverridden = true
      } else {
        next = parent
      }
    }
    return isOverridden ? chain : nil
  }

  /// The registries whose definitions a `resolve` on this container sees first in the current
  /// task, nearest first, with the container of each: its override's (and those of the outer
  /// overrides it nests in), then its own; with `throughAncestors`, then its ancestors' too, each
  /// after the overrides installed for it. The definitions that `validate()` checks and
  /// `dependencyGraph()` draws.
  func registriesInView(throughAncestors: Bool) -> [(container: Container, registry: Registry)] {
    var chain = (activeOverride ?? self).lookupChain()
    if !throughAncestors, let index = chain.firstIndex(where: { $0 === self }) {
      chain.removeSubrange((index + 1)...)
    }
    return chain.map { ($0, $0.snapshot().registry) }
  }

  /// The containers a lookup from this one reads in the current task, nearest first: this one, its
  /// ancestors, and the overrides installed in this task for its ancestors, each before the
  /// ancestor it overrides.
  func lookupChain() -> [Container] {
    overriddenLookupChain() ?? Array(sequence(first: self, next: \.parent))
  }
}
