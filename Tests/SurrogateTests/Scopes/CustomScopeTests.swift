import SuiteSupport
import Surrogate
import Testing

extension Scope {
  fileprivate static let session = Scope.custom("session")
  fileprivate static let cart = Scope.custom("cart")
}

/// Custom scopes: one instance per definition until `reset(_:)` releases it.
struct CustomScopeTests {
  @Test func aCustomScopeKeepsOneInstanceAcrossGraphsUntilItIsReset() throws {
    let container = Container()
    let made = Counter()
    container.register(.session) {
      made.increment(); return Service()
    }
    let first = try container.resolve(Service.self)
    let again = try container.resolve(Service.self)
    #expect(first === again)
    container.reset(.session)
    let afterReset = try container.resolve(Service.self)
    #expect(afterReset !== first)
    #expect(try container.resolve(Service.self) === afterReset)
    #expect(made.value == 2)
  }

  @Test func resetReleasesTheOldInstance() throws {
    let container = Container()
    container.register(.session) { Service() }
    weak let old = try resolveAndDrop(Service.self, from: container)
    #expect(old != nil)
    container.reset(.session)
    #expect(old == nil)
  }

  @Test func resettingOneScopeLeavesOtherScopesAlone() throws {
    let container = Container()
    container.register(.session) { Service() }
    container.register(.cart) { View() }
    container.register(.singleton) { NetworkLoader() }
    let service = try container.resolve(Service.self)
    let view = try container.resolve(View.self)
    let loader = try container.resolve(NetworkLoader.self)
    container.reset(.cart)
    #expect(try container.resolve(Service.self) === service)
    #expect(try container.resolve(View.self) !== view)
    #expect(try container.resolve(NetworkLoader.self) === loader)
  }

  @Test func customScopesWithTheSameNameAreOneScope() {
    #expect(Scope.custom("session") == Scope.session)
    #expect(Scope.custom("session") != Scope.cart)
    #expect(Scope.custom("singleton") != Scope.singleton)
    #expect(Set<Scope>([.session, .custom("session"), .cart]).count == 2)
    #expect(Scope.session.description == #".custom("session")"#)
  }

  @Test func resettingAScopeReachesChildContainers() throws {
    let app = Container()
    let feature = Container(parent: app)
    feature.register(.session) { Service() }
    let before = try feature.resolve(Service.self)
    app.reset(.session)
    #expect(try feature.resolve(Service.self) !== before)
  }

  @Test func resettingAChildLeavesTheParentsInstances() throws {
    let app = Container()
    app.register(.session) { Service() }
    let feature = Container(parent: app)
    let before = try feature.resolve(Service.self)
    feature.reset(.session)
    #expect(try feature.resolve(Service.self) === before)
  }

  @Test func forwardedTypesAndBlocksKeepWorkingAfterAReset() throws {
    let container = Container()
    let configured = Counter()
    container.register(.session) { ConsoleAnalytics() }
      .implements((any Analytics).self)
      .resolvingProperties { _, _ in configured.increment() }
    let before = try container.resolve((any Analytics).self) as? ConsoleAnalytics
    container.reset(.session)
    let after = try container.resolve((any Analytics).self) as? ConsoleAnalytics
    let concrete = try container.resolve(ConsoleAnalytics.self)
    #expect(before != nil && after != nil && before !== after)
    #expect(after === concrete)
    #expect(configured.value == 2)
  }

  @Test func resettingAScopeIsAllowedAfterBootstrap() throws {
    let container = Container()
    container.register(.session) { Service() }
    try container.bootstrap()
    let before = try container.resolve(Service.self)
    container.reset(.session)
    #expect(try container.resolve(Service.self) !== before)
    #expect(container.rejectedChanges.isEmpty)
  }

  @Test func resettingTheSingletonScopeReleasesSingletonsAndSharedOrUniqueChangeNothing() throws {
    let container = Container()
    container.register(.singleton) { Service() }
    let made = Counter()
    container.register(.shared) {
      made.increment(); return View()
    }
    let singleton = try container.resolve(Service.self)
    container.reset(.shared)
    container.reset(.unique)
    #expect(try container.resolve(Service.self) === singleton)
    container.reset(.singleton)
    #expect(try container.resolve(Service.self) !== singleton)
  }

  @Test func validateWarnsWhenASingletonCapturesACustomScopedInstance() throws {
    let container = Container()
    container.register(.session) { Service() }
    container.register(.singleton) { r in Repository(service: try r.resolve()) }
    let warnings = container.validate().warnings.filter { $0.kind == .captiveDependency }
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.message.hasPrefix(#"Repository (.singleton) captures Service (.custom("session"))"#) == true)
    // A session's instance must not become a singleton: the next user would get it (client 19).
    #expect(warnings.first?.message.contains("singleton scope") == false, "\(String(describing: warnings.first))")
    #expect(warnings.first?.message.contains("Provider<Service>") == true, "\(String(describing: warnings.first))")
  }

  @Test func aDefinitionOfTheSameCustomScopeIsNoCaptive() throws {
    let container = Container()
    container.register(.session) { Service() }
    container.register(.session) { r in Repository(service: try r.resolve()) }
    #expect(container.validate().warnings.isEmpty)
  }

  @Test func aDecoratedCustomScopedDefinitionIsMadeAgainAfterAReset() throws {
    let container = Container()
    container.register(.session) { ConsoleAnalytics() as any Analytics }
    container.decorate((any Analytics).self) { _, inner in CountingAnalytics(inner: inner) as any Analytics }
    let before = try container.resolve((any Analytics).self) as? CountingAnalytics
    #expect(try container.resolve((any Analytics).self) as? CountingAnalytics === before)
    container.reset(.session)
    let after = try container.resolve((any Analytics).self) as? CountingAnalytics
    #expect(after != nil && after !== before)
    #expect(after?.inner as? ConsoleAnalytics !== before?.inner as? ConsoleAnalytics)
  }
}

/// Resolves in a frame of its own, so the caller holds no strong reference afterwards.
@inline(never)
private func resolveAndDrop<T: AnyObject>(_ type: T.Type, from container: Container) throws -> T {
  try container.resolve(T.self)
}

private final class CountingAnalytics: Analytics {
  let inner: any Analytics
  init(inner: any Analytics) { self.inner = inner }
}
