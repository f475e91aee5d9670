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
    /// - Parameter instance: The object that must be released.
    public func trackForMemoryLeaks(_ instance: AnyObject, file: StaticString = #filePath, line: UInt = #line) {
      addTeardownBlock { [weak instance] in
        guard let instance else { return }
        XCTFail(LeakFinder.leak(of: instance).description, file: file, line: line)
      }
    }
  }
#endif
