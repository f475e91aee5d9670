import Surrogate
import SurrogateTesting
import Testing

// A leak report's suggestion names the reference that, made weak, breaks the cycle without
// releasing what the graph still needs; an object a leaked cycle holds is said to be held by it
// (outside client 31).

private protocol TruthFeed: AnyObject {
  var delegate: AnyObject? { get set }
}
private final class RemoteTruthFeed: TruthFeed {
  var delegate: AnyObject?
}
private final class LoggingTruthFeed: TruthFeed {
  let inner: any TruthFeed
  init(inner: any TruthFeed) { self.inner = inner }
  var delegate: AnyObject? {
    get { inner.delegate }
    set { inner.delegate = newValue }
  }
}
private final class FeedTruthScreen {
  var feed: (any TruthFeed)?
}

private final class CycleHolder {
  var partner: CyclePartner?
  let bystander = Bystander()
}
private final class CyclePartner {
  var holder: CycleHolder?
}
private final class Bystander {}

private protocol TruthParenting: AnyObject {}
private protocol TruthChilding: AnyObject {}
private final class TruthParent: TruthParenting {
  let child: any TruthChilding
  init(child: any TruthChilding) { self.child = child }
}
private final class TruthChild: TruthChilding {
  var parent: (any TruthParenting)?
}
private final class TruthViewController {
  var presenter: TruthPresenter?
}
private final class TruthPresenter {
  var view: TruthViewController?
}

struct LeakSuggestionTruthTests {
  /// The screen owns its `.shared` feed, decorated: weakening the screen's reference or the
  /// decorator's `inner` would release the feed; the reference back to the screen is the one.
  @Test func aCycleThroughADecoratorIsBrokenAtTheReferenceBack() throws {
    let container = Container()
    container.register(.shared) { RemoteTruthFeed() }.implements((any TruthFeed).self)
    container.decorate((any TruthFeed).self) { _, inner in LoggingTruthFeed(inner: inner) }
    container.register(.shared) { FeedTruthScreen() }
      .resolvingProperties { r, screen in
        screen.feed = try r.resolve()
        screen.feed?.delegate = screen
      }
    let report = try container.checkForLeaks(resolving: FeedTruthScreen.self)
    let screen = try #require(report.leaks.first { $0.typeName == "FeedTruthScreen" })
    #expect(
      screen.cycleDescription
        == "FeedTruthScreen.feed → LoggingTruthFeed.inner → RemoteTruthFeed.delegate → FeedTruthScreen")
    #expect(!screen.suggestion.contains("WeakRefProxy"), "\(screen.suggestion)")
    #expect(screen.suggestion.hasPrefix("Make RemoteTruthFeed.delegate weak"), "\(screen.suggestion)")
  }

  /// Swinject's circular-dependency example, registered under protocols: the child's block asks
  /// for the parent that is asking for it. Each asked for the other, so what asked first (the
  /// parent) owns; the reference the later request set is the one back.
  @Test func aCycleClosedByABlocksRequestIsBrokenAtTheReferenceThatRequestSet() throws {
    let container = Container()
    container.register(type: (any TruthParenting).self) { r in TruthParent(child: try r.resolve()) }
    container.register(type: (any TruthChilding).self) { TruthChild() }
      .resolvingProperties { r, child in (child as? TruthChild)?.parent = try r.resolve() }
    let report = try container.checkForLeaks(resolving: (any TruthParenting).self)
    let child = try #require(report.leaks.first { $0.typeName == "TruthChild" }, "\(report)")
    #expect(child.cycleDescription == "TruthChild.parent → TruthParent.child → TruthChild")
    #expect(child.suggestion.hasPrefix("Make TruthChild.parent weak"), "\(child.suggestion)")
    #expect(!child.suggestion.contains("TruthParent.child weak"), "\(child.suggestion)")
  }

  /// Dip's MVP screen wired by property injection on both sides: the view controller's block
  /// asks for the presenter, whose block asks for the view controller back.
  @Test func aCycleOfTwoBlocksIsBrokenAtTheReferenceTheSecondRequestSet() throws {
    let container = Container()
    container.register(.shared) { TruthViewController() }
      .resolvingProperties { r, controller in controller.presenter = try r.resolve() }
    container.register(.shared) { TruthPresenter() }
      .resolvingProperties { r, presenter in presenter.view = try r.resolve() }
    let report = try container.checkForLeaks(resolving: TruthViewController.self)
    let leak = try #require(report.leaks.first { $0.typeName == "TruthViewController" }, "\(report)")
    #expect(leak.suggestion.hasPrefix("Make TruthPresenter.view weak"), "\(leak.suggestion)")
  }

  /// An object that only a leaked cycle holds is held by that cycle, not by "something outside
  /// the object graph"; hiding it with `intentionallyKept` would hide a real leak.
  @Test func anObjectHeldOnlyByALeakedCycleIsSaidToBeHeldByIt() {
    let leaks = withLeakTracking { tracker in
      let holder = CycleHolder()
      let partner = CyclePartner()
      holder.partner = partner
      partner.holder = holder
      tracker.track(holder)
      tracker.track(holder.bystander)
    }
    let bystander = leaks.first { $0.typeName == "Bystander" }
    #expect(bystander?.holderPath == ["CycleHolder.bystander", "Bystander"], "\(leaks)")
    #expect(bystander?.suggestion.contains("intentionallyKept") == false, "\(bystander?.suggestion ?? "")")
    #expect(bystander?.suggestion.contains("CycleHolder") == true, "\(bystander?.suggestion ?? "")")
  }
}

private final class TruthLog {}
private final class AuditTrailKeeper {
  let log: TruthLog
  init(log: TruthLog) { self.log = log }
}

extension LeakSuggestionTruthTests {
  /// A captive dependency registered with a tag is named with it: the untagged definition of the
  /// type may already be the singleton the suggestion asks for.
  @Test func aTaggedCaptiveIsNamedWithItsTag() throws {
    let container = Container()
    container.register(.singleton) { TruthLog() }
    container.register(.shared, tag: "audit") { TruthLog() }
    container.register(.singleton) { r in AuditTrailKeeper(log: try r.resolve(tag: "audit")) }
    let report = try container.checkForLeaks(resolving: AuditTrailKeeper.self)
    let log = try #require(report.leaks.first { $0.typeName == "TruthLog" }, "\(report)")
    #expect(log.suggestion.contains("Give TruthLog tag \"audit\" a singleton scope"), "\(log.suggestion)")
    #expect(log.suggestion.contains("`Provider<TruthLog>` (resolved with `tag: \"audit\"`)"), "\(log.suggestion)")
  }
}

private protocol PickedAnalytics: AnyObject, Sendable {}
private final class LivePickedAnalytics: PickedAnalytics {}
private final class AnalyticsScreen: Sendable {
  let analytics: any PickedAnalytics
  init(analytics: any PickedAnalytics) { self.analytics = analytics }
}

extension LeakSuggestionTruthTests {
  /// A `.shared` definition that picks an implementation by resolving a singleton (how a Factory
  /// user writes `self { self.liveAnalytics() }`) hands out the container's singleton: kept on
  /// purpose, never a leak, made before the check or by it.
  @Test(arguments: [false, true])
  func aSingletonHandedOutByASharedDefinitionIsKeptNotLeaked(madeBefore: Bool) throws {
    let container = Container()
    container.register(.singleton) { LivePickedAnalytics() }
    container.register(.shared, type: (any PickedAnalytics).self) { r in try r.resolve(LivePickedAnalytics.self) }
    container.register { r in AnalyticsScreen(analytics: try r.resolve()) }
    if madeBefore { _ = try container.resolve(LivePickedAnalytics.self) }
    let report = try container.checkForLeaks(resolving: AnalyticsScreen.self)
    #expect(report.isReleased, "\(report)")
    #expect(report.retainedByContainer == 1, "\(report)")
  }
}
