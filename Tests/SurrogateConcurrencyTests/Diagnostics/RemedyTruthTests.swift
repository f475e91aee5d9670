import SuiteSupport
import Surrogate
import Testing

// A remedy is the fix a developer applies word for word: each test here takes the remedy a failure
// gives, applies what it says, and checks that the request then works (outside client 30).

private final class RemedyDatabase: Sendable {
  static func open() async throws -> RemedyDatabase { RemedyDatabase() }
}
private final class RemedyUser: Sendable {
  let database: RemedyDatabase
  init(database: RemedyDatabase) { self.database = database }
}
private final class RemedyScreen: Sendable {
  let user: RemedyUser
  init(user: RemedyUser) { self.user = user }
}
@MainActor private final class RemedyView {}
private final class RemedyPresenter: Sendable {
  init(view: RemedyView) {}
}

struct RemedyTruthTests {
  /// A synchronous factory asks for an `async` definition: `try await` alone cannot fix it, since
  /// that factory still runs synchronously, so the remedy names it too; done, the request works.
  @Test func theSynchronousRequiresAwaitRemedyNamesTheFactoryThatTryAwaitCannotFix() async throws {
    let container = Container()
    container.register(.singleton) { () async throws in try await RemedyDatabase.open() }
    container.register { r in RemedyUser(database: try r.resolve()) }
    let error = synchronousError { try container.resolve(RemedyUser.self) }
    #expect(error?.code == .requiresAwait)
    #expect(error?.remedy.contains("`try await container.resolve(...)`") == true)
    #expect(
      error?.remedy.contains("That is not enough here: the synchronous factory of RemedyUser runs synchronously")
        == true,
      "\(error?.remedy ?? "")")
    // What the first half alone gives: the same error again.
    await #expect(throws: ResolutionError.self) { try await container.resolve(RemedyUser.self) }
    // Both halves applied.
    container.register { r async throws in RemedyUser(database: try await r.resolve()) }
    _ = try await container.resolve(RemedyUser.self)
  }

  /// The remedy's other way: the `async` singleton made up front, after which the synchronous
  /// factory finds it made.
  @Test func theRequiresAwaitRemedysEagerSingletonWorksAsWritten() async throws {
    let container = Container()
    container.register(.singleton) { () async throws in try await RemedyDatabase.open() }
    container.register { r in RemedyUser(database: try r.resolve()) }
    let error = synchronousError { try container.resolve(RemedyUser.self) }
    let remedy =
      "register RemedyDatabase as an eager singleton (`.eagerSingleton`), which `try await container.bootstrap()`"
    #expect(error?.remedy.contains(remedy) == true, "\(error?.remedy ?? "")")
    container.register(.eagerSingleton) { () async throws in try await RemedyDatabase.open() }
    try await container.bootstrap()
    #expect(synchronousError { try container.resolve(RemedyUser.self) } == nil)
  }

  /// Every synchronous factory between the request and the `async` definition is named: making
  /// only the innermost one `async` would meet the next.
  @Test func theSynchronousRequiresAwaitRemedyNamesEverySynchronousFactoryOnThePath() async throws {
    let container = Container()
    container.register(.singleton) { () async throws in try await RemedyDatabase.open() }
    container.register { r in RemedyUser(database: try r.resolve()) }
    container.register { r in RemedyScreen(user: try r.resolve()) }
    let error = synchronousError { try container.resolve(RemedyScreen.self) }
    #expect(
      error?.remedy.contains("the synchronous factories of RemedyScreen and RemedyUser run synchronously") == true
        && error?.remedy.contains("resolve what they need") == true,
      "\(error?.remedy ?? "")")
    container.register { r async throws in RemedyUser(database: try await r.resolve()) }
    container.register { r async throws in RemedyScreen(user: try await r.resolve()) }
    _ = try await container.resolve(RemedyScreen.self)
  }

  /// An auto-wired factory awaits its parameters under `try await`: there the first half of the
  /// remedy is the whole fix, and it says nothing more.
  @Test func anAutowiredAskerNeedsOnlyTryAwait() async throws {
    let container = Container()
    container.register(.singleton) { () async throws in try await RemedyDatabase.open() }
    container.autowire(RemedyUser.init)
    let error = synchronousError { try container.resolve(RemedyUser.self) }
    #expect(error?.code == .requiresAwait)
    #expect(error?.remedy.contains("not enough") == false, "\(error?.remedy ?? "")")
    _ = try await container.resolve(RemedyUser.self)
  }

  /// The main-actor form: off the main actor, `try await` runs the synchronous factory off it as
  /// well; registering that factory for the main actor, as the remedy says, works.
  @Test func theSynchronousRequiresMainActorRemedyNamesTheFactoryThatTryAwaitCannotFix() async throws {
    let container = Container()
    container.register { @MainActor _ in RemedyView() }
    container.register { r in RemedyPresenter(view: try r.resolve()) }
    let error = try await offTheMainActor { synchronousError { try container.resolve(RemedyPresenter.self) } }
    #expect(error?.code == .requiresMainActor)
    #expect(
      error?.remedy.contains("the synchronous factory of RemedyPresenter runs synchronously off the main actor")
        == true,
      "\(error?.remedy ?? "")")
    await #expect(throws: ResolutionError.self) {
      try await offTheMainActor { try await container.resolve(RemedyPresenter.self) }
    }
    container.register { @MainActor r in RemedyPresenter(view: try r.resolve()) }
    _ = try await offTheMainActor { try await container.resolve(RemedyPresenter.self) }
  }
}

/// What a synchronous call threw, if anything: async tests call synchronous `resolve` through it
/// (in async code the plain call picks the `async` overload).
private func synchronousError(_ body: () throws -> Any) -> ResolutionError? {
  do {
    _ = try body()
    return nil
  } catch {
    return error as? ResolutionError
  }
}

/// Runs `body` in a detached task, off the main actor.
private func offTheMainActor<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
  try await Task.detached { try await body() }.value
}

@MainActor private final class RemedyCrashReporter {}

extension RemedyTruthTests {
  /// The synchronous `bootstrap()` off the main actor is told to await `bootstrap()`, not
  /// `resolve`, which makes no eager singleton; done, it works.
  @Test func theSynchronousBootstrapIsToldToAwaitBootstrap() async throws {
    let container = Container()
    container.register(.eagerSingleton) { @MainActor _ in RemedyCrashReporter() }
    let error = try await offTheMainActor { synchronousError { try container.bootstrap() } }
    #expect(error?.code == .requiresMainActor)
    #expect(error?.remedy.contains("`try await container.bootstrap()`") == true, "\(error?.remedy ?? "")")
    #expect(error?.remedy.contains("container.resolve") == false, "\(error?.remedy ?? "")")
    try await offTheMainActor { try await container.bootstrap() }
    _ = try await container.resolve(RemedyCrashReporter.self)
  }
}

private protocol RemedyQuotes: Sendable {}
private final class RealRemedyQuotes: RemedyQuotes {}
private final class CachingRemedyQuotes: RemedyQuotes {
  let upstream: any RemedyQuotes
  init(upstream: any RemedyQuotes) { self.upstream = upstream }
}
private final class RemedyServiceA: Sendable {
  init(b: RemedyServiceB) {}
}
private final class RemedyServiceB: Sendable {
  init(a: RemedyServiceA) {}
}

extension RemedyTruthTests {
  /// A decorator whose closure resolves the type it decorates asks for itself: the remedy says to
  /// use `inner`, which is that instance; done, it works.
  @Test func aDecoratorResolvingWhatItDecoratesIsToldToUseInner() throws {
    let container = Container()
    container.register(.shared) { RealRemedyQuotes() }.implements((any RemedyQuotes).self)
    container.decorate((any RemedyQuotes).self) { r, inner in
      CachingRemedyQuotes(upstream: try r.resolve((any RemedyQuotes).self))
    }
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any RemedyQuotes).self) }
    #expect(error?.code == .circularDependency)
    #expect(error?.remedy.contains("`inner`") == true, "\(error?.remedy ?? "")")
    #expect(error?.remedy.contains("WeakRefProxy") == false, "\(error?.remedy ?? "")")
    let fixed = Container()
    fixed.register(.shared) { RealRemedyQuotes() }.implements((any RemedyQuotes).self)
    fixed.decorate((any RemedyQuotes).self) { _, inner in CachingRemedyQuotes(upstream: inner) }
    #expect(try fixed.resolve((any RemedyQuotes).self) is CachingRemedyQuotes)
  }

  /// A cycle of singletons (two services) is not told to make them `.shared`, which a service
  /// cannot be: sharing scopes are named, singletons among them.
  @Test func aCycleOfSingletonsIsNotToldToBecomeShared() {
    let container = Container()
    container.register(.singleton) { r in RemedyServiceA(b: try r.resolve()) }
    container.register(.singleton) { r in RemedyServiceB(a: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(RemedyServiceA.self) }
    #expect(error?.remedy.contains("with `.shared` scope on both") == false, "\(error?.remedy ?? "")")
    #expect(error?.remedy.contains("a singleton") == true, "\(error?.remedy ?? "")")
  }
}

private final class RemedyUserScreen: Sendable {
  init(user: RemedyUser) {}
}

extension RemedyTruthTests {
  /// Two definitions broken by one `async` singleton through a chain of synchronous factories:
  /// the problem `validate()` lists once names the whole chain to make `async`, not its innermost
  /// link, after which the next `validate()` would report the next.
  @Test func validateNamesTheWholeSynchronousChainOnce() async throws {
    let container = Container()
    container.register(.singleton) { () async throws in try await RemedyDatabase.open() }
    container.register { r in RemedyUser(database: try r.resolve()) }
    container.register { r in RemedyUserScreen(user: try r.resolve()) }
    let report = await container.validate()
    let problem = try #require(report.problems.first { $0.code == .requiresAwait }, "\(report)")
    #expect(report.problems.count == 1, "\(report)")
    #expect(problem.remedy.contains("RemedyUserScreen") && problem.remedy.contains("RemedyUser"), "\(problem.remedy)")
    // Done as it says, the container validates clean.
    container.register { r async throws in RemedyUser(database: try await r.resolve()) }
    container.register { r async throws in RemedyUserScreen(user: try await r.resolve()) }
    #expect(await container.validate().isValid)
  }
}

private final class RemedyMailer: LongRunningService {
  init(queue: RemedyQueue) {}
  func run() async throws {}
}
private final class RemedyQueue: LongRunningService {
  let mailer: Lazy<RemedyMailer>
  init(mailer: Lazy<RemedyMailer>) { self.mailer = mailer }
  func run() async throws {}
}
private final class RemedyEagerQueue: LongRunningService {
  init(mailer: RemedyMailerOfEagerQueue) {}
  func run() async throws {}
}
private final class RemedyMailerOfEagerQueue: LongRunningService {
  init(queue: RemedyEagerQueue) {}
  func run() async throws {}
}

extension RemedyTruthTests {
  /// Two services that take each other: only a `Lazy` breaks the cycle (services start in their
  /// dependencies' order), and the remedy says so; done, the services resolve in order.
  @Test func aCycleOfServicesIsToldToTakeALazy() async throws {
    let container = Container()
    container.autowire(.singleton, RemedyMailerOfEagerQueue.init).runsAsService()
    container.autowire(.singleton, RemedyEagerQueue.init).runsAsService()
    let error = #expect(throws: ResolutionError.self) { try container.resolve(RemedyEagerQueue.self) }
    #expect(error?.remedy.contains("`Lazy<T>`") == true, "\(error?.remedy ?? "")")
    #expect(error?.remedy.contains("`.resolvingProperties` does not break it") == true, "\(error?.remedy ?? "")")
    let fixed = Container()
    fixed.autowire(.singleton, RemedyMailer.init).runsAsService()
    fixed.autowire(.singleton, RemedyQueue.init).runsAsService()
    _ = try await fixed.resolveServices()
  }
}

extension RemedyTruthTests {
  /// An eager singleton met before `bootstrap()` ran is not told to become one: to bootstrap first.
  @Test func anEagerSingletonMetBeforeBootstrapIsToldToBootstrap() async throws {
    let container = Container()
    container.register(.eagerSingleton) { () async throws in try await RemedyDatabase.open() }
    container.register { r in RemedyUser(database: try r.resolve()) }
    let error = synchronousError { try container.resolve(RemedyUser.self) }
    #expect(
      error?.remedy.contains("call `try await container.bootstrap()` before anything asks") == true,
      "\(error?.remedy ?? "")")
    #expect(error?.remedy.contains("register RemedyDatabase as an eager singleton") == false)
    try await container.bootstrap()
    #expect(synchronousError { try container.resolve(RemedyUser.self) } == nil)
  }
}

private protocol RemedyFlags: Sendable {
  var isOn: Bool { get }
}
private struct LiveRemedyFlags: RemedyFlags { var isOn: Bool { false } }
private struct MockRemedyFlags: RemedyFlags { var isOn: Bool { true } }

extension RemedyTruthTests {
  /// A test that registers a mock on the bootstrapped app container is told of `withOverrides`,
  /// which replaces it for the test's task; done as written, the test gets the mock.
  @Test func aLateRegistrationIsToldOfOverridesForTests() throws {
    let container = Container()
    container.register { LiveRemedyFlags() as any RemedyFlags }
    try container.bootstrap()
    container.register { MockRemedyFlags() as any RemedyFlags }
    #expect(try container.resolve((any RemedyFlags).self).isOn == false)
    let rejected = try #require(container.rejectedChanges.first)
    #expect(
      rejected.remedy.contains("`try container.withOverrides({ $0.register { ... } }) { ... }`"), "\(rejected.remedy)")
    let flags = try container.withOverrides({ $0.register { MockRemedyFlags() as any RemedyFlags } }) {
      try container.resolve((any RemedyFlags).self)
    }
    #expect(flags.isOn)
  }
}
