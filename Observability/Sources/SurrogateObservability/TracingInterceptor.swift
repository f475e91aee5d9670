public import Surrogate
public import Tracing

/// Runs every forwarded call inside a span of swift-distributed-tracing, named after the
/// requirement: spans the subject starts are its children, and an error is recorded on it.
///
/// ```swift
/// let catalogue: any Catalogue = InterceptingProxy<any Catalogue>(
///   RemoteCatalogue(), interceptors: [TracingInterceptor(tracer: tracer)])
/// // span "search(_:)", attribute surrogate.requirement = "search(_:)"
/// ```
///
/// The span's context is the current one while the call runs (a task-local value), for sync and
/// `async` calls alike.
public struct TracingInterceptor<SpanTracer: Tracer>: ProxyInterceptor {
  /// The tracer that starts the spans.
  public let tracer: SpanTracer
  /// The spans' kind.
  public let kind: SpanKind

  /// Creates an interceptor that traces every call with `tracer`.
  ///
  /// ```swift
  /// TracingInterceptor(tracer: InMemoryTracer(), kind: .client)
  /// ```
  ///
  /// - Parameters:
  ///   - tracer: The tracer that starts the spans.
  ///   - kind: The spans' kind; `.internal` unless told.
  public init(tracer: SpanTracer, kind: SpanKind = .internal) {
    self.tracer = tracer
    self.kind = kind
  }

  /// Runs `call` inside a span named after the requirement.
  ///
  /// ```swift
  /// let total = try interceptor.intercept(ProxyAccess("total()")) { try basket.total() }
  /// ```
  public func intercept<Result>(_ access: ProxyAccess, _ call: () throws -> Result) rethrows -> Result {
    try tracer.withSpan(access.requirement, ofKind: kind) { span in
      span.attributes["surrogate.requirement"] = access.signature
      return try call()
    }
  }

  /// Awaits `call` inside a span named after the requirement.
  ///
  /// ```swift
  /// let items = try await interceptor.intercept(ProxyAccess("load()")) { try await catalogue.load() }
  /// ```
  nonisolated(nonsending) public func intercept<Result>(
    _ access: ProxyAccess, _ call: () async throws -> Result
  ) async rethrows -> Result {
    try await tracer.withSpan(access.requirement, ofKind: kind) { span in
      span.attributes["surrogate.requirement"] = access.signature
      return try await call()
    }
  }
}
