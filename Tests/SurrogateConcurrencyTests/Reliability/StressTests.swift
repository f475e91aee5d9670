import Dispatch
import Foundation
import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// Many threads resolving every scope while others register, remove and use child containers.
///
/// The threads are real threads (not tasks on the two-thread cooperative pool), released together,
/// so that first uses of singletons really race. Run under ThreadSanitizer by `.ci/run`.
@Suite(.hangGuard)
struct StressTests {
  static let threads = 8
  /// NB: 4,000 (10,000 before): under ThreadSanitizer, beside the rest of the suite, 8 x 10,000
  /// took 229 s, the last test of the run to end by 35 s, within 11 s of `runOnThreads`' limit.
  static let operations = 4_000
  static let lazySingletons = 64

  @Test func mixedOperationsOnEveryScopeKeepSingletonsSingleAndSharedInstancesPerGraph() throws {
    let world = StressWorld()
    let anchor = try world.container.resolve(WeakStressed.self)  // keeps the weak singleton alive
    // NB: made by its first resolve, not by `bootstrap()`, which would freeze the definitions this
    // test registers and removes while others resolve (FreezeAndResetStressTests races those).
    _ = try world.container.resolve(EagerStressed.self)

    let results = Locked<[StressStats]>([])
    let failures = Locked<[String]>([])
    runOnThreads(Self.threads) { thread in
      var stats = StressStats()
      do {
        for operation in 0..<Self.operations {
          try world.perform(operation, on: thread, stats: &stats)
        }
      } catch {
        failures.withLock { $0.append("thread \(thread): \(error)") }
      }
      results.withLock { $0.append(stats) }
    }
    let all = results.withLock { $0 }
    #expect(failures.withLock { $0 } == [])
    #expect(all.count == Self.threads)
    #expect(all.reduce(0) { $0 + $1.operations } == Self.threads * Self.operations)

    // Every singleton factory ran once, and everyone got that one instance.
    #expect(world.singletonsMade.value == 1)
    #expect(Set(all.flatMap(\.singletons)).count == 1)
    #expect(world.eagerMade.value == 1)
    #expect(world.weakMade.value == 1)
    #expect(Set(all.flatMap(\.weakInstances)) == [ObjectIdentifier(anchor)])
    for (index, counter) in world.lazyMade.enumerated() {
      #expect(counter.value == 1, "lazy singleton \(index) was made \(counter.value) times")
    }
    for index in 0..<Self.lazySingletons {
      #expect(Set(all.flatMap { $0.lazyInstances[index] ?? [] }).count == 1, "lazy singleton \(index)")
    }

    // A `.shared` instance is shared within its graph and never across graphs.
    #expect(all.reduce(0) { $0 + $1.sharedMismatches } == 0)
    let sharedSerials = all.flatMap(\.sharedSerials)
    #expect(Set(sharedSerials).count == sharedSerials.count)
    #expect(world.sharedMade.value == sharedSerials.count)

    // Per-thread definitions: each registration's singleton was made once, each child's once.
    #expect(all.reduce(0) { $0 + $1.churnRegistrationsResolved } == world.churnMade.value)
    #expect(all.reduce(0) { $0 + $1.childrenUsed } == world.childSingletonsMade.value)
    #expect(all.reduce(0) { $0 + $1.identityMismatches } == 0)
  }

  @Test func firstUseOfManySingletonsFromEightThreadsRunsEachFactoryOnce() {
    for _ in 0..<20 {
      let container = Container()
      let made = (0..<Self.lazySingletons).map { _ in Counter() }
      for (tag, counter) in made.enumerated() {
        container.register(.singleton, tag: tag) { () -> LazyStressed in
          counter.increment()
          return LazyStressed()
        }
      }
      let seen = Locked<[Int: Set<ObjectIdentifier>]>([:])
      runOnThreads(Self.threads) { thread in
        for step in 0..<Self.lazySingletons {
          let tag = (step + thread * 5) % Self.lazySingletons
          guard let instance = try? container.resolve(LazyStressed.self, tag: tag) else { continue }
          seen.withLock { _ = $0[tag, default: []].insert(ObjectIdentifier(instance)) }
        }
      }
      #expect(made.allSatisfy { $0.value == 1 })
      #expect(seen.withLock { $0.values.allSatisfy { $0.count == 1 } && $0.count == Self.lazySingletons })
    }
  }
}

// MARK: - The world the threads share

/// What one thread saw.
struct StressStats {
  var operations = 0
  var singletons: Set<ObjectIdentifier> = []
  var weakInstances: Set<ObjectIdentifier> = []
  var lazyInstances: [Int: Set<ObjectIdentifier>] = [:]
  var sharedSerials: [Int] = []
  var sharedMismatches = 0
  var identityMismatches = 0
  var churnRegistrationsResolved = 0
  var childrenUsed = 0
}

/// A container and counters of every factory, shared by all threads.
final class StressWorld: Sendable {
  let container = Container()
  let singletonsMade = Counter()
  let eagerMade = Counter()
  let weakMade = Counter()
  let sharedMade = Counter()
  let churnMade = Counter()
  let childSingletonsMade = Counter()
  let lazyMade = (0..<StressTests.lazySingletons).map { _ in Counter() }

  init() {
    let c = container
    c.register(.singleton) { [singletonsMade] in singletonsMade.increment(); return Stressed() }
    c.register(.eagerSingleton) { [eagerMade] in eagerMade.increment(); return EagerStressed() }
    c.register(.weakSingleton) { [weakMade] in weakMade.increment(); return WeakStressed() }
    c.register(.shared) { [sharedMade] in SharedStressed(serial: sharedMade.increment()) }
      .implements((any StressedOutput).self)
    c.register(.unique) { r in
      Bundle(
        first: try r.resolve(), second: try r.resolve(), output: try r.resolve(), singleton: try r.resolve(),
        weak: try r.resolve(), unique: try r.resolve())
    }
    c.register(.unique) { UniqueStressed() }
    for (tag, counter) in lazyMade.enumerated() {
      c.register(.singleton, tag: tag) { counter.increment(); return LazyStressed() }
    }
  }

  /// One operation of one thread; which one depends on the operation number.
  func perform(_ operation: Int, on thread: Int, stats: inout StressStats) throws {
    stats.operations += 1
    switch operation % 8 {
    case 0:
      stats.singletons.insert(ObjectIdentifier(try container.resolve(Stressed.self)))
      _ = try container.resolve(EagerStressed.self)
    case 1, 2:
      let bundle = try container.resolve(Bundle.self)
      record(bundle, in: &stats)
    case 3:
      let tag = (operation / 8 * 7 + thread * 3) % StressTests.lazySingletons
      stats.lazyInstances[tag, default: []].insert(ObjectIdentifier(try container.resolve(LazyStressed.self, tag: tag)))
    case 4:
      // A definition of this thread's own, registered, used, and its singleton checked.
      container.register(.singleton, tag: thread) { [churnMade] in churnMade.increment(); return Churned() }
      let first = try container.resolve(Churned.self, tag: thread)
      let second = try container.resolve(Churned.self, tag: thread)
      stats.churnRegistrationsResolved += 1
      if ObjectIdentifier(first) != ObjectIdentifier(second) { stats.identityMismatches += 1 }
    case 5:
      let definition = container.register(.unique, tag: thread) { Churned() }
      _ = try container.resolve(Churned.self, tag: thread)
      container.remove(definition)
      do {
        _ = try container.resolve(Churned.self, tag: thread)
        stats.identityMismatches += 1
      } catch where error.code == .definitionNotFound {}
    case 6:
      // A child container: its own singleton once, the parent's singletons shared.
      let child = Container(parent: container)
      child.register(.singleton) { [childSingletonsMade] in childSingletonsMade.increment(); return ChildStressed() }
      let first = try child.resolve(ChildStressed.self)
      let second = try child.resolve(ChildStressed.self)
      if ObjectIdentifier(first) != ObjectIdentifier(second) { stats.identityMismatches += 1 }
      stats.childrenUsed += 1
      record(try child.resolve(Bundle.self), in: &stats)
    default:
      _ = try container.resolve(WeakStressed.self)
      _ = try container.resolve(UniqueStressed.self)
      // A graph of its own, so a `.shared` instance of its own.
      let output = try container.resolve((any StressedOutput).self)
      stats.sharedSerials.append((output as! SharedStressed).serial)
      stats.weakInstances.insert(ObjectIdentifier(try container.resolve(WeakStressed.self)))
    }
  }

  private func record(_ bundle: Bundle, in stats: inout StressStats) {
    if ObjectIdentifier(bundle.first) != ObjectIdentifier(bundle.second)
      || ObjectIdentifier(bundle.first) != ObjectIdentifier(bundle.output)
    {
      stats.sharedMismatches += 1
    }
    stats.sharedSerials.append(bundle.first.serial)
    stats.singletons.insert(ObjectIdentifier(bundle.singleton))
    stats.weakInstances.insert(ObjectIdentifier(bundle.weak))
  }
}

/// Runs `body` on `count` threads released at the same moment, and waits for all of them.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let start = DispatchSemaphore(value: 0)
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread {
      start.wait()
      body(index)
      group.leave()
    }.start()
  }
  for _ in 0..<count { start.signal() }
  #expect(group.wait(timeout: .now() + 240) == .success, "threads did not finish: a hang")
}

// MARK: - Fixtures

protocol StressedOutput: AnyObject {}
final class Stressed {}
final class EagerStressed {}
final class WeakStressed {}
final class UniqueStressed {}
final class LazyStressed {}
final class Churned {}
final class ChildStressed {}
final class SharedStressed: StressedOutput {
  let serial: Int
  init(serial: Int) { self.serial = serial }
}

/// One graph's view of the world: two `.shared` requests, one through a forwarded type.
final class Bundle {
  let first: SharedStressed
  let second: SharedStressed
  let output: any StressedOutput
  let singleton: Stressed
  let weak: WeakStressed
  let unique: UniqueStressed
  init(
    first: SharedStressed, second: SharedStressed, output: any StressedOutput, singleton: Stressed,
    weak: WeakStressed, unique: UniqueStressed
  ) {
    self.first = first
    self.second = second
    self.output = output
    self.singleton = singleton
    self.weak = weak
    self.unique = unique
  }
}
