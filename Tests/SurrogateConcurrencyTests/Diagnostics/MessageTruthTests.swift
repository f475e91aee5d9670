import SuiteSupport
import Surrogate
import Testing

// What an error, a remedy or a report says is true, and the code it suggests is Swift that
// compiles and fixes the problem (outside client 30).

private struct RegionTag: Hashable, Sendable {
  let id: Int
}
private enum Deployment: Hashable, Sendable {
  case live
  case region(id: Int)
}
private final class ArgumentClient: Sendable {
  init(host: String, port: Int) {}
}
private protocol MessageRepository<Element> {
  associatedtype Element
}
private final class ShutDownService: Sendable {}

struct MessageTruthTests {
  /// A tag of a struct reads as the struct's value, not prefixed with its type once more; an
  /// enum's case reads with its type.
  @Test func aTagIsWrittenAsSwiftSpellsItsValue() {
    #expect(DefinitionTag(RegionTag(id: 3)).description == "RegionTag(id: 3)")
    #expect(DefinitionTag(Deployment.live).description == "Deployment.live")
    #expect(DefinitionTag(Deployment.region(id: 2)).description == "Deployment.region(id: 2)")
  }

  /// A request with runtime arguments that nothing is registered for is told to register a
  /// factory that takes those arguments: one without them would answer nothing.
  @Test func aMissingDefinitionRequestedWithArgumentsIsToldToRegisterWithThem() throws {
    let container = Container()
    let error = #expect(throws: ResolutionError.self) {
      try container.resolve(ArgumentClient.self, arguments: "db.local", 5432)
    }
    let remedy = error?.remedy ?? ""
    #expect(remedy.contains("`container.register(.shared) { (r, a: String, b: Int) in ... }`"), "\(remedy)")
    #expect(!remedy.contains("autowire"), "\(remedy)")
    // Applied as written:
    container.register(.shared) { (r, a: String, b: Int) in ArgumentClient(host: a, port: b) }
    _ = try container.resolve(ArgumentClient.self, arguments: "db.local", 5432)
  }

  /// `autowire(X.init)` is suggested only for a type that has initializers: never for a
  /// function, a metatype, a tuple or a constrained existential, where it does not compile.
  @Test func autowireIsSuggestedOnlyForATypeWithInitializers() {
    let container = Container()
    for type in [
      (() -> Int).self as Any.Type, Int.Type.self, (Int, String).self, (any MessageRepository<Int>).self,
      String.self, Double.self,
    ] {
      let error = container.validateMissing(type)
      #expect(error?.remedy.contains("autowire") == false, "\(error?.remedy ?? "")")
      let registration =
        type == (any MessageRepository<Int>).self
        ? "`container.register(.shared, type: (any MessageRepository<Int>).self) { r in ... }`"
        : "`container.register(.shared) { r in ... }`"
      #expect(error?.remedy.contains(registration) == true, "\(error?.remedy ?? "")")
    }
    let concrete = container.validateMissing(ArgumentClient.self)
    #expect(concrete?.remedy.contains("`container.autowire(ArgumentClient.init)`") == true)
  }

  /// A container that was shut down resolves nothing: its `validate()` says so, instead of
  /// finding no definition to check and calling the container valid.
  @Test func validateOfAShutDownContainerReportsTheShutdown() async throws {
    let container = Container()
    container.register(.singleton) { ShutDownService() }
    try await container.shutdown()
    let report = await container.validate()
    #expect(!report.isValid)
    #expect(report.problems.map(\.code) == [.containerShutDown], "\(report)")
    let child = Container(parent: container)
    #expect(await child.validate().problems.map(\.code) == [.containerShutDown])
  }
}

extension Container {
  /// The error a request for `type`, registered nowhere, throws (erased: any type).
  fileprivate func validateMissing(_ type: Any.Type) -> ResolutionError? {
    func resolve<T>(_: T.Type) -> ResolutionError? {
      do {
        _ = try self.resolve(T.self)
        return nil
      } catch {
        return error
      }
    }
    return _openExistential(type, do: resolve)
  }
}

private final class FeatureThing: Sendable {}
private final class AppSingleton: Sendable {
  let thing: FeatureThing
  init(thing: FeatureThing) { self.thing = thing }
}

struct ParentSingletonMissTests {
  /// A parent's singleton resolves its dependencies in the parent: one registered only in the
  /// child that asked is out of its reach, and the error says so instead of "register it", which
  /// the child already does; registering it in the parent, as told, works.
  @Test func aParentsSingletonMissingWhatOnlyTheChildRegistersIsExplained() throws {
    let app = Container()
    let feature = Container(parent: app)
    feature.register { FeatureThing() }
    app.register(.singleton) { r in AppSingleton(thing: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try feature.resolve(AppSingleton.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.pathDescription == "AppSingleton → FeatureThing")
    let message = error?.message ?? ""
    #expect(message.contains("AppSingleton is a singleton of an ancestor"), "\(message)")
    #expect(message.contains("FeatureThing is registered only in"), "\(message)")
    #expect(error?.remedy.contains("Register FeatureThing in the container that registers AppSingleton") == true)
    app.register { FeatureThing() }
    _ = try feature.resolve(AppSingleton.self)
  }
}

extension ParentSingletonMissTests {
  /// In a scope, the other way out is a `.scoped` definition, made in each scope; done, it works.
  @Test func inAScopeTheRemedyOffersScoped() throws {
    let app = Container()
    app.register(.singleton) { r in AppSingleton(thing: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) {
      try app.withScope { scope in
        scope.register { FeatureThing() }
        return try scope.resolve(AppSingleton.self)
      }
    }
    #expect(error?.remedy.contains("make AppSingleton `.scoped`") == true, "\(error?.remedy ?? "")")
    app.register(.scoped) { r in AppSingleton(thing: try r.resolve()) }
    _ = try app.withScope { scope in
      scope.register { FeatureThing() }
      return try scope.resolve(AppSingleton.self)
    }
  }
}

private final class LaterDatabase: Sendable {
  static func open() async throws -> LaterDatabase { LaterDatabase() }
}
private final class LaterOwner: Sendable {
  let database: Lazy<LaterDatabase>
  init(database: Lazy<LaterDatabase>) { self.database = database }
}
private final class AsyncLaterOwner: Sendable {
  let database: AsyncLazy<LaterDatabase>
  init(database: AsyncLazy<LaterDatabase>) { self.database = database }
}

struct LaterNeedsAwaitTests {
  /// A `Lazy` of an `async` definition cannot make it when it is called: every `try lazy()` throws
  /// `requiresAwait`. `validate()` warns before that, and the fix it names validates clean.
  @Test func validateWarnsOfALazyOfAnAsyncDefinition() async throws {
    let container = Container()
    container.register(.singleton) { () async throws in try await LaterDatabase.open() }
    container.autowire(LaterOwner.init)
    let owner = try await container.resolve(LaterOwner.self)
    #expect(throws: ResolutionError.self) { try owner.database() }
    let report = await container.validate()
    let warning = try #require(report.warnings.first { $0.kind == .laterRequiresAwait }, "\(report)")
    #expect(warning.message.contains("`AsyncLazy<LaterDatabase>` (`try await lazy.value`)"), "\(warning.message)")
    #expect(warning.path.map(\.description) == ["LaterOwner", "LaterDatabase"], "\(warning.path)")
    // The fix it names, in a container of its own (the one above has made the singleton now):
    let fixed = Container()
    fixed.register(.singleton) { () async throws in try await LaterDatabase.open() }
    fixed.autowire(AsyncLaterOwner.init)
    #expect(await fixed.validate().warnings.isEmpty)
    _ = try await fixed.resolve(AsyncLaterOwner.self).database.value
  }

  /// Once `bootstrap()` made the singleton, the `Lazy` finds it made: no warning.
  @Test func aMadeEagerSingletonNeedsNoWarning() async throws {
    let container = Container()
    container.register(.eagerSingleton) { () async throws in try await LaterDatabase.open() }
    container.autowire(LaterOwner.init)
    try await container.bootstrap()
    let owner = try await container.resolve(LaterOwner.self)
    _ = try owner.database()
    #expect(await container.validate().warnings.isEmpty)
  }
}

private struct ScopeRequest: Sendable {
  let path: String
}
private final class ScopeSession: Sendable {
  init(request: ScopeRequest) {}
}
private final class SessionKeeper: Sendable {
  let sessions: Provider<ScopeSession>
  let asyncSessions: AsyncProvider<ScopeSession>
  init(sessions: Provider<ScopeSession>, asyncSessions: AsyncProvider<ScopeSession>) {
    self.sessions = sessions
    self.asyncSessions = asyncSessions
  }
}

struct ProviderOutsideScopeTests {
  /// A singleton's `Provider` of a `.scoped` definition resolves where it was made, outside any
  /// scope, even when called inside `withScope`: the error says so, instead of telling the caller,
  /// already inside `withScope`, to resolve inside it.
  @Test func aSingletonsProviderCalledInAScopeIsExplained() async throws {
    let app = Container()
    app.declareScopeProvided(ScopeRequest.self)
    app.register(.scoped) { r in ScopeSession(request: try r.resolve()) }
    app.autowire(.singleton, SessionKeeper.init)
    let (error, awaited) = try await app.withScope { scope in
      scope.register { ScopeRequest(path: "/") }
      let keeper = try await scope.resolve(SessionKeeper.self)
      let error = #expect(throws: ResolutionError.self) { try keeper.sessions() }
      var awaited: ResolutionError?
      do { _ = try await keeper.asyncSessions() } catch { awaited = error as? ResolutionError }
      return (error, awaited)
    }
    for error in [error, awaited] {
      #expect(error?.code == .outsideScope)
      let message = error?.message ?? ""
      #expect(message.contains("Provider<ScopeSession>") && message.contains("made outside any scope"), "\(message)")
      #expect(error?.remedy.contains("make the definition that holds") == true, "\(error?.remedy ?? "")")
    }
  }
}

private protocol TruthHandler: Sendable {}
private final class FirstTruthHandler: TruthHandler {}
private final class TruthRouter: Sendable {
  let handlers: [String: any TruthHandler]
  init(handlers: [String: any TruthHandler]) { self.handlers = handlers }
}

struct EmptyCollectionOfTheOtherKindTests {
  /// Members contributed to a list while the consumer takes a map of the same element: the empty
  /// map's warning names them and the collection they went to.
  @Test func anEmptyMapNamesTheMembersContributedToTheList() {
    let container = Container()
    container.register(into: [any TruthHandler].self) { FirstTruthHandler() }
    container.autowire(TruthRouter.init)
    let warning = container.validate().warnings.first { $0.kind == .emptyCollection }
    let message = warning?.message ?? ""
    #expect(message.contains("1 member is contributed to Array<TruthHandler> instead"), "\(message)")
  }
}

private final class MissingForService: Sendable {}
private final class PurgerDependency: Sendable {
  init(missing: MissingForService) {}
}
private final class PurgerService: LongRunningService {
  init(dependency: PurgerDependency) {}
  func run() async throws {}
}

struct ServiceResolutionFailurePathTests {
  /// A service that cannot be made says along which path, as a resolution error does, in its own
  /// message and `path`.
  @Test func aServiceThatCannotBeMadeNamesThePath() async {
    let container = Container()
    container.autowire(PurgerDependency.init)
    container.autowire(.singleton, PurgerService.init).runsAsService()
    do {
      try await container.runServices()
      Issue.record("runServices returned")
    } catch {
      #expect(error.code == .resolutionFailed)
      #expect(error.path.map(\.description) == ["PurgerService", "PurgerDependency", "MissingForService"])
      #expect(
        error.message.contains("(path: PurgerService → PurgerDependency → MissingForService)"), "\(error.message)")
    }
  }
}
