import Dispatch
import Surrogate
import Synchronization
import Testing

/// A layer that counts how deep the chain under it is.
private final class Layer: Catalogue {
  let upstream: any Catalogue
  init(upstream: any Catalogue) { self.upstream = upstream }
  func name(of id: Int) throws -> String { "layer " + (try upstream.name(of: id)) }
  var depth: Int { 1 + ((upstream as? Layer)?.depth ?? 0) }
}

/// Decoration is registration, and registration is safe from any number of threads: every
/// decorator lands exactly once, whatever the interleaving. Bounded by round counts; `.ci/run`
/// runs it in release and under ThreadSanitizer.
@Suite(.hangGuard)
struct ConcurrentDecorationTests {
  static let threads = 8
  static let rounds = 60

  @Test(arguments: [.singleton, .shared, .unique] as [Scope])
  func everyDecoratorAppliedFromEightThreadsAtOnceLandsExactlyOnce(scope: Scope) throws {
    for round in 0..<Self.rounds {
      let container = Container()
      container.register(scope, type: (any Catalogue).self) { RemoteCatalogue() }
      runOnThreads(Self.threads) { _ in
        container.decorate((any Catalogue).self) { _, inner in Layer(upstream: inner) }
      }
      let outer = try container.resolve((any Catalogue).self)
      let depth = (outer as? Layer)?.depth ?? 0
      #expect(depth == Self.threads, "round \(round): \(depth) of \(Self.threads) decorators in the chain")
      if depth != Self.threads { return }
    }
  }

  @Test func decoratorsAppliedWhileOtherThreadsResolveAllLandAndEveryResolveSucceeds() throws {
    for round in 0..<Self.rounds / 2 {
      let container = Container()
      container.register(.shared, type: (any Catalogue).self) { RemoteCatalogue() }
      let failures = Mutex(0)
      runOnThreads(Self.threads) { thread in
        if thread.isMultiple(of: 2) {
          container.decorate((any Catalogue).self) { _, inner in Layer(upstream: inner) }
        } else {
          for _ in 0..<20 where (try? container.resolve((any Catalogue).self)) == nil {
            failures.withLock { $0 += 1 }
          }
        }
      }
      let depth = (try container.resolve((any Catalogue).self) as? Layer)?.depth ?? 0
      #expect(depth == Self.threads / 2, "round \(round)")
      #expect(failures.withLock { $0 } == 0, "round \(round)")
    }
  }
}
