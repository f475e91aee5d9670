/// One contribution to a collection: a member, requested in its place when the collection is
/// built.
struct Contribution: Sendable {
  /// The key of the member: the hidden key of a closure registered with `register(into:)`, or the
  /// key of a definition that `contributes(to:)` the collection.
  let member: DefinitionKey
  /// Whether `member` is a hidden key of `register(into:)`, whose registration the collection
  /// produces itself, requested as its element type; otherwise it is requested by its key, like
  /// any dependency.
  let isOwnRegistration: Bool
  /// The member's key in a map; `nil` in a list.
  let mapKey: DefinitionTag?
}

/// The contributions one container made, by collection type, in the order they were made; part of
/// its ``Registry``, so guarded by the container's lock and read from snapshots without one.
///
/// ```swift
/// registry.contributions.append(contribution, to: collectionKey)
/// let members = snapshot.registry.contributions.list(for: collectionKey)
/// ```
struct Contributions: Sendable {
  private var byCollection: [ObjectIdentifier: [Contribution]] = [:]
  /// The id of the registration this container made for each collection it has contributions to:
  /// a registration of the collection type by anyone else (a later `register`) replaced it.
  private var collectionIDs: [ObjectIdentifier: RegistrationID] = [:]

  /// The contributions to `collection`, oldest first.
  func list(for collection: DefinitionKey) -> [Contribution] {
    byCollection[ObjectIdentifier(collection.type)] ?? []
  }

  mutating func append(_ contribution: Contribution, to collection: DefinitionKey) {
    byCollection[ObjectIdentifier(collection.type), default: []].append(contribution)
  }

  /// The id of the registration that builds `collection` from these contributions, if one was made.
  func collectionID(of collection: DefinitionKey) -> RegistrationID? {
    collectionIDs[ObjectIdentifier(collection.type)]
  }

  mutating func setCollectionID(_ id: RegistrationID, of collection: DefinitionKey) {
    collectionIDs[ObjectIdentifier(collection.type)] = id
  }

  /// Removes what `member` contributed: its definition was removed.
  mutating func remove(member: DefinitionKey) {
    for (collection, list) in byCollection where list.contains(where: { $0.member == member }) {
      byCollection[collection] = list.filter { $0.member != member }
    }
  }
}
