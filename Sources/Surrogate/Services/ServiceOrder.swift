/// Orders a container's services dependencies first, from what each one's graph asked for.
enum ServiceOrder {
  /// The services that each service depends on, directly or through definitions that are not
  /// services, found by resolving each service once in a throwaway graph (as `validate()` does):
  /// the container's own instances are neither read nor kept, and what the graphs made is disposed
  /// before it returns. Only strong requests count: a weak proxy or an `@InjectedWeak` property
  /// sets no order, nor does a `Lazy` (resolved later, in a graph of its own).
  ///
  /// The graphs see what the real start will have made when a service's synchronous factory asks:
  /// the eager singletons, its ancestors' too (`bootstrap()` makes them first), and the services
  /// resolved before. A
  /// service whose synchronous code met a singleton that needs `await` not made yet is tried again
  /// after the others, which may make it (a service it depends on): declaration order decides
  /// nothing.
  ///
  /// - Throws: ``ServiceError/Code/resolutionFailed`` when a service cannot be resolved.
  static func dependencies(of declarations: [ServiceDeclaration], in container: Container) async throws(ServiceError)
    -> [DefinitionKey: Set<DefinitionKey>]
  {
    let recorder = EdgeRecorder()
    // Singletons made by one graph are given to the next, as `validate()` does, so a factory runs
    // at most once here (but for a service tried again after the others, which runs again).
    var kept = ThrowawaySingletons()
    var disposals: [ThrowawayDisposal] = []
    func resolve(_ key: DefinitionKey, recordingIn recorder: EdgeRecorder) async -> (any Error)? {
      let outcome = await kept.resolve(key, from: container, recordingIn: recorder)
      disposals += outcome.disposals
      return outcome.error
    }
    // NB: what an eager singleton asks for sets no order here (its own recorder); one that fails
    // is left to its own `bootstrap()`, and a service that needs it fails below.
    // The ancestors' first: their `bootstrap()` made them before this container's services start.
    let eagerRecorder = EdgeRecorder()
    for key in container.ancestorsEagerSingletonKeys() + container.eagerSingletons().map(\.key) {
      _ = await resolve(key, recordingIn: eagerRecorder)
    }
    var failure: ServiceError?
    var pending = declarations
    while failure == nil, !pending.isEmpty {
      var waiting: [(declaration: ServiceDeclaration, error: any Error)] = []
      for declaration in pending {
        guard let error = await resolve(declaration.key, recordingIn: recorder) else { continue }
        guard Self.mayWaitForAnother(error) else {
          failure = .resolutionFailed(declaration.key, error)
          break
        }
        waiting.append((declaration, error))
      }
      // Nothing resolved this pass: what still waits fails with its error.
      if failure == nil, waiting.count == pending.count, let first = waiting.first {
        failure = .resolutionFailed(first.declaration.key, first.error)
      }
      pending = waiting.map(\.declaration)
    }
    kept = ThrowawaySingletons()
    // NB: a throwaway instance's disposal that fails is not reported here (the real instances are
    // what the caller asked for); `await container.validate()` reports it. An instance something
    // else holds (`{ worker }`) is the app's: left alone (see `ThrowawayDisposal`).
    _ = await ThrowawayDisposal.run(disposals)
    if let failure { throw failure }

    return dependencies(recordedBy: recorder, among: declarations)
  }

  /// Whether `error` says synchronous code met a singleton that needs `await` or the main actor
  /// and is not made yet: another service's graph may make it first.
  private static func mayWaitForAnother(_ error: any Error) -> Bool {
    guard let error = error as? ResolutionError else { return false }
    return error.code == .requiresAwait || error.code == .requiresMainActor
  }

  /// For each of `declarations`, the services it reaches through the strong requests `recorder`
  /// saw.
  static func dependencies(recordedBy recorder: EdgeRecorder, among declarations: [ServiceDeclaration])
    -> [DefinitionKey: Set<DefinitionKey>]
  {
    var successors: [DefinitionKey: [DefinitionKey]] = [:]
    for request in recorder.requests where !request.isWeak {
      successors[request.from, default: []].append(request.to)
    }
    let services = Set(declarations.map(\.key))
    var dependencies: [DefinitionKey: Set<DefinitionKey>] = [:]
    for service in services {
      var seen: Set<DefinitionKey> = [service]
      var queue = successors[service] ?? []
      var found = Set<DefinitionKey>()
      while let next = queue.popLast() {
        guard seen.insert(next).inserted else { continue }
        if services.contains(next) { found.insert(next) }
        queue += successors[next] ?? []
      }
      dependencies[service] = found
    }
    return dependencies
  }

  /// `declarations` sorted so that each comes after the services it depends on; services that do
  /// not depend on each other keep the order they were declared in.
  ///
  /// - Throws: ``ServiceError/Code/dependencyCycle`` when services depend on each other.
  static func sorted(_ declarations: [ServiceDeclaration], dependencies: [DefinitionKey: Set<DefinitionKey>])
    throws(ServiceError) -> [ServiceDeclaration]
  {
    var remaining = declarations
    var placed = Set<DefinitionKey>()
    var sorted: [ServiceDeclaration] = []
    while !remaining.isEmpty {
      guard
        let index = remaining.firstIndex(where: { (dependencies[$0.key] ?? []).isSubset(of: placed) })
      else {
        let keys = remaining.map(\.key)
        let edges = keys.flatMap { key in (dependencies[key] ?? []).filter(keys.contains).map { (key, $0) } }
        let cycle = GraphCycles.find(nodes: keys, edges: edges).first ?? keys
        throw .dependencyCycle(cycle)
      }
      let next = remaining.remove(at: index)
      placed.insert(next.key)
      sorted.append(next)
    }
    return sorted
  }
}
