import SuiteSupport
import Surrogate
import Testing

// The graph export of a banking app: a decorated accounts service, a main-actor screen, and an
// `async` singleton that `bootstrap()` makes. Each is drawn whole, as written, or says why not.

private protocol BankAccounts: AnyObject, Sendable {}
private final class BankHTTPClient: Sendable {}
private final class RemoteBankAccounts: BankAccounts {
  let http: BankHTTPClient
  init(http: BankHTTPClient) { self.http = http }
}
private final class CachingBankAccounts: BankAccounts {
  let upstream: any BankAccounts
  init(upstream: any BankAccounts) { self.upstream = upstream }
}
private final class LoggingBankAccounts: BankAccounts {
  let upstream: any BankAccounts
  init(_ upstream: any BankAccounts) { self.upstream = upstream }
}
private final class BankOverview {
  let accounts: any BankAccounts
  init(accounts: any BankAccounts) { self.accounts = accounts }
}

private func decoratedBank() -> Container {
  let container = Container()
  container.register(.singleton) { BankHTTPClient() }
  container.autowire(.singleton, RemoteBankAccounts.init).implements((any BankAccounts).self)
  container.decorate((any BankAccounts).self) { _, inner in CachingBankAccounts(upstream: inner) }
  container.decorate((any BankAccounts).self) { _, inner in LoggingBankAccounts(inner) }
  container.autowire(BankOverview.init)
  return container
}

/// `from -> to (label)` for every edge, by node name.
private func drawnEdges(_ graph: DependencyGraph) -> [String] {
  let names = Dictionary(graph.nodes.map { ($0.key, $0.name) }, uniquingKeysWith: { first, _ in first })
  return graph.edges.map { edge in
    let label = edge.isDecoration ? " (decorates)" : edge.requested.map { " (as \($0))" } ?? ""
    return "\(names[edge.from] ?? "?") -> \(names[edge.to] ?? "?")\(label)"
  }.sorted()
}

private final class BankConnectionPool: Sendable {
  static func open() async -> BankConnectionPool {
    await Task.yield()
    return BankConnectionPool()
  }
}
private final class BankAuditTrail: Sendable {}
private final class BankStatementService: Sendable {
  let pool: BankConnectionPool
  let audit: BankAuditTrail
  init(pool: BankConnectionPool, audit: BankAuditTrail) {
    self.pool = pool
    self.audit = audit
  }
}

/// An eager singleton whose `async` factory asks for the audit trail.
private final class EagerPoolMonitor: Sendable {
  let audit: BankAuditTrail
  init(audit: BankAuditTrail) { self.audit = audit }
}

/// Made by a synchronous factory from the eager monitor.
private final class EagerMonitoredReport: Sendable {
  let monitor: EagerPoolMonitor
  init(monitor: EagerPoolMonitor) { self.monitor = monitor }
}

/// A service whose first dependency is made by an `async` factory, before `bootstrap()`: an eager
/// singleton unless `pool` says otherwise. The statement service's factory is synchronous unless
/// `awaitsThePool`: then it awaits the pool.
private func bankWithAnAsyncPool(_ pool: Scope = .eagerSingleton, awaitsThePool: Bool = false) -> Container {
  let container = Container()
  container.register(pool) { _ async in await BankConnectionPool.open() }
  container.register(.singleton) { BankAuditTrail() }
  if awaitsThePool {
    container.register(.shared) { r async throws in
      BankStatementService(pool: try await r.resolve(), audit: try await r.resolve())
    }
  } else {
    container.register(.shared) { r in BankStatementService(pool: try r.resolve(), audit: try r.resolve()) }
  }
  return container
}

struct GraphExportOfARealAppTests {
  @Test func aDecoratorChainIsDrawnAsWrittenWithoutHiddenTags() {
    let graph = decoratedBank().dependencyGraph()
    #expect(
      drawnEdges(graph) == [
        "BankOverview -> LoggingBankAccounts (as BankAccounts)",
        "CachingBankAccounts -> RemoteBankAccounts (decorates)",
        "LoggingBankAccounts -> CachingBankAccounts (decorates)",
        "RemoteBankAccounts -> BankHTTPClient",
      ])
    #expect(graph.nodes.first { $0.name == "CachingBankAccounts" }?.decorates?.description == "BankAccounts")
    for drawing in [graph.dot(), graph.mermaid()] {
      #expect(!drawing.contains("DecorationTag"), "\(drawing)")
      #expect(drawing.contains("decorates BankAccounts"))
    }
    #expect(graph.dot().contains(#""LoggingBankAccounts" -> "CachingBankAccounts" [label="decorates"];"#))
  }

  @Test func theSameDecoratorTwiceIsNumberedInTheOrderApplied() {
    let container = Container()
    container.autowire(.shared, type: (any BankAccounts).self, RemoteBankAccounts.init)
    container.register(.singleton) { BankHTTPClient() }
    container.decorate((any BankAccounts).self) { _, inner in CachingBankAccounts(upstream: inner) }
    container.decorate((any BankAccounts).self) { _, inner in CachingBankAccounts(upstream: inner) }
    let graph = container.dependencyGraph()
    #expect(
      drawnEdges(graph) == [
        "BankAccounts -> BankHTTPClient",
        "CachingBankAccounts #2 -> CachingBankAccounts (decorates)",
        "CachingBankAccounts -> BankAccounts (decorates)",
      ])
  }

  @Test func aSynchronousExportBeforeBootstrapSaysWhatItCouldNotDraw() {
    let graph = bankWithAnAsyncPool().dependencyGraph()
    let service = graph.nodes.first { $0.name == "BankStatementService" }
    #expect(service?.incomplete?.contains("BankConnectionPool needs `await`") == true, "\(graph.nodes)")
    #expect(drawnEdges(graph) == ["BankStatementService -> BankConnectionPool"])
    #expect(graph.dot().contains("not drawn whole: BankConnectionPool needs `await`"))
    #expect(graph.dot().contains("style=dashed, color=orange"))
  }

  @Test func theAwaitedExportDrawsAsyncDefinitionsWhole() async throws {
    let container = bankWithAnAsyncPool(awaitsThePool: true)
    let graph = await container.dependencyGraph()
    #expect(graph.nodes.allSatisfy { $0.incomplete == nil }, "\(graph.nodes)")
    #expect(
      drawnEdges(graph) == ["BankStatementService -> BankAuditTrail", "BankStatementService -> BankConnectionPool"])
    let one = try await container.dependencyGraph(of: BankStatementService.self)
    #expect(drawnEdges(one) == drawnEdges(graph))
    #expect(!graph.dot().contains("not drawn whole"))
  }

  /// `bootstrap()` makes an eager singleton before anything asks, so the awaited export takes it
  /// as made, as `validate()` does: a synchronous factory of it is drawn whole.
  @Test func theAwaitedExportDrawsASynchronousFactoryOfAnEagerAsyncPoolWhole() async throws {
    let graph = await bankWithAnAsyncPool().dependencyGraph()
    #expect(graph.nodes.allSatisfy { $0.incomplete == nil }, "\(graph.nodes)")
    #expect(
      drawnEdges(graph) == ["BankStatementService -> BankAuditTrail", "BankStatementService -> BankConnectionPool"])
  }

  /// One resolution's drawing takes the eager pool as made too, and draws what the pool's own
  /// factory asked for when the resolution reaches it.
  @Test func oneAwaitedResolutionDrawsASynchronousFactoryOfAnEagerAsyncPoolWithThePoolsDependencies()
    async throws
  {
    let container = bankWithAnAsyncPool()
    container.register(.eagerSingleton) { r async throws in
      EagerPoolMonitor(audit: try await r.resolve(BankAuditTrail.self))
    }
    container.register { r in EagerMonitoredReport(monitor: try r.resolve()) }
    let one = try await container.dependencyGraph(of: BankStatementService.self)
    #expect(
      drawnEdges(one) == ["BankStatementService -> BankAuditTrail", "BankStatementService -> BankConnectionPool"])
    let monitored = try await container.dependencyGraph(of: EagerMonitoredReport.self)
    #expect(
      drawnEdges(monitored) == ["EagerMonitoredReport -> EagerPoolMonitor", "EagerPoolMonitor -> BankAuditTrail"])
    #expect(monitored.nodes.map(\.name).sorted() == ["BankAuditTrail", "EagerMonitoredReport", "EagerPoolMonitor"])
  }

  @Test func theAwaitedExportSaysASynchronousFactoryCannotAwaitALazyPool() async throws {
    let graph = await bankWithAnAsyncPool(.singleton).dependencyGraph()
    let service = graph.nodes.first { $0.name == "BankStatementService" }
    #expect(
      service?.incomplete?.contains(
        "requiresAwait: BankConnectionPool is made by an async factory, but the synchronous factory of "
          + "BankStatementService asks for it") == true, "\(graph.nodes)")
    #expect(drawnEdges(graph) == ["BankStatementService -> BankConnectionPool"])
  }
}

@MainActor
struct MainActorGraphExportTests {
  @Test func oneResolutionIsDrawnFromMainActorCode() throws {
    let graph = try accountsScreen().dependencyGraph(of: AccountsScreenController.self)
    #expect(
      drawnEdges(graph) == [
        "AccountsScreenController -> AccountsScreenPresenter",
        "AccountsScreenPresenter -> AccountsScreenController (as AccountsScreenView)",
      ])
  }

  @Test func theWholeScreenIsDrawnFromMainActorCode() {
    let graph = accountsScreen().dependencyGraph()
    #expect(graph.nodes.allSatisfy { $0.incomplete == nil }, "\(graph.nodes)")
    #expect(drawnEdges(graph).count == 2, "\(drawnEdges(graph)) \(graph.edges.map(\.isWeak))")
  }
}

struct NonisolatedMainActorGraphExportTests {
  @Test func aSynchronousExportOffTheMainActorSaysWhatItCouldNotDraw() async {
    let screen = await accountsScreen()
    let graph = drawnSynchronously(screen)
    #expect(graph.nodes.allSatisfy { $0.incomplete?.contains("needs the main actor") == true }, "\(graph.nodes)")
    #expect(graph.edges.isEmpty)
    let awaited = await screen.dependencyGraph()
    #expect(drawnEdges(awaited).count == 2)
    #expect(awaited.nodes.allSatisfy { $0.incomplete == nil })
  }
}

/// The synchronous export, called where there is no actor.
private func drawnSynchronously(_ container: Container) -> DependencyGraph {
  container.dependencyGraph()
}

private final class DeferredConfig: Sendable {}
private final class DeferredRemote: Sendable {
  let config: DeferredConfig
  init(config: DeferredConfig) { self.config = config }
}
private final class DeferredScreen: Sendable {
  let remote: DeferredRemote
  init(remote: DeferredRemote) { self.remote = remote }
}

/// A synchronous factory that meets an `async` definition runs once and stops there: the awaited
/// drawing shows the edge it asked for and marks the definitions on its path not drawn whole.
struct DeferredRequestGraphExportTests {
  private func app() -> Container {
    let container = Container()
    container.register(.singleton) { _ async in DeferredConfig() }
    container.register(.singleton) { r in DeferredRemote(config: try r.resolve()) }
    container.register { r in DeferredScreen(remote: try r.resolve()) }
    return container
  }

  @Test func theAwaitedExportDrawsTheEdgesTheFactoriesAskedAndWhereTheyStopped() async throws {
    let expected = ["DeferredRemote -> DeferredConfig", "DeferredScreen -> DeferredRemote"]
    let one = await #expect(throws: ResolutionError.self) {
      try await app().dependencyGraph(of: DeferredScreen.self)
    }
    #expect(one?.code == .requiresAwait)
    #expect(one?.pathDescription == "DeferredScreen → DeferredRemote → DeferredConfig")
    let graph = await app().dependencyGraph()
    #expect(drawnEdges(graph) == expected)
    let remote = graph.nodes.first { $0.name == "DeferredRemote" }
    #expect(remote?.incomplete?.contains("the synchronous factory of DeferredRemote asks for it") == true)
  }
}
