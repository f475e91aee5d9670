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

  /// The definition a forwarded definition (`id`, registered under `key`, forwarding to
  /// `sourceKey`) takes its instances from: where its forwarding points now (a decoration of the
  /// source moved it under a hidden key and repointed the forwarding there), else `sourceKey`'s.
  func forwardedSource(of id: RegistrationID, registeredAs key: DefinitionKey, sourceKey: DefinitionKey)
    -> (entry: any Entry, owner: Container)?
  {
    lookup(lookup(id, registeredAs: key)?.entry.sourceKey ?? sourceKey)
  }
}
