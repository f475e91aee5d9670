import Surrogate
import Testing

/// Dip's `ComponentScopeTests`: what each scope shares, for how long, and when it lets go.
struct ComponentScopeTests {
  static let singletonScopes: [Scope] = [.singleton, .weakSingleton, .eagerSingleton]

  /// Dip: a definition registered without a scope is `.shared`.
  @Test func sharedIsDefaultScope() {
    let container = Container()
    let definition = container.register { ServiceImp1() as any Service }
    #expect(definition.scope == .shared)
  }

  /// Dip: the scope given at registration is the definition's scope.
  @Test func scopeCanBeChanged() {
    let container = Container()
    let definition = container.register(.singleton) { ServiceImp1() as any Service }
    #expect(definition.scope == .singleton)
  }

  /// Dip: two separate top-level resolves of a `.shared` definition make two instances.
  @Test func resolvesTypeAsNewInstanceForUniqueScope() throws {
    let container = Container()
    container.register { ServiceImp1() as any Service }
    let first = try container.resolve((any Service).self)
    let second = try container.resolve((any Service).self)
    #expect(!same(first, second))
  }

  /// Dip: every singleton scope hands out the same instance to separate resolves.
  @Test(arguments: singletonScopes)
  func reusesInstanceForSingletonScope(_ scope: Scope) throws {
    let container = Container()
    container.register(scope) { ServiceImp1() as any Service }
    let first = try container.resolve((any Service).self)
    let second = try container.resolve((any Service).self)
    #expect(same(first, second), "\(scope)")
  }

  /// Dip: the same definition registered in two containers makes one singleton per container.
  @Test(arguments: singletonScopes)
  func singletonIsNotReusedAcrossContainers(_ scope: Scope) throws {
    let factory: @Sendable () -> any Service = { ServiceImp1() }
    let container = Container()
    let secondContainer = Container()
    container.register(scope, factory: factory)
    secondContainer.register(scope, factory: factory)
    let first = try container.resolve((any Service).self)
    let second = try secondContainer.resolve((any Service).self)
    #expect(!same(first, second), "\(scope)")
  }

  /// Dip: removing a singleton's definition releases the instance; registering it again makes a new one.
  @Test(arguments: singletonScopes)
  func singletonIsReleasedWhenDefinitionIsRemoved(_ scope: Scope) throws {
    let factory: @Sendable () -> any Service = { ServiceImp1() }
    let container = Container()
    let definition = container.register(scope, factory: factory)
    let first = try container.resolve((any Service).self)
    container.remove(definition)
    container.register(scope, factory: factory)
    let second = try container.resolve((any Service).self)
    #expect(!same(first, second), "\(scope)")
  }

  /// Dip: overriding a singleton's definition releases the instance.
  @Test(arguments: singletonScopes)
  func singletonIsReleasedWhenDefinitionIsOverridden(_ scope: Scope) throws {
    let factory: @Sendable () -> any Service = { ServiceImp1() }
    let container = Container()
    container.register(scope, factory: factory)
    let first = try container.resolve((any Service).self)
    container.register(scope, factory: factory)
    let second = try container.resolve((any Service).self)
    #expect(!same(first, second), "\(scope)")
  }

  /// Dip: resetting the container releases its singletons.
  @Test(arguments: singletonScopes)
  func singletonIsReleasedWhenContainerIsReset(_ scope: Scope) throws {
    let factory: @Sendable () -> any Service = { ServiceImp1() }
    let container = Container()
    container.register(scope, factory: factory)
    let first = try container.resolve((any Service).self)
    container.removeAll()
    container.register(scope, factory: factory)
    let second = try container.resolve((any Service).self)
    #expect(!same(first, second), "\(scope)")
  }

  /// Dip: within one resolve, a `.shared` instance is reused, so a constructor dependency and a
  /// property cycle close on the same objects.
  @Test func reusesInstanceInSharedScopeDuringResolve() throws {
    let container = Container()
    container.registerServerAndClient()
    let client = try container.resolve(Client.self)
    #expect(same(client.server.client, client))
  }

  /// Dip's exact shape: the client's factory resolves its server through the container itself.
  @Test
  func reusesInstanceInSharedScopeDuringResolveThroughContainer() throws {
    let container = Container()
    container.register { [unowned container] in Client(server: try container.resolve()) }
    container.register { Server() }
      .resolvingProperties { r, server in server.client = try r.resolve() }
    let client = try container.resolve(Client.self)
    #expect(same(client.server.client, client))
  }

  /// Dip: the next top-level resolve does not reuse the previous graph's `.shared` instances.
  @Test func doesNotReuseInstanceInSharedScopeInNextResolve() throws {
    let container = Container()
    container.registerServerAndClient()
    let client = try container.resolve(Client.self)
    let anotherClient = try container.resolve(Client.self)
    #expect(!same(client.server, anotherClient.server))
    #expect(!same(client, anotherClient))
  }

  /// Dip's exact shape: as above, with the client's factory resolving through the container.
  @Test
  func doesNotReuseInstanceInSharedScopeInNextResolveThroughContainer() throws {
    let container = Container()
    container.register { [unowned container] in Client(server: try container.resolve()) }
    container.register { Server() }
      .resolvingProperties { r, server in server.client = try r.resolve() }
    let client = try container.resolve(Client.self)
    let anotherClient = try container.resolve(Client.self)
    #expect(!same(client.server, anotherClient.server))
    #expect(!same(client, anotherClient))
  }

  /// Dip: an instance made by the untagged definition (as a fallback for one tag) is not reused
  /// for a request with another tag that has a definition of its own.
  @Test func doesNotReuseInstanceInSharedScopeResolvedForNilTagWhenResolvingForAnotherTag() throws {
    let container = Container()
    let nested = Recorder<(any Service)?>(nil)
    container.register { ServiceImp1() as any Service }
      .resolvingProperties { r, _ in nested.value = try r.resolve((any Service).self, tag: "service") }
    container.register(tag: "service") { ServiceImp2() as any Service }
    let service = try container.resolve((any Service).self, tag: "tag")
    #expect(service is ServiceImp1)
    #expect(nested.value is ServiceImp2)
  }

  /// Dip: within one resolve, asking again with the same tag that fell back to the untagged
  /// definition reuses the instance.
  @Test func reusesInstanceInSharedScopeResolvedForNilTag() throws {
    let container = Container()
    let nested = Recorder<(any Service)?>(nil)
    container.register { ServiceImp1() as any Service }
      .resolvingProperties { r, _ in
        guard nested.value == nil else { return }
        nested.value = try r.resolve((any Service).self, tag: "tag")
      }
    let service = try container.resolve((any Service).self, tag: "tag")
    #expect(service is ServiceImp1)
    #expect(same(nested.value, service))
  }

  /// Dip: bootstrapping makes the eager singletons and nothing else.
  @Test func onlyEagerSingletonIsCreatedWhenContainerIsBootsrapped() throws {
    let container = Container()
    let eagerMade = Recorder(false)
    let othersMade = Recorder(0)
    container.register(.eagerSingleton, tag: "eager") { ServiceImp1() as any Service }
      .resolvingProperties { _, _ in eagerMade.set() }
    container.register(.singleton, tag: "singleton") { ServiceImp1() as any Service }
      .resolvingProperties { _, _ in othersMade.increment() }
    container.register(.unique, tag: "prototype") { ServiceImp1() as any Service }
      .resolvingProperties { _, _ in othersMade.increment() }
    container.register(.shared, tag: "graph") { ServiceImp1() as any Service }
      .resolvingProperties { _, _ in othersMade.increment() }
    try container.bootstrap()
    #expect(eagerMade.value)
    #expect(othersMade.value == 0)
  }

  /// Dip: a bootstrapped container is no longer bootstrapped after a reset, and can be
  /// bootstrapped again (the second bootstrap makes the eager singleton again).
  @Test func containerCanBeBootstrappedAgainAfterReset() throws {
    let container = Container()
    let made = Recorder(0)
    container.register(.eagerSingleton) {
      made.increment(); return ServiceImp1() as any Service
    }
    #expect(!container.isBootstrapped)
    try container.bootstrap()
    #expect(container.isBootstrapped)
    #expect(made.value == 1)
    container.removeAll()
    #expect(!container.isBootstrapped)
    container.register(.eagerSingleton) {
      made.increment(); return ServiceImp1() as any Service
    }
    try container.bootstrap()
    #expect(container.isBootstrapped)
    #expect(made.value == 2)
  }

  /// Dip: resolving `T?` inside a graph reuses the `.shared` instance of `T` already made.
  @Test func reusesResolvedInstanceWhenResolvingOptional() throws {
    let container = Container()
    let inferred = Recorder<(any Service)?>(nil)
    let explicit = Recorder<(any Service)?>(nil)
    container.register { ServiceImp1() as any Service }
      .resolvingProperties { r, _ in
        let optional: (any Service)? = try r.resolve()
        inferred.value = optional
        explicit.value = try r.resolve((any Service)?.self)
      }
    let service = try container.resolve((any Service).self)
    #expect(same(inferred.value, service))
    #expect(same(explicit.value, service))
  }

  /// Dip: a weak singleton is shared while someone holds it and released when nobody does.
  @Test func holdsWeakReferenceToWeakSingletonInstance() throws {
    let container = Container()
    container.register(.weakSingleton) { ServiceImp1() as any Service }
    var strongSingleton: (any Service)? = try container.resolve((any Service).self)
    weak let weakSingleton = try container.resolve((any Service).self)
    #expect(same(weakSingleton, strongSingleton))
    strongSingleton = nil
    #expect(weakSingleton == nil)
  }

  /// Dip: a weak singleton that was released is made again on the next resolve, also through a
  /// forwarded type.
  @Test func resolvesWeakSingletonAgainAfterItWasReleased() throws {
    let container = Container()
    let service = container.register(.weakSingleton) { ServiceImp1() }
    container.register(service, type: (any Service).self)
    _ = try container.resolve(ServiceImp1.self)
    #expect(throws: Never.self) { try container.resolve((any Service).self) }
  }

  /// Dip: a singleton of one of two collaborating containers, both bootstrapped, is the same
  /// instance when the other resolves it after it.
  @Test(arguments: singletonScopes)
  func collaboratingContainersReuseSingletonsResolvedByAnotherContainer(_ scope: Scope) throws {
    let container1 = Container()
    container1.register(scope) { ServiceImp1() as any Service }
    let container2 = Container()
    container1.collaborate(with: container2)
    container2.collaborate(with: container1)
    try container1.bootstrap()
    try container2.bootstrap()
    let service1 = try container1.resolve((any Service).self)
    let service2 = try container2.resolve((any Service).self)
    #expect(same(service1, service2), "\(scope)")
  }
}

extension Container {
  /// A client whose server is a constructor dependency, and a server whose client is a property:
  /// both `.shared`, resolved through the factory's resolver.
  fileprivate func registerServerAndClient() {
    register { r in Client(server: try r.resolve()) }
    register { Server() }
      .resolvingProperties { r, server in server.client = try r.resolve() }
  }
}
