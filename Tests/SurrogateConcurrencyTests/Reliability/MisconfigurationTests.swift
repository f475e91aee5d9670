import Foundation
import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// Every way a composition root can be wrong, and the error each one must produce: its code, its
/// message and the resolution path. Nothing here may crash or hang.
@Suite(.hangGuard)
struct MisconfigurationTests {
  // MARK: - Missing definitions

  /// One misconfiguration that must end in `definitionNotFound`.
  struct Missing: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let configure: @Sendable (Container) -> Void
    let resolve: @Sendable (Container) throws(ResolutionError) -> Void
    let message: String
    let path: String
    /// A fragment the remedy must contain.
    let remedy: String

    static let all: [Missing] = [
      Missing(
        testDescription: "nothing registered", configure: { _ in },
        resolve: { c throws(ResolutionError) in _ = try c.resolve(Service.self) },
        message: "No definition for Service.", path: "Service",
        remedy: "Register it: `container.register(.shared) { r in ... }` returning Service"),
      Missing(
        testDescription: "tag requested, nothing registered", configure: { _ in },
        resolve: { c throws(ResolutionError) in _ = try c.resolve(Service.self, tag: "live") },
        message: "No definition for Service tag \"live\".", path: "Service tag \"live\"",
        remedy: "`container.register(.shared, tag: \"live\") { r in ... }`"),
      Missing(
        testDescription: "untagged request, only a tagged definition",
        configure: { c in c.register(tag: "live") { Service() } },
        resolve: { c throws(ResolutionError) in _ = try c.resolve(Service.self) },
        message: "No definition for Service. Registered nearby: Service tag \"live\".", path: "Service",
        remedy: "Service is registered with tag \"live\" but was resolved with no tag"),
      Missing(
        testDescription: "wrong argument types",
        configure: { c in c.register { (_, host: String, port: UInt16) in Client(host: host, port: Int(port)) } },
        resolve: { c throws(ResolutionError) in _ = try c.resolve(Client.self, arguments: "example.com", 8080) },
        message:
          "No definition for Client (arguments: (String, Int)). Registered nearby: Client (arguments: (String, UInt16)).",
        path: "Client (arguments: (String, Int))",
        remedy:
          "Client is registered with arguments (String, UInt16) but was resolved with (String, Int); argument types "
          + "must match exactly (an integer literal is an `Int`)."),
      Missing(
        testDescription: "an optional argument given as a plain value: no word about integer literals",
        configure: { c in c.register { (_, host: String?) in Client(host: host ?? "none", port: 1) } },
        resolve: { c throws(ResolutionError) in _ = try c.resolve(Client.self, arguments: "example.com") },
        message:
          "No definition for Client (arguments: String). Registered nearby: Client (arguments: Optional<String>).",
        path: "Client (arguments: String)",
        remedy:
          "Client is registered with arguments Optional<String> but was resolved with String; argument types must "
          + "match exactly (pass `value as Optional<String>`)."),
      Missing(
        testDescription: "too few arguments",
        configure: { c in c.register { (_, host: String, port: Int) in Client(host: host, port: port) } },
        resolve: { c throws(ResolutionError) in _ = try c.resolve(Client.self, arguments: "example.com") },
        message: "No definition for Client (arguments: String). Registered nearby: Client (arguments: (String, Int)).",
        path: "Client (arguments: String)",
        remedy: "Client is registered with arguments (String, Int) but was resolved with String"),
      Missing(
        testDescription: "arguments given to a definition that takes none",
        configure: { c in c.register { Client(host: "fixed", port: 1) } },
        resolve: { c throws(ResolutionError) in _ = try c.resolve(Client.self, arguments: 8080) },
        message: "No definition for Client (arguments: Int). Registered nearby: Client.",
        path: "Client (arguments: Int)",
        remedy: "Client is registered with arguments () but was resolved with Int"),
      Missing(
        testDescription: "no arguments given to a definition that needs them",
        configure: { c in c.register { (_, host: String, port: Int) in Client(host: host, port: port) } },
        resolve: { c throws(ResolutionError) in _ = try c.resolve(Client.self) },
        message: "No definition for Client. Registered nearby: Client (arguments: (String, Int)).",
        path: "Client",
        remedy: "Client is registered with arguments (String, Int) but was resolved with no arguments"),
      Missing(
        testDescription: "a dependency deep in the graph",
        configure: { c in
          c.register { r in Repository(service: try r.resolve()) }
          c.register { r in [try r.resolve(Repository.self)] }
        },
        resolve: { c throws(ResolutionError) in _ = try c.resolve([Repository].self) },
        message: "No definition for Service.", path: "Array<Repository> → Repository → Service",
        remedy: "returning Service"),
      Missing(
        testDescription: "a protocol that a registered type conforms to but does not forward",
        configure: { c in c.register { ListPresenter() } },
        resolve: { c throws(ResolutionError) in _ = try c.resolve((any ListInteractorOutput).self) },
        message: "No definition for ListInteractorOutput.",
        path: "ListInteractorOutput",
        remedy: "forward it from an existing definition with `.implements((any ListInteractorOutput).self)`"),
    ]
  }

  @Test(arguments: Missing.all)
  func missingDefinitionIsNotFoundWithItsPathAndFix(_ missing: Missing) {
    let container = Container()
    missing.configure(container)
    let error = #expect(throws: ResolutionError.self) { try missing.resolve(container) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.message == missing.message)
    #expect(error?.pathDescription == missing.path)
    #expect(error?.remedy.contains(missing.remedy) == true, "\(error?.remedy ?? "")")
  }

  @Test func parentDoesNotSeeAChildsDefinition() {
    let parent = Container()
    Container(parent: parent).register { Service() }
    let error = #expect(throws: ResolutionError.self) { try parent.resolve(Service.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.message == "No definition for Service.")
  }

  @Test func optionalOfAMissingTypeIsNilButAMissingDependencyOfItStillThrows() throws {
    let container = Container()
    #expect(try container.resolve(Service?.self) == nil)
    container.register { r in Repository(service: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Repository?.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.pathDescription == "Repository → Service")
  }

  // MARK: - Forwarding

  @Test func forwardedTypeThatIsNotImplementedIsInvalidType() {
    let container = Container()
    container.register { ListPresenter() }.implements((any Unimplemented).self)
    container.register { r in [try r.resolve((any Unimplemented).self)] }
    let error = #expect(throws: ResolutionError.self) { try container.resolve([any Unimplemented].self) }
    #expect(error?.code == .invalidType)
    #expect(
      error?.message
        == "Unimplemented is forwarded to the definition of ListPresenter, but its instance of type ListPresenter does not conform to Unimplemented."
    )
    #expect(error?.pathDescription == "Array<Unimplemented> → Unimplemented")
    #expect(
      error?.remedy
        == "Make ListPresenter conform to Unimplemented, or remove Unimplemented from `.implements(...)` of ListPresenter."
    )
    #expect(ids(error?.nearby.map(\.type)) == ids(ListPresenter.self))
  }

  @Test func forwardedTypeThatIsNotImplementedIsInvalidTypeOnceItsSourceHasMadeAnInstance() {
    // Made once through its own type, the source knows its instances' type; the forwarding then
    // checks the instance itself, after the source's factory returned.
    for scope in [Scope.unique, .shared] {
      let container = Container()
      container.register(scope) { ListPresenter() }.implements((any Unimplemented).self)
      #expect(throws: Never.self) { try container.resolve(ListPresenter.self) }
      let error = #expect(throws: ResolutionError.self) { try container.resolve((any Unimplemented).self) }
      #expect(error?.code == .invalidType, "\(scope)")
      #expect(error?.pathDescription == "Unimplemented", "\(scope)")
    }
  }

  @Test func validateReportsAForwardedTypeThatIsNotImplemented() {
    let container = Container()
    container.register { ListPresenter() }.implements((any Unimplemented).self)
    let report = container.validate()
    #expect(report.problems.map(\.code) == [.invalidType])
  }

  @Test func removingADefinitionRemovesTheTypesForwardedToIt() {
    let container = Container()
    let presenter = container.register { ListPresenter() }.implements((any ListInteractorOutput).self)
    container.remove(presenter)
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any ListInteractorOutput).self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.message == "No definition for ListInteractorOutput.")
  }

  // MARK: - Cycles and depth

  @Test(arguments: [1, 2, 10])
  func constructorCycleIsDetectedAndNamed(length: Int) {
    let container = Container()
    for index in 0..<length {
      container.register(tag: index) { r in Link(next: try r.resolve(Link.self, tag: (index + 1) % length)) }
    }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Link.self, tag: 0) }
    let names = (0...length).map { "Link tag \($0 % length)" }
    #expect(error?.code == .circularDependency)
    #expect(error?.message == "Circular dependency: \(names.joined(separator: " → ")).")
    #expect(error?.pathDescription == names.joined(separator: " → "))
    #expect(error?.remedy.contains("`.resolvingProperties { r, instance in ... }`") == true)
  }

  @Test func cycleBelowTheRootNamesOnlyTheCycleButThePathFromTheRoot() {
    let container = Container()
    container.register { r in [try r.resolve(A.self)] }
    container.register { r in A(b: try r.resolve()) }
    container.register { r in B(a: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve([A].self) }
    #expect(error?.code == .circularDependency)
    #expect(error?.message == "Circular dependency: A → B → A.")
    #expect(error?.pathDescription == "Array<A> → A → B → A")
  }

  @Test func cycleThroughAForwardedTypeIsDetected() {
    let container = Container()
    container.register { r in ListPresenter().injecting(try r.resolve((any ListInteractorOutput).self)) }
      .implements((any ListInteractorOutput).self)
    let error = #expect(throws: ResolutionError.self) { try container.resolve(ListPresenter.self) }
    #expect(error?.code == .circularDependency)
    #expect(
      error?.message == "Circular dependency: ListPresenter → ListInteractorOutput, which is ListPresenter again.")
  }

  @Test func graphTenThousandDeepFailsCleanlyAtTheDefaultLimit() {
    let container = Container()
    registerChain(Self.deepChain, in: container)
    let error = onThread(stackSize: largeStack) { resolutionError { try container.resolve(Link.self, tag: 0) } }
    #expect(error?.code == .depthLimitExceeded)
    #expect(error?.message == "Resolving Link tag 500 needs an object graph deeper than 500 definitions.")
    #expect(error?.path.count == 501)
    #expect(
      error?.remedy
        == "Look for an unbounded chain of definitions in the path, or create the container with a larger `maximumDepth`."
    )
  }

  // NB: the cycle check scans the path, so a 10,000-deep chain is quadratic; under
  // ThreadSanitizer's or AddressSanitizer's instrumentation that takes longer than the test's
  // watchdog. It runs in the debug and release suites.
  @Test(
    .disabled(
      if: ["TSAN_OPTIONS", "ASAN_OPTIONS"].contains { ProcessInfo.processInfo.environment[$0] != nil },
      "too slow under a sanitizer"))
  func graphTenThousandDeepResolvesWhenTheLimitAndTheStackAllowIt() throws {
    let container = Container(maximumDepth: Self.deepChain + 1)
    registerChain(Self.deepChain, in: container)
    // NB: 10,000 nested factories need more stack than a test thread has; give them a thread
    // whose stack fits, as an app that builds such a graph would have to.
    let length = Locked<Int?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      let root = try? container.resolve(Link.self, tag: 0)
      length.withLock { $0 = root?.length }
      done.signal()
    }
    thread.stackSize = 512 << 20
    thread.start()
    #expect(done.wait(timeout: .now() + 50) == .success)
    #expect(length.withLock { $0 } == Self.deepChain + 1)
  }

  static let deepChain = 10_000

  private func registerChain(_ depth: Int, in container: Container) {
    container.register(tag: depth) { Link(next: nil) }
    for index in 0..<depth {
      container.register(tag: index) { r in Link(next: try r.resolve(Link.self, tag: index + 1)) }
    }
  }

  // MARK: - Auto-wiring

  @Test func ambiguousAutowiringNamesTheCandidates() {
    let container = Container()
    container.register { 42 }
    container.register { "text" }
    container.register { (_, number: Int) in Client(host: "", port: number) }
    container.register { (_, host: String) in Client(host: host, port: 0) }
    container.register { r in [try r.resolve(Client.self)] }
    let error = #expect(throws: ResolutionError.self) { try container.resolve([Client].self) }
    #expect(error?.code == .ambiguousAutowiring)
    #expect(
      error?.message
        == "Cannot auto-wire Client: 2 factories with 1 resolvable argument fit equally well: "
        + "Client (arguments: Int), Client (arguments: String).")
    #expect(error?.pathDescription == "Array<Client> → Client")
    #expect(
      error?.remedy
        == "Register a factory for Client without runtime arguments, or resolve it with explicit `arguments:`.")
    #expect(Set(error?.nearby.map(\.description) ?? []) == ["Client (arguments: Int)", "Client (arguments: String)"])
  }

  // MARK: - Throwing closures

  @Test(arguments: [Scope.unique, .shared, .singleton, .weakSingleton])
  func throwingFactoryKeepsItsCauseAndPath(scope: Scope) {
    let container = Container()
    container.register(scope) { () throws -> Service in throw FactoryError(reason: "disk full") }
    container.register { r in Repository(service: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Repository.self) }
    #expect(error?.code == .factoryFailed)
    #expect(error?.message == "The factory of Service threw FactoryError: disk full.")
    #expect(error?.pathDescription == "Repository → Service")
    #expect(error?.cause as? FactoryError == FactoryError(reason: "disk full"))
    #expect(error?.remedy == "The error comes from your closure; see `cause`.")
  }

  @Test func throwingEagerSingletonFailsBootstrapWithItsCause() {
    let container = Container()
    container.register(.eagerSingleton) { () throws -> Service in throw FactoryError(reason: "no disk") }
    let error = #expect(throws: ResolutionError.self) { try container.bootstrap() }
    #expect(error?.code == .factoryFailed)
    #expect(error?.message == "The factory of Service threw FactoryError: no disk.")
    #expect(error?.pathDescription == "Service")
  }

  @Test(arguments: [Scope.unique, .shared, .singleton])
  func throwingResolvingPropertiesBlockKeepsItsCauseAndPath(scope: Scope) {
    let container = Container()
    container.register(scope) { ListInteractor() }
      .resolvingProperties { _, _ in throw FactoryError(reason: "no output") }
    container.register { r in ListPresenter().with(interactor: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(ListPresenter.self) }
    #expect(error?.code == .propertyInjectionFailed)
    #expect(error?.message == "A `resolvingProperties` block of ListInteractor threw FactoryError: no output.")
    #expect(error?.pathDescription == "ListPresenter → ListInteractor")
    #expect(error?.cause as? FactoryError == FactoryError(reason: "no output"))
  }

  @Test func throwingBlockOfAForwardedTypeIsReportedUnderThatType() {
    let container = Container()
    let presenter = container.register { ListPresenter() }
    container.register(presenter, type: (any ListInteractorOutput).self)
      .resolvingProperties { _, _ in throw FactoryError(reason: "forwarded") }
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any ListInteractorOutput).self) }
    #expect(error?.code == .propertyInjectionFailed)
    #expect(error?.message == "A `resolvingProperties` block of ListInteractorOutput threw FactoryError: forwarded.")
    #expect(error?.pathDescription == "ListInteractorOutput")
  }

  @Test func errorFromADependencyInsideABlockKeepsItsOwnCodeAndFullPath() {
    let container = Container()
    container.register { ListPresenter() }
      .resolvingProperties { r, presenter in presenter.interactor = try r.resolve(ListInteractor.self) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(ListPresenter.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.pathDescription == "ListPresenter → ListInteractor")
  }

  @Test func optionalPropertyFilledByInferenceIsNilButValidateWarnsAboutIt() throws {
    let container = Container()
    // `interactor` is a `ListInteractor?`, so `r.resolve()` asks for `ListInteractor?`: nil, no error.
    container.register { ListPresenter() }
      .resolvingProperties { r, presenter in presenter.interactor = try r.resolve() }
    #expect(try container.resolve(ListPresenter.self).interactor == nil)
    let warnings = container.validate().warnings
    #expect(warnings.map(\.kind) == [.optionalResolvedToNil])
    #expect(
      warnings.first?.message
        == "Optional<ListInteractor> resolved to nil because it is not registered (ListPresenter → Optional<ListInteractor>). Register it, or keep the nil on purpose."
    )
  }

  // MARK: - Lifecycle

  @Test func resolveAfterRemoveIsNotFoundAndForgetsTheSingleton() throws {
    let container = Container()
    let made = Counter()
    let definition = container.register(.singleton) {
      made.increment(); return Service()
    }
    _ = try container.resolve(Service.self)
    container.remove(definition)
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.message == "No definition for Service.")
    container.register(.singleton) {
      made.increment(); return Service()
    }
    _ = try container.resolve(Service.self)
    #expect(made.value == 2)
  }

  @Test func resolveAfterResetIsNotFoundInTheChildButTheParentIsUntouched() throws {
    let parent = Container()
    parent.register(tag: "parent") { Service() }
    let child = Container(parent: parent)
    child.register { Service() }
    child.register(tag: "x") { Service() }
    child.removeAll()
    let error = #expect(throws: ResolutionError.self) { try child.resolve(Service.self) }
    #expect(error?.message == "No definition for Service. Registered nearby: Service tag \"parent\".")
    _ = try child.resolve(Service.self, tag: "parent")
  }

  @Test func weakSingletonIsMadeAgainOnceItsHolderIsGone() throws {
    let container = Container()
    let made = Counter()
    container.register(.weakSingleton) {
      made.increment(); return Service()
    }
    weak var released: Service?
    do {
      let holder = try container.resolve(Service.self)
      released = holder
    }
    #expect(released == nil)
    let fresh = try container.resolve(Service.self)
    #expect(made.value == 2)
    #expect(ObjectIdentifier(try container.resolve(Service.self)) == ObjectIdentifier(fresh))
  }

  @Test func weakSingletonOutlivesTheContainersThatMadeIt() throws {
    weak var weakParent: Container?
    weak var weakChild: Container?
    let held: Service
    do {
      let parent = Container()
      parent.register(.weakSingleton) { Service() }
      let child = Container(parent: parent)
      held = try child.resolve(Service.self)
      weakParent = parent
      weakChild = child
    }
    #expect(weakParent == nil)
    #expect(weakChild == nil)
    _ = ObjectIdentifier(held)
  }

  @Test func resolverKeptPastItsGraphStartsANewOne() throws {
    let container = Container()
    container.register { Service() }
    container.register(.singleton) { r in Keeper(resolver: r) }
    let keeper = try container.resolve(Keeper.self)
    let first = try keeper.resolver.resolve(Service.self)
    let second = try keeper.resolver.resolve(Service.self)
    #expect(ObjectIdentifier(first) != ObjectIdentifier(second))
  }

  @Test func resolverKeptPastItsGraphKeepsItsContainersAliveUntilItIsDropped() throws {
    // A resolver holds its container unretained, relying on its graph to keep the graph's root
    // (and so every ancestor) alive: here the resolver is the only thing left holding them.
    var keeper: Keeper?
    weak var weakParent: Container?
    weak var weakChild: Container?
    try {
      let parent = Container()
      parent.register(.unique) { Service() }
      let child = Container(parent: parent)
      child.register(.unique) { r in Keeper(resolver: r) }
      keeper = try child.resolve(Keeper.self)
      weakParent = parent
      weakChild = child
    }()
    #expect(weakChild != nil)
    #expect(weakParent != nil)
    let first = try #require(keeper).resolver.resolve(Service.self)
    let second = try #require(keeper).resolver.resolve(Service.self)
    #expect(ObjectIdentifier(first) != ObjectIdentifier(second))
    keeper = nil
    #expect(weakChild == nil)
    #expect(weakParent == nil)
  }

  // MARK: - Re-entrancy

  @Test func registeringFromInsideAFactoryIsSeenByTheSameGraph() throws {
    let container = Container()
    container.register { r -> Repository in
      container.register(.singleton) { Service() }
      return Repository(service: try r.resolve())
    }
    let repository = try container.resolve(Repository.self)
    #expect(ObjectIdentifier(repository.service) == ObjectIdentifier(try container.resolve(Service.self)))
  }

  @Test func factoryReplacingItsOwnDefinitionFinishesAndTheNextResolveUsesTheNewOne() throws {
    let container = Container()
    container.register(.singleton) { () -> URLSessionClient in
      container.register(.singleton) { URLSessionClient(name: "second") }
      return URLSessionClient(name: "first")
    }
    #expect(try container.resolve(URLSessionClient.self).name == "first")
    #expect(try container.resolve(URLSessionClient.self).name == "second")
  }

  @Test func removingADefinitionFromInsideItsOwnFactoryDoesNotCrash() throws {
    let container = Container()
    let handle = Locked<Definition<Service, Void>?>(nil)
    let definition = container.register(.singleton) { () -> Service in
      if let definition = handle.withLock({ $0 }) { container.remove(definition) }
      return Service()
    }
    handle.withLock { $0 = definition }
    _ = try container.resolve(Service.self)
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
    #expect(error?.code == .definitionNotFound)
  }

  @Test func resolvingThroughTheResolverInsideABlockJoinsTheGraph() throws {
    let container = Container()
    container.register { ListInteractor() }
      .resolvingProperties { r, interactor in interactor.output = try r.resolve(ListPresenter.self) }
    container.register { ListPresenter() }
      .resolvingProperties { r, presenter in presenter.interactor = try r.resolve() }
    let presenter = try container.resolve(ListPresenter.self)
    let output = try #require(presenter.interactor?.output)
    #expect(ObjectIdentifier(output) == ObjectIdentifier(presenter))
    presenter.interactor = nil
  }

  @Test func resolvingThroughTheContainerInsideABlockJoinsTheGraphToo() throws {
    let container = Container()
    container.register { ListInteractor() }
      .resolvingProperties { [unowned container] _, interactor in
        interactor.output = try container.resolve(ListPresenter.self)
      }
    container.register { ListPresenter() }
      .resolvingProperties { [unowned container] _, presenter in presenter.interactor = try container.resolve() }
    let presenter = try container.resolve(ListPresenter.self)
    let output = try #require(presenter.interactor?.output)
    #expect(ObjectIdentifier(output) == ObjectIdentifier(presenter))
    presenter.interactor = nil
  }

  /// The container joins the graph its thread is resolving (Dip's idiom), so the block gets the
  /// instance it is injecting, as through `r`; before, it waited for itself.
  @Test func resolvingASingletonThroughTheContainerInsideItsOwnBlockGetsTheInstanceBeingMade() throws {
    let container = Container()
    container.register(.singleton) { ListPresenter() }
      .resolvingProperties { [unowned container] _, _ in
        let same = try container.resolve(ListPresenter.self)
        same.view = ListViewController()
      }
    let presenter = try container.resolve(ListPresenter.self)
    #expect(presenter.view != nil)
    #expect(presenter === (try container.resolve(ListPresenter.self)))
  }
}

// MARK: - Fixtures

/// A link of a chain or cycle of definitions, told apart by tag.
private final class Link {
  let next: Link?
  init(next: Link?) { self.next = next }

  /// The number of links from this one to the end, without recursion.
  var length: Int {
    var count = 0
    var link: Link? = self
    while let current = link {
      count += 1
      link = current.next
    }
    return count
  }
}

/// Keeps the resolver its factory was given, past the end of that graph.
private final class Keeper {
  let resolver: Resolver
  init(resolver: Resolver) { self.resolver = resolver }
}

extension ListPresenter {
  fileprivate func injecting(_ output: any ListInteractorOutput) -> ListPresenter { self }
  fileprivate func with(interactor: ListInteractor) -> ListPresenter {
    self.interactor = interactor
    return self
  }
}
