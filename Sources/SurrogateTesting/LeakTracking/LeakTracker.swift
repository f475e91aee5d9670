import Surrogate
import Synchronization

// INVARIANT: `SendableBox` is `@unchecked Sendable`: it is made and read only under
// `LeakTracker.tracked`, a mutex.

/// Collects objects that must be released by the end of a scope, and says which were not and why.
///
/// The framework-independent core of leak checking; ``withLeakTracking(options:_:)``, the
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
      object: object, typeName: Surrogate.typeName(Swift.type(of: object)),
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
  ///
  /// Checks at once; ``waitForRelease(upTo:)`` first gives tasks that end shortly the time to
  /// release what they captured.
  ///
  /// - Parameter options: The search limit and the types kept alive on purpose.
  /// - Returns: The leaks: empty when everything was released.
  public func leaks(options: LeakCheckOptions = LeakCheckOptions()) -> [Leak] {
    let alive = tracked.withLock(owner: self) { entries in
      entries.compactMap { entry in entry.object.map { SendableBox(($0, entry.location)) } }
    }
    let leaked = alive.filter { !options.keepsIntentionally($0.value.0) }
    // An object on no cycle of its own may be held by one that is: that one is what leaks it.
    let onCycles = LeakFinder.onCycles(leaked.map(\.value.0), options: options)
    return leaked.map { entry in
      LeakFinder.leak(of: entry.value.0, location: entry.value.1, options: options) { _ in
        nil
      } explainUnknown: { _ in
        LeakFinder.heldByLeakedCycle(entry.value.0, onCycles: onCycles, options: options)
      }
    }
  }

  /// Waits until every tracked object is released, or until `gracePeriod` has passed.
  ///
  /// ```swift
  /// await tracker.waitForRelease(upTo: .seconds(1))
  /// let leaks = tracker.leaks()
  /// ```
  ///
  /// - Parameter gracePeriod: How long to wait at most.
  public func waitForRelease(upTo gracePeriod: Duration) async {
    await waitUntil(upTo: gracePeriod) {
      tracked.withLock(owner: self) { entries in entries.allSatisfy { $0.object == nil } }
    }
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
/// Objects are checked at once after `body` returns, when its local variables are gone.
///
/// - Parameters:
///   - options: The search limit and the types kept alive on purpose.
///   - body: Creates and tracks the objects.
/// - Returns: The leaks: empty when everything was released.
public func withLeakTracking(
  options: LeakCheckOptions = LeakCheckOptions(), _ body: (LeakTracker) throws -> Void
) rethrows -> [Leak] {
  let tracker = LeakTracker()
  try run(body, with: tracker)
  return tracker.leaks(options: options)
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
/// Objects still alive when `body` returns are given the options' grace period (a second by
/// default) to be released, by a task that ends shortly after, before they are reported.
///
/// - Parameters:
///   - options: The grace period, the search limit and the types kept alive on purpose.
///   - isolation: The caller's actor, filled in by `#isolation`: `body` runs on it.
///   - body: Creates and tracks the objects.
/// - Returns: The leaks: empty when everything was released.
public func withLeakTracking(
  options: LeakCheckOptions = LeakCheckOptions(), isolation: isolated (any Actor)? = #isolation,
  _ body: (LeakTracker) async throws -> Void
) async rethrows -> [Leak] {
  let tracker = LeakTracker()
  try await runAsync(body, with: tracker, isolation: isolation)
  await tracker.waitForRelease(upTo: options.gracePeriod)
  return tracker.leaks(options: options)
}

/// Polls `isDone` every 10 ms until it is true, `gracePeriod` has passed, or the task is
/// cancelled.
func waitUntil(upTo gracePeriod: Duration, _ isDone: () -> Bool) async {
  let deadline = ContinuousClock.now + gracePeriod
  while !isDone(), ContinuousClock.now < deadline, !Task.isCancelled {
    try? await Task.sleep(for: .milliseconds(10))
  }
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
