/// Hooks an ``InterceptingProxy`` runs around every call it forwards: before it (which
/// requirement), after it (how long it took, whether it threw), for sync and `async` calls alike.
///
/// Implement ``willCall(_:)`` and ``didCall(_:)`` for a hook before and after each call; the
/// default `intercept(_:_:)` calls them and times the call with a
/// `ContinuousClock`. Implement `intercept` instead to wrap the call itself (to run it inside a
/// tracing span, or under a task-local value).
///
/// ```swift
/// struct CallCounter: ProxyInterceptor {
///   let calls: Mutex<[String]>   // import Synchronization
///   func didCall(_ outcome: ProxyCallOutcome) {
///     calls.withLock { $0.append("\(outcome.access.requirement) \(outcome.error == nil ? "returned" : "threw")") }
///   }
/// }
///
/// let catalogue: any Catalogue = InterceptingProxy(RemoteCatalogue(), interceptors: [CallCounter(calls: Mutex([]))])
/// ```
///
/// Interceptors run on the caller's thread (an `async` call's on its executor) and must not
/// call through the proxy they intercept.
public protocol ProxyInterceptor: Sendable {
  /// Called before each forwarded call.
  ///
  /// ```swift
  /// func willCall(_ access: ProxyAccess) { print("→", access.requirement) }
  /// ```
  func willCall(_ access: ProxyAccess)

  /// Called after each forwarded call, whether it returned or threw.
  ///
  /// ```swift
  /// func didCall(_ outcome: ProxyCallOutcome) { print("←", outcome.access.requirement, outcome.duration) }
  /// ```
  func didCall(_ outcome: ProxyCallOutcome)

  /// Runs one forwarded call: `call` must be called exactly once, and its result returned or its
  /// error rethrown.
  ///
  /// ```swift
  /// func intercept<Result>(_ access: ProxyAccess, _ call: () throws -> Result) rethrows -> Result {
  ///   try withTaskLocalRequirement(access.requirement) { try call() }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - access: The requirement being called.
  ///   - call: The call, through to the subject (and any interceptor after this one).
  /// - Returns: What `call` returns.
  /// - Throws: What `call` throws.
  func intercept<Result>(_ access: ProxyAccess, _ call: () throws -> Result) rethrows -> Result

  /// Runs one forwarded `async` call, on the caller's executor: `call` must be awaited exactly
  /// once, and its result returned or its error rethrown.
  ///
  /// ```swift
  /// func intercept<Result>(
  ///   _ access: ProxyAccess, _ call: () async throws -> Result
  /// ) async rethrows -> Result {
  ///   try await call()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - access: The requirement being called.
  ///   - call: The call, through to the subject (and any interceptor after this one).
  /// - Returns: What `call` returns.
  /// - Throws: What `call` throws.
  nonisolated(nonsending) func intercept<Result>(
    _ access: ProxyAccess, _ call: () async throws -> Result
  ) async rethrows -> Result
}

extension ProxyInterceptor {
  /// Does nothing.
  ///
  /// ```swift
  /// interceptor.willCall(ProxyAccess("load()"))
  /// ```
  public func willCall(_ access: ProxyAccess) {}

  /// Does nothing.
  ///
  /// ```swift
  /// interceptor.didCall(ProxyCallOutcome(access: ProxyAccess("load()"), duration: .zero, error: nil))
  /// ```
  public func didCall(_ outcome: ProxyCallOutcome) {}

  /// Calls ``willCall(_:)``, then `call`, timed, then ``didCall(_:)`` with its duration and error.
  ///
  /// ```swift
  /// let total = try interceptor.intercept(ProxyAccess("total()")) { try basket.total() }
  /// ```
  public func intercept<Result>(_ access: ProxyAccess, _ call: () throws -> Result) rethrows -> Result {
    willCall(access)
    let start = ContinuousClock.now
    do {
      let result = try call()
      didCall(ProxyCallOutcome(access: access, duration: ContinuousClock.now - start, error: nil))
      return result
    } catch {
      didCall(ProxyCallOutcome(access: access, duration: ContinuousClock.now - start, error: error))
      throw error
    }
  }

  /// Calls ``willCall(_:)``, then awaits `call`, timed, then ``didCall(_:)`` with its duration and
  /// error.
  ///
  /// ```swift
  /// let items = try await interceptor.intercept(ProxyAccess("load()")) { try await catalogue.load() }
  /// ```
  nonisolated(nonsending) public func intercept<Result>(
    _ access: ProxyAccess, _ call: () async throws -> Result
  ) async rethrows -> Result {
    willCall(access)
    let start = ContinuousClock.now
    do {
      let result = try await call()
      didCall(ProxyCallOutcome(access: access, duration: ContinuousClock.now - start, error: nil))
      return result
    } catch {
      didCall(ProxyCallOutcome(access: access, duration: ContinuousClock.now - start, error: error))
      throw error
    }
  }
}
