import Dispatch
import Synchronization

// INVARIANT: the published box: see AtomicShared.swift. `cachedValue` reads it unretained: the box
// is never replaced or cleared while the store lives, and the store lives as long as a
// registration holds its bits (see Registration.swift), which a caller holds for the read.
// `state` is read and written only under its mutex.

/// Holds a singleton-scoped registration's instance and makes sure its factory runs once.
///
/// A made strong singleton is published once through an atomic pointer, so reading it is one
/// atomic load: no lock, and threads reading it do not contend. (`AtomicLazyReference` would say
/// the same, but its `load()` is not inlinable in Swift 6.3: an unspecialized call per read.) Creation is decided under
/// `state`'s lock; the factory runs outside it, so threads that resolve other types never wait
/// for this one. A thread that finds the instance being created by another graph waits on that
/// creation's gate, after asking the ``WaitCoordinator`` whether the wait would close a cycle.
///
/// NB: the hot path touches no generic nested type (those cost a metadata lookup per call in
/// unspecialized code), which is why the state enums live outside this generic class.
@usableFromInline
final class SingletonStore<Instance>: Sendable {
  @usableFromInline let isWeak: Bool
  @usableFromInline let strong = AtomicShared<Instance>()
  private let state = Mutex<SingletonState>(.empty)
  /// Set by ``retire()``, under `state`'s lock (which orders its reads): the store makes no
  /// instance any more.
  private let isRetired = Atomic<Bool>(false)

  @usableFromInline
  init(isWeak: Bool) {
    self.isWeak = isWeak
  }

  @inlinable
  var published: Shared<Instance>? { strong.value }

  /// The live instance, if there is one: a strong singleton in one atomic load.
  @inlinable
  var cachedInstance: Shared<Instance>? {
    if let made = published { return made }
    return isWeak ? weakInstance : nil
  }

  /// The live instance, if there is one, without retaining the box it is published in (the box
  /// lives as long as this store): the top-level `resolve` of a made singleton.
  @inlinable @inline(__always)
  var cachedValue: Instance? {
    let box = strong.address
    if box != 0 { return Unretained<Shared<Instance>>(address: box).withObject { $0.value } }
    return isWeak ? weakInstance?.value : nil
  }

  @usableFromInline
  var weakInstance: Shared<Instance>? {
    state.withLock(owner: self) { state -> Shared<Instance>? in
      guard case .released(let weak) = state, let object = weak.object else { return nil }
      return Shared(object as! Instance)
    }
  }

  /// Claims the right to create the instance, or returns the live one, or waits while another
  /// graph creates it.
  ///
  /// NB: a ready instance is returned held, never re-read later: a weak instance that dies
  /// between the two reads would otherwise be made again without the gate, beside the one
  /// another thread is creating through it.
  @usableFromInline
  func claim(in graph: Graph, requested: DefinitionKey) throws(ResolutionError) -> SingletonClaim<Instance> {
    while true {
      if let made = published { return .ready(made.value) }
      let action = nextAction(for: graph)
      switch action {
      case .ready:
        if let instance = cachedInstance { return .ready(instance.value) }  // a weak one may have died since
      case .create(let gate):
        return .create(gate)
      case .wait(let owner, let gate):
        try graph.waitForCreation(by: owner, gate: gate, requested: requested)
      case .retired:
        return .retired
      }
    }
  }

  /// Decides, under the lock, whether `graph` may create the instance, must wait, or can read it.
  private func nextAction(for graph: Graph) -> SingletonAction {
    state.withLock(owner: self) { state -> SingletonAction in
      switch state {
      case .published:
        return .ready
      case .released(let weak) where weak.object != nil:
        return .ready
      case .creating(let owner, let gate):
        return .wait(owner, gate)
      case .empty, .released:
        if isRetired.load(ordering: .relaxed) { return .retired }
        let owner = graph.owner
        let gate = Gate(creator: owner)
        state = .creating(owner: owner, gate: gate)
        return .create(gate)
      }
    }
  }

  /// Like `claim`, but waits for another graph's creation by suspending, not blocking a thread.
  @usableFromInline
  func claimAsync(in graph: Graph, requested: DefinitionKey) async throws -> SingletonClaim<Instance> {
    while true {
      if let made = published { return .ready(made.value) }
      let action = nextAction(for: graph)
      switch action {
      case .ready:
        if let instance = cachedInstance { return .ready(instance.value) }
      case .create(let gate):
        return .create(gate)
      case .wait(let owner, let gate):
        try await graph.waitForCreationAsync(by: owner, gate: gate, requested: requested)
      case .retired:
        return .retired
      }
    }
  }

  @usableFromInline
  func fulfil(_ instance: Instance, gate: Gate) {
    if isWeak {
      // Only a class instance can be held weakly; a value in a weak singleton is not cached.
      let next = Self.object(in: instance).map { Shared(SingletonState.released(WeakInstance($0))) } ?? Shared(.empty)
      state.withLock(owner: self) { $0 = next.value }
    } else {
      strong.publish(Shared(instance))
      state.withLock(owner: self) { $0 = .published }
    }
    gate.open()
  }

  /// The object `instance` is, or `nil` for a value.
  ///
  /// NB: decided by the instance, not by `Instance`: a singleton registered under a protocol type
  /// (`{ Impl() as Service }`) has an existential `Instance` that is no class type, yet holds an
  /// object. (`instance as AnyObject` alone would box a value in a new object every time.)
  static func object(in instance: Instance) -> AnyObject? {
    if Instance.self is AnyObject.Type { return instance as AnyObject }
    let any = instance as Any
    return Swift.type(of: any) is AnyObject.Type ? any as AnyObject : nil
  }

  /// Makes no instance any more (``Container/resetAndDispose(_:)`` is disposing what this store
  /// kept): a graph that still reads it, having started before, throws instead of making one
  /// from disposed instances. One made already is still handed out; one being made is finished
  /// (nobody waits for it: its factory may wait for what follows the reset) and disposed later.
  func retire() {
    state.withLock(owner: self) { _ in isRetired.store(true, ordering: .relaxed) }
  }

  /// The factory failed: the failure is not cached and a waiting thread may try again.
  @usableFromInline
  func abandon(gate: Gate) {
    state.withLock(owner: self) { $0 = .empty }
    gate.open()
  }
}

enum SingletonState {
  case empty
  case creating(owner: GraphOwner, gate: Gate)
  case published
  case released(WeakInstance)
}

/// What claiming a singleton gave: the live instance, or the right to create it.
@usableFromInline
enum SingletonClaim<Instance> {
  case ready(Instance)
  case create(Gate)
  /// The store was retired (see ``SingletonStore/retire()``).
  case retired
}

enum SingletonAction {
  case ready
  case create(Gate)
  case wait(GraphOwner, Gate)
  case retired
}

/// The identity of a graph and of what runs it, for the wait coordinator.
///
/// `runner` is the thread of a synchronous graph; an async graph's task may move between threads,
/// so its runner is the task's outermost async graph (see ``Graph/owner``). Graphs nested on one
/// runner (a factory that resolves from a container of another family starts a graph of its own
/// inside the graph running it) share it: while the nested graph waits, so does the outer one.
struct GraphOwner: Hashable, Sendable {
  /// What runs a graph: a thread, or an async graph standing for its task.
  enum Runner: Hashable, Sendable {
    case thread(UInt)
    case task(outermostGraph: ObjectIdentifier)
    /// The main actor, which a synchronous graph on it blocks while it waits (see
    /// ``WaitCoordinator``).
    case mainActor
  }

  let graph: ObjectIdentifier
  let runner: Runner
}

/// A one-shot gate that waiters block on (threads) or suspend on (tasks) until the creator opens it.
@usableFromInline
final class Gate: Sendable {
  private struct Waiters {
    var isOpen = false
    var nextID = 0
    var continuations: [Int: CheckedContinuation<Void, any Error>] = [:]
  }

  private let group = DispatchGroup()
  private let waiters = Mutex(Waiters())
  /// The graph that opens it when it has made its singleton; `nil` for a gate no graph's
  /// creation opens.
  let creator: GraphOwner?

  init(creator: GraphOwner? = nil) {
    self.creator = creator
    group.enter()
  }

  func open() {
    let continuations = waiters.withLock(owner: self) { waiters in
      waiters.isOpen = true
      defer { waiters.continuations = [:] }
      return Array(waiters.continuations.values)
    }
    group.leave()
    for continuation in continuations { continuation.resume() }
  }

  /// Blocks the calling thread until the gate opens.
  @usableFromInline
  func wait() { group.wait() }

  /// Suspends until the gate opens; a cancelled task stops waiting with `CancellationError`.
  func waitAsync() async throws {
    let id = waiters.withLock(owner: self) { waiters in
      waiters.nextID += 1
      return waiters.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        enum Outcome { case wait, open, cancelled }
        let outcome = waiters.withLock(owner: self) { waiters -> Outcome in
          if waiters.isOpen { return .open }
          if Task.isCancelled { return .cancelled }
          waiters.continuations[id] = continuation
          return .wait
        }
        switch outcome {
        case .open: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .wait: break
        }
      }
    } onCancel: {
      let continuation = waiters.withLock(owner: self) { $0.continuations.removeValue(forKey: id) }
      continuation?.resume(throwing: CancellationError())
    }
  }
}

/// A weak reference to a released-when-unused singleton; lives only inside the store's `Mutex`.
final class WeakInstance {
  weak var object: AnyObject?

  init(_ object: AnyObject) { self.object = object }
}
