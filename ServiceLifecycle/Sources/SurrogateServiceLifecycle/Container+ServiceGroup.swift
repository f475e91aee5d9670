import Logging
import ServiceLifecycle
import Surrogate
import UnixSignals

extension Container {
  /// Runs this container's services in a `ServiceGroup`, dependencies first, until a graceful
  /// shutdown (a signal in `gracefulShutdownSignals`, or the group's parent shutting down), then
  /// shuts the container down.
  ///
  /// The group gets ``lifecycleServices()``: it starts their tasks in that order and, on graceful
  /// shutdown, stops them in reverse order, each after the ones that depend on it have returned.
  /// A service that returns or throws shuts the others down the same way (each is configured
  /// with `.gracefullyShutdownGroup`), and the group throws its error. Once the group has ended,
  /// success or error, ``Container/shutdown()`` disposes the container's instances. A shutdown of
  /// the container from elsewhere while the group runs stops the services in the same order, then
  /// disposes; the group then ends as after a graceful shutdown. Cancelling the task that runs it
  /// is a graceful shutdown too (the group's own cancellation would stop every service at once).
  ///
  /// ```swift
  /// let app = Container()
  /// app.register(.singleton) { ConnectionPool() }.runsAsService()
  /// app.register(.singleton) { r in Purger(pool: try r.resolve()) }.runsAsService()
  /// try await app.runServiceGroup(logger: Logger(label: "notes"))
  /// ```
  ///
  /// - Parameters:
  ///   - gracefulShutdownSignals: The signals that start a graceful shutdown (default SIGTERM
  ///     and SIGINT).
  ///   - logger: The group's logger.
  ///   - configure: Changes the group's configuration before it runs: a service that is not
  ///     the container's (append it to `services` to start it last and stop it first), a
  ///     `maximumGracefulShutdownDuration`, cancellation signals.
  ///   - reportingDisposalFailures: Receives the disposal failures of the shutdown when the group
  ///     threw, so that neither error is lost; `nil` logs them with `logger` at `error` level.
  /// - Throws: The ``ServiceError`` of ``Container/resolveServices()`` (no service was started),
  ///   the group's error, or the ``DisposalError`` of the shutdown. The container is shut down in
  ///   every case, also when no service could be made: what was made is disposed, and a later
  ///   `shutdown()` throws `alreadyEnded`
  ///   (`aServiceThatCannotBeMadeStartsNothingAndTheContainerIsStillShutDown`).
  public func runServiceGroup(
    gracefulShutdownSignals: [UnixSignal] = [.sigterm, .sigint],
    logger: Logger,
    configure: (inout ServiceGroupConfiguration) -> Void = { _ in },
    reportingDisposalFailures: ((DisposalError) -> Void)? = nil
  ) async throws {
    var failure: (any Error)?
    do {
      let services = try await lifecycleServices().map { service in
        ServiceGroupConfiguration.ServiceConfiguration(
          service: service, successTerminationBehavior: .gracefullyShutdownGroup,
          failureTerminationBehavior: .gracefullyShutdownGroup, serviceName: "\(service)")
      }
      var configuration = ServiceGroupConfiguration(
        services: services, gracefulShutdownSignals: gracefulShutdownSignals, logger: logger)
      configure(&configuration)
      let group = ServiceGroup(configuration: configuration)
      // NB: the group runs in a task of its own, which this task's cancellation does not reach:
      // it becomes the group's graceful shutdown, which stops the services dependents first. The
      // group's own cancellation stopped them all at once (a pool before the purger using it).
      let run = Task { try await group.run() }
      try await withTaskCancellationHandler {
        try await run.value
      } onCancel: {
        Task { await group.triggerGracefulShutdown() }
      }
    } catch {
      failure = error
    }
    do {
      try await shutdown()
    } catch  where error.code == .alreadyEnded {
      // Shut down from elsewhere while the group ran (which stopped the services first): that
      // shutdown disposed, and reported its own failures.
    } catch {
      guard failure != nil else { throw error }
      if let reportingDisposalFailures {
        reportingDisposalFailures(error)
      } else {
        logger.error("The container's shutdown after its services failed: \(error)")
      }
    }
    if let failure { throw failure }
  }

  /// This container's services (``Container/resolveServices()``) as swift-service-lifecycle
  /// services, dependencies first: for a `ServiceGroup` of your own, or an application that runs
  /// one (Hummingbird's `Application(services:)`).
  ///
  /// A `ServiceGroup` starts them in the array's order (each in a task of its own, so their `run`
  /// methods then run concurrently) and, on graceful shutdown, stops them in reverse order, each
  /// once the ones after it have returned. A service that is a
  /// swift-service-lifecycle `Service` (a server, a client with its own `run`) gets the graceful
  /// shutdown and handles it itself; any other is cancelled on graceful shutdown and its
  /// `CancellationError` is not an error. Run all of them in one group: none is disposed here
  /// (call ``Container/shutdown()`` once the group has ended). A ``Container/shutdown()`` while the
  /// group runs stops them first, dependents first, before it disposes anything; a service stopped
  /// that way returns, which a group configured with `.gracefullyShutdownGroup` takes as the start
  /// of its graceful shutdown (and one configured by default, as a service that finished
  /// unexpectedly).
  ///
  /// ```swift
  /// let group = ServiceGroup(
  ///   services: try await app.lifecycleServices() + [server], gracefulShutdownSignals: [.sigterm],
  ///   logger: logger)
  /// try await group.run()
  /// try await app.shutdown()
  /// ```
  ///
  /// - Returns: The services, dependencies first.
  /// - Throws: ``ServiceError`` from ``Container/resolveServices()``.
  public func lifecycleServices() async throws(ServiceError) -> [any Service] {
    try await resolveServices().map(ContainerLifecycleService.init(service:))
  }
}

extension Definition where Instance: Service {
  /// Declares this definition's instance, a swift-service-lifecycle `Service`, a long-running
  /// service of its container (see Surrogate's `runsAsService()`): its `run()` runs it, and it
  /// gets the group's graceful shutdown.
  ///
  /// ```swift
  /// app.register(.singleton) { r in PostgresClient(configuration: try r.resolve()) }.runsAsService()
  /// ```
  ///
  /// - Returns: This definition, for chaining.
  @discardableResult
  public func runsAsService() -> Definition {
    runsAsService { instance in try await instance.run() }
  }
}

extension Definition where Instance: Service & LongRunningService {
  /// Declares this singleton a long-running service whose instance conforms to both ServiceLifecycle's
  /// `Service` and ``Surrogate/LongRunningService`` (their one requirement is the same, `run()`):
  /// without this overload the two others would be ambiguous.
  ///
  /// ```swift
  /// final class StatsReporter: Service, LongRunningService {
  ///   func run() async throws { /* ... */ }
  /// }
  /// app.register(.singleton) { StatsReporter() }.runsAsService()
  /// ```
  ///
  /// - Returns: This definition.
  @discardableResult
  public func runsAsService() -> Definition {
    runsAsService { instance in try await instance.run() }
  }
}
