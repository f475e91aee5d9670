// The object graphs every system builds: the same classes for Surrogate, Swinject and by hand.

protocol ViewProtocol: AnyObject {}
protocol Loader: AnyObject {}
protocol Analytics: AnyObject {}
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

final class Service {}

/// S2: ten nodes, two of them (Session, Cache) shared within one resolution.
final class Session {}
final class Cache {}
final class Node1 { let session: Session; init(session: Session) { self.session = session } }
final class Node2 { let session: Session; let cache: Cache; init(session: Session, cache: Cache) { self.session = session; self.cache = cache } }
final class Node3 { let cache: Cache; init(cache: Cache) { self.cache = cache } }
final class Node4 { let n1: Node1; let n2: Node2; init(n1: Node1, n2: Node2) { self.n1 = n1; self.n2 = n2 } }
final class Node5 { let n3: Node3; init(n3: Node3) { self.n3 = n3 } }
final class Node6 { let session: Session; init(session: Session) { self.session = session } }
final class Node7 { let n4: Node4; let n5: Node5; let n6: Node6; init(n4: Node4, n5: Node5, n6: Node6) { self.n4 = n4; self.n5 = n5; self.n6 = n6 } }
final class Root { let n7: Node7; let cache: Cache; init(n7: Node7, cache: Cache) { self.n7 = n7; self.cache = cache } }

/// S6: a transient chain of depth 50, one type per link.
final class Link<Next> { let next: Next; init(next: Next) { self.next = next } }
final class End {}

/// S7: parent ↔ child through properties.
final class Parent { var child: Child? }
final class Child { weak var parent: Parent? }

/// S7c: the parent takes its child by initializer, the child's parent is set by property: the
/// child's block meets the parent while the parent's factory is still running, and waits for it.
final class OwningParent {
  let child: OwnedChild
  init(child: OwnedChild) { self.child = child }
}
final class OwnedChild { weak var parent: OwningParent? }

/// S4: distinct types made from nested generics.
enum Left<T> {}
enum Right<T> {}

/// S8: a type per registration, one family per system.
final class FreshForSurrogate<T> {}
final class FreshForSwinject<T> {}

/// P1: a call through a proxy next to a direct call.
protocol Counting: AnyObject { func tick() }
final class Ticker: Counting {
  var count = 0
  func tick() { count &+= 1 }
}

/// P1-weak: the hand-written way to forward through a weak reference, the floor any weak proxy
/// has to pay (a Swift `weak` load retains the object and releases it after the call).
final class WeakTicker: Counting {
  weak var base: Ticker?
  init(_ base: Ticker) { self.base = base }
  func tick() { base?.tick() }
}
