import Dispatch
import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// Registrations racing `bootstrap()`, and resolves racing `reset(_:)`, on real threads released
/// together. Seeded (the seed is in the test's arguments) and bounded in rounds and in time.
/// Run under ThreadSanitizer by `.ci/run`.
@Suite(.hangGuard)
struct FreezeAndResetStressTests {
  static let seeds: [UInt64] = [0x5EED_0001, 0x5EED_0002, 0x5EED_0003]
  static let registeringThreads = 4
  static let registrationsPerThread = 40
  static let resolvingThreads = 4
  static let session = Scope.custom("session")

  /// Each registration lands before the freeze (and an eager one is made by that bootstrap) or is
  /// rejected (and reported), never both nor neither; and once a thread's registration is
  /// rejected, every later one of that thread is too.
  @Test(arguments: seeds)
  func aRegistrationRacingBootstrapLandsBeforeItOrIsRejected(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let deadline = ContinuousClock.now + .seconds(20)
    var rounds = 0
    var landedSomewhere = false
    while rounds < 40, ContinuousClock.now < deadline {
      rounds += 1
      let plan = RacePlan(using: &generator)
      let container = Container()
      let made = (0..<plan.keys).map { _ in Counter() }
      let bootstrapFailure = Locked<String?>(nil)
      runOnThreads(Self.registeringThreads + 1) { thread in
        guard thread < Self.registeringThreads else {
          plan.spinBeforeBootstrap()
          do { try container.bootstrap() } catch { bootstrapFailure.withLock { $0 = "\(error)" } }
          return
        }
        for index in 0..<Self.registrationsPerThread {
          let tag = thread * Self.registrationsPerThread + index
          let counter = made[tag]
          container.register(plan.isEager[tag] ? .eagerSingleton : .singleton, tag: tag) { () -> Raced in
            counter.increment()
            return Raced()
          }
        }
      }
      #expect(bootstrapFailure.withLock { $0 } == nil, "seed \(seed), round \(rounds)")
      let rejected = Set(container.rejectedChanges.map(\.key))
      landedSomewhere = landedSomewhere || rejected.count < plan.keys
      for thread in 0..<Self.registeringThreads {
        var sawRejection = false
        for index in 0..<Self.registrationsPerThread {
          let tag = thread * Self.registrationsPerThread + index
          let key = DefinitionKey(type: Raced.self, tag: DefinitionTag(tag))
          let isRejected = rejected.contains(key)
          let context = "seed \(seed), round \(rounds), tag \(tag)"
          #expect(!sawRejection || isRejected, "a registration landed after its thread saw the freeze: \(context)")
          sawRejection = sawRejection || isRejected
          // Made by bootstrap exactly when it is eager and landed.
          #expect(made[tag].value == (plan.isEager[tag] && !isRejected ? 1 : 0), "\(context)")
          do {
            _ = try container.resolve(Raced.self, tag: tag)
            #expect(!isRejected, "a rejected registration resolves: \(context)")
          } catch {
            #expect(isRejected, "a landed registration fails: \(error), \(context)")
            #expect(error.code == .modifiedAfterBootstrap, "\(context)")
          }
        }
      }
    }
    #expect(rounds > 0)
    #expect(landedSomewhere)
    // NB: whether a round's freeze falls between registrations depends on the scheduler (on an
    // idle machine 13 to 29 of 40 rounds did; under a loaded CI none may): asserting it made the
    // test fail for the machine's load, not for the container. A split is checked without
    // threads in `aRegistrationAfterBootstrapIsRejectedAndOneBeforeLands`.
  }

  /// The outcome a racing round may have, forced: the registration before `bootstrap()` lands,
  /// the one after is rejected and reported, and each resolves accordingly.
  @Test func aRegistrationAfterBootstrapIsRejectedAndOneBeforeLands() throws {
    let container = Container()
    container.register(.singleton, tag: 0) { Raced() }
    try container.bootstrap()
    container.register(.singleton, tag: 1) { Raced() }
    #expect(container.rejectedChanges.map(\.key) == [DefinitionKey(type: Raced.self, tag: DefinitionTag(1))])
    #expect(throws: Never.self) { try container.resolve(Raced.self, tag: 0) }
    do {
      _ = try container.resolve(Raced.self, tag: 1)
      Issue.record("a rejected registration resolved")
    } catch {
      #expect(error.code == .modifiedAfterBootstrap)
    }
  }

  /// A resolve racing `reset(Self.session)` gets the old instance or a new one, fully made (its block
  /// ran); the thread that resets gets a new one right after; each reset makes at most one new
  /// instance; and once everyone lets go, no instance is left alive.
  @Test(arguments: seeds)
  func aResolveRacingAResetGetsTheOldOrANewInstanceNeverATornOne(seed: UInt64) throws {
    let container = Container()
    let made = Counter()
    let alive = Counter()
    container.register(Self.session) { () -> SessionState in
      made.increment()
      return SessionState(alive: alive)
    }
    .implements((any SessionReading).self)
    .resolvingProperties { _, state in state.finish() }
    container.register(Self.session) { r in SessionProfile(state: try r.resolve()) }
    container.register(.unique) { r in SessionScreen(profile: try r.resolve(), state: try r.resolve()) }
    try container.bootstrap()

    let resets = Counter()
    let failures = Locked<[String]>([])
    let deadline = ContinuousClock.now + .seconds(5)
    runOnThreads(Self.resolvingThreads + 1) { thread in
      var generator = SeededGenerator(seed: SeededGenerator.caseSeed(run: seed, index: thread))
      for step in 0..<4_000 where ContinuousClock.now < deadline {
        do {
          if thread == Self.resolvingThreads {
            let before = try container.resolve(SessionState.self)
            container.reset(Self.session)
            resets.increment()
            let after = try container.resolve(SessionState.self)
            if before === after { failures.withLock { $0.append("step \(step): the same instance after a reset") } }
            continue
          }
          switch Int.random(in: 0..<3, using: &generator) {
          case 0:
            let state = try container.resolve(SessionState.self)
            if !state.isFinished { failures.withLock { $0.append("step \(step): a state whose block had not run") } }
          case 1:
            let reading = try container.resolve((any SessionReading).self)
            if !reading.isFinished { failures.withLock { $0.append("step \(step): a forwarded state not finished") } }
          default:
            let screen = try container.resolve(SessionScreen.self)
            // One graph: the profile's state is the screen's, whichever session it belongs to.
            if screen.profile.state !== screen.state && made.value < 2 {
              failures.withLock { $0.append("step \(step): two states in one graph before any reset") }
            }
            if !screen.state.isFinished {
              failures.withLock { $0.append("step \(step): a screen's state not finished") }
            }
          }
        } catch {
          failures.withLock { $0.append("thread \(thread), step \(step): \(error)") }
        }
      }
    }
    #expect(failures.withLock { $0 } == [], "seed \(seed)")
    #expect(resets.value > 0)
    #expect(made.value <= resets.value + 1, "more instances than sessions: \(made.value) for \(resets.value) resets")
    #expect(made.value >= resets.value, "the resetting thread got a new instance after each reset")
    container.reset(Self.session)
    #expect(alive.value == 0, "instances outlived every reset and every holder")
  }
}

/// When the bootstrap thread starts, and which registrations are eager: drawn from the seed.
private struct RacePlan: Sendable {
  let keys = FreezeAndResetStressTests.registeringThreads * FreezeAndResetStressTests.registrationsPerThread
  let spins: Int
  let isEager: [Bool]

  init(using generator: inout SeededGenerator) {
    spins = Int.random(in: 0..<40_000, using: &generator)
    isEager = (0..<keys).map { _ in generator.chance(50) }
  }

  /// Waits a seeded while, so that the freeze falls at a different point of the registrations.
  func spinBeforeBootstrap() {
    var sum = 0
    for index in 0..<spins { sum &+= index }
    blackHole(sum)
  }
}

@inline(never)
private func blackHole(_ value: Int) { _ = value }

private final class Raced: Sendable {}

private protocol SessionReading: AnyObject, Sendable {
  var isFinished: Bool { get }
}

private final class SessionState: SessionReading {
  private let finished = Atomic<Bool>(false)
  private let alive: Counter

  init(alive: Counter) {
    self.alive = alive
    alive.increment()
  }

  deinit { alive.decrement() }

  var isFinished: Bool { finished.load(ordering: .acquiring) }
  func finish() { finished.store(true, ordering: .releasing) }
}

private final class SessionProfile: Sendable {
  let state: SessionState
  init(state: SessionState) { self.state = state }
}

private final class SessionScreen: Sendable {
  let profile: SessionProfile
  let state: SessionState
  init(profile: SessionProfile, state: SessionState) {
    self.profile = profile
    self.state = state
  }
}
