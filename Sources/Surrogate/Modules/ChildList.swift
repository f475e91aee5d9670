/// The children of a container, so that resetting a scope reaches the instances they keep for it;
/// used only under the container's `children` lock.
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
struct ChildList {
  private var children: [WeakContainer] = []
  private var sweepAt = 8
  private var scopes: [ObjectIdentifier: Container] = [:]

  mutating func add(_ child: Container) {
    if children.count >= sweepAt {
      children.removeAll { $0.container == nil }
      sweepAt = max(8, children.count * 2)
    }
    children.append(WeakContainer(container: child))
  }

  mutating func addScope(_ scope: Container) { scopes[ObjectIdentifier(scope)] = scope }

  mutating func removeScope(_ scope: Container) { scopes[ObjectIdentifier(scope)] = nil }

  var alive: [Container] { children.compactMap(\.container) + scopes.values }
}

/// A weak reference to a container.
struct WeakContainer {
  weak var container: Container?
}
