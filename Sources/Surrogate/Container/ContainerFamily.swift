import Synchronization

/// What a container shares with its ancestors and its children, and with no other container: a
/// family's flag that overrides were installed, and the identity that decides which graph a
/// nested `resolve` joins.
///
/// A child (and a scope's container) shares its parent's family; a container made without a
/// parent starts one. Collaborating containers stay separate families: a graph of one never joins
/// a graph of the other. (Their waits for each other's singletons meet in the process's one
/// ``WaitCoordinator``.)
@usableFromInline
final class ContainerFamily: Sendable {
  /// Set once any container of this family has had overrides installed; until then `resolve`
  /// does not read the task-local override scope.
  @usableFromInline let overridesInstalled = Atomic<Bool>(false)

  /// The number of custom-scope resets (``Container/reset(_:)``, ``Container/resetAndDispose(_:)``)
  /// of this family's containers that have finished renewing their registrations: a registration
  /// renewed by reset `n` has ``Registration/renewedAt`` `n`. A graph notes it before it first
  /// reads a registry other than its root's (``Graph/snapshotNotingResets(of:)``).
  @usableFromInline let resetGeneration = Atomic<Int>(0)
  /// The number of resets that have started: one more than ``resetGeneration`` while one runs.
  @usableFromInline let resetsStarted = Atomic<Int>(0)
  /// Makes the family's resets one at a time, so that every reset numbered at most
  /// ``resetGeneration`` has renewed all it renews.
  private let resetting = Mutex(())

  /// ``resetGeneration`` now.
  @inlinable @inline(__always)
  var finishedResets: Int { resetGeneration.load(ordering: .acquiring) }

  /// Whether no reset has started since ``finishedResets`` read `finished`: a registry snapshot
  /// taken in between holds what those resets renewed, and nothing of a later one.
  @inlinable @inline(__always)
  func noResetStarted(since finished: Int) -> Bool { resetsStarted.load(ordering: .acquiring) == finished }

  init() {}

  /// Runs `body`, a reset of this family's registrations, with its number; then counts it
  /// finished. `body` must run no user code (it keeps what it replaces alive past this call).
  func withReset<Result>(_ body: (Int) -> Result) -> Result {
    resetting.withLock(owner: self) { _ in
      let generation = resetGeneration.load(ordering: .relaxed) + 1
      resetsStarted.store(generation, ordering: .releasing)
      let result = body(generation)
      resetGeneration.store(generation, ordering: .releasing)
      return result
    }
  }

  /// Whether any container of this family has had overrides installed: read inline by every
  /// `resolve`, so that the common answer, no, costs one load.
  @inlinable @inline(__always)
  var hasOverrides: Bool { overridesInstalled.load(ordering: .relaxed) }

  func noteOverrides() { overridesInstalled.store(true, ordering: .relaxed) }

  /// How many `async` graphs of this family are running with their task-local scope bound
  /// (``AsyncGraphScope``): while none is, no task can join one, and an awaited request for a made
  /// singleton skips reading the task-local.
  ///
  /// NB: the task-local read (`AsyncGraphScope.current`, through the standard library's generic
  /// `TaskLocal.get`) was 282 of the 1,209 instructions of an awaited request for a made singleton
  /// (callgrind, `async-singleton`: 927 with this count; a synchronous request is 258). A task reads its own increment (its accesses are
  /// ordered, across suspensions too), so the count is never 0 while the reading task has a graph
  /// bound; another task's graph only makes it read the task-local, as before.
  let boundAsyncGraphs = Atomic<Int>(0)

  /// Whether some task may have an `async` graph of this family bound: see ``boundAsyncGraphs``.
  var mayHaveBoundAsyncGraph: Bool { boundAsyncGraphs.load(ordering: .relaxed) != 0 }

  /// Runs `body` with an `async` graph of this family bound, counted in ``boundAsyncGraphs``.
  func withBoundAsyncGraph<Result>(_ body: () async throws -> Result) async rethrows -> Result {
    boundAsyncGraphs.add(1, ordering: .relaxed)
    defer { boundAsyncGraphs.subtract(1, ordering: .relaxed) }
    return try await body()
  }
}
