/// Resolves a new `T` on each call, awaiting `async` factories: ``Provider`` for a definition made
/// by an `async` factory (opening a connection, reading a file) or on the main actor, called from
/// `async` code.
///
/// ```swift
/// final class ReportJob: Sendable {
///   let openConnection: AsyncProvider<Connection>
///   init(openConnection: AsyncProvider<Connection>) { self.openConnection = openConnection }
///   func run() async throws { let connection = try await openConnection() }
/// }
/// container.register { r async throws in try await Connection.open(pool: try await r.resolve()) }
/// container.autowire(ReportJob.init)   // AsyncProvider<Connection> comes for free
/// ```
///
/// Each call is a top-level resolution, as `try await container.resolve(T.self)` is: `.unique` and
/// `.shared` definitions make a new instance, singletons stay singletons, main-actor factories run
/// on the main actor. Called inside an `async` factory of the same container (or its parent or
/// children), it joins that factory's graph, as `try await container.resolve` does there.
///
/// Injecting one of a type nothing can make is a ``ResolutionError/Code/definitionNotFound``
/// error at injection, and `validate()` reports it, as for ``Provider``.
public struct AsyncProvider<T>: Sendable {
  let container: Container
  let tag: DefinitionTag?
  /// The overrides it was made under (see `OverridesAtCreation`).
  let overrides: OverridesAtCreation

  /// Resolves a new instance, awaiting `async` factories and blocks.
  ///
  /// ```swift
  /// let connection = try await openConnection()
  /// ```
  ///
  /// - Throws: ``ResolutionError``, or `CancellationError` when the task is cancelled while
  ///   waiting for a singleton another task is creating.
  public func callAsFunction() async throws -> T {
    do {
      return try await container.resolveLater(T.self, tag: tag, overrides: overrides)
    } catch let error as ResolutionError {
      throw error.outsideScope(through: "AsyncProvider", of: T.self, from: container) ?? error
    }
  }
}

extension AsyncProvider: ContainerInjectable {
  static func make(_ key: DefinitionKey, in graph: Graph, from container: Container) throws(ResolutionError) -> Any {
    try checkRegistered(T.self, key, in: graph, from: container, wrapper: "AsyncProvider")
    return AsyncProvider(container: container, tag: key.tag, overrides: graph.overridesForLater(from: container))
  }
}
