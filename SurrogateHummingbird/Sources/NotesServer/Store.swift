import Synchronization

/// A note: what the service stores.
///
/// ```swift
/// let note = Note(id: 1, text: "milk", created: .now)
/// ```
public struct Note: Sendable, Equatable {
  /// The note's id, given when its unit of work commits.
  public var id: Int
  /// What the note says.
  public var text: String
  /// When it was committed.
  public var created: ContinuousClock.Instant

  /// Makes a note.
  ///
  /// ```swift
  /// let note = Note(id: 1, text: "milk", created: .now)
  /// ```
  public init(id: Int, text: String, created: ContinuousClock.Instant) {
    self.id = id
    self.text = text
    self.created = created
  }
}

/// A change a unit of work keeps until it commits.
enum Change: Sendable {
  case insert(String)
  case delete(Int)
}

/// The in-memory database: notes by id. Changes are applied all at once, under one lock, as a
/// transaction commits.
///
/// ```swift
/// let store = NoteStore()
/// print(store.count)  // 0
/// ```
public final class NoteStore: Sendable {
  private struct State {
    var notes: [Int: Note] = [:]
    var nextID = 1
  }
  private let state = Mutex(State())

  /// An empty store.
  ///
  /// ```swift
  /// let store = NoteStore()
  /// ```
  public init() {}

  /// How many notes are stored.
  ///
  /// ```swift
  /// print(store.count)
  /// ```
  public var count: Int { state.withLock { $0.notes.count } }

  /// The note with this id, if any.
  ///
  /// ```swift
  /// let note = store.note(1)
  /// ```
  ///
  /// - Parameter id: The note's id.
  /// - Returns: The note, or `nil`.
  public func note(_ id: Int) -> Note? { state.withLock { $0.notes[id] } }

  /// Applies a transaction's changes at once; returns the ids of the inserted notes.
  func apply(_ changes: [Change]) -> [Int] {
    let now = ContinuousClock.now
    return state.withLock { state in
      var inserted: [Int] = []
      for change in changes {
        switch change {
        case .insert(let text):
          let id = state.nextID
          state.nextID += 1
          state.notes[id] = Note(id: id, text: text, created: now)
          inserted.append(id)
        case .delete(let id):
          state.notes[id] = nil
        }
      }
      return inserted
    }
  }

  /// Removes the notes older than `age`; returns how many.
  func purge(olderThan age: Duration) -> Int {
    let cutoff = ContinuousClock.now - age
    return state.withLock { state in
      let old = state.notes.values.filter { $0.created < cutoff }.map(\.id)
      for id in old { state.notes[id] = nil }
      return old.count
    }
  }
}

/// A leased connection to the store.
public final class Connection: Sendable {
  /// The connection's number in its pool.
  public let number: Int
  let store: NoteStore

  init(number: Int, store: NoteStore) {
    self.number = number
    self.store = store
  }
}

/// Why the pool gave no connection.
///
/// ```swift
/// do { _ = try pool.lease() } catch { print(error) }
/// ```
public struct PoolError: Error, CustomStringConvertible {
  /// What failed and how to fix it.
  public let description: String
}

/// The app-wide pool of connections to the store: leased per unit of work, given back at its
/// end, closed (`async`) when the app shuts down, after the last lease came back.
///
/// ```swift
/// let pool = ConnectionPool(size: 8, store: NoteStore(), events: EventLog())
/// let connection = try pool.lease()
/// pool.giveBack(connection)
/// await pool.close()
/// ```
public final class ConnectionPool: Sendable {
  private struct State {
    var idle: [Connection] = []
    var opened = 0
    var leased = 0
    var isClosed = false
  }
  private let state = Mutex(State())
  private let size: Int
  private let store: NoteStore
  private let events: EventLog

  /// A pool that opens up to `size` connections to `store`.
  ///
  /// ```swift
  /// let pool = ConnectionPool(size: 8, store: NoteStore(), events: EventLog())
  /// ```
  ///
  /// - Parameters:
  ///   - size: The most connections open at once.
  ///   - store: The database.
  ///   - events: Where the pool records that it closed.
  public init(size: Int, store: NoteStore, events: EventLog) {
    self.size = size
    self.store = store
    self.events = events
  }

  /// How many connections are leased now.
  ///
  /// ```swift
  /// print(pool.leasedCount)  // 0
  /// ```
  public var leasedCount: Int { state.withLock { $0.leased } }

  /// Leases an idle connection, or opens one.
  ///
  /// ```swift
  /// let connection = try pool.lease()
  /// ```
  ///
  /// - Returns: The connection; give it back with ``giveBack(_:)``.
  /// - Throws: ``PoolError`` when the pool is closed or all its connections are leased.
  public func lease() throws(PoolError) -> Connection {
    let leased: Connection? = state.withLock { state in
      guard !state.isClosed else { return nil }
      if let connection = state.idle.popLast() {
        state.leased += 1
        return connection
      }
      guard state.opened < size else { return nil }
      state.opened += 1
      state.leased += 1
      return Connection(number: state.opened, store: store)
    }
    guard let leased else {
      throw PoolError(
        description: "No connection: the pool is closed or its \(size) connections are all leased; "
          + "close the pool only after the server stopped, or raise its size.")
    }
    return leased
  }

  /// Gives a leased connection back.
  ///
  /// ```swift
  /// pool.giveBack(connection)
  /// ```
  ///
  /// - Parameter connection: A connection ``lease()`` returned.
  public func giveBack(_ connection: Connection) {
    state.withLock { state in
      state.leased -= 1
      state.idle.append(connection)
    }
  }

  /// Closes the pool once every lease came back (waiting up to five seconds), and records
  /// `pool closed (N leased)` with the leases still out.
  ///
  /// ```swift
  /// await pool.close()
  /// ```
  public func close() async {
    let deadline = ContinuousClock.now + .seconds(5)
    while leasedCount > 0, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    let stillLeased = state.withLock { state in
      state.isClosed = true
      state.idle.removeAll()
      return state.leased
    }
    events.record("pool closed (\(stillLeased) leased)")
  }
}
