/// How a graph's lookups reach the overrides installed in the current task (see
/// ``Container/withOverrides(_:operation:)-(_,()->Result)``).
extension Graph {
  /// Whether a singleton is being made on this graph's path (a frame of one): what it resolves,
  /// now or later (a `Lazy`, `Provider` or their `async` forms it takes), ignores the overrides,
  /// and the collaborators of another family.
  var isBuildingSingleton: Bool { frames.contains(where: \.isSingleton) }

  /// The lookup chain from `container` (see ``Container/overriddenLookupChain()``) when overrides
  /// installed in this task lie on its way; `nil` when none does, and while a singleton is being
  /// made (a frame of one on the path): a singleton outlives the override, so it resolves its
  /// dependencies in the container that owns it, as if there were none, and never keeps a mock.
  ///
  /// The graph keeps the chain's override containers alive as it keeps a container that joined it
  /// (``keepJoined(_:)``): one is no ancestor of the root, and a resolver made for a singleton it
  /// registered refers to it unretained (see ``Resolver``), even after the override ended.
  func overriddenLookupChain(from container: Container) -> [Container]? {
    guard container.family.hasOverrides, container.parent != nil, !isBuildingSingleton,
      let chain = container.overriddenLookupChain()
    else { return nil }
    for override in chain where override.isOverride { keepJoined(override) }
    return chain
  }

  /// The containers a lookup of this graph from `container` reads, nearest first: with the
  /// overrides that apply (see ``overriddenLookupChain(from:)``), else the container and its
  /// ancestors.
  func lookupChain(from container: Container) -> [Container] {
    overriddenLookupChain(from: container) ?? Array(sequence(first: container, next: \.parent))
  }

  /// Finds the definition for `key` from `container` in this graph's snapshots, through the
  /// overrides that apply: `container.lookup(_:in:)` as a request of this graph makes it.
  @usableFromInline
  func lookupInSnapshots(_ key: DefinitionKey, from container: Container) -> (entry: any Entry, owner: Container)? {
    if let chain = overriddenLookupChain(from: container) {
      return Container.lookup(key, along: chain, in: snapshot(of:))
    }
    return container.lookup(key, in: snapshot(of:))
  }

  /// The container a request handed to `collaborator` resolves in: the collaborator's override
  /// in this task, if it has one and no singleton is being made (see
  /// ``overriddenLookupChain(from:)``), as a `resolve` on the collaborator would; else the
  /// collaborator.
  func resolvingContainer(of collaborator: Container) -> Container {
    guard collaborator.family.hasOverrides, !isBuildingSingleton,
      let override = collaborator.installedOverride()
    else { return collaborator }
    return override
  }
}
