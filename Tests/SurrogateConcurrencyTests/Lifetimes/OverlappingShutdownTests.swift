import SuiteSupport
import Surrogate
import Testing

/// Two shutdowns that overlap, a child's own and its parent's, or two of one container: the
/// later one waits for the disposals the earlier one is running, so what a disposal still uses is
/// never disposed under it, and no caller returns before the container's instances are disposed
/// (outside client 15).
@Suite(.hangGuard)
struct OverlappingShutdownTests {
  private final class Pool: Sendable {}
  private final class Session: Sendable {
    let pool: Pool
    init(pool: Pool) { self.pool = pool }
  }

  /// A disposal that notes its start, then waits until the test lets it finish.
  private final class HeldDisposal: Sendable {
    private let released = Locked(false)
    let journal: DisposalJournal
    init(journal: DisposalJournal) { self.journal = journal }

    func run(_ name: String) async {
      journal.note("\(name) started")
      for _ in 0..<20_000 where !released.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(1)) }
      journal.note(name)
    }

    func release() { released.withLock { $0 = true } }

    /// Waits (bounded) until the journal has `entry`.
    func waitFor(_ entry: String) async {
      for _ in 0..<20_000 where !journal.disposed.contains(entry) { try? await Task.sleep(for: .milliseconds(1)) }
    }
  }

  @Test func aParentsShutdownWaitsForTheDisposalsOfAChildsOwnShutdownInProgress() async throws {
    let journal = DisposalJournal()
    let held = HeldDisposal(journal: journal)
    let app = Container()
    app.register(.singleton) { Pool() }.disposing { _ in journal.note("pool") }
    let child = Container(parent: app)
    child.register(.singleton) { r in Session(pool: try r.resolve()) }.disposing { _ in await held.run("session") }
    _ = try await child.resolve(Session.self)

    let childShutdown = Task { try await child.shutdown() }
    await held.waitFor("session started")
    let appShutdown = Task { try await app.shutdown() }
    try await Task.sleep(for: .milliseconds(50))  // time for the app's shutdown to get ahead
    held.release()
    try await childShutdown.value
    try await appShutdown.value
    #expect(journal.disposed == ["session started", "session", "pool"])
  }

  @Test func aSecondShutdownReturnsOnlyOnceTheFirstHasDisposedEverything() async throws {
    let journal = DisposalJournal()
    let held = HeldDisposal(journal: journal)
    let app = Container()
    app.register(.singleton) { Pool() }.disposing { _ in await held.run("pool") }
    _ = try await app.resolve(Pool.self)

    let first = Task { try await app.shutdown() }
    await held.waitFor("pool started")
    let second = Task { () -> DisposalError.Code? in
      do {
        try await app.shutdown()
        return nil
      } catch {
        journal.note("second returned")
        return (error as? DisposalError)?.code
      }
    }
    try await Task.sleep(for: .milliseconds(50))  // time for the second to return early
    held.release()
    try await first.value
    #expect(await second.value == .alreadyEnded)
    #expect(journal.disposed == ["pool started", "pool", "second returned"])
  }

  /// A disposal that shuts its own container down is not waited for by itself: it gets
  /// `alreadyEnded` at once.
  @Test func aDisposalThatShutsItsOwnContainerDownDoesNotWaitForItself() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { Pool() }.disposing { [weak app] _ in
      do {
        try await app?.shutdown()
      } catch {
        journal.note("\((error as? DisposalError)?.code.description ?? "\(error)")")
      }
    }
    _ = try await app.resolve(Pool.self)
    let outcome = await outcomes(ofTasks: 1, within: 60) { _ in
      do {
        try await app.shutdown()
        return "done"
      } catch {
        return "\(error)"
      }
    }
    #expect(outcome == ["done"])
    #expect(journal.disposed == ["alreadyEnded"])
  }
}
