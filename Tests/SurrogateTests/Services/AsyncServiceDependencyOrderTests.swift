import SuiteSupport
import Surrogate
import Testing

/// A pool only an `async` factory opens; named to sort after its dependent.
private final class ZetaPool: LongRunningService {
  func run() async throws {}
}

/// A service with a synchronous factory that takes the pool.
private final class AlphaPurger: LongRunningService {
  let pool: ZetaPool
  init(pool: ZetaPool) { self.pool = pool }
  func run() async throws {}
}

/// A synchronous factory may take an `async` singleton that is made before it asks: an eager one
/// that `bootstrap()` made, or a service it depends on, which the services start first. Neither
/// the order the definitions were registered in nor the order their names sort in decides it
/// (an outside client found `resolveServices()` and `validate()` depending on both).
struct AsyncServiceDependencyOrderTests {
  private func app(pool scope: Scope, poolIsService: Bool, purgerFirst: Bool, opened: Counter) -> Container {
    let app = Container()
    func registerPool() {
      let pool = app.register(scope) { _ async in
        opened.increment()
        return ZetaPool()
      }
      if poolIsService { pool.runsAsService() }
    }
    if !purgerFirst { registerPool() }
    app.register(.singleton) { r in AlphaPurger(pool: try r.resolve()) }.runsAsService()
    if purgerFirst { registerPool() }
    return app
  }

  @Test(arguments: [false, true])
  func anEagerAsyncPoolMadeByBootstrapServesASynchronousPurgerInEitherOrder(purgerFirst: Bool) async throws {
    for poolIsService in [false, true] {
      let opened = Counter()
      let app = app(pool: .eagerSingleton, poolIsService: poolIsService, purgerFirst: purgerFirst, opened: opened)
      let report = await app.validate()
      #expect(report.problems.isEmpty, "\(report)")
      try await app.bootstrap()
      let services = try await app.resolveServices().map(\.description)
      #expect(services == (poolIsService ? ["ZetaPool", "AlphaPurger"] : ["AlphaPurger"]))
      let purger = try await app.resolve(AlphaPurger.self)
      #expect(purger.pool === (try await app.resolve(ZetaPool.self)))
      try await app.shutdown()
    }
  }

  @Test(arguments: [false, true])
  func aLazyAsyncPoolServiceIsStartedBeforeTheSynchronousPurgerInEitherOrder(purgerFirst: Bool) async throws {
    let opened = Counter()
    let app = app(pool: .singleton, poolIsService: true, purgerFirst: purgerFirst, opened: opened)
    // Checked on its own, as the first request of a fresh app, the purger cannot make the pool.
    let report = await app.validate()
    #expect(report.problems.map(\.code) == [.requiresAwait], "\(report)")
    #expect(report.problems.first?.pathDescription == "AlphaPurger → ZetaPool")
    let services = try await app.resolveServices().map(\.description)
    #expect(services == ["ZetaPool", "AlphaPurger"])
    // The real pool was made once, by its own start, before the purger's factory asked for it.
    let purger = try await app.resolve(AlphaPurger.self)
    #expect(purger.pool === (try await app.resolve(ZetaPool.self)))
    try await app.shutdown()
  }

  /// A child's service may take its parent's eager `async` singleton that the parent's
  /// `bootstrap()` made: the ordering's and `validate()`'s throwaway graphs make the ancestors'
  /// eager singletons first, as they make the container's own (found by an outside client: the
  /// child's `resolveServices()` threw `requiresAwait`).
  @Test func aChildsSynchronousServiceTakesItsParentsEagerAsyncSingleton() async throws {
    let opened = Counter()
    let app = Container()
    app.register(.eagerSingleton) { _ async in
      opened.increment()
      return ZetaPool()
    }
    try await app.bootstrap()
    let child = Container(parent: app)
    child.register(.singleton) { r in AlphaPurger(pool: try r.resolve()) }.runsAsService()
    let report = await child.validate()
    #expect(report.problems.isEmpty, "\(report)")
    let services = try await child.resolveServices().map(\.description)
    #expect(services == ["AlphaPurger"])
    #expect(try await child.resolve(AlphaPurger.self).pool === (try await app.resolve(ZetaPool.self)))
    try await child.shutdown()
    try await app.shutdown()
  }
}
