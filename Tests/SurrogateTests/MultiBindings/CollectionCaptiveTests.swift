import Surrogate
import Testing

/// A singleton that takes a list keeps its members: it captures what a member is shorter-lived
/// than, not the list, which is made again each time (outside client 17: the route modules a
/// singleton application takes, each a singleton, gave a warning whose fix cannot be applied).
struct CollectionCaptiveTests {
  private final class Module: Sendable {
    let name: String
    init(name: String) { self.name = name }
  }
  private final class Router: Sendable {
    let modules: [Module]
    init(modules: [Module]) { self.modules = modules }
  }

  @Test func aSingletonTakingAListOfSingletonsCapturesNothing() {
    let app = Container()
    app.register(.singleton, into: [Module].self) { Module(name: "a") }
    app.register(.singleton, into: [Module].self) { Module(name: "b") }
    app.register(.singleton) { r in Router(modules: try r.resolve()) }
    let captives = app.validate().warnings.filter { $0.kind == .captiveDependency }
    #expect(captives.isEmpty, "\(captives)")
  }

  @Test func aSingletonTakingAListWithAShorterLivedMemberIsWarnedAboutThatMember() throws {
    let app = Container()
    app.register(.singleton, into: [Module].self) { Module(name: "a") }
    app.register(.unique, into: [Module].self) { Module(name: "b") }
    app.register(.singleton) { r in Router(modules: try r.resolve()) }
    let captives = app.validate().warnings.filter { $0.kind == .captiveDependency }
    let warning = try #require(captives.first)
    #expect(captives.count == 1, "\(captives)")
    #expect(warning.message.contains(".unique"), "\(warning.message)")
    #expect(warning.message.contains("#2 of"), "\(warning.message)")
  }
}
