extension Registry {
  /// Replaces every registration of `scope` with a copy that keeps no instance; returns how many.
  mutating func renewRegistrations(in scope: Scope) -> Int {
    var renewed = 0
    for entry in entries {
      guard let renewable = entry as? any RenewableEntry, renewable.scope == scope else { continue }
      update(entry.key, id: entry.id) { _ in renewable.renewed() }
      renewed += 1
    }
    return renewed
  }
}
