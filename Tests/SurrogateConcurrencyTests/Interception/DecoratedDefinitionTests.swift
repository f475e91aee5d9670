import SuiteSupport
import Surrogate
import Testing

private protocol Stock: AnyObject {}
private protocol Restocking: AnyObject {}

/// What the decorated definition makes.
private final class Warehouse: Stock, Restocking {}

/// A decorator: what `resolve` hands out once the type is decorated.
private final class AuditedStock: Stock {
  let inner: any Stock
  init(_ inner: any Stock) { self.inner = inner }
}

/// A proxy a definition forwards a type through.
private final class StockProxy: Proxy, Restocking {
  let subject: any Stock
  init(_ subject: any Stock) { self.subject = subject }
  func withSubject(for access: ProxyAccess, _ body: (any Stock) throws -> Void) rethrows -> Bool {
    try body(subject)
    return true
  }
  func requireSubject(for access: ProxyAccess) throws(ProxyError) -> any Stock { subject }
}

/// A definition with an optional dependency it gets only by auto-injection.
private final class Clock: Sendable {}
private final class ScheduledStock: Stock {
  @Injected var clock: Clock?
}

/// A long-running service that notes its start, its stop and its disposal.
private protocol Pumping: LongRunningService, AnyObject {}

private final class StockPump: Pumping, Disposable {
  let name: String
  let journal: ServiceJournal
  let dependency: (any Pumping)?
  init(_ name: String, journal: ServiceJournal, dependency: (any Pumping)? = nil) {
    self.name = name
    self.journal = journal
    self.dependency = dependency
  }
  func run() async throws {
    journal.note("start \(name)")
    await waitForCancellation()
    journal.note("stop \(name)")
    throw CancellationError()
  }
  func dispose() async throws { journal.note("dispose \(name)") }
}

/// A service's decorator: runs what it wraps, and is disposed on its own.
private final class MeteredPump: Pumping, Disposable {
  let inner: any Pumping
  let journal: ServiceJournal
  init(_ inner: any Pumping, journal: ServiceJournal) {
    self.inner = inner
    self.journal = journal
  }
  func run() async throws { try await inner.run() }
  func dispose() async throws { journal.note("dispose metered") }
}

/// A definition keeps working once its type is decorated, whichever order the calls are made in:
/// its blocks run on the instance it makes (the one a decorator wraps), a service it declares is
/// still a service (handed out decorated, as `resolve` hands it out), removing it removes its
/// decorators with it, and a change after `bootstrap()` is rejected and listed, as for any
/// definition.
struct DecoratedDefinitionTests {
  enum BlockKind: CaseIterable, Sendable { case plain, async, mainActor, mainActorAsync }

  private static let stock = DefinitionKey(type: (any Stock).self)

  private func decorate(_ container: Container, times: Int) {
    for _ in 0..<times { container.decorate((any Stock).self) { _, inner in AuditedStock(inner) } }
  }

  private func add<Arguments>(
    _ kind: BlockKind, to definition: Definition<any Stock, Arguments>, noting notes: Locked<[String]>
  ) {
    let note: @Sendable (any Stock) -> Void = { stock in notes.withLock { $0.append("\(type(of: stock))") } }
    switch kind {
    case .plain: definition.resolvingProperties { (_: Resolver, stock: any Stock) in note(stock) }
    case .async: definition.resolvingProperties { (_: Resolver, stock: any Stock) async throws in note(stock) }
    case .mainActor: definition.resolvingPropertiesOnMainActor { (_: Resolver, stock: any Stock) in note(stock) }
    case .mainActorAsync:
      definition.resolvingPropertiesOnMainActor { (_: Resolver, stock: any Stock) async throws in note(stock) }
    }
  }

  // MARK: - Blocks

  @Test(arguments: BlockKind.allCases, [1, 2])
  func aBlockAddedAfterDecoratingRunsOnTheInstanceTheDefinitionMakes(kind: BlockKind, decorations: Int)
    async throws
  {
    let notes = Locked<[String]>([])
    let app = Container()
    let definition = app.register(.shared, type: (any Stock).self) { Warehouse() }
    decorate(app, times: decorations)
    add(kind, to: definition, noting: notes)
    #expect(try await app.resolve((any Stock).self) is AuditedStock)
    #expect(notes.withLock { $0 } == ["Warehouse"])
    #expect(app.rejectedChanges.isEmpty)
  }

  @Test func aBlockAddedAfterDecoratingAScopedDefinitionRunsOncePerScope() async throws {
    let notes = Locked<[String]>([])
    let app = Container()
    let definition = app.register(.scoped, type: (any Stock).self) { Warehouse() }
    decorate(app, times: 1)
    add(.plain, to: definition, noting: notes)
    for _ in 0..<2 {
      try await app.withScope { scope in
        let first = try await scope.resolve((any Stock).self)
        let second = try await scope.resolve((any Stock).self)
        #expect(first is AuditedStock)
        #expect(ObjectIdentifier(first) == ObjectIdentifier(second))
      }
    }
    #expect(notes.withLock { $0 } == ["Warehouse", "Warehouse"])
  }

  @Test func aBlockAddedToAForwardedDefinitionAfterItsTypeWasDecoratedRuns() throws {
    let notes = Locked<[String]>([])
    let app = Container()
    let source = app.register(.singleton) { Warehouse() }
    let forwarded = app.register(source, type: (any Stock).self)
    decorate(app, times: 1)
    add(.plain, to: forwarded, noting: notes)
    #expect(try app.resolve((any Stock).self) is AuditedStock)
    #expect(notes.withLock { $0 } == ["Warehouse"])
  }

  @Test func aBlockAddedAfterAChildDecoratedTheTypeRunsInTheChildsRequests() throws {
    let notes = Locked<[String]>([])
    let app = Container()
    let definition = app.register(.shared, type: (any Stock).self) { Warehouse() }
    let feature = Container(parent: app)
    decorate(feature, times: 1)
    add(.plain, to: definition, noting: notes)
    #expect(try feature.resolve((any Stock).self) is AuditedStock)
    #expect(try app.resolve((any Stock).self) is Warehouse)
    #expect(notes.withLock { $0 } == ["Warehouse", "Warehouse"])
  }

  @Test(arguments: [1, 2])
  func resolvingPropertiesOfAnInstanceRunsADecoratedDefinitionsBlocks(decorations: Int) throws {
    let notes = Locked<[String]>([])
    let app = Container()
    let definition = app.register(.shared, type: (any Stock).self) { Warehouse() }
    add(.plain, to: definition, noting: notes)
    decorate(app, times: decorations)
    try definition.resolveProperties(of: Warehouse())
    #expect(notes.withLock { $0 } == ["Warehouse"])
  }

  @Test func autoInjectionTurnedOnAfterDecoratingFillsTheDecoratedInstancesProperties() throws {
    let app = Container(autoInjectProperties: false)
    app.register(.singleton) { Clock() }
    let definition = app.register(.shared, type: (any Stock).self) { ScheduledStock() }
    decorate(app, times: 1)
    definition.autoInjectingProperties(true)
    let stock = try app.resolve((any Stock).self) as? AuditedStock
    #expect((stock?.inner as? ScheduledStock)?.clock != nil)
  }

  // MARK: - Forwarding and collections

  enum Forwarding: CaseIterable, Sendable { case implements, register, proxy }

  @Test(arguments: Forwarding.allCases, [false, true])
  func aTypeForwardedFromADecoratedDefinitionHandsOutTheUndecoratedInstance(
    forwarding: Forwarding, forwardingAfterDecorating: Bool
  ) throws {
    let app = Container()
    let definition = app.register(.singleton, type: (any Stock).self) { Warehouse() }
    let forward = {
      switch forwarding {
      case .implements: _ = definition.implements((any Restocking).self)
      case .register: _ = app.register(definition, type: (any Restocking).self)
      case .proxy: _ = definition.implements((any Restocking).self, through: StockProxy.init)
      }
    }
    if !forwardingAfterDecorating { forward() }
    decorate(app, times: 1)
    if forwardingAfterDecorating { forward() }
    let inner = try #require(try app.resolve((any Stock).self) as? AuditedStock).inner
    let restocking = try app.resolve((any Restocking).self)
    let handedOut = (restocking as? StockProxy).map { ObjectIdentifier($0.subject) } ?? ObjectIdentifier(restocking)
    #expect(handedOut == ObjectIdentifier(inner))
  }

  @Test(arguments: [false, true])
  func aDecoratedDefinitionJoinsAListDecoratedWhicheverComesFirst(contributingAfterDecorating: Bool) throws {
    let app = Container()
    let definition = app.register(.singleton, type: (any Stock).self) { Warehouse() }
    if !contributingAfterDecorating { definition.contributes(to: [any Stock].self) }
    decorate(app, times: 1)
    if contributingAfterDecorating { definition.contributes(to: [any Stock].self) }
    let list = try app.resolve([any Stock].self)
    #expect(list.count == 1)
    #expect(list.first.map(ObjectIdentifier.init) == ObjectIdentifier(try app.resolve((any Stock).self)))
  }

  // MARK: - Disposal

  @Test func aForwardedDefinitionsDisposalGivenAfterItsSourceWasDecoratedRuns() async throws {
    let journal = DisposalJournal()
    let app = Container()
    let definition = app.register(.singleton, type: (any Stock).self) { Warehouse() }
    let forwarded = app.register(definition, type: (any Restocking).self)
    decorate(app, times: 1)
    forwarded.disposing { journal.note("\(type(of: $0))") }
    _ = try await app.resolve((any Stock).self)
    try await app.shutdown()
    #expect(journal.disposed == ["Warehouse"])
  }

  // MARK: - Removal

  @Test(arguments: [1, 2])
  func removingADecoratedDefinitionRemovesItsDecoratorsAndForwardedTypes(decorations: Int) throws {
    let app = Container()
    let definition = app.register(.singleton, type: (any Stock).self) { Warehouse() }
      .implements((any Restocking).self)
    decorate(app, times: decorations)
    app.remove(definition)
    let stock = #expect(throws: ResolutionError.self) { try app.resolve((any Stock).self) }
    #expect(stock?.code == .definitionNotFound)
    #expect(stock?.key == Self.stock)
    let restocking = #expect(throws: ResolutionError.self) { try app.resolve((any Restocking).self) }
    #expect(restocking?.code == .definitionNotFound)
    #expect(app.validate().isValid)
    // What is registered next is not decorated: the decorators went with the definition.
    app.register(.singleton, type: (any Stock).self) { Warehouse() }
    #expect(try app.resolve((any Stock).self) is Warehouse)
  }

  @Test func removingADefinitionRemovesADecoratedTypeForwardedToIt() throws {
    let app = Container()
    let definition = app.register(.singleton) { Warehouse() }.implements((any Stock).self)
    decorate(app, times: 1)
    app.remove(definition)
    let error = #expect(throws: ResolutionError.self) { try app.resolve((any Stock).self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.key == Self.stock)
    #expect(error?.path == [Self.stock])
    #expect(app.validate().isValid)
  }

  @Test func removingADefinitionAChildDecoratedMakesTheChildsRequestFailNamingIt() throws {
    let app = Container()
    let definition = app.register(.singleton, type: (any Stock).self) { Warehouse() }
    let feature = Container(parent: app)
    decorate(feature, times: 1)
    app.remove(definition)
    let error = #expect(throws: ResolutionError.self) { try feature.resolve((any Stock).self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.key == Self.stock)
    #expect(
      error?.message == "Stock is decorated in this container, but the definition it decorates, a parent's, is "
        + "no longer registered.")
    #expect(
      error?.remedy == "Register Stock again in the parent, or register Stock in this container in place of "
        + "the decoration.")
    #expect(feature.validate().problems.map(\.code) == [.definitionNotFound])
  }

  /// A forwarded definition: the remedy says to forward the type again, and applied as worded it
  /// works (outside client 37: "Register Warehouse again in the parent" left the parent without a
  /// Stock).
  @Test func removingAForwardedDefinitionAChildDecoratedSaysToForwardItAgain() throws {
    let app = Container()
    let definition = app.register(.singleton) { Warehouse() }.implements((any Stock).self)
    let feature = Container(parent: app)
    decorate(feature, times: 1)
    app.remove(definition)
    let error = #expect(throws: ResolutionError.self) { try feature.resolve((any Stock).self) }
    #expect(
      error?.remedy == "Register Warehouse again, with `.implements((any Stock).self)`, in the "
        + "parent, or register Stock in this container in place of the decoration.",
      "\(String(describing: error?.remedy))")
    app.register(.singleton) { Warehouse() }.implements((any Stock).self)
    #expect(try app.resolve((any Stock).self) is Warehouse)
    #expect(try feature.resolve((any Stock).self) is AuditedStock)
  }

  /// Registered again without the forwarding, the definition no longer makes the parent hand out
  /// the decorated type: the child's decoration fails as the parent's request does, in `resolve`,
  /// `try await resolve` and `validate()`, instead of wrapping the definition it once forwarded to
  /// (outside client 37, D7).
  @Test func aChildsDecorationFailsWhileTheParentHandsOutNothingForItsType() async throws {
    let app = Container()
    let definition = app.register(.singleton) { Warehouse() }.implements((any Stock).self)
    let feature = Container(parent: app)
    decorate(feature, times: 1)
    app.remove(definition)
    app.register(.singleton) { Warehouse() }
    #expect(throws: ResolutionError.self) { try app.resolve((any Stock).self) }
    let error = #expect(throws: ResolutionError.self) { try feature.resolve((any Stock).self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.key == Self.stock)
    #expect(error?.remedy.hasPrefix("Register Warehouse again, with `.implements((any Stock).self)`") == true)
    var awaitedFailed = false
    do { _ = try await feature.resolve((any Stock).self) } catch {
      awaitedFailed = (error as? ResolutionError)?.code == .definitionNotFound
    }
    #expect(awaitedFailed)
    let synchronousReport = { feature.validate() }()
    #expect(!synchronousReport.isValid, "\(synchronousReport)")
    #expect(await !feature.validate().isValid)
    // The parent forwards the type again: the decoration wraps it.
    app.register(.singleton, type: (any Stock).self) { Warehouse() }
    let stock = try await feature.resolve((any Stock).self)
    #expect(stock is AuditedStock)
  }

  // MARK: - Services

  enum Declaration: CaseIterable, Sendable { case onTheDefinition, onAForwardedDefinition }

  /// `pool`, a service, decorated by `MeteredPump`; `purger`, a service that uses it.
  private func pumps(journal: ServiceJournal, declaration: Declaration, declaringAfterDecorating: Bool)
    -> Container
  {
    let app = Container()
    let pool = app.register(.singleton, type: (any Pumping).self) { StockPump("pool", journal: journal) }
    let forwarded = app.register(pool, type: (any LongRunningService).self)
    let declare = {
      switch declaration {
      case .onTheDefinition: _ = pool.runsAsService { pump in try await pump.run() }
      case .onAForwardedDefinition: _ = forwarded.runsAsService { service in try await service.run() }
      }
    }
    if !declaringAfterDecorating { declare() }
    app.decorate((any Pumping).self) { _, inner in MeteredPump(inner, journal: journal) }
    if declaringAfterDecorating { declare() }
    app.register(.singleton) { r in StockPump("purger", journal: journal, dependency: try r.resolve()) }
      .runsAsService()
    return app
  }

  @Test(arguments: Declaration.allCases, [false, true])
  func aServiceDeclaredOnADecoratedDefinitionIsResolvedDecorated(
    declaration: Declaration, declaringAfterDecorating: Bool
  ) async throws {
    let app = pumps(
      journal: ServiceJournal(), declaration: declaration, declaringAfterDecorating: declaringAfterDecorating)
    let services = try await app.resolveServices()
    #expect(services.map(\.key) == [DefinitionKey(type: (any Pumping).self), DefinitionKey(type: StockPump.self)])
    let pool = try #require(services.first?.instance(as: MeteredPump.self))
    #expect(ObjectIdentifier(pool) == ObjectIdentifier(try await app.resolve((any Pumping).self)))
    #expect(await app.validate().isValid)
  }

  @Test func aDecoratedServiceStopsAndIsDisposedAfterItsDependents() async throws {
    let journal = ServiceJournal()
    let app = pumps(journal: journal, declaration: .onTheDefinition, declaringAfterDecorating: false)
    // NB: checked first: with a service missing, waiting for two to start would never end.
    try #require(try await app.resolveServices().count == 2)
    let run = Task { try await app.runServices() }
    await journal.waitUntil(count: 2, of: "start ")
    run.cancel()
    try await run.value
    #expect(journal.entries("stop ") == ["purger", "pool"])
    try await app.shutdown()
    #expect(journal.entries("dispose ").suffix(3) == ["purger", "metered", "pool"])
  }

  // MARK: - Bootstrap

  enum LateChange: CaseIterable, Sendable { case block, autoInjection, removal, contribution, disposal }

  @Test(arguments: LateChange.allCases)
  func aChangeToADecoratedDefinitionAfterBootstrapIsRejectedAndListed(change: LateChange) async throws {
    let notes = Locked<[String]>([])
    let app = Container()
    let definition = app.register(.singleton, type: (any Stock).self) { Warehouse() }
    decorate(app, times: 1)
    try await app.bootstrap()
    switch change {
    case .block: add(.plain, to: definition, noting: notes)
    case .autoInjection: definition.autoInjectingProperties(false)
    case .removal: app.remove(definition)
    case .contribution: definition.contributes(to: [any Stock].self)
    case .disposal: definition.disposing { stock in notes.withLock { $0.append("disposed \(type(of: stock))") } }
    }
    let rejected = app.rejectedChanges
    #expect(rejected.map(\.code) == [.modifiedAfterBootstrap], "\(rejected)")
    let key = change == .contribution ? DefinitionKey(type: [any Stock].self) : Self.stock
    #expect(rejected.first?.key == key, "\(rejected)")
    #expect(await app.validate().problems.map(\.code) == [.modifiedAfterBootstrap])
    #expect(try await app.resolve((any Stock).self) is AuditedStock)
    try await app.shutdown()
    #expect(notes.withLock { $0 }.isEmpty)
  }
}
