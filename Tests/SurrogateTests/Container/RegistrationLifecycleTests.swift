import Foundation
import SuiteSupport
import Surrogate
import Testing

struct RegistrationLifecycleTests {
  @Test func aDefinitionReportsTheKeyAndScopeItWasRegisteredWith() {
    let container = Container()
    let plain = container.register(.singleton) { Service() }
    #expect(plain.key == DefinitionKey(type: Service.self))
    #expect(plain.scope == .singleton)

    let tagged = container.register(.unique, tag: "live") { URLSessionClient(name: "live") }
    #expect(tagged.key == DefinitionKey(type: URLSessionClient.self, tag: DefinitionTag("live")))
    #expect(tagged.scope == .unique)

    let withArgument = container.register { (_: Resolver, port: Int) in Endpoint(url: URL(filePath: "/"), port: port) }
    #expect(withArgument.key == DefinitionKey(type: Endpoint.self, argumentsType: Int.self))
    #expect(withArgument.scope == .shared)

    let session = Scope.custom("session")
    let custom = container.register(session) { Service() }
    #expect(custom.scope == session)
    #expect(custom.scope != Scope.custom("cart"))

    // A forwarded type keeps its own key and its source's scope, and removing it leaves the source.
    let forwarded = container.register(plain, type: AnyObject.self)
    #expect(forwarded.key == DefinitionKey(type: AnyObject.self))
    #expect(forwarded.scope == .singleton)
    container.remove(forwarded)
    #expect((try? container.resolve(Service.self)) != nil)
    #expect((try? container.resolve(AnyObject.self)) == nil)
  }

  @Test func registeringTheSameKeyAgainReplacesTheDefinition() throws {
    let container = Container()
    container.register { URLSessionClient(name: "first") }
    container.register { URLSessionClient(name: "second") }
    #expect(try container.resolve(URLSessionClient.self).name == "second")
  }

  @Test func resolveAfterRemoveIsNotFound() {
    let container = Container()
    let definition = container.register { Service() }
    container.remove(definition)
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
    #expect(error?.code == .definitionNotFound)
  }

  @Test func removingAReplacedHandleLeavesTheNewDefinition() throws {
    let container = Container()
    let old = container.register { URLSessionClient(name: "old") }
    container.register { URLSessionClient(name: "new") }
    container.remove(old)
    #expect(try container.resolve(URLSessionClient.self).name == "new")
  }

  @Test func resolveAfterRemoveAllIsNotFound() {
    let container = Container()
    container.register(.singleton) { Service() }
    container.register(tag: "x") { Service() }
    container.removeAll()
    #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
    #expect(throws: ResolutionError.self) { try container.resolve(Service.self, tag: "x") }
  }

  @Test func registeringFromInsideAFactoryWorks() throws {
    let container = Container()
    container.register { () -> Service in
      container.register(tag: "late") { URLSessionClient(name: "late") }
      return Service()
    }
    _ = try container.resolve(Service.self)
    #expect(try container.resolve(URLSessionClient.self, tag: "late").name == "late")
  }

  @Test func resolvingFromInsideAResolvingPropertiesBlockWorks() throws {
    let container = Container()
    container.register { Service() }
    container.register { ListInteractor() }
      .resolvingProperties { r, interactor in interactor.output = try r.resolve(ListPresenter.self) }
    container.register { ListPresenter() }
      .resolvingProperties { r, presenter in presenter.interactor = try r.resolve() }
    let presenter: ListPresenter = try container.resolve()
    let interactor = try #require(presenter.interactor)
    #expect(interactor.output.map(ObjectIdentifier.init) == ObjectIdentifier(presenter))
  }

  @Test func factoryMayResolveThroughTheContainerAsANewGraph() throws {
    let container = Container()
    container.register(.singleton) { Service() }
    container.register { Repository(service: try container.resolve()) }
    #expect(
      ObjectIdentifier(try container.resolve(Repository.self).service)
        == ObjectIdentifier(try container.resolve(Service.self)))
  }

  /// Resolutions read a snapshot of the registry that a change drops; every change must still be
  /// seen by the next resolve, however often the registry changes between them.
  @Test func everyRegistrationIsSeenByTheNextResolveHoweverOftenTheRegistryChanges() throws {
    let container = Container()
    for round in 0..<20 {
      container.register { URLSessionClient(name: "client \(round)") }
      #expect(try container.resolve(URLSessionClient.self).name == "client \(round)")
      container.register(.singleton, tag: round) { URLSessionClient(name: "tagged \(round)") }
      #expect(try container.resolve(URLSessionClient.self, tag: round).name == "tagged \(round)")
    }
    container.removeAll()
    #expect(throws: ResolutionError.self) { try container.resolve(URLSessionClient.self) }
  }
}
