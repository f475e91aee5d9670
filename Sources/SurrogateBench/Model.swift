// The model types and helpers both benchmark suites build: `surrogate-bench` (this target) and the
// side-by-side Benchmarks package, whose target holds a symbolic link to this file, so that the two
// suites measure the same classes. What differs between them stays in each suite (S1's protocols:
// class-bound in the Benchmarks package, not here).
import Surrogate
import Synchronization

// MARK: - S1: a presenter and its three transient dependencies

final class View: ViewProtocol {}
final class NetworkLoader: Loader {}
final class ConsoleAnalytics: Analytics {}

final class Presenter {
  let view: any ViewProtocol
  let loader: any Loader
  let analytics: any Analytics
  init(view: any ViewProtocol, loader: any Loader, analytics: any Analytics) {
    self.view = view
    self.loader = loader
    self.analytics = analytics
  }
}

/// S3 and S4: a singleton.
final class Service {}

// MARK: - S2: ten auto-wired nodes, two of them (Session, Cache) shared within one resolution

final class Session {}
final class Cache {}
final class Node1 {
  let session: Session
  init(session: Session) { self.session = session }
}
final class Node2 {
  let session: Session
  let cache: Cache
  init(session: Session, cache: Cache) {
    self.session = session
    self.cache = cache
  }
}
final class Node3 {
  let cache: Cache
  init(cache: Cache) { self.cache = cache }
}
final class Node4 {
  let n1: Node1
  let n2: Node2
  init(n1: Node1, n2: Node2) {
    self.n1 = n1
    self.n2 = n2
  }
}
final class Node5 {
  let n3: Node3
  init(n3: Node3) { self.n3 = n3 }
}
final class Node6 {
  let session: Session
  init(session: Session) { self.session = session }
}
final class Node7 {
  let n4: Node4
  let n5: Node5
  let n6: Node6
  init(n4: Node4, n5: Node5, n6: Node6) {
    self.n4 = n4
    self.n5 = n5
    self.n6 = n6
  }
}
final class Root {
  let n7: Node7
  let cache: Cache
  init(n7: Node7, cache: Cache) {
    self.n7 = n7
    self.cache = cache
  }
}

// MARK: - S4: distinct types made from nested generics

enum Left<T> {}
enum Right<T> {}

/// Registers `remaining` distinct types (nested generics), each forwarded to a singleton.
func registerDistinctTypes<T>(_ type: T.Type, depth: Int, into container: Surrogate.Container, remaining: inout Int) {
  guard remaining > 0 else { return }
  container.register(.singleton) { Service() }.implements(T.self)
  remaining -= 1
  guard depth > 0 else { return }
  registerDistinctTypes(Left<T>.self, depth: depth - 1, into: container, remaining: &remaining)
  registerDistinctTypes(Right<T>.self, depth: depth - 1, into: container, remaining: &remaining)
}

// MARK: - S6: a transient chain of depth 50, one generic type per link

final class Link<Next> {
  let next: Next
  init(next: Next) { self.next = next }
}
final class End {}

/// Registers `Link<Link<…<T>>>` for every depth up to `depth`, from generic code (so nothing in
/// the chain is specialized).
func registerChain<T>(_ type: T.Type, depth: Int, into container: Surrogate.Container) {
  guard depth > 0 else { return }
  container.register(.unique) { r in Link(next: try r.resolve(T.self)) }
  registerChain(Link<T>.self, depth: depth - 1, into: container)
}

/// Resolves the outermost link of a chain registered by `registerChain`.
func resolveChain<T>(_ type: T.Type, depth: Int, from container: Surrogate.Container) throws -> Any {
  depth == 0 ? try container.resolve(T.self) : try resolveChain(Link<T>.self, depth: depth - 1, from: container)
}

/// The depth-50 chain built by hand, link by link, with the same types.
func handWrittenChain() -> Any {
  func build<T>(_ value: T, depth: Int) -> Any {
    depth == 0 ? value : build(Link(next: value), depth: depth - 1)
  }
  return build(End(), depth: 50)
}

// MARK: - S7: parent and child set through each other's properties

final class Parent { var child: Child? }
final class Child { weak var parent: Parent? }

/// S7c: the parent takes its child by initializer; the child's parent is set by property, so the
/// child's block meets the parent while the parent's factory is still running, and waits for it.
final class OwningParent {
  let child: OwnedChild
  init(child: OwnedChild) { self.child = child }
}
final class OwnedChild { weak var parent: OwningParent? }

// MARK: - P1: a call through a proxy next to a direct call

protocol Counting: AnyObject { func tick() }
final class Ticker: Counting {
  var count = 0
  func tick() { count &+= 1 }
}

/// The hand-written way to forward through a weak reference, the floor any weak proxy has to pay
/// (a Swift `weak` load retains the object and releases it after the call).
final class WeakTicker: Counting {
  weak var base: Ticker?
  init(_ base: Ticker) { self.base = base }
  func tick() { base?.tick() }
}

extension Counting where Self: Proxy, Self.Subject: Counting {
  // What `@Proxyable` writes (the attribute included; see Proxies.md).
  @inline(__always) func tick() {
    withSubject(for: ProxyAccess("tick()")) { $0.tick() }
  }
}

// The same for a proxy of the existential: what a decorator wraps.
extension Counting where Self: Proxy, Self.Subject == any Counting {
  @inline(__always) func tick() {
    withSubject(for: ProxyAccess("tick()")) { $0.tick() }
  }
}

extension WeakRefProxy: Counting where T: Counting {}
extension LazyProxy: Counting where Subject: Counting {}
extension InterceptingProxy: Counting where Subject == any Counting {}

// MARK: - P2: a call through a decorator, and through an `InterceptingProxy`

/// A decorator written by hand, what `container.decorate` puts in front of the ticker.
final class CountingDecorator: Counting {
  let inner: any Counting
  init(inner: any Counting) { self.inner = inner }
  func tick() { inner.tick() }
}

/// The smallest useful hook: counts the calls that ended.
final class EndedCalls: ProxyInterceptor {
  let count = Atomic<Int>(0)
  func didCall(_ outcome: ProxyCallOutcome) { count.wrappingAdd(1, ordering: .relaxed) }
}

/// What an intercepting proxy with `EndedCalls` does, by hand: the call timed with the same
/// clock, and counted.
final class TimedCountingDecorator: Counting {
  let inner: any Counting
  let count = Atomic<Int>(0)
  var lastDuration = Duration.zero
  init(inner: any Counting) { self.inner = inner }
  func tick() {
    let start = ContinuousClock.now
    inner.tick()
    lastDuration = ContinuousClock.now - start
    count.wrappingAdd(1, ordering: .relaxed)
  }
}
