import Foundation
import Surrogate
import Testing

// INVARIANT: `ServiceLock` is `@unchecked Sendable` because of its `var state`, which is read and
// written only while `lock` is held.

/// The state of a journal or a gate, behind an `NSLock`. This file is shared (a symbolic link) with
/// SurrogateServiceLifecycle's tests, which have neither `Locked` nor `withLock(owner:)`, and
/// ThreadSanitizer, which runs these tests, does not see a `Synchronization.Mutex` on Linux.
private final class ServiceLock<State>: @unchecked Sendable {  // `state` only under `lock`
  private let lock = NSLock()
  private var state: State  // only read and written under `lock`

  init(_ state: State) { self.state = state }

  func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }
}

/// What services did, in order, and a way to wait until enough has happened.
final class ServiceJournal: Sendable {
  private struct State {
    var entries: [String] = []
    var waiters: [(count: Int, prefix: String, continuation: CheckedContinuation<Void, Never>)] = []

    func count(_ prefix: String) -> Int { entries.count { $0.hasPrefix(prefix) } }
  }

  private let state = ServiceLock(State())

  var entries: [String] { state.withLock { $0.entries } }

  func note(_ entry: String) {
    let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.entries.append(entry)
      let entries = state
      let ready = state.waiters.filter { $0.count <= entries.count($0.prefix) }
      state.waiters.removeAll { $0.count <= entries.count($0.prefix) }
      return ready.map(\.continuation)
    }
    for continuation in ready { continuation.resume() }
  }

  /// Waits until `count` entries that start with `prefix` were noted.
  func waitUntil(count: Int, of prefix: String) async {
    await withCheckedContinuation { continuation in
      let isReady = state.withLock { state in
        if state.count(prefix) >= count { return true }
        state.waiters.append((count, prefix, continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }

  /// The starts and stops, in order.
  var runs: [String] { entries.filter { $0.hasPrefix("start ") || $0.hasPrefix("stop ") } }

  /// The entries that start with `prefix`, without it.
  func entries(_ prefix: String) -> [String] {
    entries.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
  }
}

/// Waits until the task is cancelled.
func waitForCancellation() async {
  let (stream, continuation) = AsyncStream<Void>.makeStream()
  for await _ in stream {}
  withExtendedLifetime(continuation) {}
}

/// A service that notes its start, runs until cancelled (or throws `failure` at once), and notes
/// its stop and its disposal.
final class JournalingService: LongRunningService, Disposable {
  let name: String
  let journal: ServiceJournal
  let dependencies: [JournalingService]
  let failure: (any Error & Sendable)?

  init(
    _ name: String, journal: ServiceJournal, dependencies: [JournalingService] = [],
    failure: (any Error & Sendable)? = nil
  ) {
    self.name = name
    self.journal = journal
    self.dependencies = dependencies
    self.failure = failure
  }

  func run() async throws {
    journal.note("start \(name)")
    if let failure { throw failure }
    await waitForCancellation()
    journal.note("stop \(name)")
    throw CancellationError()
  }

  func dispose() async throws { journal.note("dispose \(name)") }
}

struct ServiceStubFailure: Error, CustomStringConvertible {
  var description: String { "connection refused" }
}

/// A gate a task waits at, ignoring cancellation, until the test opens it.
final class ServiceGate: Sendable {
  private struct State {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = ServiceLock(State())

  /// Waits until the gate is open; cancelling the waiting task does not end the wait.
  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if state.isOpen { return true }
        state.waiters.append(continuation)
        return false
      }
      if isOpen { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// A service that ignores the cancellation that stops it: it notes its start, waits at `gate`,
/// and notes its stop.
final class StubbornService: LongRunningService {
  let name: String
  let journal: ServiceJournal
  let gate: ServiceGate

  init(_ name: String, journal: ServiceJournal, gate: ServiceGate) {
    self.name = name
    self.journal = journal
    self.gate = gate
  }

  func run() async throws {
    journal.note("start \(name)")
    await gate.wait()
    journal.note("stop \(name)")
  }
}

/// The task's result, or `nil` if it has not ended within `limit` of the time the cooperative
/// pool could run it: then the task is cancelled (a run of services ends when its task is
/// cancelled), so that the test ends either way.
///
/// NB: a bound on wall-clock time reported hangs that were not: under ThreadSanitizer, with the
/// whole suite running on a slow machine, blocking tests held both threads of the pool for over
/// ten seconds, and a `shutdown()` still waiting its turn for a thread was reported as hung
/// (`BoundedWaitTests`).
func result<Success: Sendable>(
  of task: Task<Success, any Error>, within limit: Duration
) async -> Result<Success, any Error>? {
  await withTaskGroup(of: Result<Success, any Error>?.self) { group in
    group.addTask { await task.result }
    group.addTask {
      await sleep(forPoolTime: limit)
      return nil
    }
    let first = await group.next() ?? nil
    if first == nil { task.cancel() }
    group.cancelAll()
    return first
  }
}

/// Sleeps for `limit` (or until cancelled), counting only the time the cooperative pool could run
/// this task: it sleeps in short steps, and a step that wakes late (no thread was free to run
/// it) counts as two steps, not as the time it took.
private func sleep(forPoolTime limit: Duration) async {
  let step = Duration.milliseconds(20)
  let clock = ContinuousClock()
  var counted = Duration.zero
  while counted < limit, !Task.isCancelled {
    let start = clock.now
    try? await Task.sleep(for: step)
    counted += min(clock.now - start, step * 2)
  }
}

extension ServiceJournal {
  /// Whether a disposal of `name` was noted while it ran: between its first start and its stop
  /// after that (or the end of the journal, if it never stopped).
  func wasDisposedWhileRunning(_ name: String) -> Bool {
    let entries = entries
    guard let start = entries.firstIndex(of: "start \(name)") else { return false }
    let running = entries[start...]
    let stop = running.firstIndex(of: "stop \(name)") ?? entries.endIndex
    return entries[start..<stop].contains("dispose \(name)")
  }

  /// The entries noted since `name` first started.
  func entries(since start: String) -> [String] {
    let entries = entries
    guard let index = entries.firstIndex(of: start) else { return [] }
    return Array(entries[index...])
  }
}

/// Records an issue unless `outcome` (from `result(of:within:)`) is a normal return.
func expectReturned<Success>(
  _ outcome: Result<Success, any Error>?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  switch outcome {
  case .success?: break
  case .failure(let error)?: Issue.record("\(what) threw \(error)", sourceLocation: sourceLocation)
  case nil: Issue.record("\(what) did not return", sourceLocation: sourceLocation)
  }
}

/// Two services, `pool` and `purger` (which depends on it), journaled: the app of the run and
/// shutdown tests.
func poolAndPurgerApp(journal: ServiceJournal) -> Container {
  let app = Container()
  app.register(.singleton, tag: "purger") { r in
    JournalingService("purger", journal: journal, dependencies: [try r.resolve(tag: "pool")])
  }
  .runsAsService()
  app.register(.singleton, tag: "pool") { JournalingService("pool", journal: journal) }.runsAsService()
  return app
}

/// A child of `app` whose own service, `indexer`, depends on the parent's `pool`.
func indexerChild(of app: Container, journal: ServiceJournal) -> Container {
  let feature = Container(parent: app)
  feature.register(.singleton, tag: "indexer") { r in
    JournalingService("indexer", journal: journal, dependencies: [try r.resolve(tag: "pool")])
  }
  .runsAsService()
  return feature
}
