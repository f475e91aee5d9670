import Synchronization

// INVARIANT: snapshot reading; the files that read a snapshot, its tables or its registrations
// unretained point here.
// - Owner: `RegistryState.snapshot` holds the current `RegistrySnapshot`, or `nil` after a write;
//   it changes only under the `registry` mutex. A snapshot a write drops is released after the lock
//   (its registrations may own singletons whose `deinit` is user code).
// - Readers: `reading(_:)` takes the snapshot retained, under the mutex, and holds it until its
//   body returns; inside, the snapshot and every registration in it may be used without retaining
//   them (`Unretained`). Outside a read section, use `snapshot()`, which returns one retained.
// Tests: SnapshotReclamationStressTests (under ThreadSanitizer in CI), StressTests.

/// A dependency-injection container: register how to make things, then resolve object graphs.
///
/// ```swift
/// let container = Container()
/// container.register(.singleton) { URLSessionClient() as HTTPClient }
/// container.register { r in ListPresenter(client: try r.resolve()) }
/// container.register(.shared) { ListViewController() }
///   .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
///
/// let controller: ListViewController = try container.resolve()
/// ```
///
/// A container is `Sendable`: any number of threads or tasks may register and resolve at once.
/// A resolution takes the container's lock only to read the current snapshot of the registry;
/// factories run outside any lock, so threads that resolve unrelated types never wait
/// for each other's factories, and a singleton's factory runs exactly once however many threads
/// ask for it first.
public final class Container: Sendable {
  /// The container asked for what this one lacks, or `nil`.
  public let parent: Container?
  /// How deep an object graph may be before resolution stops with
  /// ``ResolutionError/Code/depthLimitExceeded`` instead of exhausting the stack.
  public let maximumDepth: Int
  /// Whether instances this container makes get their ``Injected`` and ``InjectedWeak``
  /// properties filled (a definition can override it with
  /// ``Definition/autoInjectingProperties(_:)``).
  ///
  /// ```swift
  /// let legacy = Container(autoInjectProperties: false)
  /// assert(!legacy.autoInjectsProperties)
  /// ```
  public let autoInjectsProperties: Bool
  /// Its children and scopes, the containers it collaborates with, its services and their runs
  /// (see ``ContainerLinks``).
  let links = Mutex(ContainerLinks())
  /// Whether ``ContainerLinks/collaboration`` was ever given a container: a request nothing answers (an optional
  /// that resolves to `nil`) then takes no lock to find that there are no collaborators.
  let hasCollaborated = Atomic<Bool>(false)
  /// What this container shares with its ancestors and children (see ``ContainerFamily``).
  @usableFromInline let family: ContainerFamily
  @usableFromInline let registry = Mutex(RegistryState())
  /// Whether ``withScope(isolation:reportingDisposalFailures:_:)`` made this container for a scope.
  let opensScope: Bool
  /// Where the parent's ``ChildList`` holds this scope's container; read and written only under
  /// the parent's `links` lock (relaxed: the lock orders them).
  let scopeSlot = Atomic<Int>(0)
  /// Whether this child is in its parent's ``ChildList`` (see ``joinParentIfNeeded()``).
  let hasJoinedParent = Atomic<Bool>(false)
  /// Whether ``withOverrides(_:operation:)-(_,()->Result)`` made this container to hold overrides:
  /// a lookup that falls through it reaches its parent itself, never the parent's override again.
  let isOverride: Bool
  /// The nearest ancestor that opens a scope, if any: where a `.scoped` instance and an instance
  /// with a disposal made in a scope live.
  let enclosingScope: Container?
  /// Whether this container opens a scope or is inside one: an instance made from it may be the
  /// scope's to dispose.
  ///
  /// NB: a `Bool` of its own for the check after every factory: reading `enclosingScope` there
  /// retained and released it, and with the check's other load made server-flat 677 instructions
  /// (2.9%) dearer a request (callgrind, 23,639 before).
  @usableFromInline let isInScope: Bool
  /// Whether ``shutdown()`` ran (or the scope ended): read by the slow paths of `resolve` only.
  let hasShutDown = Atomic<Bool>(false)
  /// Whether the container made its ``Lifetime`` (it tracked a disposal, or declared one): only
  /// then can its release leave a disposal undone.
  ///
  /// NB: read by `deinit` instead of taking the lock: a per-request child or scope released cost
  /// about 130 instructions more with the lock (server-child, server-scope, callgrind).
  let madeLifetime = Atomic<Bool>(false)
  /// The definitions of this container that declare a disposal (`.disposing`), as bits of their
  /// serials (`Graph.pathBit(of:)`): an instance a graph makes outside a scope for one of them is
  /// kept in case the graph fails (see `Graph+Unreceived.swift`). Bits are only set; one shared
  /// by another definition only sends that one's instances down the slower check.
  ///
  /// NB: a mask, not one flag for the container: with a flag, every instance of a container that
  /// declares any disposal took the lock and the dictionary lookup (server-flat, whose app
  /// disposes its `.scoped` session, +586 instructions a request).
  @usableFromInline let disposalMask = Atomic<UInt64>(0)

  /// Creates a container, optionally a child of another.
  ///
  /// A child resolves what it lacks from its parent; the parent never sees the child's
  /// registrations, and the parent's singletons stay the parent's (one instance for every child).
  ///
  /// ```swift
  /// let app = Container()
  /// let screen = Container(parent: app)
  /// screen.register { r in DetailPresenter(client: try r.resolve()) } // client from `app`
  /// ```
  ///
  /// - Parameters:
  ///   - parent: The container to fall back to.
  ///   - maximumDepth: The deepest object graph a resolution may build (default 500): deeper
  ///     requests throw instead of overflowing the stack.
  ///   - autoInjectProperties: Whether instances get their ``Injected`` and ``InjectedWeak``
  ///     properties filled (default `true`; a type without such properties costs nothing).
  public init(parent: Container? = nil, maximumDepth: Int = 500, autoInjectProperties: Bool = true) {
    self.parent = parent
    self.maximumDepth = maximumDepth
    self.autoInjectsProperties = autoInjectProperties
    self.family = parent?.family ?? ContainerFamily()
    self.opensScope = false
    self.isOverride = false
    self.enclosingScope = parent?.scopeContainer
    self.isInScope = parent?.isInScope ?? false
    // NB: a child joins its parent's `ChildList` once it keeps something the parent's reset,
    // disposal or shutdown must reach (see `joinParentIfNeeded()`), not here.
  }

  /// A scope's container: a child of `parent` that keeps one instance of each of its ancestors'
  /// `.scoped` definitions (see ``withScope(isolation:reportingDisposalFailures:_:)``).
  init(scopeOf parent: Container) {
    self.parent = parent
    self.maximumDepth = parent.maximumDepth
    self.autoInjectsProperties = parent.autoInjectsProperties
    self.family = parent.family
    self.opensScope = true
    self.isOverride = false
    self.enclosingScope = parent.scopeContainer
    self.isInScope = true
    parent.links.withLock(owner: parent) { $0.children.addScope(self) }
  }

  /// A container for overrides of `overridden`: a child of `overridden`'s override in this task
  /// if it has one (so that overrides nest), else of `overridden` itself (see
  /// ``withOverrides(_:operation:)-(_,()->Result)``).
  init(overriding overridden: Container) {
    let parent = overridden.installedOverride() ?? overridden
    self.parent = parent
    self.maximumDepth = overridden.maximumDepth
    self.autoInjectsProperties = true
    self.family = parent.family
    self.opensScope = false
    self.isOverride = true
    self.enclosingScope = parent.scopeContainer
    self.isInScope = parent.isInScope
    parent.links.withLock(owner: parent) { $0.children.add(self) }
  }

  // A container released with disposals that never ran (nothing shut it down, nor its parent)
  // says so on standard error: nothing else would (see `undisposedReport()`).
  deinit {
    guard madeLifetime.load(ordering: .relaxed), !hasShutDown.load(ordering: .relaxed) else { return }
    if let report = undisposedReport() { DisposalError.writeLineToStandardError(report) }
  }

  /// The container of the scope this one is in: itself, or its nearest ancestor that opens one.
  var scopeContainer: Container? { opensScope ? self : enclosingScope }

  // MARK: - Registry access

  /// Changes the registry and drops its snapshot: the next read makes a new one. The old snapshot
  /// goes away when the last graph reading it lets go.
  func write<Result>(_ body: (inout Registry) -> Result) -> Result {
    let (result, old, keepsInstances) = registry.withLock(owner: self) { state in
      let result = body(&state.registry)
      let old = state.snapshot.take()
      return (result, old, state.registry.keepsInstances)
    }
    // NB: released after the lock: the last reference to a replaced registration may release a
    // singleton, whose `deinit` is user code that may register or resolve.
    withExtendedLifetime(old) {}
    if keepsInstances { joinParentIfNeeded() }
    return result
  }

  /// Puts this child in its parent's ``ChildList``, once: what the parent's custom-scope reset,
  /// `disposeReleased()` and shutdown reach through its children. A child joins when its registry
  /// first holds a definition whose instances it keeps (a singleton or a custom scope) or when it
  /// runs services: a child that only registers values and `.shared` or `.unique` definitions (a
  /// request's) keeps nothing they could reach, and is never listed.
  ///
  /// The parent joins its own parent too, and so on up: a grandchild's instances are reached
  /// through a child that keeps none of its own (one that registers only a request's values).
  ///
  /// NB: listing every child when it was made held it through a weak reference, whose side table
  /// cost a request through a child container about 1,600 instructions (server-child, callgrind).
  func joinParentIfNeeded() {
    guard let parent, !opensScope, !isOverride, !hasJoinedParent.exchange(true, ordering: .relaxed) else { return }
    parent.links.withLock(owner: parent) { $0.children.add(self) }
    parent.joinParentIfNeeded()
  }

  /// Runs `body` with the current snapshot, which it may use, and every registration in it,
  /// without retaining them until it returns.
  ///
  /// NB: one lock and one retain of the snapshot per top-level `resolve`. It replaced a lock-free
  /// publication (the snapshot's address in an atomic word, sixteen striped reader counts, a list
  /// of retired snapshots released by the last reader out) that bought no gain a user would see:
  /// with callgrind, the realistic graphs cost the same within 1% (`server-flat` 23,639 and 23,699
  /// instructions a request, `server-child` 49,048 and 47,697, `screen` 32,517 and 32,709), a made
  /// singleton's read 183 and 257 (about 13 ns more); two threads resolved S1 at best 3.66
  /// million times a second, against 4.12 million lock-free (`surrogate-bench throughput 2000 200`,
  /// back to back, on a loaded 2-core machine): about 60 ns more a resolve, under 3% of a server
  /// request (the threshold: 5%). Many cores resolving at once may want lock-free reads again; not
  /// measured.
  @inlinable @inline(__always)
  func reading<Result>(_ body: (Unretained<RegistrySnapshot>) throws(ResolutionError) -> Result)
    throws(ResolutionError) -> Result
  {
    let snapshot = snapshot()
    defer { withExtendedLifetime(snapshot) {} }
    return try body(Unretained(snapshot))
  }

  /// The registry as it is now, immutable and retained: every lookup reads one.
  ///
  /// Taking one is O(1): the tables are copy-on-write, so the first write after a snapshot
  /// copies them once, and a burst of registrations copies nothing.
  @usableFromInline
  func snapshot() -> RegistrySnapshot {
    registry.withLock(owner: self) { state in state.current() }
  }

  // MARK: - Lookup

  /// The registration a forwarding in this container forwards to: here, or in an ancestor (a
  /// child may forward a type to its parent's definition). `snapshot` reads each container's
  /// registry: a graph's snapshots, or the live ones.
  ///
  /// A registration its container decorated since the forwarding was made is found where the
  /// decoration moved it, undecorated: a type another container (a child, or any container given
  /// the definition) forwards to it is a type forwarded from its registration, as the ones its
  /// own container forwards are (the decoration repoints those).
  func forwardingSource(_ key: DefinitionKey, in snapshot: (Container) -> RegistrySnapshot)
    -> (entry: any Entry, owner: Container)?
  {
    var container: Container? = self
    while let current = container {
      if let entry = snapshot(current).entry(for: key) {
        if !entry.isForwarding { return (entry, current) }
        if let registered = snapshot(current).registry.undecoratedEntry(for: key), !registered.isForwarding {
          return (registered, current)
        }
      }
      container = current.parent
    }
    return nil
  }

  /// Finds the definition for a key from the live registry (outside a graph), in this container
  /// and its ancestors: what a registration refers to, whatever the current task overrides.
  func lookup(_ key: DefinitionKey) -> (entry: any Entry, owner: Container)? {
    lookup(key) { $0.snapshot() }
  }

  /// Finds the definition for a key from the live registry (outside a graph) as a request made now
  /// in this task would: through the overrides installed for the ancestors too (see
  /// ``overriddenLookupChain()``).
  func lookupHonoringOverrides(_ key: DefinitionKey) -> (entry: any Entry, owner: Container)? {
    if let chain = overriddenLookupChain() { return Self.lookup(key, along: chain) { $0.snapshot() } }
    return lookup(key)
  }

  /// Finds the definition for a key: the exact tag in this container and then its ancestors,
  /// then the untagged definition the same way.
  ///
  /// Reads this container and its ancestors only: a caller that honours overrides reads
  /// ``overriddenLookupChain()`` first (see `Graph.lookup(_:from:)`).
  @usableFromInline @inline(__always)
  func lookup(_ key: DefinitionKey, in snapshot: (Container) -> RegistrySnapshot)
    -> (entry: any Entry, owner: Container)?
  {
    if parent == nil {
      guard let entry = snapshot(self).entryOrUntagged(for: key) else { return nil }
      return (entry, self)
    }
    var container: Container? = self
    while let current = container {
      if let entry = snapshot(current).entry(for: key) { return (entry, current) }
      container = current.parent
    }
    guard key.isTagged else { return nil }
    let untagged = key.with(tag: nil)
    container = self
    while let current = container {
      if let entry = snapshot(current).entry(for: untagged) { return (entry, current) }
      container = current.parent
    }
    return nil
  }

  /// Finds the definition for a key in `chain` (a lookup chain, nearest first): the exact tag in
  /// each container in turn, then the untagged definition the same way.
  static func lookup(
    _ key: DefinitionKey, along chain: [Container], in snapshot: (Container) -> RegistrySnapshot
  ) -> (entry: any Entry, owner: Container)? {
    for container in chain {
      if let entry = snapshot(container).entry(for: key) { return (entry, container) }
    }
    guard key.isTagged else { return nil }
    let untagged = key.with(tag: nil)
    for container in chain {
      if let entry = snapshot(container).entry(for: untagged) { return (entry, container) }
    }
    return nil
  }

  /// Registrations of the key's type that take runtime arguments, for auto-wiring, found along
  /// `chain`: this container's lookup chain (see `Graph.lookupChain(from:)`).
  func autowireCandidates(for key: DefinitionKey, along chain: [Container])
    -> [(entry: any Autowirable, owner: Container)]
  {
    var candidates: [(entry: any Autowirable, owner: Container)] = []
    var seen = Set<ObjectIdentifier>()
    for current in chain {
      let variants = current.snapshot().registry.argumentVariants[ObjectIdentifier(key.type)] ?? [:]
      for (id, argumentsType) in variants where !seen.contains(id) {
        let variantKey = DefinitionKey(type: key.type, argumentsType: argumentsType, tag: key.tag)
        guard let found = Self.lookup(variantKey, along: chain, in: { $0.snapshot() }) else { continue }
        if let entry = found.entry as? any Autowirable {
          seen.insert(id)
          candidates.append((entry, found.owner))
        } else if DecorationTag.isDecorator(found.entry.sourceKey.tag),
          let decorator = found.owner.forwardingSource(found.entry.sourceKey, in: { $0.snapshot() }),
          let entry = decorator.entry as? any Autowirable
        {
          // A decorated definition: its decorator's registration takes the same arguments.
          seen.insert(id)
          candidates.append((entry, decorator.owner))
        }
      }
    }
    return candidates
  }

  /// The registries a lookup from this container reads in this task: its own, then its
  /// ancestors', each after the overrides installed for it (see ``lookupChain()``).
  func snapshotChain() -> [RegistrySnapshot] {
    lookupChain().map { $0.snapshot() }
  }
}

/// The registry and its current snapshot, guarded by the container's mutex.
@usableFromInline
struct RegistryState {
  @usableFromInline var registry = Registry()
  /// The snapshot of `registry` as it is, made by the first read after a write.
  var snapshot: RegistrySnapshot?

  /// The current snapshot, made if the last write dropped it.
  @usableFromInline
  mutating func current() -> RegistrySnapshot {
    if let snapshot { return snapshot }
    let made = RegistrySnapshot(registry)
    snapshot = made
    return made
  }
}

/// An immutable copy of a container's registry, shared by every graph that resolves from it
/// until the next registration.
@usableFromInline
final class RegistrySnapshot: Sendable {
  @usableFromInline let registry: Registry

  /// A snapshot of `registry`, whose tables are never written again (see
  /// ``EntryTable/Storage/isShared``). Made under the container's registry mutex.
  @usableFromInline
  init(_ registry: Registry) {
    registry.untagged.share()
    registry.tagged.share()
    self.registry = registry
  }

  /// Whether a synchronous resolution can make whatever this registry holds, now (see
  /// ``Registry/awaitsNothingNow``), read in place.
  var awaitsNothingNow: Bool { registry.awaitsNothingNow }

  /// The entry under exactly `key`, read in place.
  ///
  /// NB: `snapshot.registry.entry(for:)` on a snapshot returned by a function copied the whole
  /// `Registry` value (retaining each of its tables) before every lookup; a method of the
  /// snapshot borrows its stored registry. A request through a per-request child container made
  /// 22 such copies (`server-child` in surrogate-bench: 59,400 instructions a request before).
  @usableFromInline @inline(__always)
  func entry(for key: DefinitionKey) -> (any Entry)? { registry.entry(for: key) }

  /// The entry under the exact tag, else the untagged one, read in place (see ``entry(for:)``).
  @inline(__always)
  func entryOrUntagged(for key: DefinitionKey) -> (any Entry)? { registry.entryOrUntagged(for: key) }

  /// The bits of the untagged entry under `key`, read in place (see ``entry(for:)`` and
  /// ``Registry/untaggedBits(_:)``).
  ///
  /// NB: the registry's sole entry (a scope's value) is tested out of line, after the table:
  /// inlined, every lookup of a flat graph loaded its fields before probing (server-flat,
  /// callgrind: about 100 instructions a request).
  @inlinable @inline(__always)
  func untaggedBits(_ key: TypeKey) -> UInt? {
    if let bits = registry.tableBits(key) { return bits }
    return soleBits(matching: key)
  }

  /// ``untaggedBits(_:)`` with the key's hash computed by the caller (see
  /// ``Registry/untaggedBits(_:hash:)``).
  @inlinable @inline(__always)
  func untaggedBits(_ key: TypeKey, hash: Int) -> UInt? {
    if let bits = registry.tableBits(key, hash: hash) { return bits }
    return soleBits(matching: key)
  }

  /// The bits of the registry's sole entry when it is stored under `key` (see
  /// ``Registry/soleEntry``).
  @usableFromInline @inline(never)
  func soleBits(matching key: TypeKey) -> UInt? { registry.soleBits(matching: key) }

  /// The registration under the exact tag, else the untagged one, unretained; `nil` for a
  /// forwarding (see ``Registry/unretainedEntry(_:tag:)``).
  @inlinable @inline(__always)
  func unretainedEntry(_ key: TypeKey, tag: DefinitionTag?) -> Unretained<AnyObject>? {
    if let tag, let bits = registry.taggedBits(key, tag: tag) {
      return bits & 1 != 0 ? nil : Registry.entry(bits: bits)
    }
    guard let bits = untaggedBits(key), bits & 1 == 0 else { return nil }
    return Registry.entry(bits: bits)
  }
}
