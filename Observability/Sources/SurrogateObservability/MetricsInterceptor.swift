public import CoreMetrics
import Foundation
public import Surrogate

// INVARIANT: `@unchecked Sendable` because of `timers`, a `var` read and written only under `lock`.

/// Records the duration of every forwarded call with swift-metrics: one timer per requirement,
/// and per outcome (`returned`, `threw`, or `cancelled` for a call that ended in
/// `CancellationError`: a graceful shutdown's stopped services are not failures).
///
/// ```swift
/// let catalogue: any Catalogue = InterceptingProxy<any Catalogue>(
///   RemoteCatalogue(), interceptors: [MetricsInterceptor(label: "catalogue_call")])
/// // timer catalogue_call [requirement: search(_:), outcome: returned]
/// ```
///
/// The timers are made once per requirement and kept, so a call costs a dictionary lookup under a
/// lock and the backend's `recordNanoseconds`.
///
/// NB: the lock is an `NSLock`, not `Synchronization.Mutex`: on Linux ThreadSanitizer does not see
/// `Mutex` (it locks through futex calls it does not instrument), and every user running their
/// tests under it would get false data-race reports from this class.
public final class MetricsInterceptor: ProxyInterceptor, @unchecked Sendable {  // `timers` is only touched under `lock`
  /// The timers' label.
  public let label: String
  /// Dimensions every timer carries besides `requirement` and `outcome`.
  public let dimensions: [(String, String)]
  private let factory: any MetricsFactory
  private let lock = NSLock()
  private var timers: [TimerKey: CoreMetrics.Timer] = [:]  // only read and written under `lock`

  private struct TimerKey: Hashable {
    let signature: String
    let outcome: String
  }

  /// Creates an interceptor that records each call's duration in a timer named `label`.
  ///
  /// ```swift
  /// MetricsInterceptor(label: "catalogue_call", dimensions: [("service", "catalogue")])
  /// ```
  ///
  /// - Parameters:
  ///   - label: The timers' label; `surrogate_proxy_call` unless told.
  ///   - dimensions: Dimensions added to each timer's `requirement` and `outcome`.
  ///   - factory: The metrics backend; the one `MetricsSystem` was bootstrapped with unless told.
  public init(
    label: String = "surrogate_proxy_call", dimensions: [(String, String)] = [],
    factory: any MetricsFactory = MetricsSystem.factory
  ) {
    self.label = label
    self.dimensions = dimensions
    self.factory = factory
  }

  /// Records the call's duration in its requirement's timer.
  ///
  /// ```swift
  /// interceptor.didCall(ProxyCallOutcome(access: ProxyAccess("load()"), duration: .milliseconds(2), error: nil))
  /// ```
  public func didCall(_ outcome: ProxyCallOutcome) {
    let (seconds, attoseconds) = outcome.duration.components
    let name = outcome.error is CancellationError ? "cancelled" : outcome.threw ? "threw" : "returned"
    timer(for: outcome.access, outcome: name)
      .recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
  }

  private func timer(for access: ProxyAccess, outcome: String) -> CoreMetrics.Timer {
    let key = TimerKey(signature: access.signature, outcome: outcome)
    return lock.withLock {
      if let timer = timers[key] { return timer }
      let timer = CoreMetrics.Timer(
        label: label,
        dimensions: dimensions + [("requirement", access.signature), ("outcome", outcome)],
        factory: factory)
      timers[key] = timer
      return timer
    }
  }
}
