/// What one resolution created and who asked for whom; for leak checks in `SurrogateTesting`.
package final class ResolutionRecording: GraphObserver {
  /// An instance the container created, held weakly.
  package struct Instance {
    package weak var object: AnyObject?
    package let objectID: ObjectIdentifier
    package let key: DefinitionKey
    package let definition: DefinitionKey
    package let scope: Scope
  }

  /// What the resolution created, and the kept instances (singletons, custom scopes') it used.
  package private(set) var instances: [Instance] = []
  /// The objects in `instances`: a kept instance is listed once, however often it is used.
  private var recorded: Set<ObjectIdentifier> = []
  private let edges = EdgeRecorder()
  private var building: [DefinitionKey] = []
  /// The disposals of what the resolution made and nobody keeps (its `.shared` and `.unique`
  /// instances, not made for a singleton or a scope's `.scoped` instance), newest first. They
  /// hold their instances until ``disposeMade(sparing:)`` runs them.
  private var madeDisposals: [TrackedDisposal] = []

  /// The objects whose disposals this recording holds, and so keeps alive until it runs them.
  package var heldForDisposal: Set<ObjectIdentifier> { Set(madeDisposals.compactMap(\.object)) }

  /// Requests made while building: `(from definition, requested key, to definition)`.
  package var requests: [(from: DefinitionKey, requested: DefinitionKey, to: DefinitionKey)] {
    edges.requests.map { ($0.from, $0.requested, $0.to) }
  }

  package func requested(_ requested: DefinitionKey, definition: DefinitionKey, scope: Scope) {
    edges.requested(requested, definition: definition, scope: scope)
  }

  package func startedBuilding(_ definition: DefinitionKey) {
    building.append(definition)
    edges.startedBuilding(definition)
  }

  package func finishedBuilding(_ definition: DefinitionKey) {
    building.removeLast()
    edges.finishedBuilding(definition)
  }

  package func requestedLateBound(_ requested: DefinitionKey, definition: DefinitionKey) {
    edges.requestedLateBound(requested, definition: definition)
  }

  package func forwarded(_ requested: DefinitionKey, to source: DefinitionKey, weakly: Bool) {
    edges.forwarded(requested, to: source, weakly: weakly)
  }

  package func created(_ instance: Any, requested: DefinitionKey, scope: Scope, path: [DefinitionKey]) {
    guard type(of: instance) is AnyClass else { return }
    let object = instance as AnyObject
    let definition = building.last ?? requested
    // A list's or map's member is requested as the element type: its own key names which one.
    let key = ContributionTag.isMember(definition) ? definition : requested
    let made = Instance(
      object: object, objectID: ObjectIdentifier(object), key: key, definition: definition, scope: scope)
    // One object handed out by two definitions (a `.shared` factory that returns a singleton it
    // resolved, `{ r in try r.resolve(LiveAnalytics.self) }`) is one instance: the container's to
    // keep if either definition is kept, never checked as a leak then.
    guard recorded.insert(ObjectIdentifier(object)).inserted else {
      if scope.isKeptByContainer, let index = instances.firstIndex(where: { $0.objectID == made.objectID }),
        !instances[index].scope.isKeptByContainer
      {
        instances[index] = made
      }
      return
    }
    instances.append(made)
  }

  package func usesKept(_ instance: Any, definition: DefinitionKey, scope: Scope) {
    guard type(of: instance) is AnyClass else { return }
    let object = instance as AnyObject
    guard recorded.insert(ObjectIdentifier(object)).inserted else { return }
    instances.append(
      Instance(
        object: object, objectID: ObjectIdentifier(object), key: definition, definition: definition, scope: scope))
  }
}

extension ResolutionRecording {
  /// Keeps the disposals of what the resolution made and nobody keeps, newest first.
  func keep(_ disposals: [TrackedDisposal]) { madeDisposals = disposals }

  /// Disposes what the resolution made and nobody keeps, newest first, each once and to the end of
  /// its awaits (in a cancelled task too), except the objects in `spared` (those that leaked:
  /// something else still holds them), then lets go of all of them.
  ///
  /// - Returns: The error listing the disposals that failed, or `nil`.
  package func disposeMade(sparing spared: Set<ObjectIdentifier>) async -> DisposalError? {
    let disposals = takeDisposals(sparing: spared)
    return DisposalError.failed(await Container.runUncancelled(disposals), when: "the leak check ended")
  }

  /// ``disposeMade(sparing:)`` for a synchronous leak check: an `async` disposal (or a
  /// ``Disposable`` conformance) cannot run and is a ``DisposalError/Code/requiresAwait`` failure.
  package func disposeMadeSynchronously(sparing spared: Set<ObjectIdentifier>) -> DisposalError? {
    let disposals = takeDisposals(sparing: spared)
    var failures: [DisposalError.Failure] = []
    var synchronous: [TrackedDisposal] = []
    for disposal in disposals {
      guard case .async = disposal.action else {
        synchronous.append(disposal)
        continue
      }
      failures.append(
        DisposalError.Failure(key: disposal.key, error: DisposalError.leakCheckRequiresAwait(disposal.key)))
    }
    failures += Container.runSynchronously(synchronous)
    return DisposalError.failed(failures, when: "the leak check ended")
  }

  private func takeDisposals(sparing spared: Set<ObjectIdentifier>) -> [TrackedDisposal] {
    defer { madeDisposals = [] }
    return madeDisposals.filter { disposal in disposal.object.map { !spared.contains($0) } ?? true }
  }
}

extension DisposalError {
  /// An instance a synchronous leak check made has an `async` disposal, which it cannot run.
  static func leakCheckRequiresAwait(_ key: DefinitionKey) -> DisposalError {
    DisposalError(
      .requiresAwait,
      message: "\(key) has an async disposal, which a synchronous `checkForLeaks` cannot run; it was not disposed.",
      remedy: "Check with `try await container.checkForLeaks(resolving:)`, or give \(key) a synchronous "
        + "`.disposing { ... }` block.")
  }
}

extension Container {
  /// Resolves `T` (with `arguments`) in a new graph that `recording` observes, then drops it.
  ///
  /// - Parameter isolation: The caller's actor: main-actor definitions are built when it is the
  ///   main actor.
  package func resolveRecording<T, each Argument>(
    _ type: T.Type, tag: (any Hashable & Sendable)? = nil, arguments: repeat each Argument,
    isolation: isolated (any Actor)? = #isolation
  ) throws(ResolutionError) -> ResolutionRecording {
    // A leak check inside `withOverrides` checks what `resolve` would make there: the override's.
    if let override = activeOverride {
      return try override.resolveRecording(type, tag: tag, arguments: repeat each arguments, isolation: isolation)
    }
    let recording = ResolutionRecording()
    let key = DefinitionKey(type: T.self, argumentsType: (repeat each Argument).self, tag: .wrap(tag))
    try resolveAndDrop(key, arguments: (repeat each arguments), recording: recording, isolation: isolation)
    return recording
  }

  /// Resolves like ``resolveRecording(_:tag:arguments:isolation:)`` as `try await resolve` does:
  /// async factories awaited, main-actor ones on the main actor.
  package func resolveRecording<T, each Argument>(
    _ type: T.Type, tag: (any Hashable & Sendable)? = nil, arguments: repeat each Argument
  ) async throws -> ResolutionRecording {
    if let override = activeOverride {
      return try await override.resolveRecording(type, tag: tag, arguments: repeat each arguments)
    }
    let recording = ResolutionRecording()
    let key = DefinitionKey(type: T.self, argumentsType: (repeat each Argument).self, tag: .wrap(tag))
    try await resolveAndDropAsync(key, arguments: (repeat each arguments), recording: recording)
    return recording
  }

  /// NB: not inlined, so that the graph and the root are released when it returns.
  @inline(never)
  private func resolveAndDrop(
    _ key: DefinitionKey, arguments: Any, recording: ResolutionRecording, isolation: (any Actor)?
  ) throws(ResolutionError) {
    let graph = Graph(container: self, isolation: isolation)
    graph.observer = recording
    graph.keepsMadeDisposals = true
    let root: Any
    do {
      root = try graph.resolveErased(key, arguments: arguments, from: self)
    } catch {
      // Nobody gets what the failed graph made: disposed now, as a failed `resolve` does.
      graph.disposeUnreceivedSynchronously()
      throw error
    }
    recording.keep(graph.takeMadeDisposals())
    withExtendedLifetime(root) {}
  }

  @inline(never)
  private func resolveAndDropAsync(_ key: DefinitionKey, arguments: Any, recording: ResolutionRecording)
    async throws
  {
    let graph = Graph(container: self)
    graph.observer = recording
    graph.keepsMadeDisposals = true
    let root: Any
    do {
      root = try await graph.runningAsTaskGraph {
        try await graph.resolveErasedAsync(key, arguments: arguments, from: self)
      }
    } catch {
      await graph.disposeUnreceived()
      throw error
    }
    recording.keep(graph.takeMadeDisposals())
    withExtendedLifetime(root) {}
  }
}
