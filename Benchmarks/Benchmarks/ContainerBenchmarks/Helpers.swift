import Foundation
import Surrogate
import Swinject

/// Registers `count` distinct types (nested generics) forwarded to one singleton.
func registerDistinctTypes<T>(_ type: T.Type, depth: Int, into container: Surrogate.Container, remaining: inout Int) {
  guard remaining > 0 else { return }
  container.register(.singleton) { Service() }.implements(T.self)
  remaining -= 1
  guard depth > 0 else { return }
  registerDistinctTypes(Left<T>.self, depth: depth - 1, into: container, remaining: &remaining)
  registerDistinctTypes(Right<T>.self, depth: depth - 1, into: container, remaining: &remaining)
}

/// Registers `Link<Link<…<End>>>` for every depth up to `depth`.
/// Runs `body` `iterations` times on each of `threads` new threads and waits for all of them.
func onThreads(_ threads: Int, iterations: Int, _ body: @escaping @Sendable () -> Void) {
  let group = DispatchGroup()
  for _ in 0..<threads {
    group.enter()
    Thread {
      for _ in 0..<iterations { body() }
      group.leave()
    }.start()
  }
  group.wait()
}

func registerChain<T>(_ type: T.Type, depth: Int, into container: Surrogate.Container) {
  guard depth > 0 else { return }
  container.register(.unique) { r in Link(next: try r.resolve(T.self)) }
  registerChain(Link<T>.self, depth: depth - 1, into: container)
}

/// Resolves the outermost link of a chain registered by `registerChain`.
func resolveChain<T>(_ type: T.Type, depth: Int, from container: Surrogate.Container) throws -> Any {
  depth == 0 ? try container.resolve(T.self) : try resolveChain(Link<T>.self, depth: depth - 1, from: container)
}

func registerSwinjectChain<T>(_ type: T.Type, depth: Int, into container: Swinject.Container) {
  guard depth > 0 else { return }
  container.register(Link<T>.self) { r in Link(next: r.resolve(T.self)!) }
  registerSwinjectChain(Link<T>.self, depth: depth - 1, into: container)
}

func resolveSwinjectChain<T>(_ type: T.Type, depth: Int, from container: Swinject.Container) -> Any {
  depth == 0 ? container.resolve(T.self)! : resolveSwinjectChain(Link<T>.self, depth: depth - 1, from: container)
}

/// The depth-50 chain built by hand, link by link, with the same types.
func handWrittenChain() -> Any {
  func build<T>(_ value: T, depth: Int) -> Any {
    depth == 0 ? value : build(Link(next: value), depth: depth - 1)
  }
  return build(End(), depth: 50)
}

extension Counting where Self: Proxy, Self.Subject: Counting {
  func tick() {
    withSubject(for: ProxyAccess("tick()")) { $0.tick() }
  }
}

extension WeakRefProxy: Counting where T: Counting {}
extension LazyProxy: Counting where Subject: Counting {}
