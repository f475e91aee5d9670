import Surrogate

/// What was disposed, in order: the scope and disposal tests read it.
final class DisposalJournal: Sendable {
  private let entries = Locked<[String]>([])

  func note(_ entry: String) { entries.withLock { $0.append(entry) } }
  var disposed: [String] { entries.withLock { $0 } }
}

/// A connection pool an app keeps for its whole life, closed asynchronously.
final class PoolStub: Sendable {
  let journal: DisposalJournal
  init(journal: DisposalJournal) { self.journal = journal }
  func close() async { journal.note("pool") }
}

/// One unit of work's session on the pool: one per scope.
final class SessionStub: Sendable {
  let pool: PoolStub
  let request: RequestStub
  let journal: DisposalJournal
  init(pool: PoolStub, request: RequestStub, journal: DisposalJournal) {
    self.pool = pool
    self.request = request
    self.journal = journal
  }
}

/// What only a scope knows.
struct RequestStub: Sendable {
  let id: Int
}

/// Depends on the session: made after it, disposed before it.
final class RepositoryStub: Sendable {
  let session: SessionStub
  init(session: SessionStub) { self.session = session }
}

/// A type that disposes itself through the protocol.
final class DisposableStub: Disposable, Sendable {
  let name: String
  let journal: DisposalJournal
  init(_ name: String, journal: DisposalJournal) {
    self.name = name
    self.journal = journal
  }
  func dispose() async throws { journal.note(name) }
}

/// Holds what it was made from, and notes its name when disposed: a dependent, whose disposal
/// must come before that of what it holds.
final class DisposableHolder<Held: Sendable>: Disposable, Sendable {
  let name: String
  let held: Held
  let journal: DisposalJournal
  init(_ name: String, holding held: Held, journal: DisposalJournal) {
    self.name = name
    self.held = held
    self.journal = journal
  }
  func dispose() async throws { journal.note(name) }
}

struct DisposalFailed: Error, Equatable {
  let name: String
}
