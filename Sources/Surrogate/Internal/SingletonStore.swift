import Dispatch
import Synchronization

/// Holds a singleton-scoped registration's instance and makes sure its factory runs once.
///
/// Decisions happen under `state`'s lock and return an action; the factory runs outside it, so
/// threads that resolve other types never wait for this one. A thread that finds the instance
/// being created by another graph waits on that creation's gate, after asking the container's
/// ``WaitCoordinator`` whether the wait would close a cycle of waiting threads.
final class SingletonStore<Instance>: Sendable {
  enum State {
    case empty
    case creating(owner: GraphOwner, gate: Gate)
    case ready(Shared<Instance>)
    case released(WeakInstance)
  }

  /// The right to create the instance, held by exactly one graph at a time.
  struct Claim {
    let store: SingletonStore
    let gate: Gate

    func fulfil(_ instance: Instance, weakly: Bool) {
      // Only a class instance can be held weakly; a value in a weak singleton is not cached.
      let next: Shared<State> =
        if weakly {
          Shared(Instance.self is AnyObject.Type ? .released(WeakInstance(instance as AnyObject)) : .empty)
        } else {
          Shared(.ready(Shared(instance)))
        }
      store.state.withLock { $0 = next.value }
      gate.open()
    }

    /// The factory failed: the failure is not cached and a waiting thread may try again.
    func abandon() {
      store.state.withLock { $0 = .empty }
      gate.open()
    }
  }

  private enum Action {
    case ready(Shared<Instance>)
    case create(Gate)
    case wait(GraphOwner, Gate)
  }

  enum ClaimResult {
    case ready(Instance)
    case create(Claim)
  }

  let key: DefinitionKey
  let state = Mutex<State>(.empty)

  init(key: DefinitionKey) { self.key = key }

  var cachedInstance: Instance? {
    state.withLock { state -> Shared<Instance>? in
      switch state {
      case .ready(let shared): shared
      case .released(let weak): weak.object.map { Shared($0 as! Instance) }
      case .empty, .creating: nil
      }
    }?.value
  }

  func claim(in graph: Graph, requested: DefinitionKey) throws(ResolutionError) -> ClaimResult {
    while true {
      let action = state.withLock { state -> Action in
        switch state {
        case .ready(let shared):
          return .ready(shared)
        case .released(let weak):
          if let object = weak.object { return .ready(Shared(object as! Instance)) }
          fallthrough
        case .empty:
          let gate = Gate()
          state = .creating(owner: graph.owner, gate: gate)
          return .create(gate)
        case .creating(let owner, let gate):
          return .wait(owner, gate)
        }
      }
      switch action {
      case .ready(let shared):
        return .ready(shared.value)
      case .create(let gate):
        return .create(Claim(store: self, gate: gate))
      case .wait(let owner, let gate):
        try graph.waitForCreation(by: owner, gate: gate, requested: requested)
      }
    }
  }
}

/// The identity of a graph and the thread that runs it, for the wait coordinator.
struct GraphOwner: Hashable, Sendable {
  let graph: ObjectIdentifier
  let thread: UInt
}

/// A one-shot gate that waiting threads block on until the creating thread opens it.
final class Gate: Sendable {
  private let group = DispatchGroup()

  init() { group.enter() }

  func open() { group.leave() }

  func wait() { group.wait() }
}

/// A weak reference to a released-when-unused singleton; lives only inside the store's `Mutex`.
final class WeakInstance {
  weak var object: AnyObject?

  init(_ object: AnyObject) { self.object = object }
}
