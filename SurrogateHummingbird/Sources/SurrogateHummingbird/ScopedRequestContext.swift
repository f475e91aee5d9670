public import Hummingbird

/// A request context that carries the request's container scope.
///
/// Conform your own context (with its other fields), or use ``BasicScopedRequestContext``.
/// ``RequestScopeMiddleware`` sets ``requestScope`` for the rest of the chain.
///
/// ```swift
/// struct AppContext: ScopedRequestContext {
///   var coreContext: CoreRequestContextStorage
///   var requestScope = RequestScope()
///   init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
/// }
/// let router = Router(context: AppContext.self)
/// ```
public protocol ScopedRequestContext: RequestContext, Sendable {
  /// The request's scope; ``RequestScope/init()`` until ``RequestScopeMiddleware`` runs.
  ///
  /// ```swift
  /// let handler = try await context.requestScope.resolve(OrderHandler.self)
  /// ```
  var requestScope: RequestScope { get set }
}

/// A ready-made ``ScopedRequestContext``: Hummingbird's basic context plus the request's scope.
///
/// ```swift
/// let router = Router(context: BasicScopedRequestContext.self)
/// router.add(middleware: RequestScopeMiddleware(container: app))
/// ```
public struct BasicScopedRequestContext: ScopedRequestContext {
  /// Hummingbird's per-request storage (logger, parameters, endpoint path).
  ///
  /// ```swift
  /// context.coreContext.logger.info("hello")
  /// ```
  public var coreContext: CoreRequestContextStorage
  /// The request's scope, set by ``RequestScopeMiddleware``.
  ///
  /// ```swift
  /// let handler = try await context.requestScope.resolve(OrderHandler.self)
  /// ```
  public var requestScope: RequestScope

  /// Makes the context Hummingbird hands to the first middleware, before any scope is open.
  ///
  /// ```swift
  /// let router = Router(context: BasicScopedRequestContext.self)
  /// ```
  ///
  /// - Parameter source: What the server knows of the connection (its channel and logger).
  public init(source: ApplicationRequestContextSource) {
    coreContext = CoreRequestContextStorage(source: source)
    requestScope = RequestScope()
  }
}
