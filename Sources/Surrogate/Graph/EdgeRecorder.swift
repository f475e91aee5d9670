/// Records, for a graph export or a validation, which definition asked for which.
final class EdgeRecorder: GraphObserver {
  struct Request: Hashable {
    let from: DefinitionKey
    let to: DefinitionKey
    let requested: DefinitionKey
    let isWeak: Bool
  }

  private(set) var requests: [Request] = []
  private(set) var scopes: [DefinitionKey: Scope] = [:]
  private var building: [DefinitionKey] = []
  private var weakRequests: Set<DefinitionKey> = []
  /// Definitions requested through a weak forwarding that are not built yet, with who asked.
  private var pendingWeak: [DefinitionKey: (from: DefinitionKey, requested: DefinitionKey)] = [:]
  /// Instances made because a weak forwarding asked for them (see ``WeaklyMade``), since the
  /// last ``startAttempt()``.
  private(set) var weaklyMade: [WeaklyMade] = []

  /// An instance whose first holder in its graph holds it weakly: if nothing else holds it, it
  /// is released as soon as the graph is.
  struct WeaklyMade {
    weak var object: AnyObject?
    let made: DefinitionKey
    let from: DefinitionKey
  }

  /// A new top-level resolution starts: forgets the weakly made instances of the last one.
  func startAttempt() {
    weaklyMade = []
    pendingWeak = [:]
  }

  func requested(_ requested: DefinitionKey, definition: DefinitionKey, scope: Scope) {
    scopes[definition] = scope
    guard let from = building.last else { return }
    let isWeak = weakRequests.remove(requested) != nil
    if isWeak { pendingWeak[definition] = (from, requested) }
    requests.append(Request(from: from, to: definition, requested: requested, isWeak: isWeak))
  }

  func startedBuilding(_ definition: DefinitionKey) { building.append(definition) }

  func finishedBuilding(_ definition: DefinitionKey) { building.removeLast() }

  func forwarded(_ requested: DefinitionKey, to source: DefinitionKey, weakly: Bool) {
    if weakly { weakRequests.insert(requested) }
  }

  func created(_ instance: Any, requested: DefinitionKey, scope: Scope, path: [DefinitionKey]) {
    guard let definition = building.last, let asked = pendingWeak.removeValue(forKey: definition),
      type(of: instance) is AnyClass
    else { return }
    weaklyMade.append(WeaklyMade(object: instance as AnyObject, made: definition, from: asked.from))
  }
}
