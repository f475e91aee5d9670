import Synchronization

/// The children of a container, so that resetting a scope reaches the instances they keep for it;
/// used only under the container's `links` lock (see ``ContainerLinks``).
///
/// A child container is held weakly: dead references are dropped when the list has doubled since
/// the last sweep, so a parent of many short-lived children (one per screen) keeps a list about as
/// long as its live children. A scope's container (``Container/withScope(isolation:reportingDisposalFailures:_:)``)
/// is held strongly from its start to its end, which always comes, and removed then.
///
/// NB: no weak reference to a scope's container: an object that is weakly referenced gets a side
/// table, and every retain and release of it takes the runtime's slow path. A request's graph
/// retains its scope's container about 36 times (server-scope: 62,049 -> 56,304 instructions a
/// request, callgrind).
///
/// NB: the scopes in an array, each at the index its container keeps (``Container/scopeSlot``),
/// removed by moving the last one into its place: a dictionary by `ObjectIdentifier` hashed the
/// scope twice a request, about 450 instructions of a server request in a scope (server-scope,
/// callgrind), and a search of the array would grow with the number of scopes open at once.
struct ChildList {
  private var children: [WeakContainer] = []
  private var sweepAt = 8
  private var scopes: [Container] = []

  mutating func add(_ child: Container) {
    if children.count >= sweepAt {
      children.removeAll { $0.container == nil }
      sweepAt = max(8, children.count * 2)
    }
    children.append(WeakContainer(container: child))
  }

  mutating func addScope(_ scope: Container) {
    scope.scopeSlot.store(scopes.count, ordering: .relaxed)
    scopes.append(scope)
  }

  /// Removes `scope`, added by ``addScope(_:)`` and not removed since.
  mutating func removeScope(_ scope: Container) {
    let slot = scope.scopeSlot.load(ordering: .relaxed)
    guard slot < scopes.count, scopes[slot] === scope else { return }
    let last = scopes.removeLast()
    if last !== scope {
      scopes[slot] = last
      last.scopeSlot.store(slot, ordering: .relaxed)
    }
  }

  var alive: [Container] { children.compactMap(\.container) + scopes }
}

/// A weak reference to a container.
struct WeakContainer {
  weak var container: Container?
}
