import Dispatch
import Foundation
import SuiteSupport
import Surrogate
import Synchronization
import Testing

struct ConcurrencyTests {
  @Test func eightTasksTimesTenThousandMixedResolvesRunTheSingletonFactoryOnce() async throws {
    let container = Container()
    let singletons = Counter()
    let shared = Counter()
    container.register(.singleton) { singletons.increment(); return Service() }
    container.register(.shared) { shared.increment(); return ListPresenter() }
    container.register(.unique) { r in Repository(service: try r.resolve()) }
    container.register(.weakSingleton) { ListInteractor() }
    container.register(.unique) { r in (try r.resolve(ListPresenter.self), try r.resolve(ListPresenter.self)) }
    let operations = 10_000
    let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var mismatches = 0
          for operation in 0..<operations {
            switch (task + operation) % 5 {
            case 0: _ = try container.resolve(Service.self)
            case 1: _ = try container.resolve(Repository.self)
            case 2: _ = try container.resolve(ListInteractor.self)
            case 3:
              let (first, second) = try container.resolve((ListPresenter, ListPresenter).self)
              if ObjectIdentifier(first) != ObjectIdentifier(second) { mismatches += 1 }
            default:
              container.register(tag: task) { URLSessionClient(name: "\(task)") }
              _ = try container.resolve(URLSessionClient.self, tag: task)
            }
          }
          return mismatches
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(singletons.value == 1)
    #expect(mismatches == 0)
    #expect(shared.value == 8 * operations / 5)  // one per graph that asked for it
  }

  @Test func singletonFactoryRunsOnceUnderContention() throws {
    for _ in 0..<20 {
      let container = Container()
      let made = Counter()
      container.register(.singleton) { () -> Service in
        made.increment()
        Thread.sleep(forTimeInterval: 0.002)  // keep the window open so every thread arrives while it is being made
        return Service()
      }
      let identities = Locked<Set<ObjectIdentifier>>([])
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        let service = try? container.resolve(Service.self)
        identities.withLock { _ = $0.insert(ObjectIdentifier(service!)) }
      }
      #expect(made.value == 1)
      #expect(identities.withLock { $0.count } == 1)
    }
  }

  /// Readers hold no reference to the registry they read; replaced definitions (and their
  /// singletons) must still be released once no thread can be reading them, never while one is.
  @Test func singletonsReplacedWhileThreadsResolveAreReleasedOnceNoThreadReadsThem() throws {
    final class Tracked: Sendable {
      let live: Counter
      init(live: Counter) {
        self.live = live
        live.increment()
      }
      deinit { live.decrement() }
    }
    let live = Counter()
    let container = Container()
    container.register(.singleton) { Tracked(live: live) }
    let replacements = 2_000
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      if worker == 0 {
        for _ in 0..<replacements { container.register(.singleton) { Tracked(live: live) } }
      } else {
        for _ in 0..<replacements {
          let tracked = try? container.resolve(Tracked.self)
          precondition(tracked?.live === live)
        }
      }
    }
    // Only the current definition's singleton may still be alive.
    _ = try container.resolve(Tracked.self)
    #expect(live.value == 1)
  }

  @Test func threadsResolvingUnrelatedTypesNeverWaitForEachOthersFactories() throws {
    let container = Container()
    let otherResolved = DispatchSemaphore(value: 0)
    let slowStarted = DispatchSemaphore(value: 0)
    let timedOut = Counter()
    container.register(.singleton) { () -> Service in
      slowStarted.signal()
      // Finishes only once the other thread has resolved its own type.
      if otherResolved.wait(timeout: .now() + 10) == .timedOut { timedOut.increment() }
      return Service()
    }
    container.register(.singleton) { URLSessionClient(name: "fast") }
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      _ = try? container.resolve(Service.self)
      done.signal()
    }
    #expect(slowStarted.wait(timeout: .now() + 10) == .success)
    #expect(try container.resolve(URLSessionClient.self).name == "fast")
    otherResolved.signal()
    #expect(done.wait(timeout: .now() + 10) == .success)
    #expect(timedOut.value == 0)
  }

  @Test func singletonFailureIsNotCachedAndTheNextCallerRetries() throws {
    let container = Container()
    let attempts = Counter()
    container.register(.singleton) { () throws -> Service in
      if attempts.increment() == 1 { throw FactoryError() }
      return Service()
    }
    #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
    _ = try container.resolve(Service.self)
    _ = try container.resolve(Service.self)
    #expect(attempts.value == 2)
  }

  /// A valid cycle (B's block needs A) first resolved from both ends at once: the thread that
  /// would close a cycle of waits backs off and starts again once the other has finished.
  @Test func singletonsThatNeedEachOtherAcrossThreadsBothResolve() throws {
    let container = Container()
    let aStarted = DispatchSemaphore(value: 0)
    let bStarted = DispatchSemaphore(value: 0)
    // A's factory needs B; B's block needs A. Each thread starts one, then asks for the other.
    container.register(.singleton) { r -> A in
      aStarted.signal()
      _ = bStarted.wait(timeout: .now() + 10)
      bStarted.signal()  // a latch: stays open for a retry
      return A(b: try r.resolve())
    }
    container.register(.singleton) { B() }.resolvingProperties { r, b in
      bStarted.signal()
      _ = aStarted.wait(timeout: .now() + 10)
      aStarted.signal()
      b.a = try r.resolve()
    }
    let results = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let outcome: String
      do throws(ResolutionError) {
        if index == 0 { _ = try container.resolve(A.self) } else { _ = try container.resolve(B.self) }
        outcome = "ok"
      } catch {
        outcome = "\(error.code)"
      }
      results.withLock { $0.append(outcome) }
    }
    // Nobody hangs, and nobody fails.
    #expect(results.withLock { $0.sorted() } == ["ok", "ok"])
    let a = try container.resolve(A.self)
    #expect(a.b === (try container.resolve(B.self)))
    #expect(a.b?.a === a)
    a.b?.a = nil
  }

  @Test func nestedContainerResolveOfASingletonBeingMadeThrowsInsteadOfDeadlocking() {
    let container = Container()
    container.register(.singleton) { () throws -> Service in
      _ = try container.resolve(Repository.self)  // joins the graph this thread is resolving
      return Service()
    }
    container.register { Repository(service: try container.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
    #expect(error?.code == .circularDependency)
    #expect(error?.message == "Circular dependency: Service → Repository → Service.")
  }
}
