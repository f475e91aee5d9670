import Surrogate
import Testing

private enum Foo {
  struct Bar {}
}

private enum Baz {
  struct Bar {}
}

private protocol InjectedServer: AnyObject {
  var client: (any InjectedClient)? { get }
  var anotherClient: (any InjectedClient)? { get set }
}

private protocol InjectedClient: AnyObject {
  var server: any InjectedServer { get }
  var anotherServer: (any InjectedServer)? { get set }
}

private class ServerImp: InjectedServer {
  @InjectedWeak var client: (any InjectedClient)?
  @InjectedWeak(required: false) var optionalProperty: AnyObject?
  weak var anotherClient: (any InjectedClient)?
}

private final class ClientImp: InjectedClient {
  @Injected var server: any InjectedServer
  @Injected(required: false) var optionalProperty: AnyObject?
  @Injected(tag: "tagged") var taggedServer: any InjectedServer
  @Injected(tag: nil) var nilTaggedServer: any InjectedServer
  var anotherServer: (any InjectedServer)?
}

/// Records the order of `didInject` calls; each case that reads it has classes of its own.
private let injectionOrder = Recorder<[String]>([])

/// A server whose injected client notes when it is injected, for a subclass to inherit.
private class OrderedServer: InjectedServer {
  @InjectedWeak(didInject: { _ in injectionOrder.update { $0.append("client") } }) var client: (any InjectedClient)?
  weak var anotherClient: (any InjectedClient)?
}

private final class InheritingServer: OrderedServer {
  @InjectedWeak(didInject: { _ in injectionOrder.update { $0.append("client2") } }) var client2: (any InjectedClient)?
}

private let didInjectCalls = Recorder<[String]>([])

private final class ObservedServer: InjectedServer {
  @InjectedWeak(didInject: { _ in didInjectCalls.update { $0.append("client") } }) var client: (any InjectedClient)?
  weak var anotherClient: (any InjectedClient)?
}

private final class ObservedClient: InjectedClient {
  @Injected(didInject: { _ in didInjectCalls.update { $0.append("server") } }) var server: any InjectedServer
  var anotherServer: (any InjectedServer)?
}

private final class Obj1 {
  @InjectedWeak var obj2: Obj2?
  @Injected var obj3: Obj3?
}

private final class Obj2 {
  @Injected var obj1: Obj1?
}

private final class Obj3 {
  weak var obj1: Obj1?
  init(obj: Obj1) { self.obj1 = obj }
}

/// Dip's `AutoInjectionTests`: `@Injected` and `@InjectedWeak` properties.
struct AutoInjectionTests {
  private func serverAndClient(_ container: Container = Container()) -> Container {
    container.register { ServerImp() as any InjectedServer }
    container.register { ClientImp() as any InjectedClient }
    return container
  }

  /// Dip: a client's injected server, and the server's weakly injected client, are the objects of
  /// one graph.
  @Test func resolvesAutoInjectedDependencies() throws {
    let client = try serverAndClient().resolve((any InjectedClient).self)
    #expect(client.server.client === client)
  }

  /// Dip: a subclass's inherited injected properties are injected too, before its own.
  @Test func resolvesInheritedDependencies() throws {
    let container = Container()
    container.register { InheritingServer() as any InjectedServer }
    container.register { ClientImp() as any InjectedClient }
    let client = try container.resolve((any InjectedClient).self)
    let server = try #require(client.server as? InheritingServer)
    #expect(server.client === client)
    #expect(server.client2 === client)
    // Two servers: `server` and `taggedServer` (the untagged definition, reached with "tagged");
    // in each, the inherited `client` is injected before the subclass's own `client2`.
    #expect(injectionOrder.value == ["client", "client2", "client", "client2"])
  }

  /// Dip: an injected property can be set afterwards.
  @Test func canSetInjectedProperty() throws {
    let client = try #require(try serverAndClient().resolve((any InjectedClient).self) as? ClientImp)
    let server = try #require(client.server as? ServerImp)
    let newServer = ServerImp()
    let newClient = ClientImp()
    client.server = newServer
    server.client = newClient
    #expect(client.server === newServer)
    #expect(server.client === newClient)
  }

  /// Dip: a required property that cannot be resolved fails the resolution; Surrogate names the
  /// property in the message and the path.
  @Test func throwsErrorIfFailsToAutoInjectDependency() {
    let container = Container()
    container.register { ClientImp() as any InjectedClient }
    do {
      _ = try container.resolve((any InjectedClient).self)
      Issue.record("resolved a client without a server")
    } catch {
      #expect(error.code == .propertyInjectionFailed)
      #expect(error.message.contains("ClientImp.server"), "\(error.message)")
      #expect(error.pathDescription.contains("InjectedClient.server → "), "\(error.pathDescription)")
      #expect((error.cause as? ResolutionError)?.code == .definitionNotFound)
    }
  }

  /// Dip: injected singletons are the container's singletons.
  @Test func resolvesAutoInjectedSingletons() throws {
    let container = Container()
    container.register(.singleton) { ServerImp() as any InjectedServer }
    container.register(.singleton) { ClientImp() as any InjectedClient }
    let sharedClient = try container.resolve((any InjectedClient).self)
    let sharedServer = try container.resolve((any InjectedServer).self)
    let client = try container.resolve((any InjectedClient).self)
    #expect(client === sharedClient)
    #expect(client.server.client === client)
    #expect(client.server === sharedServer)
  }

  /// Dip: the `resolvingProperties` blocks of auto-injected instances run.
  @Test func callsResolveDependencyBlockWhenAutoInjecting() throws {
    let container = Container()
    let serverBlock = Recorder(false)
    let clientBlock = Recorder(false)
    container.register { ServerImp() as any InjectedServer }.resolvingProperties { _, _ in serverBlock.set() }
    container.register { ClientImp() as any InjectedClient }.resolvingProperties { _, _ in clientBlock.set() }
    _ = try container.resolve((any InjectedClient).self)
    #expect(serverBlock.value)
    _ = try container.resolve((any InjectedServer).self)
    #expect(clientBlock.value)
  }

  /// Dip: blocks and auto-injection share the instances of one graph.
  @Test func reusesResolvedAutoInjectedInstances() throws {
    let container = Container()
    container.register { ServerImp() as any InjectedServer }
      .resolvingProperties { r, server in server.anotherClient = try r.resolve() }
    container.register { ClientImp() as any InjectedClient }
      .resolvingProperties { r, client in client.anotherServer = try r.resolve() }
    let client = try container.resolve((any InjectedClient).self)
    let server = client.server
    #expect(server === client.anotherServer)
    #expect(server.client === server.anotherClient)
    #expect(client === server.anotherClient)
  }

  /// Dip: an auto-injected instance is reused by the next auto-injection and the next resolve of
  /// the graph.
  @Test func reusesAutoInjectedInstancesOnNextResolveOrAutoInjection() throws {
    let container = Container()
    container.register { Obj1() }
    container.register { Obj2() }
    container.register { r in Obj3(obj: try r.resolve()) }
    let obj2 = try container.resolve(Obj2.self)
    let obj1 = try #require(obj2.obj1)
    #expect(obj2 === obj1.obj2, "an auto-injected instance is reused by the next auto-injection")
    #expect(obj1 === obj1.obj3?.obj1, "an auto-injected instance is reused by the next resolve")
  }

  /// Dip: a strong and a weak injected property make no retain cycle.
  @Test func noRetainCycleBetweenAutoInjectedCircularDependencies() throws {
    let container = serverAndClient()
    var client: (any InjectedClient)? = try container.resolve((any InjectedClient).self)
    weak let weakServer = client?.server
    weak let weakClient = client
    #expect(weakClient != nil)
    #expect(weakServer != nil)
    client = nil
    #expect(weakClient == nil)
    #expect(weakServer == nil)
  }

  /// Dip: `didInject` is called for each injected property.
  @Test func callsDidInjectOnAutoInjectedProperty() throws {
    let container = Container()
    container.register { ObservedServer() as any InjectedServer }
    container.register { ObservedClient() as any InjectedClient }
    _ = try container.resolve((any InjectedClient).self)
    #expect(didInjectCalls.value == ["client", "server"])
  }

  /// Dip: an optional property that is not required stays `nil` without an error.
  @Test func noErrorThrownWhenOptionalPropertiesAreNotAutoInjected() throws {
    let client = try #require(try serverAndClient().resolve((any InjectedClient).self) as? ClientImp)
    #expect(client.optionalProperty == nil)
    #expect((client.server as? ServerImp)?.optionalProperty == nil)
  }

  /// Dip: a tagged property is resolved with its tag.
  @Test func resolvesTaggedAutoInjectedProperties() throws {
    let container = serverAndClient()
    container.register(tag: "tagged") { ServerImp() as any InjectedServer }
    let client = try #require(try container.resolve((any InjectedClient).self) as? ClientImp)
    #expect(client.server !== client.taggedServer)
  }

  /// Dip: a property without a tag is resolved with its owner's tag.
  @Test func passesTagToAutoInjectedProperty() throws {
    let container = serverAndClient()
    container.register(tag: "tagged") { ServerImp() as any InjectedServer }
    let client = try #require(try container.resolve((any InjectedClient).self, tag: "tagged") as? ClientImp)
    #expect(client.server === client.taggedServer)
  }

  /// Dip: a property with a tag, even `nil`, is resolved with that tag, not its owner's.
  @Test func doesNotPassTagToAutoInjectedPropertyWithExplicitTag() throws {
    let container = Container()
    container.register { ServerImp() as any InjectedServer }
    container.register(tag: "tagged") { ServerImp() as any InjectedServer }
    container.register { ClientImp() as any InjectedClient }
      .resolvingProperties { r, client in client.anotherServer = try r.resolve() }
    let client = try #require(try container.resolve((any InjectedClient).self, tag: "otherTag") as? ClientImp)
    #expect(client.server !== client.taggedServer)
    #expect(client.anotherServer === client.nilTaggedServer)
  }

  /// Dip: a property can be injected from a collaborating container.
  @Test func autoInjectsPropertyWithCollaboratingContainer() throws {
    let container = Container()
    let collaborator = Container()
    collaborator.register { ServerImp() as any InjectedServer }
    container.register { ClientImp() as any InjectedClient }
    container.collaborate(with: collaborator)
    collaborator.collaborate(with: container)
    let client = try container.resolve((any InjectedClient).self)
    #expect(client.server.client === client)
  }

  /// Dip: a definition can turn auto-injection off.
  @Test func doesNotAutoInjectIfDisabledInDefinition() throws {
    let container = Container()
    container.register { ServerImp() as any InjectedServer }
    container.register { ClientImp() as any InjectedClient }.autoInjectingProperties(false)
    let client = try #require(try container.resolve((any InjectedClient).self) as? ClientImp)
    #expect(client.$server.value == nil)
  }

  /// Dip: a container can turn auto-injection off.
  @Test func doesNotAutoInjectIfDisabledInContainer() throws {
    let container = serverAndClient(Container(autoInjectProperties: false))
    let client = try #require(try container.resolve((any InjectedClient).self) as? ClientImp)
    #expect(client.$server.value == nil)
  }

  /// Dip: a definition can turn auto-injection on in a container that has it off.
  @Test func autoInjectsWhenOverriddenInDefinition() throws {
    let container = Container(autoInjectProperties: false)
    container.register { ServerImp() as any InjectedServer }
    container.register { ClientImp() as any InjectedClient }.autoInjectingProperties(true)
    let client = try #require(try container.resolve((any InjectedClient).self) as? ClientImp)
    let server = try #require(client.$server.value)
    #expect(server.client == nil)
  }

  /// Dip: two nested types with the same name in different scopes are different keys and
  /// different registrations.
  @Test func scopedTypes() throws {
    let key1 = DefinitionKey(type: Baz.Bar.self)
    let key2 = DefinitionKey(type: Foo.Bar.self)
    #expect(key1 != key2)
    #expect(key1.hashValue != key2.hashValue)

    let container = Container()
    container.register { Baz.Bar() }
    #expect(throws: Never.self) { try container.resolve(Baz.Bar.self) }
    #expect(throws: ResolutionError.self) { try container.resolve(Foo.Bar.self) }
    container.register { Foo.Bar() }
    #expect(throws: Never.self) { try container.resolve(Foo.Bar.self) }
  }
}
