import SuiteSupport
import Surrogate
import Testing

// A decorated service's own dependencies are requested as they would be undecorated: with the
// request's tag (or none), never with the decoration's hidden one.

private protocol LedgerService: AnyObject, Sendable {}
private final class LedgerSession: Sendable {
  let environment: String
  init(environment: String = "default") { self.environment = environment }
}
private final class RemoteLedger: LedgerService {
  let session: LedgerSession
  init(session: LedgerSession) { self.session = session }
}
private final class CachingLedger: LedgerService {
  let upstream: any LedgerService
  init(upstream: any LedgerService) { self.upstream = upstream }
}
private final class LedgerScreen {
  let ledger: any LedgerService
  let session: LedgerSession
  init(ledger: any LedgerService, session: LedgerSession) {
    self.ledger = ledger
    self.session = session
  }
}

private func decoratedLedger(decorators: Int) -> Container {
  let container = Container()
  container.register(.shared) { LedgerSession() }
  container.register(.shared, tag: "staging") { LedgerSession(environment: "staging") }
  container.autowire(.shared, RemoteLedger.init).implements((any LedgerService).self)
  container.autowire(.shared, tag: "staging", RemoteLedger.init).implements((any LedgerService).self, tag: "staging")
  for _ in 0..<decorators {
    container.decorate((any LedgerService).self) { _, inner in CachingLedger(upstream: inner) }
  }
  container.autowire(LedgerScreen.init)
  return container
}

private func remote(_ service: any LedgerService) -> RemoteLedger? {
  var service = service
  while let caching = service as? CachingLedger { service = caching.upstream }
  return service as? RemoteLedger
}

struct DecoratedDependencyTagTests {
  @Test(arguments: [0, 1, 2]) func aSharedDependencyOfTheDecoratedServiceIsTheGraphsOne(decorators: Int) throws {
    let screen = try decoratedLedger(decorators: decorators).resolve(LedgerScreen.self)
    let ledger = try #require(remote(screen.ledger))
    #expect(ledger.session === screen.session)
  }

  @Test(arguments: [0, 1, 2]) func aTaggedRequestReachesTheDecoratedServicesDependencies(decorators: Int) throws {
    let ledger = try decoratedLedger(decorators: decorators).resolve((any LedgerService).self, tag: "staging")
    #expect(remote(ledger)?.session.environment == "staging")
  }
}
