public import Logging
public import Surrogate

/// Logs one line per forwarded call with swift-log: the requirement, how long it took, and what
/// it threw.
///
/// ```swift
/// let logger = Logger(label: "catalogue")
/// let catalogue: any Catalogue = InterceptingProxy<any Catalogue>(
///   RemoteCatalogue(), interceptors: [LoggingInterceptor(logger: logger, level: .info)])
/// // info catalogue: [proxy.duration_ns=1204311 proxy.requirement=search(_:)] search(_:) returned in 1.204 ms
/// ```
///
/// A call that throws is logged at `failureLevel` (`.warning` unless told), with the error in
/// the metadata under `proxy.error`. A call that ends in `CancellationError` (a service stopped by
/// a graceful shutdown, a request whose client went away) was stopped, not failed: it is logged at
/// `level`, as `fetch(_:) was cancelled after 2.001 ms`, with `proxy.cancelled=true`. When the logger's level is above both levels, a call costs a
/// comparison and nothing is formatted.
public struct LoggingInterceptor: ProxyInterceptor {
  /// Where the lines go.
  public let logger: Logger
  /// The level of a call that returned, or was cancelled.
  public let level: Logger.Level
  /// The level of a call that threw an error other than `CancellationError`.
  public let failureLevel: Logger.Level

  /// Creates an interceptor that logs every call to `logger`.
  ///
  /// ```swift
  /// LoggingInterceptor(logger: Logger(label: "catalogue"), level: .info)
  /// ```
  ///
  /// - Parameters:
  ///   - logger: Where the lines go.
  ///   - level: The level of a call that returned or was cancelled; `.debug` unless told.
  ///   - failureLevel: The level of a call that threw an error other than `CancellationError`;
  ///     `.warning` unless told.
  public init(logger: Logger, level: Logger.Level = .debug, failureLevel: Logger.Level = .warning) {
    self.logger = logger
    self.level = level
    self.failureLevel = failureLevel
  }

  /// Logs the call that ended.
  ///
  /// ```swift
  /// interceptor.didCall(ProxyCallOutcome(access: ProxyAccess("load()"), duration: .milliseconds(2), error: nil))
  /// ```
  public func didCall(_ outcome: ProxyCallOutcome) {
    let cancelled = outcome.error is CancellationError
    let level = outcome.threw && !cancelled ? failureLevel : level
    guard logger.logLevel <= level else { return }
    let requirement = outcome.access.requirement
    let nanoseconds = Self.nanoseconds(of: outcome.duration)
    var metadata: Logger.Metadata = [
      "proxy.requirement": .string(outcome.access.signature),
      "proxy.duration_ns": .stringConvertible(nanoseconds),
    ]
    if cancelled {
      metadata["proxy.cancelled"] = "true"
      logger.log(
        level: level, "\(requirement) was cancelled after \(Self.milliseconds(nanoseconds))", metadata: metadata)
    } else if let error = outcome.error {
      metadata["proxy.error"] = .string(String(describing: error))
      logger.log(
        level: level, "\(requirement) threw \(error) after \(Self.milliseconds(nanoseconds))", metadata: metadata)
    } else {
      logger.log(level: level, "\(requirement) returned in \(Self.milliseconds(nanoseconds))", metadata: metadata)
    }
  }

  static func nanoseconds(of duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }

  /// `1.204 ms`.
  static func milliseconds(_ nanoseconds: Int64) -> String {
    let microseconds = nanoseconds / 1_000
    let fraction = String(microseconds % 1_000)
    return "\(microseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
  }
}
