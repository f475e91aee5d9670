import SuiteSupport
import Surrogate
import Testing

private protocol Rate: Sendable { var name: String { get } }
private final class LiveRate: Rate {
  var name: String { "live" }
}
private final class StubRate: Rate {
  var name: String { "stub" }
}

/// Holds the rate it was made with for its whole life.
private final class RateCache: Sendable {
  let rate: any Rate
  init(rate: any Rate) { self.rate = rate }
}

/// Keeps the resolver its factory was given.
private final class ResolverKeeper {
  let resolver: Resolver
  init(resolver: Resolver) { self.resolver = resolver }
}

/// Singletons and disposals of what an override makes, reached from scopes and children: nothing
/// an override made outlives it in a container that does, and a scope disposes what it made from
/// an override as it disposes its own.
struct OverrideLifetimeTests {
  private func app() -> Container {
    let app = Container()
    app.register(type: (any Rate).self) { LiveRate() }
    return app
  }

  @Test func aChildsSingletonMadeInsideAnOverrideOfItsParentDoesNotCaptureTheOverride() throws {
    let app = app()
    let child = Container(parent: app)
    child.register(.singleton) { r in RateCache(rate: try r.resolve()) }
    let inside = try app.withOverrides({ $0.register(type: (any Rate).self) { StubRate() } }) {
      try child.resolve(RateCache.self)
    }
    let outside = try child.resolve(RateCache.self)
    #expect(ObjectIdentifier(inside) == ObjectIdentifier(outside))
    #expect(outside.rate.name == "live")
  }

  @Test func aSingletonOfAScopesParentMadeInsideAnOverrideDoesNotCaptureTheOverride() async throws {
    let app = app()
    app.register(.singleton) { r in RateCache(rate: try r.resolve()) }
    let inside = try await app.withOverrides({ $0.register(type: (any Rate).self) { StubRate() } }) {
      try await app.withScope { scope in try await scope.resolve(RateCache.self) }
    }
    #expect(inside.rate.name == "live")
    #expect(ObjectIdentifier(try await app.resolve(RateCache.self)) == ObjectIdentifier(inside))
  }

  @Test func anOverridesSingletonReachedFromAChildIsNotVisibleAfterTheOverride() throws {
    let app = app()
    let child = Container(parent: app)
    let first = try app.withOverrides({ $0.register(.singleton, type: (any Rate).self) { StubRate() } }) {
      let rate = try child.resolve((any Rate).self)
      #expect(ObjectIdentifier(rate as AnyObject) == ObjectIdentifier(try child.resolve((any Rate).self) as AnyObject))
      return rate
    }
    #expect(first.name == "stub")
    #expect(try child.resolve((any Rate).self).name == "live")
    let second = try app.withOverrides({ $0.register(.singleton, type: (any Rate).self) { StubRate() } }) {
      try child.resolve((any Rate).self)
    }
    #expect(ObjectIdentifier(first as AnyObject) != ObjectIdentifier(second as AnyObject))
  }

  @Test func aSingletonRegisteredInTheOverrideSeesTheOverride() throws {
    let app = app()
    app.register(.singleton) { r in RateCache(rate: try r.resolve()) }
    let child = Container(parent: app)
    let inside = try app.withOverrides({ overrides in
      overrides.register(type: (any Rate).self) { StubRate() }
      overrides.register(.singleton) { r in RateCache(rate: try r.resolve()) }
    }) {
      try child.resolve(RateCache.self)
    }
    #expect(inside.rate.name == "stub")
    #expect(try child.resolve(RateCache.self).rate.name == "live")
  }

  @Test func aResolverKeptByAnOverridesSingletonMadeFromAScopeStillResolvesAfterTheOverride() throws {
    let app = app()
    weak var overrides: Container?
    let keeper = try app.withOverrides({ container in
      overrides = container
      container.register(.singleton) { r in ResolverKeeper(resolver: r) }
      container.register(type: (any Rate).self) { StubRate() }
    }) {
      try app.withScope { scope in try scope.resolve(ResolverKeeper.self) }
    }
    #expect(overrides != nil, "the override's container went while a resolver made for it was kept")
    // The override has ended (its singletons disposed): the kept resolver says so, typed.
    let error = resolutionError { try keeper.resolver.resolve((any Rate).self) }
    #expect(error?.code == .containerShutDown)
    // The user called no `shutdown()`: the error speaks of the `withOverrides` call.
    #expect(
      error?.message
        == "Rate was requested from the overrides of a `withOverrides` call that has returned: they are disposed "
        + "and resolve nothing.", "\(error.map { "\($0)" } ?? "")")
    #expect(error?.remedy.hasPrefix("Resolve inside the `withOverrides` operation") == true)
  }

  @Test func aProviderKeptPastItsOverridesSaysTheOverridesEnded() async throws {
    let app = app()
    let provider = try await app.withOverrides({ $0.register(type: (any Rate).self) { StubRate() } }) {
      try await app.resolve(Provider<any Rate>.self)
    }
    let error = resolutionError { try provider() }
    #expect(error?.code == .containerShutDown)
    #expect(error?.message.contains("`withOverrides` call that has returned") == true, "\(error.map { "\($0)" } ?? "")")
  }

  @Test func aLazyKeptPastOverridesOfAnotherTypeSaysTheOverridesEnded() async throws {
    let app = app()
    let lazy = try await app.withOverrides({ $0.register { "unrelated" } }) {
      try await app.resolve(Lazy<any Rate>.self)
    }
    let error = resolutionError { try lazy() }
    #expect(error?.code == .containerShutDown)
  }

  @Test func anAsyncProviderKeptPastItsOverridesSaysTheOverridesEnded() async throws {
    let app = app()
    let (provider, inside) = try await app.withOverrides({ $0.register(type: (any Rate).self) { StubRate() } }) {
      let provider = try await app.resolve(AsyncProvider<any Rate>.self)
      return (provider, try await provider().name)
    }
    #expect(inside == "stub")
    await #expect(throws: ResolutionError.self) { try await provider() }
    do {
      _ = try await provider()
    } catch let error as ResolutionError {
      #expect(error.code == .containerShutDown)
      #expect(error.message.contains("`withOverrides` call that has returned"), "\(error)")
    }
  }

  @Test func aResolverKeptByAnOverridesSingletonThrowsWhenAwaitedAfterTheOverride() async throws {
    let app = app()
    let keeper = try await app.withOverrides({ container in
      container.register(.singleton) { r in ResolverKeeper(resolver: r) }
      container.register(type: (any Rate).self) { StubRate() }
    }) {
      try await app.resolve(ResolverKeeper.self)
    }
    await #expect(throws: ResolutionError.self) { try await keeper.resolver.resolve((any Rate).self) }
  }

  @Test func anOverridesSingletonIsDisposedWhenTheOverrideEnds() async throws {
    let app = app()
    let disposed = Counter()
    app.register(.singleton) { RateCache(rate: LiveRate()) }.disposing { _ in disposed.increment() }
    _ = try await app.withOverrides({ overrides in
      overrides.register(.singleton) { RateCache(rate: StubRate()) }.disposing { _ async in disposed.increment() }
    }) {
      try await app.resolve(RateCache.self)
    }
    #expect(disposed.value == 1, "the override's singleton, once; the app's own was never made")
    #expect(try await app.resolve(RateCache.self).rate.name == "live")
    try await app.shutdown()
    #expect(disposed.value == 2)
  }

  @Test func anOverridesSingletonIsDisposedWhenASynchronousOverrideEndsByAThrow() throws {
    let app = app()
    let disposed = Counter()
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try app.withOverrides({ overrides in
        overrides.register(.singleton) { RateCache(rate: StubRate()) }.disposing { _ in disposed.increment() }
      }) {
        _ = try app.resolve(RateCache.self)
        throw Failure()
      }
    }
    #expect(disposed.value == 1)
  }

  @Test func nestedOverridesEachDisposeTheirOwnSingletonWhenTheyEnd() async throws {
    let app = app()
    let disposed = Locked<[String]>([])
    try await app.withOverrides({ outer in
      outer.register(.singleton) { RateCache(rate: StubRate()) }.disposing { _ in
        disposed.withLock { $0.append("outer") }
      }
    }) {
      _ = try await app.resolve(RateCache.self)
      try await app.withOverrides({ inner in
        inner.register(.singleton, tag: "inner") { RateCache(rate: StubRate()) }
          .disposing { _ in disposed.withLock { $0.append("inner") } }
      }) {
        _ = try await app.resolve(RateCache.self, tag: "inner")
      }
      #expect(disposed.withLock { $0 } == ["inner"])
    }
    #expect(disposed.withLock { $0 } == ["inner", "outer"])
  }

  @Test func aScopeDisposesTheScopedInstanceAnOverrideDefinesWhenItEnds() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.scoped) { DisposableStub("live", journal: journal) }
    try await app.withOverrides({ overrides in
      overrides.register(.scoped) { DisposableStub("ignored", journal: journal) }
        .disposing { _ in journal.note("stub scoped") }
    }) {
      try await app.withScope { scope in
        let first = try await scope.resolve(DisposableStub.self)
        let again = try await scope.resolve(DisposableStub.self)
        #expect(first === again)
        #expect(journal.disposed.isEmpty)
      }
      #expect(journal.disposed == ["stub scoped"])
    }
  }

  @Test func aScopeDisposesTheSharedAndUniqueInstancesAnOverrideMakesInIt() throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register { r in RepositoryStub(session: try r.resolve()) }
    app.register { SessionStub(pool: PoolStub(journal: journal), request: RequestStub(id: 0), journal: journal) }
    try app.withOverrides({ overrides in
      overrides.register(.unique) { PoolStub(journal: journal) }
        .disposing { _ in journal.note("stub pool") }
      overrides.register { r in
        SessionStub(pool: try r.resolve(), request: RequestStub(id: 1), journal: journal)
      }
      .disposing { session in journal.note("stub session \(session.request.id)") }
    }) {
      let request = try app.withScope { scope in try scope.resolve(RepositoryStub.self).session.request.id }
      #expect(request == 1)
      #expect(journal.disposed == ["stub session 1", "stub pool"])
    }
  }
}
