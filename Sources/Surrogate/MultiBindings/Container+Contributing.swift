extension Container {
  /// Registers a closure as a member of `collection`: the member's registration under a hidden key,
  /// the contribution and, when this container has none, the collection's registration, in one
  /// critical section (a contribution made while other threads register or resolve is never lost).
  func registerMember<Element>(
    _ scope: Scope, of collection: DefinitionKey, mapKey: DefinitionTag?, origin: String,
    factory: @escaping Registration<Element, Void>.Factory, collectionEntry: (RegistrationID) -> any Entry
  ) -> Definition<Element, Void> {
    let (id, key) = write { registry in
      let id = RegistrationID(container: ObjectIdentifier(self), serial: registry.makeSerial())
      let tag = ContributionTag(
        container: ObjectIdentifier(self), serial: id.serial, collection: collection.type,
        ordinal: registry.contributions.list(for: collection).count + 1, mapKey: mapKey, origin: origin)
      let key = DefinitionKey(type: Element.self, tag: DefinitionTag(tag))
      // NB: a rejected member still gets an id of its own, so its definition's chained calls find
      // nothing to change.
      guard registry.admits(RejectedChange(kind: .contribution, key: collection)) else { return (id, key) }
      let member = Registration<Element, Void>(
        id: id, key: key, scope: scope, factory: factory, producer: Registration<Element, Void>.specializedProducer())
      registry.insert(member)
      add(
        Contribution(member: key, isOwnRegistration: true, mapKey: mapKey), to: collection, in: &registry,
        collectionEntry: collectionEntry)
      return (id, key)
    }
    return Definition(container: self, id: id, key: key, sourceKey: key, scope: scope)
  }

  /// Contributes the definition registered under `member` (with `id`) to `collection`, in one
  /// critical section with the collection's registration; a definition since replaced or removed
  /// contributes nothing, as it takes no more blocks (a decorated one is neither: the list asks
  /// for `member`, decorated).
  func contribute(
    _ member: DefinitionKey, id: RegistrationID, to collection: DefinitionKey, mapKey: DefinitionTag?,
    collectionEntry: (RegistrationID) -> any Entry
  ) {
    write { registry in
      guard registry.registers(id, as: member),
        registry.admits(RejectedChange(kind: .contribution, key: collection))
      else { return }
      add(
        Contribution(member: member, isOwnRegistration: false, mapKey: mapKey), to: collection, in: &registry,
        collectionEntry: collectionEntry)
    }
  }

  /// Adds `contribution`, and registers the collection if this container's registration of it is
  /// missing or was replaced by a `register` of the collection type (last wins, both ways).
  private func add(
    _ contribution: Contribution, to collection: DefinitionKey, in registry: inout Registry,
    collectionEntry: (RegistrationID) -> any Entry
  ) {
    registry.contributions.append(contribution, to: collection)
    let current = registry.entry(for: collection)?.id
    guard current == nil || current != registry.contributions.collectionID(of: collection) else { return }
    let id = RegistrationID(container: ObjectIdentifier(self), serial: registry.makeSerial())
    registry.insert(collectionEntry(id))
    registry.contributions.setCollectionID(id, of: collection)
  }

  /// How many members a validation of `entry` checks one at a time, each in a graph of its own:
  /// the contributions a request from this container sees (its own, its ancestors', and inside
  /// `withOverrides` their overrides'), when `entry` is the registration that the container whose
  /// contributions are `contributions` made for a collection; `nil` for any other entry.
  ///
  /// NB: the contributions are passed in, read once per validation: a snapshot taken here for
  /// every entry cost `validate()` of 1,000 definitions 1% more instructions. The registries of
  /// the lookup chain are read only for a collection's registration.
  func membersToValidate(_ entry: any Entry, contributions: Contributions) -> Int? {
    guard contributions.isCollection(entry) else { return nil }
    let key = entry.key
    let count = lookupChain().reduce(0) { $0 + $1.snapshot().registry.contributions.list(for: key).count }
    return count == 0 ? nil : count
  }
}
