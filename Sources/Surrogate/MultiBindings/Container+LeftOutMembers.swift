extension Container {
  /// The members of `collections` (lists and maps) that a request from this container does not
  /// get, because they are registered in containers of its collaboration network other than the
  /// one whose list it resolves; one entry per collection that has any, for the validation warning
  /// (``ValidationWarning/Kind/collaboratorMembersLeftOut``).
  ///
  /// A request for a list is answered by this container and its ancestors when one of them has
  /// it, else by the first collaborator (and its ancestors) that has it: lists from several
  /// containers are not joined (see MultiBindings.md).
  ///
  /// ```swift
  /// for (collection, members) in app.membersLeftOut(of: [DefinitionKey(type: [any Check].self)]) { ... }
  /// ```
  func membersLeftOut(of collections: [DefinitionKey]) -> [(collection: DefinitionKey, members: [DefinitionKey])] {
    let network = collaborationNetwork()
    guard !network.isEmpty else { return [] }
    let chains = [Self.chain(from: self)] + network.map(Self.chain(from:))
    var found: [(collection: DefinitionKey, members: [DefinitionKey])] = []
    var seen = Set<DefinitionKey>()
    for collection in collections where seen.insert(collection).inserted {
      let snapshots = chains.map { chain in chain.map { ($0, $0.snapshot()) } }
      guard let answering = snapshots.first(where: { $0.contains { $0.1.entry(for: collection) != nil } }) else {
        continue
      }
      var answered = Set(answering.map { ObjectIdentifier($0.0) })
      var members: [DefinitionKey] = []
      for (container, snapshot) in snapshots.joined() where answered.insert(ObjectIdentifier(container)).inserted {
        members += snapshot.registry.contributions.list(for: collection).map(\.member)
      }
      if !members.isEmpty { found.append((collection, members)) }
    }
    return found
  }

  /// `container` and its ancestors, nearest first.
  private static func chain(from container: Container) -> [Container] {
    Array(sequence(first: container, next: \.parent))
  }
}
