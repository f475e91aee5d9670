#if canImport(XCTest)
  import XCTest

  extension XCTestCase {
    /// Fails the test if `instance` is still alive when the test's teardown runs, naming the
    /// strong reference cycle that holds it.
    ///
    /// ```swift
    /// func testListScreenIsReleased() throws {
    ///   let screen = try container.resolve(ListViewController.self)
    ///   trackForMemoryLeaks(screen)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - instance: The object that must be released.
    ///   - file: The file the failure is reported in; the caller's by default.
    ///   - line: The line the failure is reported at; the caller's by default.
    public func trackForMemoryLeaks(_ instance: AnyObject, file: StaticString = #filePath, line: UInt = #line) {
      addTeardownBlock { [weak instance] in
        guard let instance else { return }
        XCTFail(LeakFinder.leak(of: instance).description, file: file, line: line)
      }
    }
  }
#endif
