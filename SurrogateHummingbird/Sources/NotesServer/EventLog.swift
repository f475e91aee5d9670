import Synchronization

/// What the server's services did, in order: started, stopped, closed.
///
/// ```swift
/// let events = EventLog()
/// events.record("purger started")
/// print(events.entries)  // ["purger started"]
/// ```
public final class EventLog: Sendable {
  private let recorded = Mutex<[String]>([])

  /// An empty log.
  ///
  /// ```swift
  /// let events = EventLog()
  /// ```
  public init() {}

  /// Appends an event.
  ///
  /// ```swift
  /// events.record("pool closed")
  /// ```
  ///
  /// - Parameter event: What happened.
  public func record(_ event: String) {
    recorded.withLock { $0.append(event) }
  }

  /// The events so far, oldest first.
  ///
  /// ```swift
  /// print(events.entries.last ?? "nothing yet")
  /// ```
  public var entries: [String] { recorded.withLock { $0 } }
}
