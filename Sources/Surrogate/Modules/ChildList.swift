/// The children of a container, held weakly, so that resetting a scope reaches the instances
/// they keep for it; used only under the container's `children` lock.
///
/// Dead references are dropped when the list has doubled since the last sweep, so a parent of
/// many short-lived children (one per screen) keeps a list about as long as its live children.
struct ChildList {
  private var children: [WeakContainer] = []
  private var sweepAt = 8

  mutating func add(_ child: Container) {
    if children.count >= sweepAt {
      children.removeAll { $0.container == nil }
      sweepAt = max(8, children.count * 2)
    }
    children.append(WeakContainer(container: child))
  }

  var alive: [Container] { children.compactMap(\.container) }
}

/// A weak reference to a container.
struct WeakContainer {
  weak var container: Container?
}
