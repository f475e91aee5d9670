import SuiteSupport
import Surrogate
import Testing

/// A singleton that takes a list keeps its members: it captures what a member is shorter-lived
/// than, not the list, which is made again each time (outside client 17: the route modules a
/// singleton application takes, each a singleton, gave a warning whose fix cannot be applied).
struct CollectionCaptiveTests {
  private static let session = Scope.custom("collection-captive-session")
  private final class Module: Sendable {
    let name: String
    init(name: String) { self.name = name }
  }
  private final class Session: Sendable {}
  private final class SessionModule: Sendable {
    let session: Session
    init(session: Session) { self.session = session }
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
    // A `Provider` of the list, which resolves it on each use: there is no definition of a member's
    // type to provide (outside client 37: `Provider<Module>` threw definitionNotFound).
    #expect(warning.message.contains("`Provider<Array<"), "\(warning.message)")
    #expect(!warning.message.contains("`Provider<CollectionCaptiveTests.Module>`"), "\(warning.message)")
  }

  /// A definition that joins the list with `contributes(to:)` is requested by its own key: the
  /// singleton keeps it as it keeps a `register(into:)` member (outside client 36: a session's
  /// member beside a singleton one gave no warning; alone, the warning named the list and said to
  /// give it a singleton scope, which a list cannot have).
  @Test(arguments: [true, false])
  func aSingletonTakingAListWithAContributedSessionMemberIsWarnedAboutThatMember(besideASingleton: Bool) throws {
    let app = Container()
    if besideASingleton { app.register(.singleton, into: [AnyObject].self) { Module(name: "a") } }
    app.register(Self.session) { Session() }
    app.register(Self.session) { r in SessionModule(session: try r.resolve()) }.contributes(to: [AnyObject].self)
    app.register(.singleton) { r in Router(modules: try r.resolve([AnyObject].self).compactMap { $0 as? Module }) }
    let captives = app.validate().warnings.filter { $0.kind == .captiveDependency }
    let warning = try #require(captives.first)
    #expect(captives.count == 1, "\(captives)")
    #expect(warning.path.last?.type == SessionModule.self, "\(warning.path)")
    #expect(warning.message.contains("SessionModule"), "\(warning.message)")
    #expect(!warning.message.contains("captures Array"), "\(warning.message)")
  }

  @Test func aSingletonTakingAMapWithAContributedUniqueMemberIsWarnedAboutThatMember() throws {
    let app = Container()
    app.register(.singleton) { Module(name: "a") }.contributes(to: [String: AnyObject].self, key: "a")
    app.register(.unique) { Session() }
    app.register(.unique) { r in SessionModule(session: try r.resolve()) }
      .contributes(to: [String: AnyObject].self, key: "b")
    app.register(.singleton) { r in
      Router(modules: try r.resolve([String: AnyObject].self).values.compactMap { $0 as? Module })
    }
    let captives = app.validate().warnings.filter { $0.kind == .captiveDependency }
    #expect(captives.count == 1, "\(captives)")
    #expect(captives.first?.path.last?.type == SessionModule.self, "\(captives)")
  }
}
