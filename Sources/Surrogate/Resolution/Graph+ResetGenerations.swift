/// How a graph keeps what it makes whole while a custom scope's reset renews registries one at a
/// time (see ARCHITECTURE.md, "Registrations/").
extension Graph {
  /// Takes `container`'s snapshot; the graph's first of its family other than the root's is taken
  /// between two resets of the family, whose number the graph notes: a registration renewed by a
  /// later reset may take its dependencies from registries this graph read before it (a
  /// collaborating child of the app whose session was reset while the graph ran), so the graph
  /// does not publish what it makes there (see ``makesUnpublished(renewedAt:owner:)``).
  ///
  /// NB: for the root's family (a child's parent), two atomic loads and a store in the graph; a
  /// reset running meanwhile (rare) makes it take the snapshot again once that reset has finished.
  func snapshotNotingResets(of container: Container) -> RegistrySnapshot {
    let family = container.family
    let isRootFamily = family === root.family
    let id = ObjectIdentifier(family)
    let noted =
      isRootFamily ? rootFamilyResetGeneration >= 0 : extras.resetGenerations.contains { $0.family == id }
    if noted { return container.snapshot() }
    while true {
      let finished = family.finishedResets
      let snapshot = container.snapshot()
      guard family.noResetStarted(since: finished) else { continue }
      if isRootFamily { rootFamilyResetGeneration = finished } else { extras.resetGenerations.append((id, finished)) }
      return snapshot
    }
  }

  /// Whether an instance of a registration of `owner` renewed by reset `renewedAt` of its family is
  /// made without being published: that reset came after this graph first read a registry of the
  /// family other than its root's, so the instance may be made from what the reset released.
  /// Kept in the graph, it is the instance of the scope from before the reset, for this resolve.
  @usableFromInline
  func makesUnpublished(renewedAt: Int, owner: Container) -> Bool {
    guard !isRoot(owner) else { return false }
    let noted: Int
    if owner.family === root.family {
      noted = rootFamilyResetGeneration
    } else {
      let family = ObjectIdentifier(owner.family)
      noted = extrasStorage?.resetGenerations.first { $0.family == family }?.generation ?? -1
    }
    // Not noted: the graph read only its root's registry of the family.
    return noted >= 0 && renewedAt > noted
  }
}
