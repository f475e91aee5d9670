import SuiteSupport
import Surrogate
import Testing

struct TypeForwardingTests {
  @Test func implementsForwardsAnyNumberOfTypesToOneDefinition() throws {
    let container = Container()
    container.register(.singleton) { ListPresenter() }
      .implements((any ListInteractorOutput).self, (any ListModuleInterface).self, (any AddModuleDelegate).self)
    let presenter: ListPresenter = try container.resolve()
    let output = try container.resolve((any ListInteractorOutput).self)
    let module = try container.resolve((any ListModuleInterface).self)
    let delegate = try container.resolve((any AddModuleDelegate).self)
    for forwarded in [output as AnyObject, module as AnyObject, delegate as AnyObject] {
      #expect(ObjectIdentifier(forwarded) == ObjectIdentifier(presenter))
    }
  }

  @Test func registerDefinitionTypeForwardsOneType() throws {
    let container = Container()
    let presenter = container.register(.singleton) { ListPresenter() }
    let forwarded = container.register(presenter, type: (any ListInteractorOutput).self)
    #expect(forwarded.scope == .singleton)
    #expect(ObjectIdentifier(forwarded.key.type) == ObjectIdentifier((any ListInteractorOutput).self))
    let output = try container.resolve((any ListInteractorOutput).self)
    #expect(ObjectIdentifier(output) == ObjectIdentifier(try container.resolve(ListPresenter.self)))
  }

  @Test func forwardedTypeSharesTheSourcesScope() throws {
    let container = Container()
    container.register(.unique) { ListPresenter() }.implements((any ListInteractorOutput).self)
    let first = try container.resolve((any ListInteractorOutput).self)
    let second = try container.resolve((any ListInteractorOutput).self)
    #expect(ObjectIdentifier(first) != ObjectIdentifier(second))
  }

  @Test func forwardedTypeCanBeTagged() throws {
    let container = Container()
    container.register(.singleton) { URLSessionClient() }.implements((any HTTPClient).self, tag: "live")
    container.register(.singleton) { StubClient() }.implements((any HTTPClient).self, tag: "stub")
    #expect(try container.resolve((any HTTPClient).self, tag: "live") is URLSessionClient)
    #expect(try container.resolve((any HTTPClient).self, tag: "stub") is StubClient)
  }

  @Test func forwardingATypeTheInstanceDoesNotImplementThrowsInvalidType() {
    let container = Container()
    container.register(.shared) { ListPresenter() }.implements((any Unimplemented).self)
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any Unimplemented).self) }
    #expect(error?.code == .invalidType)
    #expect(error?.message.contains("ListPresenter") == true)
    #expect(error?.message.contains("Unimplemented") == true)
    #expect(ids(error?.path.map(\.type)) == ids((any Unimplemented).self))
    #expect(error?.remedy.contains(".implements(...)") == true)
  }

  @Test func forwardingsAreRemovedWithTheirSource() {
    let container = Container()
    let definition = container.register { ListPresenter() }.implements((any ListInteractorOutput).self)
    container.remove(definition)
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any ListInteractorOutput).self) }
    #expect(error?.code == .definitionNotFound)
  }

  @Test func forwardingFollowsAReplacedSource() throws {
    let container = Container()
    container.register { URLSessionClient(name: "old") }.implements((any HTTPClient).self)
    container.register { URLSessionClient(name: "new") }
    let client = try container.resolve((any HTTPClient).self)
    #expect((client as? URLSessionClient)?.name == "new")
  }

  @Test func forwardingTheSourceTypeToItselfChangesNothing() throws {
    let container = Container()
    container.register(.singleton) { Service() }.implements(Service.self)
    let first: Service = try container.resolve()
    let second: Service = try container.resolve()
    #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
  }

  @Test func forwardingKeepsRuntimeArgumentTypes() throws {
    let container = Container()
    container.register { (_, host: String, port: Int) in Client(host: host, port: port) }
      .implements((any Equatable).self)
    let forwarded = try container.resolve((any Equatable).self, arguments: "h", 1)
    #expect(forwarded as? Client == Client(host: "h", port: 1))
  }

  @Test func aForwardingWithoutATagForwardsTheUntaggedTypeEvenFromATaggedDefinition() throws {
    let container = Container()
    container.register(.singleton, type: (any HTTPClient).self) { URLSessionClient(name: "app") }
    container.register(.singleton, tag: "stub") { StubClient(name: "tagged") }.implements((any HTTPClient).self)
    // The forwarding replaced the untagged definition registered before, as a second `register` does.
    #expect((try container.resolve((any HTTPClient).self) as? StubClient)?.name == "tagged")
  }
}
