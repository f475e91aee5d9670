import Dispatch
import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// A layer that counts how deep the chain under it is.
private final class Layer: Catalogue {
  let upstream: any Catalogue
  let owner: String
  init(upstream: any Catalogue, owner: String = "") {
    self.upstream = upstream
    self.owner = owner
  }
  func name(of id: Int) throws -> String { "layer " + (try upstream.name(of: id)) }
  var depth: Int { 1 + ((upstream as? Layer)?.depth ?? 0) }
  /// The owners of the layers from this one inwards.
  var owners: [String] { [owner] + ((upstream as? Layer)?.owners ?? []) }
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
      let failures = Locked(0)
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

  @Test(arguments: [.singleton, .shared, .unique] as [Scope])
  func aParentAndItsChildDecoratingAtOnceChainTheChildsDecoratorsOutsideTheParents(scope: Scope) throws {
    for round in 0..<Self.rounds / 2 {
      let app = Container()
      app.register(scope, type: (any Catalogue).self) { RemoteCatalogue() }
      let feature = Container(parent: app)
      runOnThreads(Self.threads) { thread in
        let (container, owner) = thread.isMultiple(of: 2) ? (app, "app") : (feature, "feature")
        container.decorate((any Catalogue).self) { _, inner in Layer(upstream: inner, owner: owner) }
      }
      let half = Self.threads / 2
      let inFeature = try #require(try feature.resolve((any Catalogue).self) as? Layer, "round \(round)")
      #expect(inFeature.owners == Array(repeating: "feature", count: half) + Array(repeating: "app", count: half))
      let inApp = try #require(try app.resolve((any Catalogue).self) as? Layer, "round \(round)")
      #expect(inApp.owners == Array(repeating: "app", count: half), "round \(round)")
      if inFeature.owners.count != Self.threads { return }
    }
  }
}
