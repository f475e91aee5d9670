/// A service of a container, made and ready to run: what ``Container/resolveServices()`` returns,
/// dependencies first.
///
/// ``Container/runServices()`` runs them; an integration (a `ServiceGroup`) runs each one's
/// ``run()`` in the order given and stops them in reverse order.
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

  init(key: DefinitionKey, instance: Any, run: @escaping @Sendable (Any) async throws -> Void) {
    self.key = key
    self.instance = Shared(instance)
    self.body = run
  }

  /// Runs the service: its ``LongRunningService/run()``, or the block it was declared with.
  ///
  /// ```swift
  /// try await service.run()
  /// ```
  ///
  /// - Throws: What the service throws.
  public func run() async throws { try await body(instance.value) }

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
