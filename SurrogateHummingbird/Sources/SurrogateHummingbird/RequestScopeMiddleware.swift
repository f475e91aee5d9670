public import Hummingbird
import Logging
public import Surrogate

/// Opens a scope of a container for each request and ends it when the handler has answered,
/// success or error.
///
/// For each request the middleware opens `container.withScope`, registers in the scope the
/// request (`Request`), the context as it arrived (`Context`, before the scope was set) and the
/// request's logger (`Logger`, with its request id), then lets `register` add what else the scope
/// knows, and runs the rest of the chain with ``ScopedRequestContext/requestScope`` set.
/// Handlers resolve from it; its `.scoped` instances (a unit of work, a
/// session) are one per request.
///
/// **When the scope ends.** When `next` returns a response or throws: the scope's instances are
/// disposed, newest first, each once, before this middleware returns, so before Hummingbird
/// writes the response. A body that is bytes (a `String`, a `ByteBuffer`, `Codable` output) is
/// complete by then. A streamed body (`ResponseBody { writer in ... }`) runs after the scope has
/// ended: it must not use what the scope made (a disposed session), and a resolve from the scope
/// there throws `ResolutionError` with the code `containerShutDown`. Read what the stream needs
/// in the handler.
///
/// **Errors.** What the chain throws is rethrown unchanged, after the disposals ran. A disposal
/// that fails never replaces the answer: the failures go to `reportingDisposalFailures` (by
/// default, an error on the request's logger) and the response is returned.
///
/// ```swift
/// let app = Container()
/// app.register(.singleton) { ConnectionPool() }
/// app.register(.scoped) { r in try UnitOfWork(pool: r.resolve()) }  // Disposable: rolls back unless committed
/// app.register { r in OrderHandler(unitOfWork: try r.resolve(), request: try r.resolve()) }
///
/// let router = Router(context: BasicScopedRequestContext.self)
/// router.add(middleware: RequestScopeMiddleware(container: app))
/// router.post("/orders") { request, context in
///   try await context.requestScope.resolve(OrderHandler.self).create()
/// }
/// ```
public struct RequestScopeMiddleware<Context: ScopedRequestContext>: RouterMiddleware {
  /// The middleware's input: Hummingbird's request.
  public typealias Input = Request
  /// The middleware's output: Hummingbird's response.
  public typealias Output = Response

  private let container: Container
  private let register: @Sendable (_ scope: Container, _ request: Request, _ context: Context) throws -> Void
  private let reportingDisposalFailures: @Sendable (DisposalError, Context) -> Void

  /// Makes the middleware for a container, typically the app's.
  ///
  /// ```swift
  /// router.add(
  ///   middleware: RequestScopeMiddleware(
  ///     container: app,
  ///     register: { scope, request, context in
  ///       scope.register { Locale(identifier: request.headers[.acceptLanguage] ?? "en") }
  ///     }))
  /// ```
  ///
  /// Label `register:`: a trailing closure would be taken as `reportingDisposalFailures`.
  ///
  /// - Parameters:
  ///   - container: The container whose scope each request opens.
  ///   - reportingDisposalFailures: Receives the disposal failures of a request's scope; when
  ///     `nil` (the default) they are logged at error level on the request's logger.
  ///   - register: Registers in the scope what else it knows, after the request, the context and
  ///     the logger; what it throws is the request's error (the scope still ends).
  public init(
    container: Container,
    reportingDisposalFailures: (@Sendable (DisposalError, Context) -> Void)? = nil,
    register: @escaping @Sendable (_ scope: Container, _ request: Request, _ context: Context) throws -> Void = {
      _, _, _ in
    }
  ) {
    self.container = container
    self.register = register
    self.reportingDisposalFailures =
      reportingDisposalFailures ?? { failure, context in
        context.logger.error("The request's scope failed to dispose: \(failure)")
      }
  }

  /// Runs the rest of the chain in a new scope of the container and ends the scope when it has
  /// answered or thrown.
  ///
  /// ```swift
  /// let response = try await middleware.handle(request, context: context) { request, context in
  ///   try await handle(request, context)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - context: The request's context; the chain gets it with its scope set.
  ///   - next: The rest of the chain.
  /// - Returns: The chain's response.
  /// - Throws: What the chain or `register` throws, or the container's `ResolutionError` when it
  ///   has been shut down.
  public func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let arrived = context
    let report = reportingDisposalFailures
    var answered: Response?
    do {
      return try await container.withScope(reportingDisposalFailures: { report($0, arrived) }) { scope in
        let logger = arrived.logger
        scope.register { request }
        scope.register { arrived }
        scope.register { logger }
        try register(scope, request, arrived)
        var context = arrived
        context.requestScope = RequestScope(scope)
        let response: Response
        do {
          response = try await next(request, context)
        } catch let failure as ResolutionError {
          // A composition error is the operator's to fix: logged where they look, not only in the
          // debug log of the answer it became (a 500 that says nothing to the client).
          logger.error("A resolution failed in the request's scope: \(failure)")
          throw failure
        }
        answered = response
        return response
      }
    } catch let failure as DisposalError {
      // NB: when the chain answered, a DisposalError is the scope's disposals failing, not the
      // chain's error: the answer stands and the failures are reported.
      guard let answered else { throw failure }
      report(failure, arrived)
      return answered
    }
  }
}
