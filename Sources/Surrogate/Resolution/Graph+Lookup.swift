// INVARIANT: see Graph.swift (a graph's unretained root and snapshot): the root's snapshot is read
// in place while the graph is active; every other snapshot the graph takes it keeps.

/// Where a graph finds a definition: its snapshot of each container's registry, one per container,
/// taken on first use (see `Graph+ResetGenerations.swift` for how the first is noted).
extension Graph {

  /// The registry of `container` as this graph sees it: one snapshot per container per graph,
  /// so nested lookups take no lock.
  @usableFromInline @inline(__always)
  func snapshot(of container: Container) -> RegistrySnapshot {
    isRoot(container) ? rootSnapshot : otherSnapshot(of: container)
  }

  @usableFromInline
  func otherSnapshot(of container: Container) -> RegistrySnapshot {
    if let parent = topLevelParentReference, parent.refers(to: container) { return topLevelParentSnapshot }
    let extras = extras
    if let snapshot = extras.otherSnapshot(of: ObjectIdentifier(container)) { return snapshot }
    let snapshot = snapshotNotingResets(of: container)
    extras.setOtherSnapshot(snapshot, of: ObjectIdentifier(container))
    return snapshot
  }

  /// Finds the definition for a key. A miss looks at the live registry once more, so that what
  /// a factory registered while this graph was being built is found too.
  ///
  /// Inside `withOverrides`, a lookup that falls through to an overridden ancestor reads its
  /// override first (see ``overriddenLookupChain(from:)``).
  @usableFromInline
  func lookup(_ key: DefinitionKey, from container: Container) -> (entry: any Entry, owner: Container)? {
    if container.family.hasOverrides, let chain = overriddenLookupChain(from: container) {
      if let found = Container.lookup(key, along: chain, in: snapshot(of:)) { return found }
      return lookupInLiveRegistries(of: chain) { Container.lookup(key, along: chain, in: $0) }
    }
    if isRoot(container), let parent = topLevelParentReference {
      if let found = rootAndParentLookup(key, root: container, parent: parent) { return found }
    } else if let found = container.lookup(key, in: snapshot(of:)) {
      return found
    }
    return lookupInLiveRegistries(of: sequence(first: container, next: \.parent)) { container.lookup(key, in: $0) }
  }

  /// ``Container/lookup(_:in:)`` from the root of a child's or a scope's graph, whose parent
  /// (`parent`, the ``topLevelParent``) has none: the exact key in the root's snapshot and then
  /// the parent's, then the untagged key the same way.
  ///
  /// NB: the general walk retained each container it passed and took each snapshot again through
  /// `snapshot(of:)`: a decorated definition resolved in a scope looked up twice so (its forwarding, then the decorator's inner key),
  /// about 700 instructions a request (server-scope, callgrind).
  private func rootAndParentLookup(_ key: DefinitionKey, root: Container, parent: Unretained<Container>)
    -> (entry: any Entry, owner: Container)?
  {
    // NB: the root's registry is asked only when it may hold the key: a scope's or a child's holds
    // a value or two and no tag, and the general lookup copied the key's tag to find that out. A
    // decorated definition resolved in a scope looks its forwarding up here, then the decorator's
    // hidden key (server-scope and server-child, callgrind: 152 instructions a request). The root's
    // snapshot is read in place, as the graph's fast paths read it.
    if let entry = rootSnapshotReference.withObject({ $0.registry.mayHold(key) ? $0.entry(for: key) : nil }) {
      return (entry, root)
    }
    let parentSnapshot = topLevelParentSnapshot
    if let entry = parentSnapshot.entry(for: key) { return (entry, parent.object) }
    guard key.isTagged else { return nil }
    let untagged = key.with(tag: nil)
    if let entry = rootSnapshotReference.withObject({ $0.entry(for: untagged) }) { return (entry, root) }
    if let entry = parentSnapshot.entry(for: untagged) { return (entry, parent.object) }
    return nil
  }

  /// A lookup that missed in this graph's snapshots, made again in the live registries of
  /// `containers` that changed since: what a factory registered while this graph was being built
  /// is found. `nil` when none changed.
  ///
  /// NB: the graph keeps reading its own snapshots for every other key, so that what it resolves
  /// comes from one generation of each registration: a custom scope's reset meanwhile renews them
  /// under the same ids, and the graph reuses what it made by id (a `Session` made before, handed
  /// to the renewed `APIClient` and published with it, left the scope's two instances apart). The
  /// live snapshots read are kept to the graph's end (`supersededSnapshots`), since entries found
  /// in them may still be in use.
  private func lookupInLiveRegistries(
    of containers: some Sequence<Container>,
    _ lookup: ((Container) -> RegistrySnapshot) -> (entry: any Entry, owner: Container)?
  ) -> (entry: any Entry, owner: Container)? {
    var live: [(container: Container, snapshot: RegistrySnapshot)] = []
    for candidate in containers {
      let fresh = candidate.snapshot()
      if fresh !== snapshot(of: candidate) { live.append((candidate, fresh)) }
    }
    guard !live.isEmpty else { return nil }
    extras.supersededSnapshots += live.map(\.snapshot)
    return lookup { container in live.first { $0.container === container }?.snapshot ?? self.snapshot(of: container) }
  }

  /// The snapshot of ``topLevelParent`` this graph reads, taken now if it has none yet.
  @usableFromInline
  var topLevelParentSnapshot: RegistrySnapshot {
    if let parentSnapshot { return parentSnapshot }
    let snapshot = snapshotNotingResets(of: topLevelParent!)
    parentSnapshot = snapshot
    return snapshot
  }

  /// Gives a graph that has not read its ``topLevelParent``'s registry yet the snapshot of it that
  /// its caller took: the graph reads that one instead of taking another under the parent's lock.
  /// `resetGeneration` is the family's reset count the snapshot holds (see
  /// ``snapshotNotingResets(of:)``).
  @inlinable
  func adoptParentSnapshot(_ snapshot: RegistrySnapshot, of parent: Container, resetGeneration: Int) {
    if parentSnapshot == nil, topLevelParentReference?.refers(to: parent) == true {
      parentSnapshot = snapshot
      if rootFamilyResetGeneration < 0 { rootFamilyResetGeneration = resetGeneration }
    }
  }

  /// The bits of the untagged entry under `key` in ``topLevelParentSnapshot``, taken now if the
  /// graph has none yet, or `nil` when it has one (the caller read it) or nothing is there.
  @usableFromInline
  func takeParentSnapshotBits(_ key: TypeKey) -> UInt? {
    guard parentSnapshot == nil else { return nil }
    return topLevelParentSnapshot.untaggedBits(key)
  }
}
