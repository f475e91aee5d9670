// NB: Swift Testing ships with the toolchains this package supports, but not with every SDK a
// client may build for; without it, the traits are left out and the rest of the module builds.
#if canImport(Testing)
  import Testing

  /// A test trait that fails the test for every object tracked during it that is still alive at
  /// its end, naming the cycle that holds it.
  ///
  /// ```swift
  /// @Test(.detectingLeaks) func listScreenIsReleased() throws {
  ///   let screen = try container.resolve(ListViewController.self)
  ///   trackForLeaks(screen)
  ///   trackForLeaks(screen.presenter)
  /// }
  /// ```
  ///
  /// Each leak is recorded as an issue at the `trackForLeaks` call that tracked it. Objects still
  /// alive when the test ends are given a grace period (a second by default) to be released, by a
  /// task that ends shortly after the test, before they are reported.
  public struct DetectingLeaksTrait: TestTrait, SuiteTrait, TestScoping {
    /// The grace period, the search limit and the types kept alive on purpose.
    public var options = LeakCheckOptions()

    /// Applies to each test of a suite when attached to the suite.
    public var isRecursive: Bool { true }

    /// Runs the test with a fresh ``LeakTracker`` as ``LeakTracker/current``, then records leaks.
    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      let tracker = LeakTracker()
      try await LeakTracker.$current.withValue(tracker) { try await function() }
      await tracker.waitForRelease(upTo: options.gracePeriod)
      for leak in tracker.leaks(options: options) {
        if let location = leak.location {
          Issue.record(
            Comment(rawValue: leak.description),
            sourceLocation: SourceLocation(
              fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column))
        } else {
          Issue.record(Comment(rawValue: leak.description))
        }
      }
    }
  }

  extension Trait where Self == DetectingLeaksTrait {
    /// Fails the test for every object passed to `trackForLeaks(_:)` that is still alive when the
    /// test ends.
    ///
    /// ```swift
    /// @Test(.detectingLeaks) func screenIsReleased() throws { trackForLeaks(try makeScreen()) }
    /// ```
    public static var detectingLeaks: Self { Self() }

    /// Fails the test for every tracked object still alive at its end, checked with `options`.
    ///
    /// ```swift
    /// @Test(.detectingLeaks(LeakCheckOptions(gracePeriod: .seconds(3)))) func uploadIsReleased() async {}
    /// ```
    ///
    /// - Parameter options: The grace period, the search limit and the types kept alive on purpose.
    /// - Returns: The trait.
    public static func detectingLeaks(_ options: LeakCheckOptions) -> Self { Self(options: options) }
  }

  /// Tracks an object in the current `.detectingLeaks` test: it must be released by the test's end.
  ///
  /// ```swift
  /// trackForLeaks(presenter)
  /// ```
  ///
  /// Outside a `.detectingLeaks` test it records an issue saying so, rather than checking nothing.
  ///
  /// - Parameters:
  ///   - object: The object; `nil` is ignored.
  ///   - fileID: The tracking call's file, filled in by the compiler.
  ///   - filePath: The tracking call's full path, filled in by the compiler.
  ///   - line: The tracking call's line, filled in by the compiler.
  ///   - column: The tracking call's column, filled in by the compiler.
  public func trackForLeaks(
    _ object: AnyObject?, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    column: Int = #column
  ) {
    guard let tracker = LeakTracker.current else {
      Issue.record(
        "trackForLeaks(_:) was called outside a test with the .detectingLeaks trait; nothing is checked.",
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    tracker.track(object, fileID: fileID, filePath: filePath, line: line, column: column)
  }
#endif
