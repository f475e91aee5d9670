/// The hidden tag of an ancestor's definition that a nearer container hides with one of the same
/// key, in a graph export that reaches both (a parent's singleton resolves in the parent, where the
/// child's definition is out of sight): the export keys it apart so that it is a node of its own,
/// `Logger (the parent's)`, with its own scope and edges.
///
/// ```swift
/// let key = DefinitionKey(type: Logger.self).with(tag: InheritedTag(key: key, distance: 1).tag)
/// print(key)  // Logger (the parent's)
/// ```
struct InheritedTag: Hashable, Sendable {
  /// The definition's own key.
  let key: DefinitionKey
  /// How many containers up from the graph's root it is registered: 1 for the parent; 0 when it is
  /// not an ancestor's (a collaborator's, say).
  let distance: Int

  var tag: DefinitionTag { DefinitionTag(self) }

  /// How ``DefinitionKey/description`` writes a key carrying this tag, or `nil` for another key.
  static func describe(_ key: DefinitionKey) -> String? {
    guard let inherited = key.tag?.value as? InheritedTag else { return nil }
    let whose =
      switch inherited.distance {
      case 1: "the parent's"
      case 0: "another container's"
      default: "an ancestor's, \(inherited.distance) containers up"
      }
    return "\(inherited.key) (\(whose))"
  }
}

extension Graph {
  /// The key the graph export records `registration` (under `key`) with: its own, unless a
  /// container nearer the graph's root hides it with a definition of the same key (see
  /// ``InheritedTag``).
  func observedKey(of key: DefinitionKey, id: RegistrationID, for observer: any GraphObserver) -> DefinitionKey {
    guard observer.distinguishesHiddenDefinitions, id.container != ObjectIdentifier(root),
      let nearest = root.lookupHonoringOverrides(key), nearest.entry.id != id
    else { return key }
    let ancestors = sequence(first: root, next: \.parent).dropFirst()
    let distance = ancestors.enumerated().first { ObjectIdentifier($0.element) == id.container }.map { $0.offset + 1 }
    return key.with(tag: InheritedTag(key: key, distance: distance ?? 0).tag)
  }
}
