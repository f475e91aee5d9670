import SuiteSupport
import Surrogate
import Testing

struct OptionalTests {
  @Test func optionalOfARegisteredTypeIsTheInstance() throws {
    let container = Container()
    container.register(.singleton) { Service() }
    let maybe = try container.resolve(Service?.self)
    #expect(maybe.map(ObjectIdentifier.init) == ObjectIdentifier(try container.resolve(Service.self)))
  }

  @Test func optionalOfAnUnregisteredTypeIsNil() throws {
    let container = Container()
    #expect(try container.resolve(Service?.self) == nil)
    let inferred: Service? = try container.resolve()
    #expect(inferred == nil)
  }

  @Test func optionalFindsForwardedTypes() throws {
    let container = Container()
    container.register { ListPresenter() }.implements((any ListInteractorOutput).self)
    #expect(try container.resolve((any ListInteractorOutput)?.self) is ListPresenter)
  }

  @Test func optionalStillThrowsWhenTheWrappedDefinitionFails() {
    let container = Container()
    container.register { r in Repository(service: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Repository?.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.key.type == Service.self as Any.Type)
  }

  @Test func optionalStillThrowsWhenTheFactoryThrows() {
    let container = Container()
    container.register { () throws -> Service in throw FactoryError() }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Service?.self) }
    #expect(error?.code == .factoryFailed)
  }

  @Test func optionalDependencyInsideAGraphIsNilWhenUnregistered() throws {
    let container = Container()
    container.register { r in (try r.resolve(Service?.self), 1) }
    let (service, marker) = try container.resolve((Service?, Int).self)
    #expect(service == nil)
    #expect(marker == 1)
  }

  @Test func optionalWithTagFallsBackToUntagged() throws {
    let container = Container()
    container.register { URLSessionClient(name: "untagged") }
    #expect(try container.resolve(URLSessionClient?.self, tag: "x")?.name == "untagged")
  }

  @Test func anOptionalRegisteredItselfWinsOverTheWrappedDefinitionInsideAGraph() throws {
    let container = Container()
    container.register { URLSessionClient(name: "wrapped") }
    container.register(type: URLSessionClient?.self) { URLSessionClient(name: "optional") }
    container.register { r in (try r.resolve(URLSessionClient?.self), 1) }
    #expect(try container.resolve((URLSessionClient?, Int).self).0?.name == "optional")
    let child = Container(parent: container)
    child.register { r in (try r.resolve(URLSessionClient?.self), 2) }
    #expect(try child.resolve((URLSessionClient?, Int).self).0?.name == "optional")
  }

  @Test func anOptionalDependencyFindsAWrappedDefinitionRegisteredWhileTheGraphIsBuilt() throws {
    let container = Container()
    container.register { r in
      // A factory that registers a definition before asking for it as an optional.
      container.register { URLSessionClient(name: "late") }
      return (try r.resolve(URLSessionClient?.self), 1)
    }
    #expect(try container.resolve((URLSessionClient?, Int).self).0?.name == "late")
  }
}
