import Foundation
import Surrogate
import SurrogateTesting
import Synchronization

// MARK: - Proxies

final class SearchIndex {
  var owner: AnyObject?
}

final class IndexHolder {
  let index = LazyProxy { SearchIndex() }
}

final class ProtectedIndexHolder {
  let index = ProtectionProxy(SearchIndex(), policy: { _ in .allow })
}

final class WeakIndexHolder {
  let index: WeakRefProxy<SearchIndex>
  init(_ index: SearchIndex) { self.index = WeakRefProxy(index) }
}

final class LazyIndexHolder {
  let index: Lazy<SearchIndex>
  init(index: Lazy<SearchIndex>) { self.index = index }
}

@MainActor final class DetailScreen {
  var owner: AnyObject?
}

@MainActor final class DetailHolder {
  let detail = MainActorLazyProxy { DetailScreen() }
}

// MARK: - Closures and tasks

final class Refresher {
  var onUpdate: (() -> Void)?
  var callbacks: [() -> Void] = []
  func refresh() {}
  func bind() { onUpdate = { self.refresh() } }
}

/// Polls until it is stopped, and its task holds it strongly meanwhile.
@MainActor final class Poller {
  var task: Task<Void, Never>?
  func poll() {}
  func start() {
    task = Task {
      while !Task.isCancelled {
        self.poll()
        try? await Task.sleep(for: .milliseconds(20))
      }
    }
  }
  func stop() { task?.cancel() }
}

final class Token: Sendable {}

// MARK: - Outside holders

/// An observer list held by a global: what a notification center is to its observers.
final class EventBus: Sendable {
  static let shared = EventBus()
  let observers = Mutex<[any AnyObject & Sendable]>([])
  func subscribe(_ observer: any AnyObject & Sendable) { observers.withLock(owner: self) { $0.append(observer) } }
  func removeAll() { observers.withLock(owner: self) { $0.removeAll() } }
}

final class Listener: Sendable {}

/// A singleton the container keeps, holding what subscribes to it.
final class Hub {
  var listeners: [Listener] = []
}

final class ListeningScreen {
  let listener: Listener
  init(hub: Hub, listener: Listener) {
    self.listener = listener
    hub.listeners.append(listener)
  }
}

final class FormatHelper {}

final class Session {
  let helper: FormatHelper
  init(helper: FormatHelper) { self.helper = helper }
}

final class ProfileScreen {
  let session: Session
  init(session: Session) { self.session = session }
}

// MARK: - Rings

final class RingNode {
  var next: RingNode?
}

/// A ring of `count` nodes; returns the first.
func makeRing(of count: Int) -> RingNode {
  let first = RingNode()
  var last = first
  for _ in 1..<count {
    let node = RingNode()
    last.next = node
    last = node
  }
  last.next = first
  return first
}

/// Breaks a ring made by ``makeRing(of:)``, so a test does not leave it behind.
/// One node at a time: releasing a long chain at once would recurse once per node.
func breakRing(_ first: RingNode?) {
  var node = first?.next
  first?.next = nil
  while let current = node {
    node = current.next
    current.next = nil
  }
}

/// The leaks of a ring of `count` nodes, tracked and dropped; the ring is broken afterwards.
func leaksOfARing(of count: Int, options: LeakCheckOptions = LeakCheckOptions()) -> [Leak] {
  weak var first: RingNode?
  let leaks = withLeakTracking(options: options) { tracker in
    let ring = makeRing(of: count)
    first = ring
    tracker.track(ring)
  }
  breakRing(first)
  return leaks
}

/// An index made by an `async` factory.
final class LoadedIndex: @unchecked Sendable {  // `owner` is set once, before the index is shared
  var owner: AnyObject?
}

final class AsyncLazyIndexHolder {
  let index: AsyncLazy<LoadedIndex>
  init(index: AsyncLazy<LoadedIndex>) { self.index = index }
}
