import SuiteSupport
import Surrogate
import Testing

private protocol Pingable: AnyObject, Sendable {}
private final class API: Sendable {}
private final class Server: Pingable {
  let api: API
  init(api: API) { self.api = api }
}
private final class Consumer: Sendable {
  let pingable: any Pingable
  init(pingable: any Pingable) { self.pingable = pingable }
}
@MainActor private final class ScreenServer: Pingable {
  let api: API
  init(api: API) { self.api = api }
}
private final class InjectedServer: Pingable, @unchecked Sendable {  // `api`: set once, by injection
  @Injected var api: API
}
private final class PingingServer: Pingable {
  let consumer: Consumer
  init(consumer: Consumer) { self.consumer = consumer }
}

/// A protocol asks for nothing: when a forwarded type's definition fails to get a dependency, the
/// path names the definition at the forwarded type's step, `Server (as Pingable)`, while
/// ``ResolutionError/path`` keeps the keys that were requested.
struct ForwardedTypePathTests {
  private func app() -> Container {
    let app = Container()
    app.register { r in Server(api: try r.resolve()) }.implements((any Pingable).self)
    app.register { r in Consumer(pingable: try r.resolve()) }
    return app
  }

  @Test func aForwardedTypesMissingDependencyIsOnAPathThatNamesItsDefinition() async throws {
    let synchronous = #expect(throws: ResolutionError.self) { try app().resolve(Consumer.self) }
    let awaited = await #expect(throws: ResolutionError.self) { try await app().resolve(Consumer.self) }
    for error in [synchronous, awaited] {
      #expect(error?.pathDescription == "Consumer → Server (as Pingable) → API")
      #expect(
        error?.path == [
          DefinitionKey(type: Consumer.self), DefinitionKey(type: (any Pingable).self), DefinitionKey(type: API.self),
        ])
      #expect(error?.detailedDescription.contains("└─ Server (as Pingable)\n") == true)
    }
    for report in [{ app().validate() }(), await app().validate()] {
      let problem = report.problems.first { $0.path.first == DefinitionKey(type: Consumer.self) }
      #expect(problem?.pathDescription == "Consumer → Server (as Pingable) → API", "\(report)")
    }
  }

  @Test func theForwardedTypeRequestedFirstIsNamedToo() throws {
    let error = #expect(throws: ResolutionError.self) { try app().resolve((any Pingable).self) }
    #expect(error?.pathDescription == "Server (as Pingable) → API")
  }

  @Test func theDefinitionRequestedByItsOwnTypeKeepsItsName() throws {
    let error = #expect(throws: ResolutionError.self) { try app().resolve(Server.self) }
    #expect(error?.pathDescription == "Server → API")
  }

  @Test func aForwardedTypeThatIsItselfMissingKeepsItsKey() throws {
    let app = Container()
    app.register { r in Consumer(pingable: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try app.resolve(Consumer.self) }
    #expect(error?.pathDescription == "Consumer → Pingable")
  }

  @Test func aTaggedForwardedTypeNamesItsTag() throws {
    let app = Container()
    app.register { r in Server(api: try r.resolve()) }.implements((any Pingable).self, tag: "primary")
    app.register { r in Consumer(pingable: try r.resolve(tag: "primary")) }
    let error = #expect(throws: ResolutionError.self) { try app.resolve(Consumer.self) }
    let step = error?.pathDescription.split(separator: " → ").dropFirst().first.map(String.init)
    #expect(step?.hasPrefix("Server (as Pingable") == true, "\(error.map { "\($0)" } ?? "")")
    #expect(step?.contains("primary") == true, "\(error.map { "\($0)" } ?? "")")
  }

  @Test func aChildsForwardingOfItsParentsDefinitionNamesTheParentsDefinition() throws {
    let parent = Container()
    let server = parent.register { r in Server(api: try r.resolve()) }
    let child = Container(parent: parent)
    child.register(server, type: (any Pingable).self)
    child.register { r in Consumer(pingable: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try child.resolve(Consumer.self) }
    #expect(error?.pathDescription == "Consumer → Server (as Pingable) → API")
  }

  @Test func aForwardingToACollaboratorsDefinitionNamesIt() async throws {
    let services = Container()
    let server = services.register { r in Server(api: try r.resolve()) }
    let app = Container()
    app.register(server, type: (any Pingable).self)
    app.register { r in Consumer(pingable: try r.resolve()) }
    app.collaborate(with: services)
    let synchronous = #expect(throws: ResolutionError.self) { try app.resolve(Consumer.self) }
    let awaited = await #expect(throws: ResolutionError.self) { try await app.resolve(Consumer.self) }
    for error in [synchronous, awaited] {
      #expect(error?.pathDescription == "Consumer → Server (as Pingable) → API")
    }
  }

  @Test func anAutoInjectedPropertyOfTheDefinitionIsNamedAfterIt() async throws {
    let app = Container()
    app.register { InjectedServer() }.implements((any Pingable).self)
    app.register { r in Consumer(pingable: try r.resolve()) }
    let synchronous = #expect(throws: ResolutionError.self) { try app.resolve(Consumer.self) }
    let awaited = await #expect(throws: ResolutionError.self) { try await app.resolve(Consumer.self) }
    let first = #expect(throws: ResolutionError.self) { try app.resolve((any Pingable).self) }
    for error in [synchronous, awaited] {
      // Its properties are injected once Consumer, `.shared` and still being built, is.
      #expect(error?.pathDescription == "Consumer → InjectedServer (as Pingable).api → API")
    }
    #expect(first?.pathDescription == "InjectedServer (as Pingable).api → API")
  }

  @MainActor @Test func aMainActorDefinitionIsNamedSynchronouslyAndAwaited() async throws {
    func app() -> Container {
      let app = Container()
      app.register { @MainActor r in ScreenServer(api: try r.resolve()) }.implements((any Pingable).self)
      app.register { @MainActor r in Consumer(pingable: try r.resolve()) }
      return app
    }
    let synchronous = #expect(throws: ResolutionError.self) { try app().resolve(Consumer.self) }
    let awaited = await #expect(throws: ResolutionError.self) { try await app().resolve(Consumer.self) }
    for error in [synchronous, awaited] {
      #expect(error?.pathDescription == "Consumer → ScreenServer (as Pingable) → API", "\(error.map { "\($0)" } ?? "")")
    }
  }

  @Test func aDecoratedForwardedTypeNamesTheDecoratorThenTheDefinition() throws {
    let app = app()
    app.decorate((any Pingable).self) { _, inner in inner }
    let error = #expect(throws: ResolutionError.self) { try app.resolve(Consumer.self) }
    let steps = error?.pathDescription.components(separatedBy: " → ") ?? []
    #expect(steps.first == "Consumer")
    #expect(steps.last == "API")
    #expect(steps.dropLast().last == "Server (as Pingable)", "\(error.map { "\($0)" } ?? "")")
  }

  @Test func aCycleThroughAForwardedTypeKeepsItsKeys() throws {
    let app = Container()
    app.register { r in PingingServer(consumer: try r.resolve()) }.implements((any Pingable).self)
    app.register { r in Consumer(pingable: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try app.resolve(Consumer.self) }
    #expect(error?.code == .circularDependency)
    #expect(error?.pathDescription == "Consumer → Pingable → Consumer")
  }
}
