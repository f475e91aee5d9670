import Surrogate

/// What was disposed, in order: the scope and disposal tests read it.
package final class DisposalJournal: Sendable {
  private let entries = Locked<[String]>([])

  package init() {}

  package func note(_ entry: String) { entries.withLock { $0.append(entry) } }
  package var disposed: [String] { entries.withLock { $0 } }
}

/// A connection pool an app keeps for its whole life, closed asynchronously.
package final class PoolStub: Sendable {
  package let journal: DisposalJournal
  package init(journal: DisposalJournal) { self.journal = journal }
  package func close() async { journal.note("pool") }
}

/// One unit of work's session on the pool: one per scope.
package final class SessionStub: Sendable {
  package let pool: PoolStub
  package let request: RequestStub
  package let journal: DisposalJournal
  package init(pool: PoolStub, request: RequestStub, journal: DisposalJournal) {
    self.pool = pool
    self.request = request
    self.journal = journal
  }
}

/// What only a scope knows.
package struct RequestStub: Sendable {
  package let id: Int
  package init(id: Int) { self.id = id }
}

/// Depends on the session: made after it, disposed before it.
package final class RepositoryStub: Sendable {
  package let session: SessionStub
  package init(session: SessionStub) { self.session = session }
}

/// A type that disposes itself through the protocol.
package final class DisposableStub: Disposable, Sendable {
  package let name: String
  package let journal: DisposalJournal
  package init(_ name: String, journal: DisposalJournal) {
    self.name = name
    self.journal = journal
  }
  package func dispose() async throws { journal.note(name) }
}

/// Holds what it was made from, and notes its name when disposed: a dependent, whose disposal
/// must come before that of what it holds.
package final class DisposableHolder<Held: Sendable>: Disposable, Sendable {
  package let name: String
  package let held: Held
  package let journal: DisposalJournal
  package init(_ name: String, holding held: Held, journal: DisposalJournal) {
    self.name = name
    self.held = held
    self.journal = journal
  }
  package func dispose() async throws { journal.note(name) }
}

package struct DisposalFailed: Error, Equatable {
  package let name: String
  package init(name: String) { self.name = name }
}
