import Surrogate
import Testing

// Dip's Resolvable, collaboration and validation cases (an extension of the suite, so that they
// are named and filtered with it).
extension DipTests {
  // MARK: - Resolvable

  /// Dip: `didResolveDependencies` is called once per instance, once the graph is complete and
  /// after the blocks, for every scope (a singleton resolved again is not told again).
  @Test func callsDidResolveDependenciesOnResolvableInstance() throws {
    let container = Container()
    for (scope, tag) in [(Scope.shared, nil), (.shared, "graph"), (.singleton, "singleton")] as [(Scope, String?)] {
      container.register(scope, tag: tag) { ResolvableService() as any Service }
        .resolvingProperties { _, service in
          #expect((service as? ResolvableService)?.didResolveDependenciesCalled == false, "called before the blocks")
        }
    }
    let service = try #require(try container.resolve((any Service).self) as? ResolvableService)
    #expect(service.didResolveDependenciesCount == 1)
    let graphService = try #require(try container.resolve((any Service).self, tag: "graph") as? ResolvableService)
    #expect(graphService.didResolveDependenciesCount == 1)
    let singleton = try #require(try container.resolve((any Service).self, tag: "singleton") as? ResolvableService)
    _ = try container.resolve((any Service).self, tag: "singleton")
    #expect(singleton.didResolveDependenciesCount == 1)
  }

  /// Dip: `didResolveDependencies` is called in reverse order of creation. (Dip's case resolves
  /// the same `.shared` definition from its own block, which reuses the instance, so only one is
  /// made; here the block resolves a second definition.)
  @Test func callsDidResolveDependenciesInReverseOrder() throws {
    let container = Container()
    let order = Recorder<[ObjectIdentifier]>([])
    let nested = Recorder<ObjectIdentifier?>(nil)
    container.register { OrderedResolvable(order: order) as any Service }
      .resolvingProperties { r, _ in
        nested.value = ObjectIdentifier(try r.resolve((any Service).self, tag: "nested"))
      }
    container.register(tag: "nested") { OrderedResolvable(order: order) as any Service }
    let first = try container.resolve((any Service).self)
    #expect(order.value.count == 2)
    #expect(order.value.first == nested.value)
    #expect(order.value.last == ObjectIdentifier(first))
  }

  /// Dip: `resolveDependencies` runs before the definition's blocks, in a subclass too.
  @Test func callsResolveDependenciesOnResolvableInstance() throws {
    let container = Container()
    container.register { SelfResolving() }
      .resolvingProperties { _, instance in #expect(instance.resolveDependenciesCalled) }
    container.register { SelfResolvingSubclass() }
      .resolvingProperties { _, instance in #expect(instance.resolveDependenciesCalled) }
    #expect(try container.resolve(SelfResolving.self).resolveDependenciesCalled)
    #expect(try container.resolve(SelfResolvingSubclass.self).resolveDependenciesCalled)
  }

  // MARK: - Collaboration

  /// Dip: each of two collaborating containers resolves what the other registered.
  @Test func canResolveUsingContainersCollaboration() throws {
    let container = Container()
    let collaborator = Container()
    collaborator.register { ResolvableService() as any Service }
    container.register { "something" }
    container.collaborate(with: collaborator)
    #expect(throws: Never.self) { try container.resolve((any Service).self) }
    #expect(try collaborator.resolve(String.self) == "something")
  }

  /// Dip: a container does not collaborate with itself.
  @Test func collaboratingWithSelfIsIgnored() {
    let collaborator = Container()
    collaborator.collaborate(with: collaborator)
    #expect(collaborator.collaborators.isEmpty)
  }

  /// Dip: a container holds its collaborators weakly.
  @Test func collaboratingContainersAreWeakReferences() {
    let container = Container()
    var collaborator: Container? = Container()
    weak let weakCollaborator = collaborator
    container.collaborate(with: collaborator!)
    collaborator = nil
    #expect(weakCollaborator == nil)
    #expect(container.collaborators.isEmpty)
  }

  /// Dip: an instance resolved through a collaborator is reused within the graph, both ways.
  @Test func collaboratingContainersReuseInstancesResolvedByAnotherContainer() throws {
    let serverContainer = Container()
    serverContainer.register { r in CollaboratingServerImp(client: try r.resolve()) as any CollaboratingServer }
    let clientContainer = Container()
    clientContainer.register { CollaboratingClientImp() as any CollaboratingClient }
      .resolvingProperties { r, client in
        let client = client as! CollaboratingClientImp
        client.server = try r.resolve()
        client.anotherServer = try r.resolve()
      }
    serverContainer.collaborate(with: clientContainer)
    clientContainer.collaborate(with: serverContainer)
    for container in [clientContainer, serverContainer] {
      let client = try #require(try container.resolve((any CollaboratingClient).self) as? CollaboratingClientImp)
      #expect(client === client.server?.client)
      #expect(client === client.anotherServer?.client)
      #expect(client.server === client.anotherServer)
    }
  }

  /// Dip: a container auto-wires what it can before it asks its collaborators.
  @Test func containerAutowireBeforeCollaboration() throws {
    let container = Container()
    container.register(.singleton) { RootService() }
    let collaborator1 = Container()
    collaborator1.register(.singleton) { (_: Resolver, service: RootService) in
      ServiceClient(name: "1", service: service)
    }
    let collaborator2 = Container()
    collaborator2.register(.singleton) { (_: Resolver, service: RootService) in
      ServiceClient(name: "2", service: service)
    }
    collaborator1.collaborate(with: container, collaborator2)
    collaborator2.collaborate(with: container, collaborator1)
    let client2 = try collaborator2.resolve(ServiceClient.self)
    let client1 = try collaborator1.resolve(ServiceClient.self)
    #expect(client1.name == "1")
    #expect(client2.name == "2")
    #expect(same(client1.service, client2.service))
  }

  /// Dip: separate containers, one of whose factories resolves from its own container, work
  /// together through collaboration.
  @Test func canHandleSeparateContainersAndTheirCollaboration() throws {
    let container = Container()
    let anotherContainer = Container()
    anotherContainer.register { ManagedObject(manager: try? anotherContainer.resolve(Manager.self)) }
    container.collaborate(with: anotherContainer)
    container.register { Owner() }.resolvingProperties { r, owner in owner.manager = try r.resolve() }
    container.register(.singleton) { AnotherManager() }
    container.register(.singleton) { Manager() }
    let manager = try container.resolve(Manager.self)
    _ = try container.resolve(AnotherManager.self)
    #expect(throws: ResolutionError.self) { try container.resolve(Owner.self, arguments: 1, "") }
    let object = try container.resolve(ManagedObject.self)
    let owner = try container.resolve(Owner.self)
    #expect(object.manager === manager)
    #expect(owner.manager === manager)
  }

  // MARK: - Validation with runtime arguments

  /// Dip: `validate` picks, for each definition, the given arguments of its argument types.
  @Test func picksRuntimeArgumentsWhenValidatingConfiguration() {
    let container = Container()
    let seen = Recorder<[String]>([])
    container.register { (_: Resolver, a: Int) -> any Service in
      seen.update { $0.append("int \(a)") }
      return ServiceImp1()
    }
    container.register { (_: Resolver, a: Int, b: String) -> any Service in
      seen.update { $0.append("int \(a) string \(b)") }
      return ServiceImp1()
    }
    let report = container.validate(arguments: "1", 1, "x", ("a", 1), (1, "a"))
    #expect(report.problems.isEmpty, "\(report)")
    #expect(Set(seen.value) == ["int 1", "int 1 string a"])
  }
}

/// Records whether, and how often, Dip's callbacks were called.
final class ResolvableService: Service, Resolvable {
  private(set) var didResolveDependenciesCalled = false
  private(set) var didResolveDependenciesCount = 0
  func didResolveDependencies() {
    didResolveDependenciesCalled = true
    didResolveDependenciesCount += 1
  }
}

/// Notes the order in which graphs tell it they are complete.
private final class OrderedResolvable: Service, Resolvable {
  let order: Recorder<[ObjectIdentifier]>
  init(order: Recorder<[ObjectIdentifier]>) { self.order = order }
  func didResolveDependencies() { order.update { $0.append(ObjectIdentifier(self)) } }
}

private class SelfResolving: Resolvable {
  var resolveDependenciesCalled = false
  func resolveDependencies(_ resolver: Resolver) throws { resolveDependenciesCalled = true }
}

private final class SelfResolvingSubclass: SelfResolving {
  override func resolveDependencies(_ resolver: Resolver) throws { try super.resolveDependencies(resolver) }
}

private protocol CollaboratingServer: AnyObject {
  var client: (any CollaboratingClient)? { get }
}

private protocol CollaboratingClient: AnyObject {}

private final class CollaboratingServerImp: CollaboratingServer {
  weak var client: (any CollaboratingClient)?
  init(client: any CollaboratingClient) { self.client = client }
}

private final class CollaboratingClientImp: CollaboratingClient {
  var server: (any CollaboratingServer)?
  var anotherServer: (any CollaboratingServer)?
}

private final class Manager {}
private final class AnotherManager {}
private final class ManagedObject {
  let manager: Manager?
  init(manager: Manager?) { self.manager = manager }
}
private final class Owner {
  var manager: Manager?
}
