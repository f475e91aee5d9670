/// The registrations that build a collection from its contributions: a list `[Element]` in
/// contribution order, a map `[Key: Element]` by the contributions' keys.
///
/// A collection is a `.shared` definition of its own: built once per object graph (every consumer
/// in the graph gets the same members), each member in its own scope, requested in the graph being
/// built. Its factory reads the contributions of the container that asked and of its ancestors,
/// so a child's collection is its parent's members followed by its own. An async resolution runs
/// its awaiting form, which makes each member with `await`: an `async` or main-actor member never
/// makes the members before it twice.
///
/// ```swift
/// registry.insert(CollectionRegistration.list(of: (any HealthCheck).self, id: id))
/// ```
enum CollectionRegistration {
  /// The registration of `[Element]`.
  static func list<Element>(of _: Element.Type, id: RegistrationID) -> any Entry {
    let key = DefinitionKey(type: [Element].self)
    return Registration<[Element], Void>(
      id: id, key: key, scope: .shared,
      factory: { r, _ in
        let graph = r.graph
        let requester = r.container
        let found = graph.contributions(to: key, from: requester)
        var members: [Element] = []
        members.reserveCapacity(found.count)
        for (contribution, owner) in graph.toBuild(found) {
          members.append(try graph.member(contribution, of: owner, as: Element.self, in: key, from: requester))
        }
        if found.isEmpty, graph.isValidation { graph.noteEmptyCollection(path: graph.frames.map(\.key)) }
        return members
      },
      asyncFactory: { r, _ in
        let graph = r.graph
        let requester = r.container
        let found = graph.contributions(to: key, from: requester)
        var members: [Element] = []
        members.reserveCapacity(found.count)
        for (contribution, owner) in graph.toBuild(found) {
          members.append(
            try await graph.memberAsync(contribution, of: owner, as: Element.self, in: key, from: requester))
        }
        if found.isEmpty, graph.isValidation { graph.noteEmptyCollection(path: graph.frames.map(\.key)) }
        return members
      },
      resolveArguments: nil, argumentTypes: [], producer: Registration<[Element], Void>.specializedProducer())
  }

  /// The registration of `[Key: Element]`. Two members under one key are a
  /// ``ResolutionError/Code/duplicateCollectionKey`` error, found before any member is built.
  static func map<Key: Hashable & Sendable, Element>(of _: [Key: Element].Type, id: RegistrationID) -> any Entry {
    let key = DefinitionKey(type: [Key: Element].self)
    return Registration<[Key: Element], Void>(
      id: id, key: key, scope: .shared,
      factory: { r, _ in
        let graph = r.graph
        let requester = r.container
        let found = try checkedKeys(graph.contributions(to: key, from: requester), of: key, in: graph)
        var members: [Key: Element] = [:]
        for (contribution, owner) in graph.toBuild(found) {
          guard let mapKey = contribution.mapKey?.value as? Key else { continue }
          members[mapKey] = try graph.member(contribution, of: owner, as: Element.self, in: key, from: requester)
        }
        if found.isEmpty, graph.isValidation { graph.noteEmptyCollection(path: graph.frames.map(\.key)) }
        return members
      },
      asyncFactory: { r, _ in
        let graph = r.graph
        let requester = r.container
        let found = try checkedKeys(graph.contributions(to: key, from: requester), of: key, in: graph)
        var members: [Key: Element] = [:]
        for (contribution, owner) in graph.toBuild(found) {
          guard let mapKey = contribution.mapKey?.value as? Key else { continue }
          members[mapKey] = try await graph.memberAsync(
            contribution, of: owner, as: Element.self, in: key, from: requester)
        }
        if found.isEmpty, graph.isValidation { graph.noteEmptyCollection(path: graph.frames.map(\.key)) }
        return members
      },
      resolveArguments: nil, argumentTypes: [], producer: Registration<[Key: Element], Void>.specializedProducer())
  }

  /// The contributions to the map `collection`, once no two of them share a key; else the
  /// ``ResolutionError/Code/duplicateCollectionKey`` error naming the first two that do.
  private static func checkedKeys(
    _ found: [(contribution: Contribution, owner: Container)], of collection: DefinitionKey, in graph: Graph
  ) throws(ResolutionError) -> [(contribution: Contribution, owner: Container)] {
    var seen: [DefinitionTag: DefinitionKey] = [:]
    for (contribution, _) in found {
      guard let mapKey = contribution.mapKey else { continue }
      if let first = seen[mapKey] {
        throw graph.duplicateKey(mapKey, in: collection, first: first, second: contribution.member)
      }
      seen[mapKey] = contribution.member
    }
    return found
  }
}
