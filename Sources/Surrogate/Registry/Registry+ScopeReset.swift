extension Registry {
  /// Replaces every registration of `scope` with a copy that keeps no instance, made by the
  /// family's reset numbered `generation`; returns the replaced ones.
  mutating func renewRegistrations(in scope: Scope, at generation: Int) -> [any RenewableEntry] {
    var replaced: [any RenewableEntry] = []
    // Registrations that shared a store (a decorated singleton forwarded under several tags)
    // share the new one.
    var renewedByStore: [ObjectIdentifier: any Entry] = [:]
    for entry in entries {
      guard let renewable = entry as? any RenewableEntry, renewable.scope == scope else { continue }
      let store = entry.keptStoreIdentity
      let sharing = store.flatMap { renewedByStore[$0] }
      update(entry.key, id: entry.id) { _ in
        let copy =
          sharing.map { renewable.renewed(at: generation, sharingStoreOf: $0) } ?? renewable.renewed(at: generation)
        if let store, sharing == nil { renewedByStore[store] = copy }
        return copy
      }
      replaced.append(renewable)
    }
    return replaced
  }
}
