import Surrogate
import SurrogateTesting
import Testing

private protocol InjectedScreenView: AnyObject {}

private final class InjectedScreen: InjectedScreenView {
  @Injected var presenter: InjectedPresenter
}

private final class InjectedPresenter {
  @Injected var view: any InjectedScreenView
}

private final class LoopScreen {
  var presenter: LoopPresenter?
}

private final class LoopPresenter {
  let screen: LoopScreen
  init(screen: LoopScreen) { self.screen = screen }
}

private final class PlainScreen {}

struct ContainerLeakCheckTests {
  @Test func aLeakingWeakSingletonIsReportedByEveryCheckNotOnlyTheFirst() throws {
    let container = Container()
    container.register(.weakSingleton) { LoopScreen() }
      .resolvingProperties { r, screen in screen.presenter = try r.resolve() }
    container.register(.shared) { r in LoopPresenter(screen: try r.resolve()) }
    let first = try container.checkForLeaks(resolving: LoopScreen.self)
    #expect(!first.isReleased)
    let second = try container.checkForLeaks(resolving: LoopScreen.self)
    #expect(!second.isReleased, "\(second)")
  }

  @Test func aWeakSingletonHeldElsewhereIsNotReportedReleased() throws {
    let container = Container()
    container.register(.weakSingleton) { PlainScreen() }
    func checkWhileHeld() throws {
      let held = try container.resolve(PlainScreen.self)
      let report = try container.checkForLeaks(resolving: PlainScreen.self)
      #expect(!report.isReleased, "\(report)")
      withExtendedLifetime(held) {}
    }
    try checkWhileHeld()
    // Once nothing else holds it, the check makes and releases one of its own.
    #expect(try container.checkForLeaks(resolving: PlainScreen.self).isReleased)
  }

  @Test func aCycleThroughInjectedPropertiesIsNamedByTheProperties() throws {
    let container = Container()
    container.register { InjectedScreen() }.implements((any InjectedScreenView).self)
    container.register { InjectedPresenter() }
    let report = try container.checkForLeaks(resolving: InjectedScreen.self)
    let screen = report.leaks.first { $0.typeName == "InjectedScreen" }
    #expect(screen?.cycleDescription == "InjectedScreen.presenter → InjectedPresenter.view → InjectedScreen")
    #expect(screen?.suggestion.hasPrefix("InjectedPresenter.view holds InjectedScreen") == true, "\(report)")
  }

  @Test func leakyMVPCompositionIsReportedWithTheExactPath() throws {
    let report = try leakyScreenContainer().checkForLeaks(resolving: ScreenController.self)
    #expect(!report.isReleased)
    #expect(report.checked.map(\.description).sorted() == ["ScreenController", "ScreenPresenter"])
    #expect(report.retainedByContainer == 1)
    let controller = report.leaks.first { $0.typeName == "ScreenController" }
    #expect(controller?.cycleDescription == "ScreenController.presenter → ScreenPresenter.view → ScreenController")
    #expect(
      controller?.suggestion.hasPrefix(
        "ScreenPresenter.view holds ScreenController through ScreenView: forward ScreenView through WeakRefProxy")
        == true)
    let presenter = report.leaks.first { $0.typeName == "ScreenPresenter" }
    #expect(presenter?.cycleDescription == "ScreenPresenter.view → ScreenController.presenter → ScreenPresenter")
    #expect(report.description.hasPrefix("ScreenController NOT released: 2 objects, 2 leaked"))
  }

  @Test func sameCompositionWithAWeakViewReportsNoLeak() throws {
    let report = try fixedScreenContainer().checkForLeaks(resolving: ScreenController.self)
    #expect(report.isReleased, "\(report)")
    #expect(report.description == "ScreenController released: 2 objects, 0 leaked (1 singleton kept by the container)")
  }

  @Test func sameCompositionForwardedThroughWeakRefProxyReportsNoLeak() throws {
    let report = try proxiedScreenContainer().checkForLeaks(resolving: ScreenController.self)
    #expect(report.isReleased, "\(report)")
    #expect(report.description == "ScreenController released: 2 objects, 0 leaked (1 singleton kept by the container)")
  }
}
