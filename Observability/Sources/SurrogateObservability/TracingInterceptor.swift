public import Surrogate
public import Tracing

/// Runs every forwarded call inside a span of swift-distributed-tracing, named after the
/// requirement: spans the subject starts are its children, and an error is recorded on it.
///
/// ```swift
/// let catalogue: any Catalogue = InterceptingProxy<any Catalogue>(
///   RemoteCatalogue(), interceptors: [TracingInterceptor()])
/// // span "search(_:)", attribute surrogate.requirement = "search(_:)"
/// ```
///
/// With no tracer, each call asks `InstrumentationSystem.tracer` for the tracer at the time of the
/// call, so an interceptor made before `InstrumentationSystem.bootstrap(_:)` (or outside a
/// `withTracer` scope) still traces with the one bootstrapped later. Any tracer can be passed
/// instead, `InstrumentationSystem.tracer` (an `any Tracer`) included.
///
/// The span's context is the current one while the call runs (a task-local value), for sync and
/// `async` calls alike.
public struct TracingInterceptor: ProxyInterceptor {
  /// The tracer that starts the spans; `nil` for the one `InstrumentationSystem` has at each call.
  public let tracer: (any Tracer)?
  /// The spans' kind.
  public let kind: SpanKind

  /// Creates an interceptor that traces every call with `tracer`, or with the tracer
  /// `InstrumentationSystem` has at each call.
  ///
  /// ```swift
  /// TracingInterceptor()                                      // the bootstrapped tracer
  /// TracingInterceptor(tracer: InstrumentationSystem.tracer) // the one bootstrapped by now
  /// TracingInterceptor(tracer: InMemoryTracer(), kind: .client)
  /// ```
  ///
  /// - Parameters:
  ///   - tracer: The tracer that starts the spans; the one `InstrumentationSystem` has at each
  ///     call unless told.
  ///   - kind: The spans' kind; `.internal` unless told.
  public init(tracer: (any Tracer)? = nil, kind: SpanKind = .internal) {
    self.tracer = tracer
    self.kind = kind
  }

  /// Runs `call` inside a span named after the requirement.
  ///
  /// ```swift
  /// let total = try interceptor.intercept(ProxyAccess("total()")) { try basket.total() }
  /// ```
  public func intercept<Result>(_ access: ProxyAccess, _ call: () throws -> Result) rethrows -> Result {
    let tracer: any Tracer = tracer ?? InstrumentationSystem.tracer
    return try Self.trace(access, kind: kind, with: tracer, call)
  }

  /// Awaits `call` inside a span named after the requirement.
  ///
  /// ```swift
  /// let items = try await interceptor.intercept(ProxyAccess("load()")) { try await catalogue.load() }
  /// ```
  nonisolated(nonsending) public func intercept<Result>(
    _ access: ProxyAccess, _ call: () async throws -> Result
  ) async rethrows -> Result {
    let tracer: any Tracer = tracer ?? InstrumentationSystem.tracer
    return try await Self.trace(access, kind: kind, with: tracer, call)
  }

  /// NB: generic over the tracer, so that the span is the tracer's own type (an `any Tracer`
  /// opens here, once per call).
  private static func trace<SpanTracer: Tracer, Result>(
    _ access: ProxyAccess, kind: SpanKind, with tracer: SpanTracer, _ call: () throws -> Result
  ) rethrows -> Result {
    try tracer.withSpan(access.requirement, ofKind: kind) { span in
      span.attributes["surrogate.requirement"] = access.signature
      return try call()
    }
  }

  nonisolated(nonsending) private static func trace<SpanTracer: Tracer, Result>(
    _ access: ProxyAccess, kind: SpanKind, with tracer: SpanTracer, _ call: () async throws -> Result
  ) async rethrows -> Result {
    try await tracer.withSpan(access.requirement, ofKind: kind) { span in
      span.attributes["surrogate.requirement"] = access.signature
      return try await call()
    }
  }
}
