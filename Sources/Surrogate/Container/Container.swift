import Synchronization

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
/// Lookups hold its lock only to read the registry; factories run outside it, so threads that
/// resolve unrelated types never wait for each other's factories, and a singleton's factory runs
/// exactly once however many threads ask for it first.
public final class Container: Sendable {
  /// The container asked for what this one lacks, or `nil`.
  public let parent: Container?
  /// How deep an object graph may be before resolution stops with
  /// ``ResolutionError/Code/depthLimitExceeded`` instead of exhausting the stack.
  public let maximumDepth: Int
  @usableFromInline let coordinator: WaitCoordinator
  @usableFromInline let registry = Mutex(RegistryState())

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
  public init(parent: Container? = nil, maximumDepth: Int = 500) {
    self.parent = parent
    self.maximumDepth = maximumDepth
    self.coordinator = parent?.coordinator ?? WaitCoordinator()
  }

  // MARK: - Registry access

  /// Changes the registry; the next resolution takes a new snapshot.
  func write<Result>(_ body: (inout Registry) -> Result) -> Result {
    registry.withLock(owner: self) { state in
      state.snapshot = nil
      return body(&state.registry)
    }
  }

  /// The registry as it is now, immutable: a graph reads it without locking.
  ///
  /// Taking one is O(1): the dictionaries are copy-on-write, so the first write after a snapshot
  /// copies them once, and a burst of registrations copies nothing.
  @usableFromInline
  func snapshot() -> RegistrySnapshot {
    registry.withLock(owner: self) { $0.currentSnapshot() }
  }

  /// For a request of `T`: its live singleton when one is registered here and made; else the
  /// snapshot to resolve from and, when this container answers the request by itself, the
  /// registration found (unretained: the snapshot holds it). One critical section either way, and
  /// a made singleton is returned without retaining a snapshot.
  @inlinable
  func singletonOrSnapshot<T, Arguments>(_ type: T.Type, arguments: Arguments.Type, tag: DefinitionTag?)
    -> (cached: T?, snapshot: RegistrySnapshot?, registration: Unmanaged<AnyObject>?)
  {
    let typeKey = TypeKey(type: ObjectIdentifier(T.self), arguments: ObjectIdentifier(Arguments.self))
    nonisolated(unsafe) var cached: T?
    nonisolated(unsafe) var registration: Unmanaged<AnyObject>?
    // NB: a tagged request falls back to an ancestor's definition before the untagged one, so
    // only a container without a parent answers it here.
    let searchesHere = tag == nil || parent == nil
    let snapshot = registry.withLock(owner: self) { state -> RegistrySnapshot? in
      if searchesHere, let entry = state.registry.unretainedEntry(typeKey, tag: tag) {
        if let value = entry._withUnsafeGuaranteedRef({
          unsafeDowncast($0, to: Registration<T, Arguments>.self).cachedValue
        }) {
          cached = value
          return nil
        }
        registration = entry
      }
      return state.currentSnapshot()
    }
    return (cached, snapshot, registration)
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
      if let entry = snapshot(current).registry.entry(for: key), !entry.isForwarding { return (entry, current) }
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
      guard let entry = snapshot(self).registry.entryOrUntagged(for: key) else { return nil }
      return (entry, self)
    }
    var container: Container? = self
    while let current = container {
      if let entry = snapshot(current).registry.entry(for: key) { return (entry, current) }
      container = current.parent
    }
    guard key.isTagged else { return nil }
    let untagged = key.with(tag: nil)
    container = self
    while let current = container {
      if let entry = snapshot(current).registry.entry(for: untagged) { return (entry, current) }
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
        if let found = lookup(variantKey), let entry = found.entry as? any Autowirable {
          seen.insert(id)
          candidates.append((entry, found.owner))
        }
      }
      container = current.parent
    }
    return candidates
  }

  /// Registrations near a key that was not found, for the error's hints: the same type under
  /// other tags or arguments, and registered types that conform to it without forwarding it.
  func nearbyKeys(for key: DefinitionKey) -> [DefinitionKey] {
    var sameType: [DefinitionKey] = []
    var conforming: [DefinitionKey] = []
    var container: Container? = self
    while let current = container {
      for entry in current.snapshot().registry.entries {
        if entry.key.type == key.type {
          sameType.append(entry.key)
        } else if let implementation = entry.implementationType, implementation != key.type,
          ConformanceProbe.conforms(implementation, to: key.type) == true
        {
          conforming.append(entry.key)
        }
      }
      container = current.parent
    }
    let byName = { (lhs: DefinitionKey, rhs: DefinitionKey) in lhs.description < rhs.description }
    return sameType.sorted(by: byName) + conforming.sorted(by: byName)
  }
}

/// The registry and its cached snapshot, guarded by the container's mutex.
@usableFromInline
struct RegistryState {
  @usableFromInline var registry = Registry()
  @usableFromInline var snapshot: RegistrySnapshot?

  /// The snapshot of the registry as it is now, made if the last write dropped it.
  @inlinable
  mutating func currentSnapshot() -> RegistrySnapshot {
    if let snapshot { return snapshot }
    let snapshot = RegistrySnapshot(registry)
    self.snapshot = snapshot
    return snapshot
  }
}

/// An immutable copy of a container's registry, shared by every graph that resolves from it
/// until the next registration.
@usableFromInline
final class RegistrySnapshot: Sendable {
  @usableFromInline let registry: Registry

  @usableFromInline
  init(_ registry: Registry) { self.registry = registry }
}
