import SuiteSupport
import Surrogate
import Testing

struct ValidationTests {
  /// A weak forwarding warns when nothing else keeps the instance, and not when the container
  /// does (a singleton): validation makes singletons without keeping them, a resolution keeps them.
  @Test func aWeaklyForwardedSingletonIsNotWarnedAboutButAWeaklyForwardedSharedOneIs() throws {
    for scope in [Scope.singleton, .shared] {
      let container = Container()
      container.register(scope) { EnglishGreeter() }.implements((any Greeter).self, through: WeakRefProxy.init)
      container.register(.unique) { r in GreeterHost(greeter: try r.resolve()) }
      let kept = try container.resolve(GreeterHost.self).greeter.greet("Ada") != nil
      let warned = container.validate().warnings.contains { $0.kind == .heldOnlyWeakly }
      #expect(kept == (scope == .singleton), "\(scope)")
      #expect(warned == !kept, "\(scope)")
    }
  }

  /// The remedy says to resolve the weakly held instance instead only when it holds what asked
  /// for it (a view holding its presenter); an instance that holds nothing must be kept otherwise.
  @Test func theHeldOnlyWeaklyRemedyClaimsNoOwnershipThatIsNotThere() throws {
    let host = Container()
    host.register(.shared) { EnglishGreeter() }.implements((any Greeter).self, through: WeakRefProxy.init)
    host.register(.unique) { r in GreeterHost(greeter: try r.resolve()) }
    let warning = try #require(host.validate().warnings.first { $0.kind == .heldOnlyWeakly })
    #expect(!warning.message.contains("it holds"), "\(warning.message)")
    #expect(warning.message.contains("keep EnglishGreeter alive yourself"), "\(warning.message)")
  }

  @Test func validContainerHasNoProblems() {
    let container = Container()
    container.registerPresenterGraph()
    let report = container.validate()
    #expect(report.isValid, "\(report)")
    #expect(report.checked.count == 4)
  }

  @Test func validateReportsEveryProblemAtOnceWithItsPath() {
    let container = Container()
    container.register { r in Repository(service: try r.resolve()) }  // Service missing
    container.register { ListPresenter() }.implements((any Unimplemented).self)  // invalid type
    container.register { r in A(b: try r.resolve()) }  // cycle
    container.register { r in B(a: try r.resolve()) }
    container.register { () throws -> C in throw FactoryError() }  // the factory's own error
    let report = container.validate()
    let codes = Set(report.problems.map(\.code.description))
    #expect(codes == ["definitionNotFound", "invalidType", "circularDependency"])
    #expect(report.warnings.map(\.kind) == [.factoryThrew])
    let missing = report.problems.first { $0.code == .definitionNotFound }
    #expect(missing?.pathDescription == "Repository → Service")
    #expect(!report.isValid)
    #expect(report.problems.count == 3)  // the A ↔ B cycle once, met from each side
    #expect(
      report.description.hasPrefix("6 definitions checked, 0 skipped: 3 problems (4 definitions broken), 1 warning."))
  }

  @Test func aCycleMetFromEachOfItsDefinitionsAndFromOutsideIsOneProblem() {
    let container = Container()
    container.register { r in A(b: try r.resolve()) }
    container.register { r in B(a: try r.resolve()) }
    container.register { r in CycleUser(a: try r.resolve()) }
    let report = container.validate()
    #expect(report.problems.count == 1, "\(report)")
    #expect(report.brokenDefinitions.count == 3)
    #expect(report.problems.first?.code == .circularDependency)
    #expect(report.problems.first?.message.contains("It breaks 3 definitions: A, B, CycleUser.") == true, "\(report)")
    // Three definitions, each meeting the cycle from its own place in it.
    let triangle = Container()
    triangle.register { r in TriangleA(b: try r.resolve()) }
    triangle.register { r in TriangleB(c: try r.resolve()) }
    triangle.register { r in TriangleC(a: try r.resolve()) }
    let triangleReport = triangle.validate()
    #expect(triangleReport.problems.count == 1, "\(triangleReport)")
    #expect(triangleReport.brokenDefinitions.count == 3)
  }

  @Test func theSummaryCountsInTheSingularForOne() {
    let container = Container()
    container.register { r in Repository(service: try r.resolve()) }
    #expect(
      container.validate().description.hasPrefix(
        "1 definition checked, 0 skipped: 1 problem (1 definition broken), 0 warnings."))
  }

  @Test func validateSkipsDefinitionsThatNeedRuntimeArguments() {
    let container = Container()
    container.register { (_, host: String, port: Int) in Client(host: host, port: port) }
    let report = container.validate()
    #expect(ids(report.skippedDefinitions.map(\.key.type)) == ids(Client.self))
    #expect(report.isValid)
  }

  @Test func validateWarnsAboutOptionalsThatResolvedToNil() {
    let container = Container()
    container.register { ListViewController() }
      .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    let report = container.validate()
    #expect(report.isValid)
    #expect(report.warnings.map(\.kind) == [.optionalResolvedToNil])
    #expect(ids(report.warnings.first?.path.map(\.type)) == ids(ListViewController.self, Optional<ListPresenter>.self))
  }

  @Test func validateDoesNotKeepSingletons() throws {
    let container = Container()
    let made = Counter()
    container.register(.singleton) {
      made.increment(); return Service()
    }
    _ = container.validate()
    _ = try container.resolve(Service.self)
    #expect(made.value == 2)
  }

  /// A factory stops at the first dependency it misses: its definition is reported once, with
  /// that one (what GettingStarted and the README say).
  @Test func aDefinitionMissingTwoDependenciesIsReportedWithTheFirstItMisses() throws {
    let container = Container()
    container.register { r in TwoMissing(first: try r.resolve(), second: try r.resolve()) }
    let report = container.validate()
    #expect(report.brokenDefinitions.count == 1)
    let problem = try #require(report.problems.first)
    #expect(report.problems.count == 1)
    #expect(problem.key == DefinitionKey(type: FirstMissing.self))
  }

  /// A factory that throws its own error is a `factoryThrew` warning however it is reached: as an
  /// initializer's argument, and through an auto-injected property too, where it came wrapped in
  /// `propertyInjectionFailed` and was a problem (outside client 24).
  @Test func aFactorysOwnErrorIsAWarningWhetherAnArgumentOrAnInjectedPropertyReachesIt() throws {
    let container = Container()
    container.register { () throws -> OfflinePool in throw FactoryError() }
    container.register { r in PoolUser(pool: try r.resolve()) }
    container.register { InjectedPoolUser() }
    let report = container.validate()
    #expect(report.isValid, "\(report)")
    #expect(report.problems.isEmpty, "\(report)")
    // One warning for the one closure that threw, as for a failure two definitions reach.
    let threw = report.warnings.filter { $0.kind == .factoryThrew }
    #expect(threw.count == 1, "\(report)")
    #expect(threw.first?.message.contains("its closure threw FactoryError: disk full") == true, "\(report)")
  }
}

private final class CycleUser {
  let a: A
  init(a: A) { self.a = a }
}
private final class TriangleA {
  let b: TriangleB
  init(b: TriangleB) { self.b = b }
}
private final class TriangleB {
  let c: TriangleC
  init(c: TriangleC) { self.c = c }
}
private final class TriangleC {
  let a: TriangleA
  init(a: TriangleA) { self.a = a }
}
private final class OfflinePool: Sendable {}
private final class PoolUser: Sendable {
  let pool: OfflinePool
  init(pool: OfflinePool) { self.pool = pool }
}
private final class InjectedPoolUser {
  @Injected var pool: OfflinePool
}

struct ValidationCountTests {
  @Test func aProblemSharedByManyDefinitionsIsReportedOnceAndCountsThemAll() {
    let container = Container()
    for index in 0..<1_000 {
      container.register(tag: index) { r in Repository(service: try r.resolve()) }  // Service missing
    }
    let report = container.validate()
    #expect(report.problems.count == 1)
    #expect(report.brokenDefinitions.count == 1_000)
    #expect(report.problems.first?.message.contains("It breaks 1000 definitions: ") == true)
    #expect(report.problems.first?.message.hasSuffix("(and 997 more).") == true)
    #expect(report.description.contains("1 problem (1000 definitions broken)"))
  }
}

/// Holds a greeter it was given: a weak proxy when the greeter is forwarded through one.
private final class GreeterHost {
  let greeter: any Greeter
  init(greeter: any Greeter) { self.greeter = greeter }
}

private struct FirstMissing {}
private struct SecondMissing {}
private struct TwoMissing {
  let first: FirstMissing
  let second: SecondMissing
}
