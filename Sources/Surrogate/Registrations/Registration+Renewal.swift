/// An entry that keeps instances for a scope and can hand out a copy that keeps none yet: how
/// ``Container/reset(_:)`` releases a custom scope's instances.
protocol RenewableEntry: ScopedEntry {
  /// A copy with the same id, key, factory and blocks, and an empty instance store, made by the
  /// reset of its family numbered `generation` (0 for a scope's own copy).
  func renewed(at generation: Int) -> any Entry
  /// ``renewed(at:)``, keeping its instances in the store of `other` (a copy renewed by the same
  /// reset from a registration that shared this one's store), when it is one of the same type.
  func renewed(at generation: Int, sharingStoreOf other: any Entry) -> any Entry
  /// Makes the store make no instance any more (see ``SingletonStore/retire()``).
  func retire()
}

extension Registration: RenewableEntry {
  func retire() { obtainStore().retire() }

  func renewed(at generation: Int, sharingStoreOf other: any Entry) -> any Entry {
    let copy = renewed(at: generation)
    if let copy = copy as? Registration, let other = other as? Registration {
      _ = copy.storeReference.publish(other.obtainStore())
    }
    return copy
  }

  /// A copy with a new, empty singleton store.
  ///
  /// NB: the old registration is not changed: a graph or a read section that holds it (through
  /// the snapshot it reads) keeps reading its instance until it lets go, and the old snapshot,
  /// released when the last reader lets go of it, takes the old instance with it. So a resolve that races a
  /// reset gets the old instance or a new one, and the hot path reads a published singleton as
  /// it always has.
  func renewed(at generation: Int) -> any Entry {
    let copy = Registration(renewing: self, at: generation)
    shareInjectionPlan(with: copy)
    return copy
  }
}
