import Synchronization

/// What a container keeps to end its instances' lives: the disposals of the instances it made, in
/// creation order, the disposals its definitions declare, and, for a scope, the per-scope copies of
/// its parent's `.scoped` registrations. Guarded by the container's `lifetime` mutex: the decisions
/// are made here, the disposals run outside the lock (see `Container+Disposal.swift`).
struct Lifetime {
  /// Whether the container still makes and tracks instances.
  enum State {
    case open
    /// ``Container/shutdown()`` (or the end of the scope) took the disposals.
    case ended
  }

  var state: State
  /// Instances made that have a disposal, oldest first.
  var tracked: [TrackedDisposal] = []
  /// The disposals declared with `.disposing`, by the definition that makes the instances.
  var disposers: [RegistrationID: Disposer] = [:]
  /// A scope's own copies of `.scoped` registrations, by id: each keeps the scope's instance.
  var scopedRegistrations: [RegistrationID: any Entry] = [:]
  /// The registrations ``Container/reset(_:)`` replaced since ``Container/disposeReleased()`` last
  /// ran, held weakly: that call retires them (see ``SingletonStore/retire()``) before it disposes
  /// their instances. One nothing holds any more can make nothing.
  var resetRegistrations: [WeakEntry] = []

  /// A lifetime in `state`: open, or ended for a container that ended before it kept anything.
  init(state: State = .open) { self.state = state }

  /// Keeps `disposal` for the end, or hands it back when the container has already ended.
  mutating func track(_ disposal: TrackedDisposal) -> TrackedDisposal? {
    guard case .open = state else { return disposal }
    // NB: room for eight at once: grown from empty, a scope with three disposals reallocated the
    // list twice.
    if tracked.isEmpty { tracked.reserveCapacity(8) }
    tracked.append(disposal)
    return nil
  }

  /// Tracks `disposal`, of an instance made before its definition was given a disposal, in place
  /// of what was tracked for it then (its `Disposable` conformance), or newest if nothing was.
  mutating func retrack(_ disposal: TrackedDisposal) {
    guard case .open = state else { return }
    if let object = disposal.object, let index = tracked.firstIndex(where: { $0.object == object }) {
      tracked[index] = disposal
    } else {
      tracked.append(disposal)
    }
  }

  /// Notes registrations a reset replaced (see ``resetRegistrations``).
  mutating func noteReset(_ replaced: [any RenewableEntry]) {
    guard case .open = state, !replaced.isEmpty else { return }
    resetRegistrations.removeAll { $0.entry == nil }
    resetRegistrations += replaced.map(WeakEntry.init)
  }

  /// Takes the registrations resets replaced that something still holds.
  mutating func takeResetRegistrations() -> [any RenewableEntry] {
    defer { resetRegistrations = [] }
    return resetRegistrations.compactMap(\.entry)
  }

  /// Takes the disposals of `object` (a singleton took it from a graph of this scope: it is that
  /// singleton's now, unless its factory throws).
  mutating func untrack(object: ObjectIdentifier) -> [TrackedDisposal] {
    let untracked = tracked.filter { $0.object == object && $0.maker == nil }
    if !untracked.isEmpty { tracked.removeAll { $0.object == object && $0.maker == nil } }
    return untracked
  }

  /// Takes the disposals of instances that the stores `makers` kept, newest first.
  mutating func take(madeBy makers: Set<ObjectIdentifier>) -> [TrackedDisposal] {
    take { makers.contains($0) }
  }

  /// Takes the disposals of instances kept by a store other than those of `current` (and of this
  /// scope's own copies of `.scoped` registrations): the container let go of them, when their
  /// registration was replaced, removed or reset. Newest first.
  mutating func take(releasedFrom current: Set<ObjectIdentifier>) -> [TrackedDisposal] {
    let scoped = Set(scopedRegistrations.values.compactMap(\.keptStoreIdentity))
    var released = take { !current.contains($0) && !scoped.contains($0) }
    // An object a current definition still hands out (`{ pool }` registered again) stays: it is
    // disposed once, with the current one.
    let kept = Set(tracked.compactMap(\.object))
    released.removeAll { disposal in
      guard let object = disposal.object, kept.contains(object) else { return false }
      tracked.insert(disposal, at: 0)
      return true
    }
    return released
  }

  private mutating func take(where isTaken: (ObjectIdentifier) -> Bool) -> [TrackedDisposal] {
    var taken: [TrackedDisposal] = []
    tracked.removeAll { disposal in
      guard let maker = disposal.maker, isTaken(ObjectIdentifier(maker)) else { return false }
      taken.append(disposal)
      return true
    }
    return taken.reversed()
  }

  /// Ends the lifetime: returns the disposals to run, newest first (dependents before what they
  /// depend on), or `nil` when it had already ended; `released` receives the scope's copies of
  /// its `.scoped` registrations, for the caller to let go of once it left the lock (their
  /// instances' `deinit`s may use the container).
  mutating func end(released: inout [RegistrationID: any Entry]) -> [TrackedDisposal]? {
    guard case .open = state else { return nil }
    state = .ended
    swap(&released, &scopedRegistrations)
    // NB: reversed in place, once taken: `tracked.reversed()` copied every disposal (retaining
    // each of its references) into a new array.
    var taken: [TrackedDisposal] = []
    swap(&taken, &tracked)
    taken.reverse()
    return taken
  }
}

/// How a definition's instances are disposed, with the instance passed as `Any`.
enum Disposer: Sendable {
  case sync(@Sendable (Any) throws -> Void)
  case async(@Sendable (Any) async throws -> Void)
}

/// One instance to dispose at the end: the definition that made it and what to run.
struct TrackedDisposal: Sendable {
  enum Action: Sendable {
    case sync(@Sendable () throws -> Void)
    case async(@Sendable () async throws -> Void)
  }

  let key: DefinitionKey
  /// The instance's identity when it is an object: an object tracked twice is disposed once.
  let object: ObjectIdentifier?
  /// The store that kept the instance (a singleton scope's, a scope's `.scoped` one), for
  /// ``Container/resetAndDispose(_:)`` and ``Container/disposeReleased()``: they take the
  /// disposals of the stores the container let go of. A store, not a registration: the copies of
  /// a registration that a late block or a decoration makes share its store. Held, so that its
  /// identity is not reused by a new store while its instance waits to be disposed.
  var maker: (any AnyObject & Sendable)? = nil
  let action: Action
  /// How far below the container whose end runs it the instance's container is (see
  /// ``DisposalError/Failure/containerDepth``): a container that takes its descendants'
  /// disposals counts them down (``levelsDown(_:)``).
  var containerDepth = 0

  /// This disposal, taken by the container `levels` above the one that kept it.
  func levelsDown(_ levels: Int) -> TrackedDisposal {
    var disposal = self
    disposal.containerDepth += levels
    return disposal
  }

  /// Whether the disposal is `async`: a cancellation of the task it runs in could stop it at an
  /// `await`.
  var mayAwait: Bool {
    if case .async = action { return true }
    return false
  }

  /// The disposal of `instance`, by `disposer`, or by its ``Disposable`` conformance; `nil` when
  /// it has neither. `plainType` is the registration's memory of a dynamic type that does not
  /// conform (see ``disposable(_:plainType:definedAs:)``).
  ///
  /// `key` names the disposal; `definition` is the key of the definition that made the instance
  /// when it is another (a decorator's hidden key, requested as the type it decorates).
  static func make(
    for instance: Any, key: DefinitionKey, definedAs definition: DefinitionKey? = nil, disposer: Disposer?,
    plainType: borrowing Atomic<ObjectIdentifier?>
  ) -> TrackedDisposal? {
    let disposable =
      disposer == nil ? Self.disposable(instance, plainType: plainType, definedAs: definition ?? key) : nil
    if disposer == nil, disposable == nil { return nil }
    // NB: not `instance as AnyObject`: from `Any` that is the runtime's bridging cast, about 2,700
    // instructions a disposal (scope-end-disposals).
    let object = InstanceType.object(in: instance).map(ObjectIdentifier.init)
    switch disposer {
    case .sync(let body)?:
      let held = Shared<Any>(instance)
      return TrackedDisposal(key: key, object: object, action: .sync { try body(held.value) })
    case .async(let body)?:
      let held = Shared<Any>(instance)
      return TrackedDisposal(key: key, object: object, action: .async { try await body(held.value) })
    case nil:
      guard let disposable else { return nil }
      let conforming = Shared<any Disposable>(disposable)
      return TrackedDisposal(key: key, object: object, action: .async { try await conforming.value.dispose() })
    }
  }
}

extension TrackedDisposal {
  /// `instance` as a ``Disposable``, or `nil`; a dynamic type found not to conform is remembered
  /// in `plainType`, and the next instance of that type is answered with one load.
  ///
  /// NB: every instance a scope makes is asked (`.shared` and `.unique` included), and most are
  /// not disposable. The cast from `Any` costs the runtime's conformance lookup, about 1,600
  /// instructions, each time: 8 instances, about 12,600 instructions of a server request in a
  /// scope (server-scope, callgrind). A relaxed load and store are enough: the remembered fact
  /// (a type's conformance) never changes and type metadata is never freed, so a stale or lost
  /// value only sends an instance down the cast again. (A `.scoped` definition's copy for each
  /// scope starts with an empty memory: one instance a scope, asked once.)
  ///
  /// A decorator (`key`, its definition's, is a decorator's) that is a ``Proxy`` is not disposed: it forwards
  /// `dispose()` to its subject, the instance it decorates, which is disposed itself (an
  /// `InterceptingProxy` in front of a `Disposable` pool closed the pool twice). Its type is
  /// remembered as one that needs no disposal.
  static func disposable(_ instance: Any, plainType: borrowing Atomic<ObjectIdentifier?>, definedAs key: DefinitionKey)
    -> (any Disposable)?
  {
    let type = ObjectIdentifier(Swift.type(of: instance))
    if plainType.load(ordering: .relaxed) == type { return nil }
    guard let disposable = instance as? any Disposable, !(DecorationTag.isDecorator(key.tag) && instance is any Proxy)
    else {
      plainType.store(type, ordering: .relaxed)
      return nil
    }
    return disposable
  }
}

/// An entry whose instances live in a store (a singleton scope's, or a `.scoped` one): the store's
/// identity says which tracked instances are still the entry's.
protocol StoreKeepingEntry {
  var keptStore: AnyObject? { get }
  func disposalOfMadeInstance(disposer: Disposer) -> TrackedDisposal?
}

extension Registration: StoreKeepingEntry {
  var keptStore: AnyObject? { store }

  /// The disposal of the singleton this definition has made already, with `disposer`: for a
  /// disposal given after it was made (`register(...)` and `.disposing` are two calls, and a
  /// resolve may come between them). `nil` when none is made, or for a `.scoped` or weak one.
  func disposalOfMadeInstance(disposer: Disposer) -> TrackedDisposal? {
    guard scope.kind.isStored, scope.kind != .scoped, scope.kind != .weakSingleton, let store,
      let made = store.published
    else { return nil }
    var disposal = TrackedDisposal.make(for: made.value, key: key, disposer: disposer, plainType: plainInstanceType)
    disposal?.maker = store
    return disposal
  }
}

extension Entry {
  /// The identity of the store that keeps this entry's instances, if it has one yet.
  var keptStoreIdentity: ObjectIdentifier? {
    ((self as? any StoreKeepingEntry)?.keptStore).map(ObjectIdentifier.init)
  }
}

/// A registration a reset replaced, held weakly (see ``Lifetime/resetRegistrations``).
struct WeakEntry {
  weak var entry: (any RenewableEntry)?
  init(_ entry: any RenewableEntry) { self.entry = entry }
}
