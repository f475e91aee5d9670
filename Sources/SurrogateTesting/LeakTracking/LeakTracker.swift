import Synchronization

/// Collects objects that must be released by the end of a scope, and says which were not and why.
///
/// The framework-independent core of leak checking; ``withLeakTracking(_:)``, the
/// `.detectingLeaks` test trait and `trackForMemoryLeaks(_:)` are built on it.
///
/// ```swift
/// let leaks = withLeakTracking { tracker in
///   let screen = try container.resolve(ListViewController.self)
///   tracker.track(screen)
///   tracker.track(screen.presenter)
/// }
/// #expect(leaks.isEmpty, "\(leaks)")
/// ```
public final class LeakTracker: Sendable {
  private struct Tracked {
    weak var object: AnyObject?
    let typeName: String
    let location: TrackingLocation
  }

  // NB: `Tracked` holds a weak reference, which is not Sendable; it only lives inside this Mutex.
  private let tracked = Mutex<[Tracked]>([])

  /// Creates an empty tracker.
  ///
  /// ```swift
  /// let tracker = LeakTracker()
  /// ```
  public init() {}

  /// The tracker of the current `.detectingLeaks` test, if any.
  ///
  /// ```swift
  /// LeakTracker.current?.track(presenter)
  /// ```
  @TaskLocal public static var current: LeakTracker?

  /// Tracks an object: it must be released by the end of the tracking scope.
  ///
  /// ```swift
  /// tracker.track(presenter)
  /// ```
  ///
  /// - Parameters:
  ///   - object: The object; `nil` is ignored.
  ///   - fileID: The tracking call's file, filled in by the compiler.
  ///   - filePath: The tracking call's full path, filled in by the compiler.
  ///   - line: The tracking call's line, filled in by the compiler.
  ///   - column: The tracking call's column, filled in by the compiler.
  public func track(
    _ object: AnyObject?, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    column: Int = #column
  ) {
    guard let object else { return }
    let entry = Tracked(
      object: object, typeName: String(describing: type(of: object)),
      location: TrackingLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    let shared = SendableBox(entry)
    tracked.withLock(owner: self) { $0.append(shared.value) }
  }

  /// The tracked objects that are still alive, each with the cycle that holds it when one can be
  /// seen.
  ///
  /// ```swift
  /// let leaks = tracker.leaks()
  /// ```
  public func leaks() -> [Leak] {
    let alive = tracked.withLock(owner: self) { entries in
      entries.compactMap { entry in entry.object.map { SendableBox(($0, entry.location)) } }
    }
    return alive.map { LeakFinder.leak(of: $0.value.0, location: $0.value.1) }
  }
}

/// Runs `body` with a fresh tracker and returns every tracked object still alive after it.
///
/// ```swift
/// let leaks = withLeakTracking { tracker in
///   tracker.track(try container.resolve(ListViewController.self))
/// }
/// #expect(leaks.isEmpty, "\(leaks)")
/// ```
///
/// Objects are checked after `body` returns, when its local variables are gone.
///
/// - Parameter body: Creates and tracks the objects.
/// - Returns: The leaks: empty when everything was released.
public func withLeakTracking(_ body: (LeakTracker) throws -> Void) rethrows -> [Leak] {
  let tracker = LeakTracker()
  try run(body, with: tracker)
  return tracker.leaks()
}

/// Tracks the objects `async` `body` creates and returns those still alive once it has
/// returned: for screens resolved with `try await`, from any task (a `@MainActor` test too).
///
/// ```swift
/// let leaks = try await withLeakTracking { tracker in
///   tracker.track(try await screen.resolve(OrderHistoryViewController.self, arguments: "c42"))
/// }
/// #expect(leaks.isEmpty, "\(leaks)")
/// ```
///
/// - Parameters:
///   - isolation: The caller's actor, filled in by `#isolation`: `body` runs on it.
///   - body: Creates and tracks the objects.
/// - Returns: The leaks: empty when everything was released.
public func withLeakTracking(
  isolation: isolated (any Actor)? = #isolation, _ body: (LeakTracker) async throws -> Void
) async rethrows -> [Leak] {
  let tracker = LeakTracker()
  try await runAsync(body, with: tracker, isolation: isolation)
  return tracker.leaks()
}

/// Keeps `body`'s locals out of the caller's frame, so they are released before the check.
@inline(never)
private func run(_ body: (LeakTracker) throws -> Void, with tracker: LeakTracker) rethrows {
  try body(tracker)
}

@inline(never)
private func runAsync(
  _ body: (LeakTracker) async throws -> Void, with tracker: LeakTracker, isolation: isolated (any Actor)?
) async rethrows {
  try await body(tracker)
}

/// Moves a value that is only touched under a lock across the lock's boundary.
struct SendableBox<Value>: @unchecked Sendable {  // only created and read under LeakTracker.tracked (a Mutex)
  let value: Value
  init(_ value: Value) { self.value = value }
}
