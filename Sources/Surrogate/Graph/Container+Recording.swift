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

  package private(set) var instances: [Instance] = []
  private let edges = EdgeRecorder()
  private var building: [DefinitionKey] = []

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

  package func forwarded(_ requested: DefinitionKey, to source: DefinitionKey, weakly: Bool) {
    edges.forwarded(requested, to: source, weakly: weakly)
  }

  package func created(_ instance: Any, requested: DefinitionKey, scope: Scope, path: [DefinitionKey]) {
    guard type(of: instance) is AnyClass else { return }
    let object = instance as AnyObject
    instances.append(
      Instance(
        object: object, objectID: ObjectIdentifier(object), key: requested,
        definition: building.last ?? requested, scope: scope))
  }
}

extension Container {
  /// Resolves `type` in a fresh graph while recording every instance created, then drops it.
  ///
  /// When this returns, nothing but the container (singletons) and the instances themselves hold
  /// what was created: whatever is still alive and not a singleton leaked.
  package func resolveRecording<T>(_ type: T.Type, tag: (any Hashable & Sendable)? = nil)
    throws(ResolutionError) -> ResolutionRecording
  {
    let recording = ResolutionRecording()
    try resolveAndDrop(T.self, tag: tag, recording: recording)
    return recording
  }

  @inline(never)
  private func resolveAndDrop<T>(_ type: T.Type, tag: (any Hashable & Sendable)?, recording: ResolutionRecording)
    throws(ResolutionError)
  {
    let graph = Graph(container: self)
    graph.observer = recording
    let root = try graph.resolveErased(DefinitionKey(type: T.self, tag: .wrap(tag)), arguments: (), from: self)
    withExtendedLifetime(root) {}
  }
}
