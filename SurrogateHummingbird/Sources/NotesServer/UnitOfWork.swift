import Surrogate
import Synchronization

/// Counts what the units of work did, so a test (or the stats reporter) can check that each one
/// ended exactly once.
///
/// ```swift
/// let ledger = UnitOfWorkLedger()
/// print(ledger.counts.began)  // 0
/// ```
public final class UnitOfWorkLedger: Sendable {
  /// The counts so far.
  ///
  /// ```swift
  /// let counts = ledger.counts
  /// print(counts.committed + counts.rolledBack == counts.began)
  /// ```
  public struct Counts: Sendable, Equatable {
    /// Units of work begun (a connection leased).
    public var began = 0
    /// Units of work committed.
    public var committed = 0
    /// Units of work rolled back (disposed before they committed).
    public var rolledBack = 0
    /// Units of work disposed (the connection given back).
    public var disposed = 0
    /// Misuses: a second disposal, or a commit after the end.
    public var misuses = 0

    /// Counts to compare with.
    ///
    /// ```swift
    /// let expected = UnitOfWorkLedger.Counts(began: 2, committed: 1, rolledBack: 1, disposed: 2)
    /// ```
    public init(began: Int = 0, committed: Int = 0, rolledBack: Int = 0, disposed: Int = 0, misuses: Int = 0) {
      self.began = began
      self.committed = committed
      self.rolledBack = rolledBack
      self.disposed = disposed
      self.misuses = misuses
    }
  }

  private let state = Mutex(Counts())

  /// A ledger with nothing counted.
  ///
  /// ```swift
  /// let ledger = UnitOfWorkLedger()
  /// ```
  public init() {}

  /// The counts so far.
  ///
  /// ```swift
  /// print(ledger.counts.disposed)
  /// ```
  public var counts: Counts { state.withLock { $0 } }

  func count(_ update: (inout Counts) -> Void) { state.withLock { update(&$0) } }
}

/// One request's transaction: leases a connection when it begins, keeps its changes until
/// ``commit()``, and when disposed rolls back what was not committed and gives the connection
/// back.
///
/// Registered `.scoped`, the container makes one per request and disposes it when the request's
/// scope ends (it is `Disposable`), so an error anywhere in the handler rolls back and
/// never leaks the connection.
///
/// ```swift
/// app.register(.scoped) { r in try UnitOfWork(pool: r.resolve(), ledger: r.resolve()) }
/// ```
public final class UnitOfWork: Disposable, Sendable {
  private enum Phase { case open, committed, disposed }
  private struct State {
    var phase = Phase.open
    var changes: [Change] = []
  }

  private let connection: Connection
  private let pool: ConnectionPool
  private let ledger: UnitOfWorkLedger
  private let state = Mutex(State())

  /// Begins a unit of work on a connection leased from `pool`.
  ///
  /// ```swift
  /// let work = try UnitOfWork(pool: pool, ledger: ledger)
  /// ```
  ///
  /// - Parameters:
  ///   - pool: The pool to lease the connection from.
  ///   - ledger: Where the unit of work counts its end.
  /// - Throws: ``PoolError`` when no connection can be leased.
  public init(pool: ConnectionPool, ledger: UnitOfWorkLedger) throws(PoolError) {
    connection = try pool.lease()
    self.pool = pool
    self.ledger = ledger
    ledger.count { $0.began += 1 }
  }

  /// The committed note with this id.
  ///
  /// ```swift
  /// let note = work.note(1)
  /// ```
  ///
  /// - Parameter id: The note's id.
  /// - Returns: The note, or `nil`.
  public func note(_ id: Int) -> Note? { connection.store.note(id) }

  /// How many notes are committed.
  ///
  /// ```swift
  /// print(work.noteCount)
  /// ```
  public var noteCount: Int { connection.store.count }

  /// Adds a note when the unit of work commits.
  ///
  /// ```swift
  /// work.add("milk")
  /// ```
  ///
  /// - Parameter text: What the note says.
  public func add(_ text: String) {
    state.withLock { $0.changes.append(.insert(text)) }
  }

  /// Applies the changes at once.
  ///
  /// ```swift
  /// let ids = try work.commit()
  /// ```
  ///
  /// - Returns: The ids of the notes it added, in order.
  /// - Throws: ``PoolError`` when the unit of work already ended.
  @discardableResult
  public func commit() throws(PoolError) -> [Int] {
    let changes: [Change]? = state.withLock { state in
      guard state.phase == .open else { return nil }
      state.phase = .committed
      return state.changes
    }
    guard let changes else {
      ledger.count { $0.misuses += 1 }
      throw PoolError(description: "The unit of work already ended; commit once, before the request's scope ends.")
    }
    let ids = connection.store.apply(changes)
    ledger.count { $0.committed += 1 }
    return ids
  }

  /// Rolls back what was not committed and gives the connection back; once.
  ///
  /// ```swift
  /// await work.dispose()
  /// ```
  public func dispose() async {
    let before: Phase = state.withLock { state in
      let phase = state.phase
      if phase != .disposed {
        state.phase = .disposed
        state.changes = []
      }
      return phase
    }
    guard before != .disposed else {
      ledger.count { $0.misuses += 1 }
      return
    }
    pool.giveBack(connection)
    ledger.count { counts in
      if before == .open { counts.rolledBack += 1 }
      counts.disposed += 1
    }
  }
}
