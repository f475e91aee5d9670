import SuiteSupport
import Surrogate
import Testing

/// A health check a decorator can wrap in its own type.
private class ProbeCheck: HealthCheck {
  var name: String { "probe" }
}

/// Wraps a probe, as an app's logging decorator would.
private final class LoggedProbeCheck: ProbeCheck {
  let inner: ProbeCheck
  init(_ inner: ProbeCheck) { self.inner = inner }
  override var name: String { "logged \(inner.name)" }
}

/// Wraps any health check.
private final class LoggedCheck: HealthCheck {
  let inner: any HealthCheck
  init(_ inner: any HealthCheck) { self.inner = inner }
  var name: String { "logged \(inner.name)" }
}

/// MultiBindings.md: a list asks for a contributed definition by its key, so decorating that key
/// wraps the member, and decorating only the list's element type does not.
struct DecoratedListMemberTests {
  @Test func decoratingAContributedDefinitionsKeyWrapsTheListsMember() throws {
    let container = Container()
    container.register { ProbeCheck() }.implements((any HealthCheck).self).contributes(to: [any HealthCheck].self)
    container.decorate(ProbeCheck.self) { _, inner in LoggedProbeCheck(inner) }
    let checks = try container.resolve([any HealthCheck].self)
    #expect(checks.map(\.name) == ["logged probe"])
  }

  @Test func decoratingOnlyTheElementTypeWrapsThatTypesRequestsNotTheMembers() throws {
    let container = Container()
    container.register { ProbeCheck() }.implements((any HealthCheck).self).contributes(to: [any HealthCheck].self)
    container.decorate((any HealthCheck).self) { _, inner in LoggedCheck(inner) }
    #expect(try container.resolve((any HealthCheck).self).name == "logged probe")
    let checks = try container.resolve([any HealthCheck].self)
    #expect(checks.map(\.name) == ["probe"])
  }
}
