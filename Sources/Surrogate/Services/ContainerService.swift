/// A service of a container, made and ready to run: what ``Container/resolveServices()`` returns,
/// dependencies first.
///
/// ``Container/runServices()`` runs them; an integration (a `ServiceGroup`) runs each one's
/// ``run()`` in the order given and stops them in reverse order. A ``Container/shutdown()`` while
/// they run stops them the same way before it disposes anything.
///
/// ```swift
/// for service in try await app.resolveServices() { print(service.key) }  // ConnectionPool, then Purger
/// ```
public struct ContainerService: Sendable, CustomStringConvertible {
  /// The key of the definition that made the instance.
  public let key: DefinitionKey
  /// The instance, shared on purpose (a singleton).
  let instance: Shared<Any>
  let body: @Sendable (Any) async throws -> Void
  /// The container whose service this is: its shutdown stops this service's runs.
  let container: Container
  /// The service's place in the order `resolveServices()` returned.
  let position: Int

  init(
    key: DefinitionKey, instance: Any, container: Container, position: Int,
    run: @escaping @Sendable (Any) async throws -> Void
  ) {
    self.key = key
    self.instance = Shared(instance)
    self.container = container
    self.position = position
    self.body = run
  }

  /// Runs the service: its ``LongRunningService/run()``, or the block it was declared with.
  ///
  /// A ``Container/shutdown()`` of the container (or of an ancestor) while it runs cancels it,
  /// and waits until it has returned, after the services that come later in
  /// ``Container/resolveServices()``' order, before it disposes anything. Stopped that way, it
  /// returns (the service's `CancellationError` is not an error).
  ///
  /// ```swift
  /// try await service.run()
  /// ```
  ///
  /// - Throws: What the service throws, or ``ServiceError`` with
  ///   ``ServiceError/Code/containerShutDown`` once the container's shutdown has begun (then it
  ///   does not run).
  public func run() async throws {
    let run = try container.beginHandedOutRun(of: self)
    defer { container.endHandedOutRun(run) }
    try await run.perform { try await self.body(self.instance.value) }
  }

  /// Runs the service for ``Container/runServices()``, which stops it itself.
  func runInContainersRun() async throws { try await body(instance.value) }

  /// The instance as `type`, if it is one: for a runner that treats some services differently
  /// (one that stops gracefully on its own, say).
  ///
  /// ```swift
  /// let pool = service.instance(as: ConnectionPool.self)
  /// ```
  ///
  /// - Parameter type: The type to cast the instance to.
  /// - Returns: The instance, or `nil` when it is not a `type`.
  public func instance<T>(as type: T.Type) -> T? { instance.value as? T }

  /// The service's key: `ConnectionPool`.
  public var description: String { key.description }
}
