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
///
/// NB: one optional reference, `nil` in a container that contributes nothing. The general lookup
/// path copies a ``Registry`` out of its snapshot; two dictionaries here cost each copy two
/// retains and releases more (`validate()` of 1,000 definitions: 2% more instructions).
struct Contributions: Sendable {
  private var storage: Storage?

  /// The contributions and the collections' registrations: immutable, replaced by a write.
  private final class Storage: Sendable {
    let byCollection: [ObjectIdentifier: [Contribution]]
    /// The id of the registration this container made for each collection it has contributions
    /// to: a registration of the collection type by anyone else (a later `register`) replaced it.
    let collectionIDs: [ObjectIdentifier: RegistrationID]

    init(byCollection: [ObjectIdentifier: [Contribution]], collectionIDs: [ObjectIdentifier: RegistrationID]) {
      self.byCollection = byCollection
      self.collectionIDs = collectionIDs
    }
  }

  /// The contributions to `collection`, oldest first.
  func list(for collection: DefinitionKey) -> [Contribution] {
    storage?.byCollection[ObjectIdentifier(collection.type)] ?? []
  }

  mutating func append(_ contribution: Contribution, to collection: DefinitionKey) {
    var byCollection = storage?.byCollection ?? [:]
    byCollection[ObjectIdentifier(collection.type), default: []].append(contribution)
    storage = Storage(byCollection: byCollection, collectionIDs: storage?.collectionIDs ?? [:])
  }

  /// The id of the registration that builds `collection` from these contributions, if one was made.
  func collectionID(of collection: DefinitionKey) -> RegistrationID? {
    storage?.collectionIDs[ObjectIdentifier(collection.type)]
  }

  /// Whether this container made a registration for `entry`'s collection type and it is `entry`.
  func isCollection(_ entry: any Entry) -> Bool {
    guard let storage else { return false }
    return storage.collectionIDs[ObjectIdentifier(entry.key.type)] == entry.id
  }

  mutating func setCollectionID(_ id: RegistrationID, of collection: DefinitionKey) {
    var collectionIDs = storage?.collectionIDs ?? [:]
    collectionIDs[ObjectIdentifier(collection.type)] = id
    storage = Storage(byCollection: storage?.byCollection ?? [:], collectionIDs: collectionIDs)
  }

  /// Removes what `member` contributed: its definition was removed.
  mutating func remove(member: DefinitionKey) {
    guard let storage, storage.byCollection.values.contains(where: { $0.contains { $0.member == member } }) else {
      return
    }
    let byCollection = storage.byCollection.mapValues { list in list.filter { $0.member != member } }
    self.storage = Storage(byCollection: byCollection, collectionIDs: storage.collectionIDs)
  }
}
