import Dispatch
import SuiteSupport
import Surrogate
import Testing

/// Singletons of two unrelated containers whose factories call the *other container* directly
/// (`y.resolve`, not through the factory's resolver), first resolved on two threads or tasks at
/// once. The call from inside a factory starts a graph of its own (another family of containers),
/// nested in the graph that runs the factory on the same thread: when it waits for a singleton, the
/// outer graph waits too. A cycle of such waits is a constructor cycle and must end in
/// `circularDependency`, never a hang. Every run is bounded: a hang fails the test.
@Suite(.hangGuard)
struct DirectCrossContainerWaitCycleTests {
  @Test func factoriesCallingEachOthersContainerOnTwoThreadsEndInACircularDependency() {
    let (x, y) = Self.directCycle(meeting: Meeting(sides: 2))
    let outcomes = outcomes(onThreads: 2, within: 15) { thread in
      CollaborationWaitCycleTests.outcome {
        if thread == 0 { _ = try x.resolve(CrossFamilyA.self) } else { _ = try y.resolve(CrossFamilyB.self) }
      }
    }
    #expect(outcomes == ["circularDependency", "circularDependency"], "nil: a thread still waiting (a deadlock)")
  }

  @Test func theSameCycleOnOneThreadIsACircularDependencyToo() {
    let (x, _) = Self.directCycle(meeting: nil)
    #expect(CollaborationWaitCycleTests.outcome { _ = try x.resolve(CrossFamilyA.self) } == "circularDependency")
  }

  /// In one task, the awaited resolve nested in the factory finds the singleton its own task's outer
  /// resolve is making: the error says so, and how to join the graph instead.
  @Test func theSameCycleInOneTaskSaysTheOuterResolveOfThisTaskIsMakingIt() async {
    let x = Container()
    let y = Container()
    x.register(.singleton) { _ async throws -> CrossFamilyA in
      CrossFamilyA(b: try await y.resolve(CrossFamilyB.self))
    }
    y.register(.singleton) { _ async throws -> CrossFamilyB in
      CrossFamilyB(a: try await x.resolve(CrossFamilyA.self))
    }
    let error = await #expect(throws: ResolutionError.self) { try await x.resolve(CrossFamilyA.self) }
    #expect(error?.code == .circularDependency)
    let text = error.map { "\($0)" } ?? ""
    #expect(text.contains("is being created by an outer `resolve` in this task, which is waiting for it"), "\(text)")
    #expect(text.contains("resolve through the factory's resolver `r`"), "\(text)")
  }

  @Test func aResolveAfterTheCycleIsReportedReportsItAgainInsteadOfWaitingForAStaleClaim() {
    let (x, y) = Self.directCycle(meeting: Meeting(sides: 2))
    let first = outcomes(onThreads: 2, within: 15) { thread in
      CollaborationWaitCycleTests.outcome {
        if thread == 0 { _ = try x.resolve(CrossFamilyA.self) } else { _ = try y.resolve(CrossFamilyB.self) }
      }
    }
    let again = outcomes(onThreads: 1, within: 15) { _ in
      CollaborationWaitCycleTests.outcome { _ = try y.resolve(CrossFamilyB.self) }
    }
    #expect(first == ["circularDependency", "circularDependency"])
    #expect(again == ["circularDependency"], "nil: still waiting for a claim the first run left")
  }

  /// An awaited resolve runs `x`'s synchronous factory, which asks `y` synchronously: the graph
  /// that call starts is nested in the task's async graph, while a thread resolves `y` directly.
  @Test func aSynchronousFactoryOfAnAwaitedResolveCallingTheOtherContainerEndsInACircularDependency() {
    let (x, y) = Self.directCycle(meeting: Meeting(sides: 2))
    let outcomes = outcomes(onThreads: 2, within: 15) { thread in
      guard thread == 0 else { return CollaborationWaitCycleTests.outcome { _ = try y.resolve(CrossFamilyB.self) } }
      let result = Locked<String?>(nil)
      let done = DispatchSemaphore(value: 0)
      Task(executorPreference: QueueTaskExecutor()) {
        do {
          _ = try await x.resolve(CrossFamilyA.self)
          result.withLock { $0 = "ok" }
        } catch let error as ResolutionError {
          result.withLock { $0 = "\(error.code)" }
        } catch {
          result.withLock { $0 = "\(error)" }
        }
        done.signal()
      }
      _ = done.wait(timeout: .now() + 15)
      return result.withLock { $0 } ?? "still waiting"
    }
    #expect(outcomes == ["circularDependency", "circularDependency"], "a deadlock: a thread or the task still waiting")
  }

  @Test func asyncFactoriesAwaitingEachOthersContainerInTwoTasksEndInACircularDependency() async {
    let meeting = Meeting(sides: 2)
    let x = Container()
    let y = Container()
    x.register(.singleton) { _ async throws -> CrossFamilyA in
      await meeting.arriveAsync(0)
      return CrossFamilyA(b: try await y.resolve(CrossFamilyB.self))
    }
    y.register(.singleton) { _ async throws -> CrossFamilyB in
      await meeting.arriveAsync(1)
      return CrossFamilyB(a: try await x.resolve(CrossFamilyA.self))
    }
    let outcomes = await CollaborationWaitCycleTests.awaitedOutcomes(x: x, y: y)
    #expect(outcomes == ["circularDependency", "circularDependency"], "nil: a task still waiting (a deadlock)")
  }

  /// `x` makes A, whose factory asks `y` for B; `y` makes B, whose factory asks `x` for A. The
  /// containers do not collaborate: each call starts a graph of its own. `meeting`, if any, holds
  /// each factory's first run until both run.
  static func directCycle(meeting: Meeting?) -> (x: Container, y: Container) {
    let x = Container()
    let y = Container()
    x.register(.singleton) { () throws -> CrossFamilyA in
      meeting?.arrive(0)
      return CrossFamilyA(b: try y.resolve(CrossFamilyB.self))
    }
    y.register(.singleton) { () throws -> CrossFamilyB in
      meeting?.arrive(1)
      return CrossFamilyB(a: try x.resolve(CrossFamilyA.self))
    }
    return (x, y)
  }
}
