/// A type whose instance runs for as long as the app does (a connection pool's upkeep, a queue
/// consumer, a server) and that the container starts after what it depends on and stops before.
///
/// Declare the definition a service with ``Definition/runsAsService()``; the container then runs
/// ``run()`` in ``Container/runServices()`` (or hands it to a `ServiceGroup` through the
/// SurrogateServiceLifecycle package). `run()` returns, or throws `CancellationError`, when its task
/// is cancelled: that is how a service is stopped. The requirement is the one of
/// swift-service-lifecycle's `Service`, so one method serves both.
///
/// ```swift
/// final class Purger: LongRunningService {
///   let pool: ConnectionPool
///   init(pool: ConnectionPool) { self.pool = pool }
///   func run() async throws {
///     while !Task.isCancelled {
///       await pool.purgeExpired()
///       try await Task.sleep(for: .seconds(60))
///     }
///   }
/// }
///
/// app.register(.singleton) { r in Purger(pool: try r.resolve()) }.runsAsService()
/// ```
public protocol LongRunningService: Sendable {
  /// Runs the service until it is done or its task is cancelled.
  ///
  /// ```swift
  /// func run() async throws {
  ///   for await job in queue.jobs { try await handle(job) }
  /// }
  /// ```
  ///
  /// - Throws: What stops the service with an error; `CancellationError` when it was cancelled.
  func run() async throws
}
