import SuiteSupport
import Surrogate
import Testing

/// A pool whose protocol refines `Disposable`, so that a proxy of it forwards `dispose()`.
///
/// NB: public: a proxy's `dispose()` witnesses `Disposable`'s requirement for a public type
/// (`InterceptingProxy`), so it must be public, which an extension constrained to an internal
/// protocol cannot declare.
public protocol PooledConnections: AnyObject, Sendable, Disposable {
  func lease() throws -> Int
}

extension PooledConnections where Self: Proxy, Self.Subject == any PooledConnections {
  public func lease() throws -> Int { try forward(ProxyAccess("lease()")) { try $0.lease() } }
  public func dispose() async throws { try await requireSubject(for: ProxyAccess("dispose()")).dispose() }
}

extension InterceptingProxy: Disposable, PooledConnections where Subject == any PooledConnections {}

private final class CountingPool: PooledConnections {
  let journal: DisposalJournal
  init(journal: DisposalJournal) { self.journal = journal }
  func lease() throws -> Int { 1 }
  func dispose() async throws { journal.note("pool") }
}

/// A decorator that is a proxy of the instance it decorates forwards `dispose()` to it: the
/// container disposes that instance itself, so it does not dispose the proxy too (outside
/// client 28: an `InterceptingProxy` in front of a `Disposable` pool closed the pool twice).
struct ProxyDecoratorDisposalTests {
  private func app(_ scope: Scope, journal: DisposalJournal) -> Container {
    let app = Container()
    app.register(scope, type: (any PooledConnections).self) { CountingPool(journal: journal) }
    app.decorate((any PooledConnections).self) { _, inner in InterceptingProxy(inner) }
    return app
  }

  @Test func aScopedInstanceBehindAnInterceptingProxyIsDisposedOnceWhenTheScopeEnds() async throws {
    let journal = DisposalJournal()
    let app = app(.scoped, journal: journal)
    let leased = try await app.withScope { scope in try await scope.resolve((any PooledConnections).self).lease() }
    #expect(leased == 1)
    #expect(journal.disposed == ["pool"])
  }

  @Test func aSingletonBehindTwoProxyDecoratorsIsDisposedOnceAtShutdown() async throws {
    let journal = DisposalJournal()
    let app = app(.singleton, journal: journal)
    app.decorate((any PooledConnections).self) { _, inner in InterceptingProxy(inner) }
    #expect(try await app.resolve((any PooledConnections).self).lease() == 1)
    try await app.shutdown()
    #expect(journal.disposed == ["pool"])
  }

  @Test func validationDisposesTheInstanceItMadeOnceAndCallsNoProxy() async {
    let journal = DisposalJournal()
    let app = app(.singleton, journal: journal)
    let report = await app.validate()
    #expect(report.problems.isEmpty, "\(report)")
    #expect(journal.disposed == ["pool"])
  }

  @Test func aSharedInstanceBehindAProxyIsDisposedOnceByAScopeAndByAFailedGraph() async throws {
    struct Missing {}
    final class Handler {
      init(pool: any PooledConnections, missing: Missing) {}
    }
    let journal = DisposalJournal()
    let app = app(.shared, journal: journal)
    app.register { r in Handler(pool: try r.resolve(), missing: try r.resolve()) }
    try await app.withScope { scope in _ = try await scope.resolve((any PooledConnections).self) }
    #expect(journal.disposed == ["pool"])
    await #expect(throws: ResolutionError.self) { try await app.resolve(Handler.self) }
    #expect(journal.disposed == ["pool", "pool"])
  }

  /// A decorator that is not a proxy, but `Disposable` of its own, is still disposed, first.
  @Test func aDisposableDecoratorThatIsNoProxyIsStillDisposedFirst() async throws {
    final class Audited: PooledConnections {
      let inner: any PooledConnections
      let journal: DisposalJournal
      init(_ inner: any PooledConnections, journal: DisposalJournal) {
        self.inner = inner
        self.journal = journal
      }
      func lease() throws -> Int { try inner.lease() }
      func dispose() async throws { journal.note("audit") }
    }
    let journal = DisposalJournal()
    let app = Container()
    app.register(.scoped, type: (any PooledConnections).self) { CountingPool(journal: journal) }
    app.decorate((any PooledConnections).self) { _, inner in Audited(inner, journal: journal) }
    try await app.withScope { scope in _ = try await scope.resolve((any PooledConnections).self) }
    #expect(journal.disposed == ["audit", "pool"])
  }
}
