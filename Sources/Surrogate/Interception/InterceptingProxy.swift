// INVARIANT: the async `forward` passes its subject to `body` through `handedOver(_:)`
// (Unchecked/Trusted.swift), for the reason Proxy.swift gives: the call runs in the caller's
// isolation and is awaited before `forward` returns. The interceptors in between receive the call
// as a closure that is neither `@Sendable` nor escaping, so they can run it but not hand it to
// another task.

/// A proxy that runs hooks around every call it forwards to its subject, for any protocol
/// forwarded by `@Proxyable`: logging, metrics, tracing, with no code per protocol.
///
/// Each call goes through the ``ProxyInterceptor``s in order, the first outermost, then to the
/// subject. Sync and `async` calls, returning or throwing, are all seen; a `Void` call that
/// returns nothing is timed like any other.
///
/// ```swift
/// extension InterceptingProxy: Catalogue where Subject: Catalogue {}   // forwarding from @Proxyable
///
/// let catalogue: any Catalogue = InterceptingProxy(RemoteCatalogue(), interceptors: [SlowCallReporter()])
/// ```
///
/// In the container, put it in front of every instance of a type with a decorator:
///
/// ```swift
/// container.decorate((any Catalogue).self) { _, inner in InterceptingProxy(inner, interceptors: [SlowCallReporter()]) }
/// ```
///
/// The proxy holds its subject strongly and always reaches it. What it cannot intercept: calls
/// of requirements that rethrow or take a `consuming` parameter, and static requirements;
/// `@Proxyable` forwards those to the subject directly.
public final class InterceptingProxy<Subject>: Proxy {
  /// The object or value every call is forwarded to.
  ///
  /// ```swift
  /// let remote = proxy.subject
  /// ```
  public let subject: Subject
  /// The hooks, run in order around each call: the first is the outermost.
  ///
  /// ```swift
  /// print(proxy.interceptors.count)
  /// ```
  public let interceptors: [any ProxyInterceptor]

  /// Creates a proxy that forwards every call to `subject` through `interceptors`.
  ///
  /// ```swift
  /// let timed = InterceptingProxy(service, interceptors: [SlowCallReporter()])
  /// ```
  ///
  /// - Parameters:
  ///   - subject: What the calls go to, held strongly.
  ///   - interceptors: The hooks, the first outermost; with none, a call goes straight through.
  public init(_ subject: Subject, interceptors: [any ProxyInterceptor] = []) {
    self.subject = subject
    self.interceptors = interceptors
  }

  /// Runs `body` with the subject through the interceptors; always `true`.
  ///
  /// ```swift
  /// proxy.withSubject(for: ProxyAccess("show(_:)")) { $0.show(items) }
  /// ```
  @discardableResult
  public func withSubject(for access: ProxyAccess, _ body: (Subject) throws -> Void) rethrows -> Bool {
    if interceptors.isEmpty {
      try body(subject)
    } else {
      try intercepting(from: 0, access) { try body(subject) }
    }
    return true
  }

  /// The subject, with no interceptor run: what a forwarded call that cannot be intercepted uses.
  ///
  /// ```swift
  /// let service = try proxy.requireSubject(for: ProxyAccess("reload()"))
  /// ```
  public func requireSubject(for access: ProxyAccess) throws(ProxyError) -> Subject { subject }

  /// Runs `body` with the subject through the interceptors and returns what it returns.
  ///
  /// ```swift
  /// let total = try proxy.forward(ProxyAccess("total()")) { try $0.total() }
  /// ```
  ///
  /// - Throws: What `body` throws.
  public func forward<Result>(_ access: ProxyAccess, _ body: (Subject) throws -> Result) throws -> Result {
    if interceptors.isEmpty { return try body(subject) }
    return try intercepting(from: 0, access) { try body(subject) }
  }

  /// Awaits `body` with the subject through the interceptors, on the caller's executor.
  ///
  /// ```swift
  /// let items = try await proxy.forward(ProxyAccess("load()")) { try await $0.load() }
  /// ```
  ///
  /// - Throws: What `body` throws.
  nonisolated(nonsending) public func forward<Result>(
    _ access: ProxyAccess, _ body: (Subject) async throws -> Result
  ) async throws -> Result {
    // NB: as in `Proxy.forward`'s default: `body` was written in the caller's isolation.
    let subject = handedOver(self.subject)
    if interceptors.isEmpty { return try await body(subject) }
    return try await intercepting(from: 0, access) { try await body(subject) }
  }

  /// Runs `call` inside the interceptors from `index` on.
  private func intercepting<Result>(from index: Int, _ access: ProxyAccess, _ call: () throws -> Result) rethrows
    -> Result
  {
    guard index < interceptors.count else { return try call() }
    return try interceptors[index].intercept(access) { try intercepting(from: index + 1, access, call) }
  }

  /// Awaits `call` inside the interceptors from `index` on.
  nonisolated(nonsending) private func intercepting<Result>(
    from index: Int, _ access: ProxyAccess, _ call: () async throws -> Result
  ) async rethrows -> Result {
    guard index < interceptors.count else { return try await call() }
    return try await interceptors[index].intercept(access) { try await intercepting(from: index + 1, access, call) }
  }
}

extension InterceptingProxy: Sendable where Subject: Sendable {}
