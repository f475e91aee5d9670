import Surrogate
import SurrogateTesting
import Testing

/// The package's two safety nets, `validate()` and the leak check, on the order-history screen.
struct OrderHistorySafetyNetTests {
  @Test func awaitedValidationFindsNoProblemInTheScreen() async {
    let screen = OrderHistoryComposition.screen(in: OrderHistoryComposition.app())
    let report = await screen.validate(arguments: "c42")
    #expect(report.isValid, "\(report)")
    #expect(report.skippedDefinitions.isEmpty, "\(report)")
    #expect(report.checked.count == 3)
    let mainActorScreen = OrderHistoryComposition.mainActorScreen(in: OrderHistoryComposition.app())
    let mainActorReport = await mainActorScreen.validate(arguments: "c42")
    #expect(mainActorReport.isValid, "\(mainActorReport)")
    #expect(mainActorReport.skippedDefinitions.isEmpty, "\(mainActorReport)")
  }

  @Test func awaitedValidationOfTheAppChecksTheAsyncSingletons() async {
    let report = await OrderHistoryComposition.app().validate()
    #expect(report.isValid, "\(report)")
    #expect(report.checked.count == 4)
  }

  @Test func synchronousValidationSkipsWhatNeedsAwaitInsteadOfCallingItInvalid() {
    let report = OrderHistoryComposition.screen(in: OrderHistoryComposition.app()).validate(arguments: "c42")
    #expect(report.isValid, "\(report)")
    #expect(report.checked.isEmpty)
    #expect(report.skippedDefinitions.count == 3)
    let reason = report.skippedDefinitions.first?.reason ?? ""
    #expect(reason.hasPrefix("It needs `await`"))
    #expect(reason.contains("check it with `await container.validate()`"))
  }

  @Test func presenterFirstResolutionIsWarnedAboutTheViewOnlyTheProxyHolds() async {
    let screen = OrderHistoryComposition.screen(in: OrderHistoryComposition.app())
    let report = await screen.validate(arguments: "c42")
    let warnings = report.warnings.filter { $0.kind == .heldOnlyWeakly }
    #expect(warnings.count == 1, "\(report)")
    #expect(
      warnings.first?.message.hasPrefix(
        "OrderHistoryViewController is held only weakly when resolved from OrderHistoryPresenter: it is released "
          + "as soon as resolve returns.") == true)
  }

  @Test func aBrokenScreenReportsExactlyWhatIsBroken() async {
    // No repository registered, the view forwarded as a type it is not, and a synchronous factory
    // that resolves the main-actor view through the container: that request joins the awaited
    // graph (Dip's idiom), but synchronous code runs once and cannot hop to the main actor, so it
    // is reported at the factory that asked, with its path.
    let broken = Container()
    broken.register(.singleton) { OrderHistoryLog() }
    broken.register(.shared) { @MainActor (r, customerID: String) in OrderHistoryViewController(customerID: customerID)
    }
    .implements((any OrderHistoryView & Sendable).self, through: WeakRefProxy.init)
    .implements((any OrderRepository).self)
    broken.register(.shared) { (r, customerID: String) async throws in
      OrderHistoryPresenter(
        view: try await r.resolve(arguments: customerID), repository: try await r.resolve(), customerID: customerID,
        log: try await r.resolve())
    }
    broken.register { _ in
      ScreenTitle(controller: try broken.resolve(OrderHistoryViewController.self, arguments: "c1"))
    }
    let report = await broken.validate(arguments: "c42")
    let problems = report.problems.map { "\($0.code): \($0.pathDescription)" }.sorted()
    #expect(
      problems == [
        "definitionNotFound: OrderHistoryPresenter (arguments: String) → OrderRepository",
        "invalidType: OrderRepository (arguments: String)",
        "requiresMainActor: ScreenTitle → OrderHistoryViewController (arguments: String)",
      ], "\(report)")
    #expect(report.skippedDefinitions.isEmpty, "\(report)")
    // What validation found agrees with an awaited resolve.
    let error = await #expect(throws: ResolutionError.self) { try await broken.resolve(ScreenTitle.self) }
    #expect(error?.code == .requiresMainActor)
    #expect(error?.message.contains("the synchronous factory of ScreenTitle asks for it off the main actor") == true)
  }

  @MainActor
  @Test func theScreenIsReleasedCheckedFromAMainActorTest() async throws {
    let screen = OrderHistoryComposition.screen(in: OrderHistoryComposition.app())
    let report = try await screen.checkForLeaks(resolving: OrderHistoryViewController.self, arguments: "c42")
    #expect(report.isReleased, "\(report)")
    #expect(report.checked.count == 2)
  }

  @MainActor
  @Test func aMainActorScreenWithoutAsyncPartsIsCheckedSynchronouslyFromAMainActorTest() throws {
    let screen = Container()
    screen.register(.shared) { @MainActor (r, customerID: String) in OrderHistoryViewController(customerID: customerID)
    }
    let report = try screen.checkForLeaks(resolving: OrderHistoryViewController.self, arguments: "c1")
    #expect(report.isReleased, "\(report)")
    #expect(report.checked.count == 1)
  }

  @Test func strongWiringOfTheSameScreenReportsThePath() async throws {
    let screen = OrderHistoryComposition.leakyScreen(in: OrderHistoryComposition.app())
    let report = try await screen.checkForLeaks(resolving: OrderHistoryViewController.self, arguments: "c42")
    #expect(!report.isReleased)
    let text = "\(report)"
    #expect(text.contains("StrongOrderHistoryPresenter.view → OrderHistoryViewController"), "\(text)")
    #expect(text.contains("forward OrderHistoryView (arguments: String) through WeakRefProxy"), "\(text)")
  }

  @MainActor
  @Test func leakTrackingWorksFromAMainActorTest() async throws {
    let screen = OrderHistoryComposition.screen(in: OrderHistoryComposition.app())
    let leaks = try await withLeakTracking { tracker in
      let controller = try await screen.resolve(OrderHistoryViewController.self, arguments: "c42")
      tracker.track(controller)
      tracker.track(controller.presenter)
    }
    #expect(leaks.isEmpty, "\(leaks)")
  }

  @Test func awaitedBootstrapMakesAnAsyncEagerSingleton() async throws {
    let log = OrderHistoryLog()
    let container = Container()
    container.register(.eagerSingleton) { _ async throws in try await RemoteOrderService.open(.production, log: log) }
    #expect(throws: ResolutionError.self) { try container.bootstrap() }
    try await container.bootstrap()
    #expect(log.count("open production") == 1)
    _ = try await container.resolve(RemoteOrderService.self)
    #expect(log.count("open production") == 1)
  }
}

/// Something that resolves a main-actor view controller synchronously, through the container.
final class ScreenTitle {
  let controller: OrderHistoryViewController
  init(controller: OrderHistoryViewController) { self.controller = controller }
}

/// `.detectingLeaks` on a `@MainActor` test of the screen.
@MainActor
@Suite(.detectingLeaks)
struct OrderHistoryLeakTraitTests {
  @Test func theTraitChecksWhatAMainActorTestTracks() async throws {
    let screen = OrderHistoryComposition.screen(in: OrderHistoryComposition.app())
    let controller = try await screen.resolve(OrderHistoryViewController.self, arguments: "c42")
    trackForLeaks(controller)
    trackForLeaks(controller.presenter)
    #expect(controller.presenter != nil)
  }
}
