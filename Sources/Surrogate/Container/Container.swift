import Synchronization

// INVARIANT: snapshot publication and reclamation; the files that read a snapshot, its tables or
// its registrations unretained point here.
// - Owner: `published` holds the bits of one retained `RegistrySnapshot`, or 0 after a write;
//   `RegistryState.retired` holds the retained snapshots writes unpublished. Both change only under
//   the `registry` mutex, and a snapshot is released only under it (`write`, `releaseRetired`) or
//   by `deinit` (no reader is left: every reader holds the container).
// - Readers: `reading(_:)` enters `readers` before it loads `published` and leaves after its body
//   returns; inside, the snapshot and every registration in it may be used without retaining them.
//   Outside a read section, use `snapshot()`, which returns one retained.
// - Reclamation: a write swaps `published` to 0, raises `hasRetired`, and releases the retired
//   snapshots only if every stripe of `readers` then reads 0 (all four steps sequentially
//   consistent). A reader counted at that check entered before the swap and, seeing `hasRetired`
//   when it leaves, retries the release; a reader that enters after it loads 0 or a newer snapshot.
//   So no snapshot is freed while a section that loaded it is open, and none is kept once readers
//   are quiet.
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
/// Resolution reads a published snapshot of the registry without taking a lock (registration
/// takes one); factories run outside any lock, so threads that resolve unrelated types never wait
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
  /// The containers asked for what this one and its ancestors lack (see ``collaborate(with:)``),
  /// held weakly.
  let collaboration = Mutex<[WeakContainer]>([])
  /// Whether ``collaboration`` was ever given a container: a request nothing answers (an optional
  /// that resolves to `nil`) then takes no lock to find that there are no collaborators.
  let hasCollaborated = Atomic<Bool>(false)
  @usableFromInline let coordinator: WaitCoordinator
  @usableFromInline let registry = Mutex(RegistryState())
  /// The registry as of the last write, for readers that take no lock: the bits of a retained
  /// ``RegistrySnapshot``, or 0 from a write until the next read publishes a new one.
  @usableFromInline let published = Atomic<UInt>(0)
  /// Who reads the published snapshot right now (see ``ReaderCounts``).
  @usableFromInline let readers = ReaderCounts()
  /// Whether unpublished snapshots wait for readers to leave; the last to leave releases them.
  @usableFromInline let hasRetired = Atomic<Bool>(false)
  /// The child containers made with this one as parent, held weakly: for ``reset(_:)``.
  let children = Mutex(ChildList())
  /// Whether ``withScope(isolation:reportingDisposalFailures:_:)`` made this container for a scope.
  let opensScope: Bool
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
  /// The disposals to run when this container ends, and a scope's `.scoped` instances (see
  /// ``Lifetime``); `nil` until the first is kept.
  ///
  /// NB: optional so that a container that never keeps one (a child per request) makes and
  /// destroys no collections for it.
  let lifetime = Mutex<Lifetime?>(nil)
  /// Whether ``shutdown()`` ran (or the scope ended): read by the slow paths of `resolve` only.
  let hasShutDown = Atomic<Bool>(false)

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
    self.coordinator = parent?.coordinator ?? WaitCoordinator()
    self.opensScope = false
    self.enclosingScope = parent?.scopeContainer
    self.isInScope = parent?.isInScope ?? false
    if let parent { parent.children.withLock(owner: parent) { $0.add(self) } }
  }

  /// A scope's container: a child of `parent` that keeps one instance of each of its ancestors'
  /// `.scoped` definitions (see ``withScope(isolation:reportingDisposalFailures:_:)``).
  init(scopeOf parent: Container) {
    self.parent = parent
    self.maximumDepth = parent.maximumDepth
    self.autoInjectsProperties = parent.autoInjectsProperties
    self.coordinator = parent.coordinator
    self.opensScope = true
    self.enclosingScope = parent.scopeContainer
    self.isInScope = true
    parent.children.withLock(owner: parent) { $0.add(self) }
  }

  /// The container of the scope this one is in: itself, or its nearest ancestor that opens one.
  var scopeContainer: Container? { opensScope ? self : enclosingScope }

  deinit {
    // No reader is left: whoever reads holds this container.
    Self.release(published.load(ordering: .acquiring))
    for bits in registry.withLock({ $0.takeRetired() }) { Self.release(bits) }
  }

  // MARK: - Registry access

  /// Changes the registry and unpublishes its snapshot: the next read publishes a new one. The
  /// old snapshot is released now if no reader can hold it, else by the last reader to leave.
  func write<Result>(_ body: (inout Registry) -> Result) -> Result {
    let (result, released) = registry.withLock(owner: self) { state in
      let result = body(&state.registry)
      let old = published.exchange(0, ordering: .sequentiallyConsistent)
      guard old != 0 || !state.retired.isEmpty else { return (result, [UInt]()) }
      if old != 0 { state.retired.append(old) }
      return (result, takeRetiredIfQuiet(&state))
    }
    for bits in released { Self.release(bits) }
    return result
  }

  /// The retired snapshots, if no reader can hold one any more; `hasRetired` tells leaving readers
  /// whether some are still waiting. Called under the registry's lock.
  ///
  /// NB: the flag is raised *before* the stripes are read, so a reader that the check still
  /// counts sees it when it leaves, and no retired snapshot is forgotten.
  private func takeRetiredIfQuiet(_ state: inout RegistryState) -> [UInt] {
    hasRetired.store(true, ordering: .sequentiallyConsistent)
    guard readers.areAllQuiet() else { return [] }
    hasRetired.store(false, ordering: .sequentiallyConsistent)
    return state.takeRetired()
  }

  /// A reader left while snapshots waited for readers: releases them if it was the last.
  @usableFromInline
  func releaseRetired() {
    let released = registry.withLock(owner: self) { state in
      state.retired.isEmpty ? [] : takeRetiredIfQuiet(&state)
    }
    for bits in released { Self.release(bits) }
  }

  private static func release(_ bits: UInt) {
    guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return }
    Unmanaged<RegistrySnapshot>.fromOpaque(pointer).release()
  }

  /// Runs `body` as a reader of the published snapshot, which it may use, and every registration
  /// in it, without retaining them until it returns.
  @inlinable @inline(__always)
  func reading<Result>(_ body: (Unmanaged<RegistrySnapshot>) throws(ResolutionError) -> Result)
    throws(ResolutionError) -> Result
  {
    let stripe = readers.enter()
    defer {
      readers.leave(stripe)
      if hasRetired.load(ordering: .sequentiallyConsistent) { releaseRetired() }
    }
    let bits = published.load(ordering: .sequentiallyConsistent)
    if let pointer = UnsafeRawPointer(bitPattern: bits) {
      return try body(Unmanaged.fromOpaque(pointer))
    }
    return try body(publishSnapshot())
  }

  /// Publishes a snapshot of the registry as it is now (unless a reader just did) and returns
  /// it unretained: the caller reads it inside a read section.
  @usableFromInline
  func publishSnapshot() -> Unmanaged<RegistrySnapshot> {
    registry.withLock(owner: self) { state in state.published(in: published) }
  }

  /// The registry as it is now, immutable and retained: for lookups outside a read section (a
  /// graph's parent containers, validation, error hints).
  ///
  /// Taking one is O(1): the tables are copy-on-write, so the first write after a snapshot
  /// copies them once, and a burst of registrations copies nothing.
  @usableFromInline
  func snapshot() -> RegistrySnapshot {
    // NB: a snapshot is released only under this lock, after a write unpublished it.
    registry.withLock(owner: self) { state in state.published(in: published).takeUnretainedValue() }
  }

  // MARK: - Lookup

  /// The registration a forwarding in this container forwards to: here, or in an ancestor (a
  /// child may forward a type to its parent's definition). `snapshot` reads each container's
  /// registry: a graph's snapshots, or the live ones.
  func forwardingSource(_ key: DefinitionKey, in snapshot: (Container) -> RegistrySnapshot)
    -> (entry: any Entry, owner: Container)?
  {
    var container: Container? = self
    while let current = container {
      if let entry = snapshot(current).entry(for: key), !entry.isForwarding { return (entry, current) }
      container = current.parent
    }
    return nil
  }

  /// Finds the definition for a key: the exact tag in this container and then its ancestors,
  /// then the untagged definition the same way.
  /// Finds the definition for a key from the live registry (outside a graph).
  func lookup(_ key: DefinitionKey) -> (entry: any Entry, owner: Container)? {
    lookup(key) { $0.snapshot() }
  }

  /// Finds the definition for a key: the exact tag in this container and then its ancestors,
  /// then the untagged definition the same way.
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

  /// Registrations of the key's type that take runtime arguments, for auto-wiring.
  func autowireCandidates(for key: DefinitionKey) -> [(entry: any Autowirable, owner: Container)] {
    var candidates: [(entry: any Autowirable, owner: Container)] = []
    var seen = Set<ObjectIdentifier>()
    var container: Container? = self
    while let current = container {
      let variants = current.snapshot().registry.argumentVariants[ObjectIdentifier(key.type)] ?? [:]
      for (id, argumentsType) in variants where !seen.contains(id) {
        let variantKey = DefinitionKey(type: key.type, argumentsType: argumentsType, tag: key.tag)
        guard let found = lookup(variantKey) else { continue }
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
      container = current.parent
    }
    return candidates
  }

  /// The registries a lookup from this container reads: its own, then its ancestors'.
  func snapshotChain() -> [RegistrySnapshot] {
    var snapshots: [RegistrySnapshot] = []
    var container: Container? = self
    while let current = container {
      snapshots.append(current.snapshot())
      container = current.parent
    }
    return snapshots
  }
}

/// The registry and the snapshots unpublished while readers may hold them, guarded by the
/// container's mutex.
@usableFromInline
struct RegistryState {
  @usableFromInline var registry = Registry()
  /// Bits of retained snapshots waiting for readers to leave.
  var retired: [UInt] = []

  /// The published snapshot, made and published if the last write unpublished it.
  @usableFromInline
  func published(in published: borrowing Atomic<UInt>) -> Unmanaged<RegistrySnapshot> {
    if let pointer = UnsafeRawPointer(bitPattern: published.load(ordering: .acquiring)) {
      return Unmanaged.fromOpaque(pointer)
    }
    let snapshot = Unmanaged.passRetained(RegistrySnapshot(registry))
    published.store(UInt(bitPattern: snapshot.toOpaque()), ordering: .sequentiallyConsistent)
    return snapshot
  }

  mutating func takeRetired() -> [UInt] {
    defer { retired = [] }
    return retired
  }
}

/// An immutable copy of a container's registry, shared by every graph that resolves from it
/// until the next registration.
@usableFromInline
final class RegistrySnapshot: Sendable {
  @usableFromInline let registry: Registry

  @usableFromInline
  init(_ registry: Registry) { self.registry = registry }

  /// The entry under exactly `key`, read in place.
  ///
  /// NB: `snapshot.registry.entry(for:)` on a snapshot returned by a function copied the whole
  /// `Registry` value (retaining each of its tables) before every lookup; a method of the
  /// snapshot borrows its stored registry. A request through a per-request child container made
  /// 22 such copies (`server-child` in surrogate-bench: 59,400 instructions a request before).
  @inline(__always)
  func entry(for key: DefinitionKey) -> (any Entry)? { registry.entry(for: key) }

  /// The entry under the exact tag, else the untagged one, read in place (see ``entry(for:)``).
  @inline(__always)
  func entryOrUntagged(for key: DefinitionKey) -> (any Entry)? { registry.entryOrUntagged(for: key) }
}
