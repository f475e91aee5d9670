import Foundation
import Surrogate
import SurrogateTesting
import Testing

/// The places the leak walker could not see into (issue #22): each test names what is printed.
struct LeakBlindSpotTests {
  /// NB: the whole package's tests share two cores, and a task that sleeps 30 ms was seen to run
  /// again only after more than a second; the wait ends as soon as the object is released.
  static let patient = LeakCheckOptions(gracePeriod: .seconds(20))

  // MARK: - 1. The package's own proxies

  @Test func aCycleThroughACreatedLazyProxyIsPrintedAsTheProxy() throws {
    let leaks = try withLeakTracking { tracker in
      let holder = IndexHolder()
      try holder.index.resolvedSubject().owner = holder
      tracker.track(holder)
    }
    #expect(
      leaks.map(\.cycleDescription) == ["IndexHolder.index → LazyProxy<SearchIndex> → SearchIndex.owner → IndexHolder"])
    #expect(leaks.first?.opaqueProperties == [])
  }

  @Test func aFactoryThatCapturesNothingIsNotBlamed() {
    var keptOutside: IndexHolder?
    let leaks = withLeakTracking { tracker in
      let holder = IndexHolder()
      keptOutside = holder
      tracker.track(holder)
    }
    #expect(keptOutside != nil)
    #expect(leaks.first?.opaqueProperties == [])
    #expect(leaks.first?.description.contains("something outside the object graph holds it") == true, "\(leaks)")
  }

  @Test func aCycleThroughAProtectionProxyIsPrintedAsTheProxy() throws {
    let leaks = try withLeakTracking { tracker in
      let holder = ProtectedIndexHolder()
      try holder.index.requireSubject(for: ProxyAccess("owner")).owner = holder
      tracker.track(holder)
    }
    #expect(
      leaks.map(\.cycleDescription) == [
        "ProtectedIndexHolder.index → ProtectionProxy<SearchIndex> → SearchIndex.owner → ProtectedIndexHolder"
      ])
  }

  @Test func aWeakRefProxyHoldsNothing() {
    let leaks = withLeakTracking { tracker in
      let index = SearchIndex()
      let holder = WeakIndexHolder(index)
      index.owner = holder
      tracker.track(holder)
    }
    #expect(leaks.isEmpty, "\(leaks)")
  }

  @Test func aCycleThroughAResolvedLazyIsPrintedAsTheLazy() throws {
    let container = Container()
    container.register(.unique) { SearchIndex() }
    container.autowire(LazyIndexHolder.init)
    let leaks = try withLeakTracking { tracker in
      let holder = try container.resolve(LazyIndexHolder.self)
      try holder.index.value.owner = holder
      tracker.track(holder)
    }
    #expect(
      leaks.map(\.cycleDescription) == [
        "LazyIndexHolder.index → Lazy<SearchIndex> → SearchIndex.owner → LazyIndexHolder"
      ])
  }

  @Test func aCycleThroughAResolvedAsyncLazyIsPrintedAsTheLazy() async throws {
    let container = Container()
    container.register(.unique) { () async in LoadedIndex() }
    container.autowire(AsyncLazyIndexHolder.init)
    let leaks = try await withLeakTracking { tracker in
      let holder = try await container.resolve(AsyncLazyIndexHolder.self)
      try await holder.index.value.owner = holder
      tracker.track(holder)
    }
    #expect(
      leaks.map(\.cycleDescription) == [
        "AsyncLazyIndexHolder.index → AsyncLazy<LoadedIndex> → LoadedIndex.owner → AsyncLazyIndexHolder"
      ])
  }

  @MainActor @Test func aCycleThroughAMainActorLazyProxyIsPrintedAsTheProxy() throws {
    let leaks = try withLeakTracking { tracker in
      let holder = DetailHolder()
      try holder.detail.resolvedSubject().owner = holder
      tracker.track(holder)
    }
    #expect(
      leaks.map(\.cycleDescription) == [
        "DetailHolder.detail → MainActorLazyProxy<DetailScreen> → DetailScreen.owner → DetailHolder"
      ])
  }

  // MARK: - 2. Closures

  @Test func aClosureCapturingItsOwnerIsNamedWithTheFix() {
    let leaks = withLeakTracking { tracker in
      let refresher = Refresher()
      refresher.bind()
      tracker.track(refresher)
    }
    #expect(leaks.map(\.cycleDescription) == ["Refresher.onUpdate → Refresher"])
    #expect(
      leaks.first?.suggestion
        == "The closure in Refresher.onUpdate captures Refresher strongly: capture it weakly, `{ [weak self] in ... }`."
    )
  }

  @Test func aClosureCapturingSeveralValuesIsReadToo() {
    let leaks = withLeakTracking { tracker in
      let refresher = Refresher()
      let count = 3
      let name = "list"
      refresher.onUpdate = { _ = (count, refresher, name) }
      tracker.track(refresher)
    }
    #expect(leaks.map(\.cycleDescription) == ["Refresher.onUpdate → Refresher"])
  }

  @Test func aClosureThatCannotBeReadIsNamedAsTheLikelyHolder() {
    let leaks = withLeakTracking { tracker in
      let refresher = Refresher()
      refresher.callbacks = [{ refresher.refresh() }]
      tracker.track(refresher)
    }
    #expect(leaks.count == 1)
    #expect(leaks.first?.cycle == [])
    #expect(
      leaks.first?.description.hasSuffix(
        ": path unknown (not visible: Refresher.callbacks[0]). The cycle most likely goes through the closure in "
          + "Refresher.callbacks[0], which cannot be read: if it captures self, capture it weakly, "
          + "`{ [weak self] in ... }`.") == true, "\(leaks)")
  }

  // MARK: - 3. Tasks

  @MainActor @Test func aStoredTaskIsNamedAsTheLikelyHolder() async {
    let tracker = LeakTracker()
    weak var started: Poller?
    do {
      let poller = Poller()
      poller.start()
      started = poller
      tracker.track(poller)
    }
    let leaks = tracker.leaks()
    started?.stop()
    #expect(
      leaks.first?.description.hasSuffix(
        ": path unknown (not visible: Poller.task). Poller.task holds a Task, and a running task keeps what its "
          + "operation captures alive: capture self weakly in it, `Task { [weak self] in ... }`, or cancel it when "
          + "the work is no longer needed.") == true, "\(leaks)")
  }

  @Test func somethingThatLetsGoShortlyAfterTheScopeIsNotALeak() async {
    let leaks = await withLeakTracking(options: Self.patient) { tracker async in
      let token = Token()
      tracker.track(token)
      Self.holdBriefly(token)  // as a task that ends shortly after the scope would
    }
    #expect(leaks.isEmpty, "\(leaks)")
  }

  /// Holds `object` for 30 ms more on a thread of its own, then lets it go.
  ///
  /// NB: not a `Task.sleep` in the task: on 2 cores under ThreadSanitizer, suites that block the
  /// cooperative pool kept such a task from running again for more than the 20 s grace period
  /// (CI, 2026-11-24). A thread of its own releases the object whatever the pool is doing.
  static func holdBriefly(_ object: AnyObject) {
    nonisolated(unsafe) let object = object
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 0.03)
      withExtendedLifetime(object) {}
    }
  }

  // MARK: - 4. Observers and other outside holders

  @Test func anObjectAGlobalHoldsIsSaidToBeHeldFromOutside() {
    defer { EventBus.shared.removeAll() }
    let leaks = withLeakTracking { tracker in
      let listener = Listener()
      EventBus.shared.subscribe(listener)
      tracker.track(listener)
    }
    #expect(
      leaks.first?.description.hasSuffix(
        ": no strong cycle leads back to it, so something outside the object graph holds it "
          + "(a global, a singleton, a notification center, a running task). If that is on purpose, list Listener "
          + "in `LeakCheckOptions(intentionallyKept:)`.") == true, "\(leaks)")
  }

  @Test func aNotificationCenterObserverIsSaidToBeHeldFromOutside() {
    var observer: (any NSObjectProtocol)?
    let leaks = withLeakTracking { tracker in
      let listener = Listener()
      observer = NotificationCenter.default.addObserver(
        forName: Notification.Name("LeakBlindSpotTests"), object: nil, queue: nil
      ) { _ in withExtendedLifetime(listener) {} }
      tracker.track(listener)
    }
    if let observer { NotificationCenter.default.removeObserver(observer) }
    #expect(leaks.first?.description.contains("something outside the object graph holds it") == true, "\(leaks)")
  }

  @Test func anInstanceASingletonHoldsIsNamedWithTheSingleton() throws {
    let container = Container()
    container.register(.singleton) { Hub() }
    container.register(.shared) { Listener() }
    container.autowire(ListeningScreen.init)
    let report = try container.checkForLeaks(resolving: ListeningScreen.self)
    #expect(report.leaks.map(\.typeName) == ["Listener"])
    #expect(
      report.leaks.first?.description
        == "Listener leaked: Hub.listeners[0] → Listener. The singleton Hub holds it, and the container keeps Hub "
        + "alive: remove it from Hub when it is done, or hold it weakly there.")
  }

  // MARK: - 5. Async grace period

  @Test func theTraitWaitsForObjectsReleasedShortlyAfterTheTest() async throws {
    let trait: DetectingLeaksTrait = .detectingLeaks(Self.patient)
    try await trait.provideScope(for: Test.current!, testCase: nil) {
      let token = Token()
      trackForLeaks(token)
      Self.holdBriefly(token)
    }
  }

  @Test func theSynchronousFormChecksAtOnce() {
    let (stream, finish) = AsyncStream<Void>.makeStream()
    let leaks = withLeakTracking { tracker in
      let token = Token()
      tracker.track(token)
      Task {
        for await _ in stream {}
        withExtendedLifetime(token) {}
      }
    }
    finish.finish()
    #expect(leaks.map(\.typeName) == ["Token"])
  }

  @Test func theGracePeriodIsConfigurable() async throws {
    let (stream, finish) = AsyncStream<Void>.makeStream()
    let start = ContinuousClock.now
    let leaks = await withLeakTracking(options: LeakCheckOptions(gracePeriod: .milliseconds(50))) { tracker async in
      let token = Token()
      tracker.track(token)
      Task {
        for await _ in stream {}
        withExtendedLifetime(token) {}
      }
    }
    finish.finish()
    #expect(leaks.map(\.typeName) == ["Token"])
    #expect(ContinuousClock.now - start >= .milliseconds(50))
    #expect(LeakCheckOptions().gracePeriod == .seconds(1))
  }

  // MARK: - 6. Captive dependencies

  @Test func aCaptiveDependencyNamesTheSingletonAndTheValidationWarning() throws {
    let container = Container()
    container.autowire(.singleton, Session.init)
    container.register(.shared) { FormatHelper() }
    container.autowire(ProfileScreen.init)
    let report = try container.checkForLeaks(resolving: ProfileScreen.self)
    #expect(
      report.leaks.map(\.description) == [
        "FormatHelper leaked: Session.helper → FormatHelper. The singleton Session holds it: a captive dependency, "
          + "which `validate()` reports as `captiveDependency`. Give FormatHelper a singleton scope, inject a "
          + "`Provider<FormatHelper>`, or make Session shorter-lived."
      ])
  }

  // MARK: - 7. Big rings and long paths

  @Test func aRingLargerThanTheSearchLimitSaysTheLimitWasHit() {
    let leaks = leaksOfARing(of: 20_000)
    #expect(
      leaks.first?.description.hasSuffix(
        ": path unknown: the search stopped at its limit of 10000 objects before finding a way back to it. "
          + "Raise the limit with `LeakCheckOptions(searchLimit:)` to see the path.") == true, "\(leaks)")
  }

  @Test func aRaisedSearchLimitFindsTheRing() {
    let leaks = leaksOfARing(of: 20_000, options: LeakCheckOptions(searchLimit: 30_000))
    #expect(leaks.first?.cycle.count == 20_001)
  }

  /// Bounded: at the default limit the search stops after 10,000 of the 100,000 objects.
  /// Measured on the 2-core Linux machine, under the load of the whole suite and other builds:
  /// 0.12–0.32 s for a leak's search at the default limit (debug and release alike); 3.0–3.4 s
  /// (debug) for all 100,000 objects with the limit raised to 200,000, about 30 µs an object.
  @Test func aHundredThousandObjectRingStopsAtTheLimit() {
    let leaks = leaksOfARing(of: 100_000)
    #expect(leaks.first?.hitSearchLimit == true)
  }

  @Test func aLongCycleIsSummarisedAndKeptWhole() {
    let leaks = leaksOfARing(of: 1_000)
    #expect(leaks.first?.cycle.count == 1_001)
    #expect(
      leaks.first?.cycleDescription
        == "RingNode.next → RingNode.next → RingNode.next → RingNode.next → RingNode.next → … 991 more steps … → "
        + "RingNode.next → RingNode.next → RingNode.next → RingNode.next → RingNode")
    #expect(leaks.first?.fullCycleDescription.count == 1_000 * "RingNode.next → ".count + "RingNode".count)
  }

  // MARK: - 8. Intentional owners

  @Test func anObjectKeptOnPurposeIsNotReported() {
    defer { EventBus.shared.removeAll() }
    let leaks = withLeakTracking(options: LeakCheckOptions(intentionallyKept: [Listener.self])) { tracker in
      let listener = Listener()
      EventBus.shared.subscribe(listener)
      tracker.track(listener)
    }
    #expect(leaks.isEmpty, "\(leaks)")
  }

  @Test func aContainerCheckSkipsObjectsKeptOnPurpose() throws {
    let container = Container()
    container.register(.singleton) { Hub() }
    container.register(.shared) { Listener() }
    container.autowire(ListeningScreen.init)
    let report = try container.checkForLeaks(
      resolving: ListeningScreen.self, options: LeakCheckOptions(intentionallyKept: [Listener.self]))
    #expect(report.isReleased, "\(report)")
  }
}
