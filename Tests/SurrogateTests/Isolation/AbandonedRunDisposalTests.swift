import Surrogate
import Testing

/// A unit of work numbered in the order its factory made it.
private protocol AbandonedRunEntry: AnyObject, Sendable {
  var number: Int { get }
}

/// An entry with no disposal of its own: its definition declares one with `.disposing`.
private final class PlainEntry: AbandonedRunEntry {
  let number: Int
  init(number: Int) { self.number = number }
}

/// An entry that disposes itself: it notes its number in the journal.
private final class DisposableEntry: AbandonedRunEntry, Disposable {
  let number: Int
  let journal: DisposalJournal
  init(number: Int, journal: DisposalJournal) {
    self.number = number
    self.journal = journal
  }
  func dispose() async throws { journal.note("\(number)") }
}

/// What a synchronous factory makes from an entry, an `async` singleton and an audit.
private final class EntryReport: Sendable {
  let entry: any AbandonedRunEntry
  let database: Database
  init(entry: any AbandonedRunEntry, database: Database) {
    self.entry = entry
    self.database = database
  }
}

/// The last dependency of a report: its factory throws when the graph is to fail.
private final class EntryAudit: Sendable {}

private struct AuditFailed: Error {}

/// A `.shared` holder of a `.unique` entry: complete in the first run, reused by the next.
private final class EntryHolder: Sendable {
  let entry: any AbandonedRunEntry
  init(entry: any AbandonedRunEntry) { self.entry = entry }
}

/// A session made by an `async` factory, once per request.
private final class AsyncSession: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

/// Two `async`-made sessions and an `async` singleton, taken by a synchronous factory.
private final class SessionPair: Sendable {
  let first: AsyncSession
  let second: AsyncSession
  init(first: AsyncSession, second: AsyncSession) {
    self.first = first
    self.second = second
  }
}

/// Gets an entry and an `async` singleton through a `resolvingProperties` block.
private final class BlockWired {
  var entry: (any AbandonedRunEntry)?
  var database: Database?
}

/// Gets an entry and an `async` singleton through auto-injected properties.
private final class AutoInjected {
  @Injected var entry: any AbandonedRunEntry
  @Injected var database: Database
}

/// When an awaited resolution runs a synchronous factory again (it met an `async` dependency),
/// the first run's result is thrown away: a `.unique` instance only that run received is nobody's,
/// and is disposed once however the graph ends. What the next run reuses (a `.shared` instance,
/// what one holds) is not.
@Suite(.hangGuard)
struct AbandonedRunDisposalTests {
  enum Disposal: CaseIterable, Sendable {
    /// A `.disposing` block on the definition.
    case block
    /// A ``Disposable`` conformance of the instance.
    case conformance
    /// A `.disposing` block that throws.
    case throwingBlock
  }

  enum Outcome: CaseIterable, Sendable {
    /// The report is made and returned.
    case succeeds
    /// The audit, asked for after the `async` dependency, throws.
    case failsAfterTheReplay
    /// The report is made in a `withScope` scope: the scope disposes every entry at its end.
    case inAScope
  }

  private func registerEntry(_ disposal: Disposal, made: Counter, journal: DisposalJournal, in app: Container) {
    switch disposal {
    case .block:
      app.register(.unique) { _ -> any AbandonedRunEntry in PlainEntry(number: made.increment()) }
        .disposing { entry in journal.note("\(entry.number)") }
    case .conformance:
      app.register(.unique) { _ -> any AbandonedRunEntry in
        DisposableEntry(number: made.increment(), journal: journal)
      }
    case .throwingBlock:
      app.register(.unique) { _ -> any AbandonedRunEntry in PlainEntry(number: made.increment()) }
        .disposing { entry in
          journal.note("\(entry.number)")
          throw DisposalFailed(name: "\(entry.number)")
        }
    }
  }

  private func disposedNumbers(_ journal: DisposalJournal) -> [Int] {
    journal.disposed.compactMap { Int($0) }.sorted()
  }

  @Test(arguments: Disposal.allCases, Outcome.allCases)
  func anEntryOnlyAnAbandonedRunReceivedIsDisposedOnce(disposal: Disposal, outcome: Outcome) async throws {
    let made = Counter()
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { _ async throws in try await Database.open("main") }
    registerEntry(disposal, made: made, journal: journal, in: app)
    app.register { _ in
      if outcome == .failsAfterTheReplay { throw AuditFailed() }
      return EntryAudit()
    }
    app.register { r in
      let report = EntryReport(entry: try r.resolve(), database: try r.resolve())
      _ = try r.resolve(EntryAudit.self)
      return report
    }
    switch outcome {
    case .succeeds:
      let report = try await app.resolve(EntryReport.self)
      #expect(report.database.name == "main")
      // Every entry but the report's, each once (a failed disposal is written to standard error).
      #expect(disposedNumbers(journal) == (1...made.value).filter { $0 != report.entry.number })
    case .failsAfterTheReplay:
      // The resolve throws its own error, not a disposal's; every entry is nobody's.
      let error = await #expect(throws: ResolutionError.self) { try await app.resolve(EntryReport.self) }
      #expect(error?.code == .factoryFailed)
      #expect(disposedNumbers(journal) == Array(1...made.value))
    case .inAScope:
      do {
        let number = try await app.withScope { scope in try await scope.resolve(EntryReport.self).entry.number }
        #expect(disposal != .throwingBlock)
        #expect(number == made.value)
      } catch let error as DisposalError {
        #expect(disposal == .throwingBlock)
        #expect(error.failures.count == made.value)
      }
      #expect(disposedNumbers(journal) == Array(1...made.value))
    }
    try await app.shutdown()
    #expect(journal.disposed.count == made.value - (outcome == .succeeds ? 1 : 0), "none twice, none at shutdown")
  }

  @Test func aSharedInstanceTheAbandonedRunMadeIsReusedAndNotDisposed() async throws {
    let made = Counter()
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { _ async throws in try await Database.open("main") }
    app.register(.shared) { _ -> any AbandonedRunEntry in PlainEntry(number: made.increment()) }
      .disposing { entry in journal.note("\(entry.number)") }
    app.register { r in EntryReport(entry: try r.resolve(), database: try r.resolve()) }
    let report = try await app.resolve(EntryReport.self)
    #expect(made.value == 1)
    #expect(report.entry.number == 1)
    #expect(journal.disposed.isEmpty)
  }

  @Test func aUniqueInstanceASharedOneOfTheAbandonedRunHoldsIsNotDisposed() async throws {
    let made = Counter()
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { _ async throws in try await Database.open("main") }
    app.register(.unique) { _ -> any AbandonedRunEntry in PlainEntry(number: made.increment()) }
      .disposing { entry in journal.note("\(entry.number)") }
    app.register(.shared) { r in EntryHolder(entry: try r.resolve()) }
    app.register { r in
      let holder = try r.resolve(EntryHolder.self)
      return EntryReport(entry: holder.entry, database: try r.resolve())
    }
    let report = try await app.resolve(EntryReport.self)
    #expect(made.value == 1)
    #expect(report.entry.number == 1)
    #expect(journal.disposed.isEmpty, "the holder, reused, holds it: \(journal.disposed)")
  }

  @Test func anEntryOnlyTheAbandonedRunOfABlockReceivedIsDisposedOnce() async throws {
    let made = Counter()
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { _ async throws in try await Database.open("main") }
    registerEntry(.block, made: made, journal: journal, in: app)
    app.register { BlockWired() }
      .resolvingProperties { r, wired in
        wired.entry = try r.resolve()
        wired.database = try r.resolve()
      }
    let wired = try await app.resolve(BlockWired.self)
    let number = try #require(wired.entry?.number)
    #expect(wired.database?.name == "main")
    #expect(disposedNumbers(journal) == (1...made.value).filter { $0 != number })
  }

  @Test func anAutoInjectedPropertyKeepsTheEntryItGotBeforeTheAsyncDependencyUndisposed() async throws {
    let made = Counter()
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { _ async throws in try await Database.open("main") }
    registerEntry(.block, made: made, journal: journal, in: app)
    app.register { AutoInjected() }
    let injected = try await app.resolve(AutoInjected.self)
    #expect(injected.database.name == "main")
    #expect(made.value == 1)
    #expect(injected.entry.number == 1)
    #expect(journal.disposed.isEmpty, "the property holds it: \(journal.disposed)")
  }

  @Test func anAsyncMadeUniqueInstanceARunThatIsAbandonedTookGoesToTheNextRunUndisposed() async throws {
    let made = Counter()
    let journal = DisposalJournal()
    let app = Container()
    for tag in ["first", "second"] {
      app.register(.unique, tag: tag) { _ async throws in
        await Task.yield()
        return AsyncSession(number: made.increment())
      }
      .disposing { session in journal.note("\(session.number)") }
    }
    app.register { r in
      // Each session is made asynchronously for the next run: the second run takes the first
      // session, then stops at the second; the third run takes the first again, then the second.
      SessionPair(first: try r.resolve(tag: "first"), second: try r.resolve(tag: "second"))
    }
    let pair = try await app.resolve(SessionPair.self)
    #expect(made.value == 2)
    #expect([pair.first.number, pair.second.number] == [1, 2])
    #expect(journal.disposed.isEmpty, "both are the caller's: \(journal.disposed)")
    try await app.shutdown()
    #expect(journal.disposed.isEmpty)
  }

  @Test func anAsyncMadeUniqueInstanceNoRunTookIsDisposedOnce() async throws {
    let made = Counter()
    let runs = Counter()
    let journal = DisposalJournal()
    let app = Container()
    app.register(.unique) { _ async throws in AsyncSession(number: made.increment()) }
      .disposing { session in journal.note("\(session.number)") }
    app.register { r in
      // Only the first run asks for the session: the one made for the next run is nobody's.
      if runs.increment() == 1 { _ = try r.resolve(AsyncSession.self) }
      return EntryAudit()
    }
    _ = try await app.resolve(EntryAudit.self)
    #expect(runs.value == 2)
    #expect(made.value == 1)
    #expect(journal.disposed == ["1"])
    try await app.shutdown()
    #expect(journal.disposed == ["1"], "once")
  }
}
