extension Container {
  /// The entry of the definition `id`, registered under `key`, and the container that holds it:
  /// found as a request for `key` finds it, then, when `key` was decorated there since, where the
  /// decoration moved it (keeping its id, see ``Registry/entry(_:registeredAs:)``). `nil` when
  /// the definition was removed or replaced.
  ///
  /// For a definition's methods, at configuration time: a request never comes here.
  func lookup(_ id: RegistrationID, registeredAs key: DefinitionKey) -> (entry: any Entry, owner: Container)? {
    guard let found = lookup(key) else { return nil }
    if found.entry.id == id { return found }
    guard let entry = found.owner.snapshot().registry.entry(id, registeredAs: found.entry.key) else { return nil }
    return (entry, found.owner)
  }
}
