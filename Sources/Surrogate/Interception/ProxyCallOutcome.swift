/// How one forwarded call ended, as an ``InterceptingProxy`` tells its interceptors.
///
/// ```swift
/// func didCall(_ outcome: ProxyCallOutcome) {
///   print(outcome.access.requirement, outcome.duration, outcome.threw ? "threw" : "returned")
/// }
/// ```
public struct ProxyCallOutcome: Sendable {
  /// The requirement that was called.
  public let access: ProxyAccess
  /// How long the call took, from just before the subject was called to just after it returned.
  public let duration: Duration
  /// What the call threw, or `nil` when it returned.
  public let error: (any Error)?

  /// Describes a call that ended.
  ///
  /// ```swift
  /// ProxyCallOutcome(access: ProxyAccess("load()"), duration: .milliseconds(3), error: nil)
  /// ```
  public init(access: ProxyAccess, duration: Duration, error: (any Error)?) {
    self.access = access
    self.duration = duration
    self.error = error
  }

  /// Whether the call threw.
  ///
  /// ```swift
  /// if outcome.threw { failures.increment() }
  /// ```
  public var threw: Bool { error != nil }
}
