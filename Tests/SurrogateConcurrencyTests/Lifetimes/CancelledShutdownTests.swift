import SuiteSupport
import Surrogate
import Testing

/// Disposals run to the end in a task that was cancelled: a SIGTERM that cancels the task that
/// shuts the app down, or a request whose task was cancelled when its scope ends, must still
/// close the pool or roll the unit of work back (outside client 17: `runServiceGroup` cancelled).
struct CancelledShutdownTests {
  private final class Flusher: Sendable {}

  @Test func aShutdownInACancelledTaskRunsItsAsyncDisposalsUncancelled() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { Flusher() }.disposing { _ in
      try await Task.sleep(for: .milliseconds(1))
      journal.note("flushed")
    }
    _ = try await app.resolve(Flusher.self)
    let shutdown = Task { () -> String in
      withUnsafeCurrentTask { $0?.cancel() }
      do {
        try await app.shutdown()
        return "ok"
      } catch {
        return "\(error)"
      }
    }
    #expect(await shutdown.value == "ok")
    #expect(journal.disposed == ["flushed"])
  }

  /// The task that shuts down is cancelled while a disposal awaits (a service that shut the app
  /// down from its `run`, cancelled by a `ServiceGroup` once another service stopped): the
  /// disposal still runs to its end (outside client 26: the pool's close was cut short).
  @Test func aShutdownWhoseTaskIsCancelledWhileADisposalAwaitsRunsItToItsEnd() async throws {
    let journal = DisposalJournal()
    let (started, disposalStarted) = AsyncStream.makeStream(of: Void.self)
    let (proceed, letItFinish) = AsyncStream.makeStream(of: Void.self)
    let app = Container()
    app.register(.singleton) { Flusher() }.disposing { _ in
      disposalStarted.yield()
      for await _ in proceed { break }
      try await Task.sleep(for: .milliseconds(1))
      journal.note("flushed")
    }
    _ = try await app.resolve(Flusher.self)
    let shutdown = Task { () -> String in
      do {
        try await app.shutdown()
        return "ok"
      } catch {
        return "\(error)"
      }
    }
    for await _ in started { break }
    shutdown.cancel()
    letItFinish.yield()
    #expect(await shutdown.value == "ok")
    #expect(journal.disposed == ["flushed"])
  }

  @Test func aScopeEndingInACancelledTaskRunsItsAsyncDisposalsUncancelled() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.scoped) { Flusher() }.disposing { _ in
      try await Task.sleep(for: .milliseconds(1))
      journal.note("rolled back")
    }
    let request = Task { () -> String in
      do {
        try await app.withScope { scope in
          _ = try await scope.resolve(Flusher.self)
          withUnsafeCurrentTask { $0?.cancel() }
        }
        return "ok"
      } catch {
        return "\(error)"
      }
    }
    #expect(await request.value == "ok")
    #expect(journal.disposed == ["rolled back"])
  }

  /// The request's task is cancelled while its scope's rollback awaits (a client gone, a SIGTERM):
  /// the rollback runs to its end; it used to stop at its next `await`, the unit of work open.
  @Test func aCancellationWhileAScopesAsyncDisposalAwaitsDoesNotCutItShort() async throws {
    let journal = DisposalJournal()
    let (entered, disposalEntered) = AsyncStream.makeStream(of: Void.self)
    let (proceed, letItProceed) = AsyncStream.makeStream(of: Void.self)
    let app = Container()
    app.register(.scoped) { Flusher() }.disposing { _ in
      disposalEntered.yield()
      for await _ in proceed { break }
      try await Task.sleep(for: .milliseconds(1))
      journal.note("rolled back")
    }
    let request = Task { () -> String in
      do {
        try await app.withScope { scope in _ = try await scope.resolve(Flusher.self) }
        return "ok"
      } catch {
        return "\(error)"
      }
    }
    for await _ in entered { break }
    request.cancel()
    letItProceed.yield()
    #expect(await request.value == "ok")
    #expect(journal.disposed == ["rolled back"])
  }
}
