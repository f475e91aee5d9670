import Synchronization

extension Graph {
  /// Keeps the disposal of a throwaway instance a validation graph made: a singleton's, a
  /// `.scoped` instance's, and a `.shared` or `.unique` instance not made for a singleton, or made
  /// for one registered in the scope whose check it is (in a scope, as ``ScopeDisposals`` keeps
  /// it; outside one, nobody receives it, so the check is the caller that would dispose it).
  /// `validate()` runs them before it returns; the container's own instances are never among them
  /// (validation neither reads nor writes its stores).
  func noteValidationDisposal(
    of instance: Any, key: DefinitionKey, definedAs definition: DefinitionKey, scope: Scope, id: RegistrationID,
    plainType: borrowing Atomic<ObjectIdentifier?>
  ) {
    guard scope.kind != .weakSingleton else { return }
    // Made for a singleton: the singleton's, unless a scope's check made it for a singleton
    // registered in that scope, which the scope's end disposes with what it took (as
    // `ScopeDisposals` does).
    if !scope.kind.isStored, let singleton = innermostSingleton(), !endsWithScope(singleton) { return }
    let disposer = registeringContainer(of: id)?.withLifetime { $0.disposers[id] }
    guard
      let disposal = ThrowawayDisposal.make(
        for: instance, key: key, definedAs: definition, disposer: disposer, plainType: plainType)
    else {
      return
    }
    extras.validationDisposals.append(disposal)
  }
}

extension Container {
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
