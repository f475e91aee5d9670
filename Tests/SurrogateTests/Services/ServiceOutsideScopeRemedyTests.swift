import SuiteSupport
import Surrogate
import Testing

/// A singleton service that takes a `.scoped` definition: the remedy offers only what a service
/// can do (outside client 15). Making it `.scoped` is rejected (`notASingleton`).
struct ServiceOutsideScopeRemedyTests {
  private final class RequestCheck: Sendable {}
  private final class HealthEndpoint: LongRunningService {
    let check: RequestCheck
    init(check: RequestCheck) { self.check = check }
    func run() async throws {}
  }

  @Test func aServiceTakingAScopedDefinitionIsNotToldToBecomeScoped() throws {
    let app = Container()
    app.register(.scoped) { RequestCheck() }
    app.register(.singleton) { r in HealthEndpoint(check: try r.resolve()) }.runsAsService()
    let error = #expect(throws: ResolutionError.self) { try app.resolve(HealthEndpoint.self) }
    #expect(error?.code == .outsideScope)
    #expect(error?.remedy.contains("`.scoped` or shorter-lived") == false, "\(String(describing: error))")
    #expect(error?.remedy.contains("pass it to the service's methods") == true, "\(String(describing: error))")
  }

  @Test func aPlainSingletonIsStillOfferedAShorterLife() throws {
    let app = Container()
    app.register(.scoped) { RequestCheck() }
    app.register(.singleton) { r in HealthEndpoint(check: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try app.resolve(HealthEndpoint.self) }
    #expect(error?.remedy.contains("`.scoped` or shorter-lived") == true, "\(String(describing: error))")
  }
}
