import Surrogate
import Testing

/// A unit of work made by an `async` factory, numbered in the order its factory made it.
private final class TwiceSession: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

/// Two sessions, taken by a synchronous factory.
private final class TwiceSessionPair: Sendable {
  let first: TwiceSession
  let second: TwiceSession
  init(first: TwiceSession, second: TwiceSession) {
    self.first = first
    self.second = second
  }
}

/// Three sessions, taken by a synchronous factory.
private final class TwiceSessionTriple: Sendable {
  let sessions: [TwiceSession]
  init(_ sessions: TwiceSession...) { self.sessions = sessions }
}

/// A `.shared` holder of a session: complete in the run that made it, reused by the next runs.
private final class TwiceSessionHolder: Sendable {
  let session: TwiceSession
  init(session: TwiceSession) { self.session = session }
}

/// A held session and one of its own.
private final class TwiceHeldAndOwn: Sendable {
  let held: TwiceSession
  let own: TwiceSession
  init(held: TwiceSession, own: TwiceSession) {
    self.held = held
    self.own = own
  }
}

/// Made by an `async` factory from a pair, whose synchronous factory asks for two sessions.
private final class TwiceSessionWrapper: Sendable {
  let pair: TwiceSessionPair
  init(pair: TwiceSessionPair) { self.pair = pair }
}

/// A session and a wrapper, taken by a synchronous factory.
private final class TwiceSessionAndWrapper: Sendable {
  let session: TwiceSession
  let wrapper: TwiceSessionWrapper
  init(session: TwiceSession, wrapper: TwiceSessionWrapper) {
    self.session = session
    self.wrapper = wrapper
  }
}

/// Gets two sessions through auto-injected properties.
private final class TwiceInjected {
  @Injected var first: TwiceSession
  @Injected var second: TwiceSession
}

/// An awaited resolution whose synchronous factory asks more than once for a definition that only
/// an `async` factory makes: each request gets its own instance, each made once (the factory that
/// asks still runs again, a known issue of #34, see `FactoriesRunOnceTests`).
@Suite(.hangGuard)
struct RepeatedAsyncUniqueRequestTests {
  /// Where the sessions' disposal goes.
  enum Disposal: CaseIterable, Sendable {
    /// No `.disposing` block.
    case none
    /// A `.disposing` block; resolved outside a scope: the instances are the caller's.
    case outsideAScope
    /// A `.disposing` block; resolved in a `withScope` scope, which disposes them at its end.
    case inAScope
  }

  private func registerSession(
    _ scope: Scope = .unique, tag: String? = nil, numberedFrom first: Int = 1, made: Counter,
    journal: DisposalJournal, disposal: Disposal, in app: Container
  ) {
    let definition = app.register(scope, tag: tag) { _ async in
      await Task.yield()
      return TwiceSession(number: first - 1 + made.increment())
    }
    if disposal != .none { definition.disposing { session in journal.note("\(session.number)") } }
  }

  /// Resolves `T` outside or inside a scope, as `disposal` says.
  private func resolve<T: Sendable>(_ type: T.Type, in app: Container, disposal: Disposal) async throws -> T {
    if disposal == .inAScope {
      return try await app.withScope { scope in try await scope.resolve(T.self) }
    }
    return try await app.resolve(T.self)
  }

  private func disposedNumbers(_ journal: DisposalJournal) -> [Int] {
    journal.disposed.compactMap { Int($0) }.sorted()
  }

  @Test(arguments: Disposal.allCases)
  func aSynchronousFactoryThatAsksTwiceGetsTwoSessionsEachMadeOnce(disposal: Disposal) async throws {
    let made = Counter()
    let journal = DisposalJournal()
    let app = Container()
    registerSession(made: made, journal: journal, disposal: disposal, in: app)
    app.register { r in TwiceSessionPair(first: try r.resolve(), second: try r.resolve()) }

    let pair = try await resolve(TwiceSessionPair.self, in: app, disposal: disposal)

    #expect(pair.first !== pair.second)
    #expect(made.value == 2)
    #expect(Set([pair.first.number, pair.second.number]) == [1, 2])
    switch disposal {
    case .none:
      #expect(journal.disposed.isEmpty)
    case .outsideAScope:
      #expect(journal.disposed.isEmpty, "both are the caller's: \(journal.disposed)")
    case .inAScope:
      #expect(disposedNumbers(journal) == [1, 2], "each once, at the scope's end")
    }
    try await app.shutdown()
    #expect(journal.disposed.count == (disposal == .inAScope ? 2 : 0), "none twice, none at shutdown")
  }

  @Test(arguments: Disposal.allCases)
  func aSynchronousFactoryThatAsksThreeTimesGetsThreeSessionsEachMadeOnce(disposal: Disposal) async throws {
    let made = Counter()
    let journal = DisposalJournal()
    let app = Container()
    registerSession(made: made, journal: journal, disposal: disposal, in: app)
    app.register { r in TwiceSessionTriple(try r.resolve(), try r.resolve(), try r.resolve()) }

    let triple = try await resolve(TwiceSessionTriple.self, in: app, disposal: disposal)

    #expect(made.value == 3)
    #expect(Set(triple.sessions.map(\.number)) == [1, 2, 3])
    #expect(disposedNumbers(journal) == (disposal == .inAScope ? [1, 2, 3] : []))
  }

  @Test(arguments: Disposal.allCases)
  func taggedAndUntaggedRequestsEachGetTheirOwnSession(disposal: Disposal) async throws {
    let madeUntagged = Counter()
    let madeAudit = Counter()
    let journal = DisposalJournal()
    let app = Container()
    registerSession(made: madeUntagged, journal: journal, disposal: disposal, in: app)
    // Numbered from 101, so that the two definitions' sessions differ in the journal.
    registerSession(tag: "audit", numberedFrom: 101, made: madeAudit, journal: journal, disposal: disposal, in: app)
    app.register { r in
      // "replica" is not registered: that request falls back to the untagged definition.
      TwiceSessionTriple(
        try r.resolve(), try r.resolve(tag: "audit"), try r.resolve(tag: "replica"), try r.resolve(tag: "audit"),
        try r.resolve())
    }

    let sessions = try await resolve(TwiceSessionTriple.self, in: app, disposal: disposal).sessions

    #expect(madeUntagged.value == 3)
    #expect(madeAudit.value == 2)
    #expect(Set([0, 2, 4].map { sessions[$0].number }) == [1, 2, 3])
    #expect(Set([1, 3].map { sessions[$0].number }) == [101, 102])
    #expect(disposedNumbers(journal) == (disposal == .inAScope ? [1, 2, 3, 101, 102] : []))
  }

  @Test(arguments: [Scope.shared, .singleton])
  func aReusedDefinitionAskedForTwiceIsStillMadeOnce(scope: Scope) async throws {
    let made = Counter()
    let journal = DisposalJournal()
    let app = Container()
    registerSession(scope, made: made, journal: journal, disposal: .outsideAScope, in: app)
    app.register { r in TwiceSessionPair(first: try r.resolve(), second: try r.resolve()) }

    let pair = try await app.resolve(TwiceSessionPair.self)

    #expect(pair.first === pair.second)
    #expect(made.value == 1)
    #expect(journal.disposed.isEmpty)
  }

  @Test func aSessionASharedHolderOfAnAbandonedRunTookIsItsAndNotDisposed() async throws {
    let made = Counter()
    let journal = DisposalJournal()
    let app = Container()
    registerSession(made: made, journal: journal, disposal: .outsideAScope, in: app)
    app.register(.shared) { r in TwiceSessionHolder(session: try r.resolve()) }
    app.register { r in
      TwiceHeldAndOwn(held: try r.resolve(TwiceSessionHolder.self).session, own: try r.resolve())
    }

    let result = try await app.resolve(TwiceHeldAndOwn.self)

    #expect(result.held !== result.own)
    #expect(made.value == 2)
    #expect(journal.disposed.isEmpty, "the holder, reused, holds the first: \(journal.disposed)")
  }

  @Test(arguments: Disposal.allCases)
  func twoAutoInjectedPropertiesGetTwoSessionsEachMadeOnce(disposal: Disposal) async throws {
    let made = Counter()
    let journal = DisposalJournal()
    let app = Container()
    registerSession(made: made, journal: journal, disposal: disposal, in: app)
    app.register { TwiceInjected() }

    let numbers = try await {
      if disposal == .inAScope {
        return try await app.withScope { scope in
          let injected = try await scope.resolve(TwiceInjected.self)
          return [injected.first.number, injected.second.number]
        }
      }
      let injected = try await app.resolve(TwiceInjected.self)
      return [injected.first.number, injected.second.number]
    }()

    #expect(made.value == 2)
    #expect(Set(numbers) == [1, 2])
    #expect(disposedNumbers(journal) == (disposal == .inAScope ? [1, 2] : []))
  }

  @Test func aFactoryRunInsideTheAsyncMakingOfAnotherRequestGetsSessionsOfItsOwn() async throws {
    let made = Counter()
    let journal = DisposalJournal()
    let app = Container()
    registerSession(made: made, journal: journal, disposal: .outsideAScope, in: app)
    app.register { r in TwiceSessionPair(first: try r.resolve(), second: try r.resolve()) }
    app.register(.unique) { r async throws in TwiceSessionWrapper(pair: try await r.resolve()) }
    // The outer run takes the first session, then stops at the wrapper: its pair is made while the
    // first session waits for the outer run's next request.
    app.register { r in TwiceSessionAndWrapper(session: try r.resolve(), wrapper: try r.resolve()) }

    let result = try await app.resolve(TwiceSessionAndWrapper.self)

    #expect(made.value == 3)
    #expect(Set([result.session, result.wrapper.pair.first, result.wrapper.pair.second].map(\.number)) == [1, 2, 3])
    #expect(journal.disposed.isEmpty)
  }
}
