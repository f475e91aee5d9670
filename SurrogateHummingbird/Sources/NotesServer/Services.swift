import Logging
import ServiceLifecycle

/// A long-running service that removes old notes every `interval`, through the pool.
///
/// ```swift
/// let purger = Purger(pool: pool, interval: .seconds(60), maximumAge: .seconds(3600), events: events)
/// ```
public struct Purger: Service {
  let pool: ConnectionPool
  let interval: Duration
  let maximumAge: Duration
  let events: EventLog

  /// A purger over `pool`.
  ///
  /// ```swift
  /// let purger = Purger(pool: pool, interval: .seconds(60), maximumAge: .seconds(3600), events: events)
  /// ```
  ///
  /// - Parameters:
  ///   - pool: The pool it leases a connection from, once per round.
  ///   - interval: The time between rounds.
  ///   - maximumAge: How old a note must be to be removed.
  ///   - events: Where it records that it started and stopped.
  public init(pool: ConnectionPool, interval: Duration, maximumAge: Duration, events: EventLog) {
    self.pool = pool
    self.interval = interval
    self.maximumAge = maximumAge
    self.events = events
  }

  /// Purges every `interval` until the group shuts down gracefully.
  ///
  /// ```swift
  /// try await purger.run()
  /// ```
  public func run() async throws {
    events.record("purger started")
    try? await cancelWhenGracefulShutdown {
      while true {
        try await Task.sleep(for: interval)
        let connection = try pool.lease()
        _ = connection.store.purge(olderThan: maximumAge)
        pool.giveBack(connection)
      }
    }
    events.record("purger stopped")
  }
}

/// A long-running service that logs the units of work's counts every `interval`.
///
/// ```swift
/// let reporter = StatsReporter(pool: pool, ledger: ledger, interval: .seconds(10), logger: logger, events: events)
/// ```
public struct StatsReporter: Service {
  let pool: ConnectionPool
  let ledger: UnitOfWorkLedger
  let interval: Duration
  let logger: Logger
  let events: EventLog

  /// A reporter of `ledger`'s counts and `pool`'s leases.
  ///
  /// ```swift
  /// let reporter = StatsReporter(pool: pool, ledger: ledger, interval: .seconds(10), logger: logger, events: events)
  /// ```
  ///
  /// - Parameters:
  ///   - pool: The pool whose leases it reports.
  ///   - ledger: The counts it reports.
  ///   - interval: The time between reports.
  ///   - logger: Where it reports, at info level.
  ///   - events: Where it records that it started and stopped.
  public init(pool: ConnectionPool, ledger: UnitOfWorkLedger, interval: Duration, logger: Logger, events: EventLog) {
    self.pool = pool
    self.ledger = ledger
    self.interval = interval
    self.logger = logger
    self.events = events
  }

  /// Reports every `interval` until the group shuts down gracefully, and once more at the end.
  ///
  /// ```swift
  /// try await reporter.run()
  /// ```
  public func run() async throws {
    events.record("stats reporter started")
    try? await cancelWhenGracefulShutdown {
      while true {
        try await Task.sleep(for: interval)
        report()
      }
    }
    report()
    events.record("stats reporter stopped")
  }

  private func report() {
    let counts = ledger.counts
    logger.info(
      "units of work",
      metadata: [
        "began": "\(counts.began)", "committed": "\(counts.committed)", "rolledBack": "\(counts.rolledBack)",
        "disposed": "\(counts.disposed)", "leased": "\(pool.leasedCount)",
      ])
  }
}

/// Runs a service and records when it returned, so the shutdown order can be read.
struct RecordedService: Service {
  let name: String
  let base: any Service
  let events: EventLog

  func run() async throws {
    events.record("\(name) started")
    defer { events.record("\(name) stopped") }
    try await base.run()
  }
}
