import Dispatch
import SuiteSupport
import Surrogate
import Testing

struct ScopeTests {
  @Test func uniqueScopeMakesANewInstanceEveryTime() throws {
    let container = Container()
    let made = Counter()
    container.register(.unique) { made.increment(); return Service() }
    container.register(.unique) { r in (try r.resolve(Service.self), try r.resolve(Service.self)) }
    let (first, second) = try container.resolve((Service, Service).self)
    #expect(ObjectIdentifier(first) != ObjectIdentifier(second))
    #expect(made.value == 2)
  }

  @Test func sharedScopeReusesInstanceWithinOneGraph() throws {
    let container = Container()
    let made = Counter()
    container.register(.shared) { made.increment(); return Service() }
    container.register(.unique) { r in (try r.resolve(Service.self), try r.resolve(Service.self)) }
    let (first, second) = try container.resolve((Service, Service).self)
    #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    #expect(made.value == 1)
  }

  /// A graph keeps its first shared instances inline and the rest in an array, indexed once it
  /// grows: every one of them must be found again.
  @Test func aGraphReusesEverySharedInstanceHoweverManyItHolds() throws {
    let container = Container()
    for index in 0..<40 { container.register(.shared, tag: index) { Service() } }
    container.register { r -> [ObjectIdentifier] in
      var first: [ObjectIdentifier] = []
      for index in 0..<40 { first.append(ObjectIdentifier(try r.resolve(Service.self, tag: index))) }
      for index in (0..<40).reversed() {
        #expect(ObjectIdentifier(try r.resolve(Service.self, tag: index)) == first[index], "tag \(index)")
      }
      return first
    }
    let identities = try container.resolve([ObjectIdentifier].self)
    #expect(Set(identities).count == 40)
  }

  @Test func sharedScopeMakesNewInstancesForSeparateTopLevelResolves() throws {
    let container = Container()
    container.register { Service() }
    let first: Service = try container.resolve()
    let second: Service = try container.resolve()
    #expect(ObjectIdentifier(first) != ObjectIdentifier(second))
  }

  @Test func sharedIsTheDefaultScope() {
    let container = Container()
    #expect(container.register { Service() }.scope == .shared)
  }

  @Test func sharedInstanceIsReusedThroughForwardedTypes() throws {
    let container = Container()
    container.register(.shared) { ListPresenter() }
      .implements((any ListInteractorOutput).self, (any ListModuleInterface).self)
    container.register(.unique) { r in
      (try r.resolve(ListPresenter.self), try r.resolve((any ListInteractorOutput).self),
       try r.resolve((any ListModuleInterface).self))
    }
    let (presenter, output, module) = try container.resolve(
      (ListPresenter, any ListInteractorOutput, any ListModuleInterface).self)
    #expect(ObjectIdentifier(presenter) == ObjectIdentifier(output))
    #expect(ObjectIdentifier(presenter) == ObjectIdentifier(module))
  }

  @Test func singletonIsMadeOnceForTheContainersLife() throws {
    let container = Container()
    let made = Counter()
    container.register(.singleton) { made.increment(); return Service() }
    let first: Service = try container.resolve()
    let second: Service = try container.resolve()
    #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    #expect(made.value == 1)
  }

  /// A singleton's store is made by its first resolve; a `resolvingProperties` block added before
  /// or after that must not give the definition a second store, nor a second instance.
  @Test func singletonStaysOneInstanceWhenBlocksAreAddedBeforeAndAfterItsFirstResolve() throws {
    let container = Container()
    let made = Counter()
    let blockRuns = Counter()
    let definition = container.register(.singleton) { made.increment(); return Service() }
    definition.resolvingProperties { _, _ in blockRuns.increment() }
    let first = try container.resolve(Service.self)
    definition.resolvingProperties { _, _ in blockRuns.increment() }
    let second = try container.resolve(Service.self)
    #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
    #expect(made.value == 1)
    #expect(blockRuns.value == 1)
  }

  @Test func singletonFirstResolvedFromManyThreadsAtOnceIsMadeOnce() throws {
    for _ in 0..<20 {
      let container = Container()
      let made = Counter()
      container.register(.singleton) { made.increment(); return Service() }
      let identities = Locked<Set<ObjectIdentifier>>([])
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        if let service = try? container.resolve(Service.self) {
          identities.withLock { _ = $0.insert(ObjectIdentifier(service)) }
        }
      }
      #expect(made.value == 1)
      #expect(identities.withLock { $0.count } == 1)
    }
  }

  @Test func singletonIsReleasedWhenItsDefinitionIsReplaced() throws {
    let container = Container()
    weak var old: Service?
    do {
      container.register(.singleton) { Service() }
      old = try container.resolve(Service.self)
    }
    #expect(old != nil)
    container.register(.singleton) { Service() }
    #expect(old == nil)
  }

  /// A resolve reads the registry without retaining it; a definition replaced while a resolve is
  /// still running (here: by a factory inside it) is released when that resolve returns.
  @Test func singletonReplacedDuringAResolveIsReleasedWhenTheResolveReturns() throws {
    let container = Container()
    weak var old: Service?
    do {
      container.register(.singleton) { Service() }
      old = try container.resolve(Service.self)
    }
    container.register { () -> Repository in
      container.register(.singleton) { Service() }
      return Repository(service: Service())
    }
    _ = try container.resolve(Repository.self)
    #expect(old == nil)
  }

  @Test func singletonIsReleasedWhenItsDefinitionIsRemoved() throws {
    let container = Container()
    let definition = container.register(.singleton) { Service() }
    weak var instance: Service?
    do { instance = try container.resolve(Service.self) }
    #expect(instance != nil)
    container.remove(definition)
    #expect(instance == nil)
  }

  @Test func eagerSingletonIsCreatedByBootstrap() throws {
    let container = Container()
    let made = Counter()
    container.register(.eagerSingleton) { made.increment(); return Service() }
    #expect(made.value == 0)
    try container.bootstrap()
    #expect(made.value == 1)
    _ = try container.resolve(Service.self)
    _ = try container.resolve(Service.self)
    #expect(made.value == 1)
  }

  @Test func bootstrapLeavesEagerSingletonsWithRuntimeArgumentsForTheirFirstResolve() throws {
    let container = Container()
    let made = Counter()
    container.register(.eagerSingleton) { (_, name: String) in made.increment(); return Client(host: name, port: 1) }
    try container.bootstrap()  // used to crash: no arguments to give the factory
    #expect(made.value == 0)
    #expect(try container.resolve(Client.self, arguments: "h").host == "h")
    #expect(made.value == 1)
  }

  @Test func bootstrapThrowsWhenAnEagerSingletonFails() {
    let container = Container()
    container.register(.eagerSingleton) { () throws -> Service in throw FactoryError() }
    #expect(throws: ResolutionError.self) { try container.bootstrap() }
  }

  @Test func weakSingletonIsSharedWhileHeldAndRecreatedOnceReleased() throws {
    let container = Container()
    let made = Counter()
    container.register(.weakSingleton) { made.increment(); return Service() }
    let held: Service = try container.resolve()
    let again: Service = try container.resolve()
    #expect(ObjectIdentifier(again) == ObjectIdentifier(held))
    #expect(made.value == 1)
  }

  @Test func weakSingletonIsMadeAgainAfterEveryHolderLetGo() throws {
    let container = Container()
    let made = Counter()
    container.register(.weakSingleton) { made.increment(); return Service() }
    weak var first: Service?
    do { first = try container.resolve(Service.self) }
    #expect(first == nil)
    let second: Service = try container.resolve()
    #expect(made.value == 2)
    _ = second
  }

  @Test func weakSingletonIsHeldStronglyWhileItsGraphIsResolved() throws {
    let container = Container()
    let made = Counter()
    container.register(.weakSingleton) { made.increment(); return Service() }
    // Both reads happen in one graph; nothing else holds the first instance in between.
    container.register(.unique) { r in
      (ObjectIdentifier(try r.resolve(Service.self)), ObjectIdentifier(try r.resolve(Service.self)))
    }
    let (first, second) = try container.resolve((ObjectIdentifier, ObjectIdentifier).self)
    #expect(first == second)
    #expect(made.value == 1)
  }

  @Test(arguments: [Scope.unique, .shared, .singleton, .eagerSingleton, .weakSingleton])
  func scopesDescribeThemselvesAsWritten(scope: Scope) {
    #expect(scope.description.hasPrefix("."))
    #expect(Container().register(scope) { Service() }.scope == scope)
  }
}
