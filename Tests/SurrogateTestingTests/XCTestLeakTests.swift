import SurrogateTesting
import XCTest

final class XCTestLeakTests: XCTestCase {
  func testTrackedObjectThatIsReleasedPasses() throws {
    let presenter = ScreenPresenter()
    presenter.analytics = AnalyticsClient()
    trackForMemoryLeaks(presenter)
    trackForMemoryLeaks(try XCTUnwrap(presenter.analytics))
  }
}
