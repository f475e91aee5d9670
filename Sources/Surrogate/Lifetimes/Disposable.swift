/// A type that releases what it holds (a connection, a file, a subscription) when the container
/// or the scope that made it ends.
///
/// A container disposes what it made that conforms, without a `.disposing` block on the
/// definition: a scope of ``Container/withScope(isolation:reportingDisposalFailures:_:)`` when it
/// ends, a container's singletons on ``Container/shutdown()``. The conformance of the instance
/// counts, not the registered type's: `{ PostgresPool() as any Database }` is disposed when
/// `PostgresPool` conforms. A definition's own ``Definition/disposing(_:)-9dn7s``
/// block replaces the conformance for that definition.
///
/// ```swift
/// final class ConnectionPool: Disposable {
///   func dispose() async throws { await close() }
/// }
///
/// app.register(.singleton) { ConnectionPool() }
/// try await app.shutdown()  // calls dispose() once
/// ```
public protocol Disposable {
  /// Releases what the instance holds. Called once, by the container or scope that made the
  /// instance, when it ends; what it throws is reported in a ``DisposalError``.
  ///
  /// ```swift
  /// func dispose() async throws { try await connection.close() }
  /// ```
  func dispose() async throws
}
