extension Registry {
  /// Replaces every registration of `scope` with a copy that keeps no instance, made by the
  /// family's reset numbered `generation`; returns the replaced ones.
  mutating func renewRegistrations(in scope: Scope, at generation: Int) -> [any RenewableEntry] {
    var replaced: [any RenewableEntry] = []
    for entry in entries {
      guard let renewable = entry as? any RenewableEntry, renewable.scope == scope else { continue }
      update(entry.key, id: entry.id) { _ in renewable.renewed(at: generation) }
      replaced.append(renewable)
    }
    return replaced
  }
}
