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

  func requested(_ requested: DefinitionKey, definition: DefinitionKey, scope: Scope) {
    scopes[definition] = scope
    guard let from = building.last else { return }
    let isWeak = weakRequests.remove(requested) != nil
    requests.append(Request(from: from, to: definition, requested: requested, isWeak: isWeak))
  }

  func startedBuilding(_ definition: DefinitionKey) { building.append(definition) }

  func finishedBuilding(_ definition: DefinitionKey) { building.removeLast() }

  func forwarded(_ requested: DefinitionKey, to source: DefinitionKey, weakly: Bool) {
    if weakly { weakRequests.insert(requested) }
  }

  func created(_ instance: Any, requested: DefinitionKey, scope: Scope, path: [DefinitionKey]) {}
}
