/// Where a tagged request's tag stops. A request's tag reaches what the container resolves on its
/// own (auto-wired parameters, `@Injected` properties without `tag:`), never an explicit
/// `resolve` without `tag:` in a factory, block or `resolveDependencies` (Dip's rule): below such
/// a request the graph is untagged. These say where that happened when it mattered: a type
/// resolved untagged in that subtree is registered with the tag that stopped.
extension Graph {
  /// Tells the observer that `definition` (registered under its own key, with `scope`) was asked
  /// for as `requested` from `lookup`, and, for an untagged request below the point where a
  /// tagged request's tag stopped, that the type is registered with that tag.
  ///
  /// NB: out of line: only observed graphs (validation, graph export) call it.
  @usableFromInline @inline(never)
  func noteRequest(
    _ requested: DefinitionKey, definition: DefinitionKey, scope: Scope, lookup: Container,
    observer: any GraphObserver
  ) {
    observer.requested(requested, definition: definition, scope: scope)
    guard !requested.isTagged, frameCount > 0 else { return }
    let ownerTag = frames[frameCount - 1].key.tag
    var stops = extrasStorage?.tagStops ?? []
    // NB: nothing tagged above: no extras are made for it (validation makes a graph per definition).
    guard ownerTag != nil || !stops.isEmpty else { return }
    // The stops whose subtrees are finished go: their requests were made at this depth or deeper.
    stops.removeAll { $0.depth >= frameCount }
    if let ownerTag { stops.append((isInjectingProperty ? nil : ownerTag, frameCount)) }
    extras.tagStops = stops
    guard let stop = stops.last, let tag = stop.tag,
      reachesDefinition(taggedExactly: requested.with(tag: tag), from: lookup)
    else { return }
    observer.tagStopped(tag, path: path(to: requested), stoppedAt: stop.depth)
  }

  /// Whether the request being made is an auto-injected property's of the definition on top of
  /// the path: untagged from a tagged owner only when it says `tag: nil`.
  private var isInjectingProperty: Bool { extrasStorage?.injecting?.ownerDepth == frameCount - 1 }

  /// Whether a request for `key` (tagged) from `container` would be answered by a definition
  /// registered with `key`'s tag, not by the untagged fallback: looked up as a request is, in the
  /// container and its ancestors, then in its collaborators.
  func reachesDefinition(taggedExactly key: DefinitionKey, from container: Container) -> Bool {
    if let found = lookup(key, from: container) { return found.entry.key.tagSlot == key.tagSlot }
    for collaborator in container.collaborationNetwork() {
      if let found = lookupInSnapshots(key, from: resolvingContainer(of: collaborator)) {
        return found.entry.key.tagSlot == key.tagSlot
      }
    }
    return false
  }

  /// The remedy for `key`, untagged and not found from `container`, when the nearest tagged
  /// definition on the path was requested with a tag that `key`'s type is registered with: the
  /// tag stopped on the way, at the request after that definition.
  func stoppedTagRemedy(_ key: DefinitionKey, in container: Container) -> String? {
    guard !key.isTagged, let tagged = frames.lastIndex(where: { $0.key.isTagged }),
      let tag = frames[tagged].key.tag, tagged < frameCount - 1 || !isInjectingProperty,
      reachesDefinition(taggedExactly: key.with(tag: tag), from: container)
    else { return nil }
    let path = path(to: key)
    let name = typeName(key.type)
    return "\(name) is registered with tag \(tag), but that tag stopped at \(path[tagged]) → \(path[tagged + 1]): "
      + Self.stoppedTagAdvice(down: name) + " Or register an untagged \(name) as the fallback."
  }

  /// Why a tag stops and how to pass it on, down to the type named `name`.
  static func stoppedTagAdvice(down name: String) -> String {
    "a `resolve` without `tag:` in a factory, block or `resolveDependencies` does not pass its request's tag on "
      + "(auto-wired parameters and `@Injected` properties do). Pass it on with `try r.resolve(tag: r.tag)` "
      + "from there down to \(name), or name the tag you mean."
  }
}
