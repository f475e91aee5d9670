import Surrogate
import SurrogateTesting
import Synchronization
import Testing

/// What was closed, in order.
private final class CloseJournal: Sendable {
  private let entries = Mutex<[String]>([])
  func note(_ entry: String) { entries.withLock { $0.append(entry) } }
  var closed: [String] { entries.withLock { $0 } }
}

/// A database session a screen opens: it must be closed, not only released.
private final class DatabaseSession: Sendable {
  let journal: CloseJournal
  init(journal: CloseJournal) { self.journal = journal }
  func close() { journal.note("session") }
  func closeAsync() async { journal.note("session") }
}

/// A session that closes itself through `Disposable`.
private final class DisposableSession: Disposable, Sendable {
  let journal: CloseJournal
  init(journal: CloseJournal) { self.journal = journal }
  func dispose() async throws { journal.note("disposable session") }
}

private final class HistoryPresenter: Sendable {
  let session: DatabaseSession
  init(session: DatabaseSession) { self.session = session }
}

private final class HistoryScreen: Sendable {
  let presenter: HistoryPresenter
  init(presenter: HistoryPresenter) { self.presenter = presenter }
}

private final class DisposableScreen: Sendable {
  let session: DisposableSession
  init(session: DisposableSession) { self.session = session }
}

@MainActor
private final class MainActorScreen {
  let presenter: HistoryPresenter
  init(presenter: HistoryPresenter) { self.presenter = presenter }
}

/// A `.scoped` unit of work that holds a session of its own.
private final class ScopedTransaction: Sendable {
  let session: DatabaseSession
  init(session: DatabaseSession) { self.session = session }
}

private final class TransactionScreen: Sendable {
  let transaction: ScopedTransaction
  init(transaction: ScopedTransaction) { self.transaction = transaction }
}

private struct ScreenFailed: Error {}

private struct CloseFailed: Error, CustomStringConvertible {
  var description: String { "the socket was gone" }
}

/// A session that calls back a presenter it holds strongly until it is closed: a cycle that
/// closing breaks.
private final class CallbackSession: @unchecked Sendable {  // `listener` is set once, before it is shared
  var listener: CallbackPresenter?
  let journal: CloseJournal
  init(journal: CloseJournal) { self.journal = journal }
  func close() {
    listener = nil
    journal.note("callback session")
  }
}

private final class CallbackPresenter: Sendable {
  let session: CallbackSession
  init(session: CallbackSession) { self.session = session }
}

/// Sessions someone outside the graph keeps: a leak however they are closed.
private final class OpenSessions: Sendable {
  private let sessions = Mutex<[DatabaseSession]>([])
  func add(_ session: DatabaseSession) { sessions.withLock { $0.append(session) } }
}

/// A leak check makes the graph it checks: what it made that nobody keeps (`.shared` and `.unique`
/// instances, not a singleton's or a scope's) is disposed when the check ends, after the releases
/// were checked, as a scope's end disposes what the scope made.
struct LeakCheckDisposalTests {
  private func app(_ scope: Scope, journal: CloseJournal, async: Bool = false) -> Container {
    let app = Container()
    if async {
      app.register(scope) { DatabaseSession(journal: journal) }.disposing { session in await session.closeAsync() }
    } else {
      app.register(scope) { DatabaseSession(journal: journal) }.disposing { session in session.close() }
    }
    app.register { r in HistoryPresenter(session: try r.resolve()) }
    app.register { r in HistoryScreen(presenter: try r.resolve()) }
    return app
  }

  @Test(arguments: [Scope.shared, .unique])
  func aSynchronousLeakCheckClosesTheSessionItOpened(scope: Scope) throws {
    let journal = CloseJournal()
    let report = try app(scope, journal: journal).checkForLeaks(resolving: HistoryScreen.self)
    #expect(report.isReleased, "\(report)")
    #expect(report.checked.contains(DefinitionKey(type: DatabaseSession.self)))
    #expect(journal.closed == ["session"])
  }

  @Test(arguments: [Scope.shared, .unique])
  func anAwaitedLeakCheckRunsAnAsyncDisposal(scope: Scope) async throws {
    let journal = CloseJournal()
    let report = try await app(scope, journal: journal, async: true).checkForLeaks(resolving: HistoryScreen.self)
    #expect(report.isReleased, "\(report)")
    #expect(journal.closed == ["session"])
  }

  @Test func anAwaitedLeakCheckDisposesADisposableInstance() async throws {
    let journal = CloseJournal()
    let app = Container()
    app.register { DisposableSession(journal: journal) }
    app.register { r in DisposableScreen(session: try r.resolve()) }
    let report = try await app.checkForLeaks(resolving: DisposableScreen.self)
    #expect(report.isReleased, "\(report)")
    #expect(journal.closed == ["disposable session"])
  }

  /// A test cancelled while its leak check runs (a time limit, a failing sibling in a task
  /// group) still closes what the check opened: the disposal's awaits run to their end.
  @Test func anAwaitedLeakCheckInACancelledTaskStillRunsItsAsyncDisposals() async throws {
    let journal = CloseJournal()
    let app = Container()
    app.register { DatabaseSession(journal: journal) }
      .disposing { session in
        try await Task.sleep(for: .milliseconds(1))
        await session.closeAsync()
      }
    app.register { r in HistoryPresenter(session: try r.resolve()) }
    app.register { r in HistoryScreen(presenter: try r.resolve()) }
    let check = Task {
      while !Task.isCancelled { await Task.yield() }
      return try await app.checkForLeaks(resolving: HistoryScreen.self)
    }
    check.cancel()
    let report = try await check.value
    #expect(report.disposalError == nil, "\(report)")
    #expect(journal.closed == ["session"])
  }

  @Test func aLeakCheckInsideAScopeClosesWhatItMadeWhenItEnds() async throws {
    let journal = CloseJournal()
    let app = app(.shared, journal: journal, async: true)
    try await app.withScope { scope in
      let report = try await scope.checkForLeaks(resolving: HistoryScreen.self)
      #expect(report.isReleased, "\(report)")
      #expect(journal.closed == ["session"])
    }
    // The scope does not dispose it again.
    #expect(journal.closed == ["session"])
  }

  @Test func aSessionHeldByTheScopesTransactionIsClosedByTheScopeNotByTheCheck() async throws {
    let journal = CloseJournal()
    let app = Container()
    app.register(.unique) { DatabaseSession(journal: journal) }.disposing { session in await session.closeAsync() }
    app.register(.scoped) { r in ScopedTransaction(session: try r.resolve()) }
    app.register { r in TransactionScreen(transaction: try r.resolve()) }
    try await app.withScope { scope in
      let report = try await scope.checkForLeaks(resolving: TransactionScreen.self)
      #expect(report.isReleased, "\(report)")
      // The transaction lives until the scope ends, and so does its session.
      #expect(journal.closed.isEmpty)
    }
    #expect(journal.closed == ["session"])
  }

  @MainActor
  @Test func aLeakCheckFromTheMainActorClosesTheSession() async throws {
    let journal = CloseJournal()
    let app = app(.shared, journal: journal)
    app.register { @MainActor r in MainActorScreen(presenter: try r.resolve()) }
    let report = try await app.checkForLeaks(resolving: MainActorScreen.self)
    #expect(report.isReleased, "\(report)")
    #expect(journal.closed == ["session"])
    checkSynchronously(app, journal: journal)
  }

  @MainActor
  private func checkSynchronously(_ app: Container, journal: CloseJournal) {
    #expect(throws: Never.self) {
      let report = try app.checkForLeaks(resolving: MainActorScreen.self)
      #expect(report.isReleased, "\(report)")
    }
    #expect(journal.closed == ["session", "session"])
  }

  @Test func aFailedLeakCheckClosesWhatItMade() async throws {
    let journal = CloseJournal()
    let app = app(.shared, journal: journal)
    app.register { r -> HistoryScreen in
      _ = try r.resolve(HistoryPresenter.self)
      throw ScreenFailed()
    }
    checkFailingSynchronously(app)
    #expect(journal.closed == ["session"])
    await #expect(throws: (any Error).self) { try await app.checkForLeaks(resolving: HistoryScreen.self) }
    #expect(journal.closed == ["session", "session"])
  }

  private func checkFailingSynchronously(_ app: Container) {
    #expect(throws: ResolutionError.self) { try app.checkForLeaks(resolving: HistoryScreen.self) }
  }

  @Test func aSingletonSessionIsTheContainersNotTheChecks() async throws {
    let journal = CloseJournal()
    let app = app(.singleton, journal: journal)
    let report = try await app.checkForLeaks(resolving: HistoryScreen.self)
    #expect(report.isReleased, "\(report)")
    #expect(journal.closed.isEmpty)
    try await app.shutdown()
    #expect(journal.closed == ["session"])
  }

  @Test func aSynchronousLeakCheckReportsAnAsyncDisposalItCannotRun() throws {
    let journal = CloseJournal()
    let report = try app(.shared, journal: journal, async: true).checkForLeaks(resolving: HistoryScreen.self)
    #expect(report.leaks.isEmpty, "\(report)")
    #expect(!report.isReleased)
    let failure = report.disposalError?.failures.first
    #expect(failure?.key == DefinitionKey(type: DatabaseSession.self))
    #expect((failure?.error as? DisposalError)?.code == .requiresAwait)
    #expect("\(report)".contains("a synchronous `checkForLeaks` cannot run"), "\(report)")
    #expect(journal.closed.isEmpty)
  }

  @Test func aDisposalThatThrowsIsInTheReport() async throws {
    let app = Container()
    app.register { DatabaseSession(journal: CloseJournal()) }.disposing { _ in throw CloseFailed() }
    app.register { r in HistoryPresenter(session: try r.resolve()) }
    let report = try await app.checkForLeaks(resolving: HistoryPresenter.self)
    #expect(report.leaks.isEmpty && !report.isReleased, "\(report)")
    #expect(report.disposalError?.code == .disposalFailed)
    #expect(report.disposalError?.message.contains("when the leak check ended") == true, "\(report)")
    #expect("\(report)".contains("the socket was gone"), "\(report)")
  }

  @Test func aDisposalThatWouldBreakACycleDoesNotHideTheLeak() async throws {
    let journal = CloseJournal()
    let app = Container()
    app.register { CallbackSession(journal: journal) }.disposing { session in session.close() }
    app.register { r in CallbackPresenter(session: try r.resolve()) }
      .resolvingProperties { _, presenter in presenter.session.listener = presenter }
    let report = try await app.checkForLeaks(
      resolving: CallbackPresenter.self, options: LeakCheckOptions(gracePeriod: .zero))
    #expect(Set(report.leaks.map(\.typeName)) == ["CallbackPresenter", "CallbackSession"], "\(report)")
    // A leaked instance is left as it is: the leak is the finding.
    #expect(journal.closed.isEmpty)
  }

  @Test func aSessionSomeoneElseKeepsIsALeakOnceDisposed() throws {
    let journal = CloseJournal()
    let open = OpenSessions()
    let app = Container()
    app.register { () -> DatabaseSession in
      let session = DatabaseSession(journal: journal)
      open.add(session)
      return session
    }
    .disposing { session in session.close() }
    app.register { r in HistoryPresenter(session: try r.resolve()) }
    let report = try app.checkForLeaks(resolving: HistoryPresenter.self)
    #expect(report.leaks.map(\.typeName) == ["DatabaseSession"], "\(report)")
    #expect(journal.closed == ["session"])
  }
}
