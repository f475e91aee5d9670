import Synchronization

extension Graph {
  /// Keeps the disposal of a throwaway instance a validation graph made, when the container would
  /// dispose the real one: a singleton's, a `.scoped` instance's, and, in a scope, a `.shared` or
  /// `.unique` instance not made for a singleton (see ``ScopeDisposals``). `validate()` runs them
  /// before it returns; the container's own instances are never among them (validation neither
  /// reads nor writes its stores).
  func noteValidationDisposal(
    of instance: Any, key: DefinitionKey, scope: Scope, id: RegistrationID,
    plainType: borrowing Atomic<ObjectIdentifier?>
  ) {
    guard scope.kind != .weakSingleton else { return }
    if !scope.kind.isStored {
      guard root.isInScope, !frames.dropLast().contains(where: \.isSingleton) else { return }
    }
    let disposer = registeringContainer(of: id)?.withLifetime { $0.disposers[id] }
    guard let disposal = TrackedDisposal.make(for: instance, key: key, disposer: disposer, plainType: plainType) else {
      return
    }
    extras.validationDisposals.append(disposal)
  }
}

extension Container {
  /// `disposals` (oldest first) to run newest first, without those of an object this container or
  /// an ancestor (or an override of one in this task) keeps for real: a factory that hands out an object made before (`{ sharedPool }`)
  /// gave a throwaway graph the app's own instance, which only `shutdown()` may dispose.
  func throwaway(_ disposals: [TrackedDisposal]) -> [TrackedDisposal] {
    var kept = Set<ObjectIdentifier>()
    for keeper in lookupChain() {
      let objects = keeper.lifetime.withLock(owner: keeper) { lifetime in
        lifetime?.tracked.compactMap(\.object) ?? []
      }
      kept.formUnion(objects)
    }
    return disposals.reversed().filter { disposal in disposal.object.map { !kept.contains($0) } ?? true }
  }

  /// The container, among this one and its ancestors (and the overrides installed for them in
  /// this task, see ``lookupChain()``), that registered definition `id`.
  @usableFromInline
  func registeringContainer(of id: RegistrationID) -> Container? {
    if let chain = overriddenLookupChain() { return chain.first { ObjectIdentifier($0) == id.container } }
    var container: Container? = self
    while let current = container {
      if ObjectIdentifier(current) == id.container { return current }
      container = current.parent
    }
    return nil
  }
}
