/// How a leak check searches, how long its `async` forms wait, and what it leaves alone.
///
/// ```swift
/// let leaks = await withLeakTracking(options: LeakCheckOptions(gracePeriod: .seconds(2))) { tracker in
///   tracker.track(try await screen.resolve(OrderHistoryViewController.self, arguments: "c42"))
/// }
/// ```
public struct LeakCheckOptions: Sendable {
  /// How many objects the search for the cycle that holds a leaked object visits at most: past
  /// it, the report says the limit was hit. 10,000 by default.
  public var searchLimit: Int
  /// How long the `async` forms and `.detectingLeaks` wait for tracked objects to be released
  /// before reporting them (a task that ends shortly after the test releases what it captured).
  /// One second by default; the synchronous forms check at once.
  public var gracePeriod: Duration
  /// Types whose instances are kept alive on purpose (by a global, a cache, a registry): they
  /// are never reported. Matched exactly, not by subclass.
  public var intentionallyKept: [any AnyObject.Type]

  /// Creates options; every one has a default.
  ///
  /// ```swift
  /// let options = LeakCheckOptions(searchLimit: 100_000, intentionallyKept: [ImageCache.self])
  /// ```
  ///
  /// - Parameters:
  ///   - searchLimit: How many objects the search for a cycle visits at most.
  ///   - gracePeriod: How long the `async` forms wait for release before reporting.
  ///   - intentionallyKept: Types whose instances are kept alive on purpose.
  public init(
    searchLimit: Int = 10_000, gracePeriod: Duration = .seconds(1), intentionallyKept: [any AnyObject.Type] = []
  ) {
    self.searchLimit = searchLimit
    self.gracePeriod = gracePeriod
    self.intentionallyKept = intentionallyKept
  }

  /// Whether `object` is of a type kept on purpose.
  func keepsIntentionally(_ object: AnyObject) -> Bool {
    let type = ObjectIdentifier(Swift.type(of: object))
    return intentionallyKept.contains { ObjectIdentifier($0) == type }
  }
}
