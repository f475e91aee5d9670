import Surrogate

/// The container scope of one request, carried by a ``ScopedRequestContext``.
///
/// ``RequestScopeMiddleware`` opens a scope of its container for each request and puts it here
/// before the rest of the chain runs; handlers resolve the request's graph from it. The scope
/// ends (its instances are disposed, newest first) when the middleware's `next` returns or
/// throws.
///
/// ```swift
/// router.get("/orders/:id") { request, context in
///   try await context.requestScope.resolve(OrderHandler.self).show()
/// }
/// ```
public struct RequestScope: Sendable {
  private let scope: Container?

  /// A context's value before ``RequestScopeMiddleware`` has run: it holds no scope, and
  /// ``container`` throws.
  ///
  /// ```swift
  /// struct AppContext: ScopedRequestContext {
  ///   var coreContext: CoreRequestContextStorage
  ///   var requestScope = RequestScope()
  ///   init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
  /// }
  /// ```
  public init() { scope = nil }

  init(_ scope: Container) { self.scope = scope }

  /// The scope's container: resolve from it, or register what a later middleware learnt (the
  /// signed-in user) before the handler resolves.
  ///
  /// ```swift
  /// let handler = try context.requestScope.container.resolve(OrderHandler.self)
  /// ```
  ///
  /// - Throws: ``RequestScopeError`` with ``RequestScopeError/Code/noScope`` when no
  ///   ``RequestScopeMiddleware`` runs before this handler.
  public var container: Container {
    get throws(RequestScopeError) {
      guard let scope else { throw RequestScopeError.noScope() }
      return scope
    }
  }

  /// Resolves an instance of `T` in the request's scope, awaiting async factories.
  ///
  /// ```swift
  /// let handler = try await context.requestScope.resolve(OrderHandler.self)
  /// ```
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from context when omitted.
  ///   - tag: The tag to look for first; the untagged definition is the fallback.
  /// - Returns: The instance.
  /// - Throws: ``RequestScopeError`` when the context holds no scope; else the container's
  ///   `ResolutionError`.
  public func resolve<T>(_ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil) async throws -> T {
    try await container.resolve(type, tag: tag)
  }
}
