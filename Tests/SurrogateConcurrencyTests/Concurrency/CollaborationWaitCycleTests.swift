import SuiteSupport
import Surrogate
import Testing

final class CrossFamilyA {
  var b: CrossFamilyB?
  init(b: CrossFamilyB? = nil) { self.b = b }
}

final class CrossFamilyB {
  let a: CrossFamilyA
  init(a: CrossFamilyA) { self.a = a }
}

private final class CollaborationLedger: Sendable {
  let number: Int
  init(number: Int) { self.number = number }
}

private final class CollaborationReport: Sendable {
  let ledger: CollaborationLedger
  let database: Database
  init(ledger: CollaborationLedger, database: Database) {
    self.ledger = ledger
    self.database = database
  }
}

private final class RingA {
  let b: RingB
  init(b: RingB) { self.b = b }
}

private final class RingB {
  let c: RingC
  init(c: RingC) { self.c = c }
}

private final class RingC {
  let a: RingA
  init(a: RingA) { self.a = a }
}

/// Singletons of collaborating containers (separate families) that need each other, first
/// resolved on several threads or tasks at once: each thread claims its own singleton, then asks
/// for another's. The waits cross the families, and a cycle of them must end as it does within
/// one family: `circularDependency` for a constructor cycle, both values for a cycle broken with
/// `resolvingProperties`, never a hang. Every run is bounded: a hang fails the test.
@Suite(.hangGuard)
struct CollaborationWaitCycleTests {
  @Test func aConstructorCycleOfSingletonsAcrossCollaboratingContainersOnTwoThreadsIsACircularDependency() {
    let (x, y) = Self.constructorCycle(meeting: Meeting(sides: 2))
    let outcomes = outcomes(onThreads: 2, within: 15) { thread in
      Self.outcome {
        if thread == 0 { _ = try x.resolve(CrossFamilyA.self) } else { _ = try y.resolve(CrossFamilyB.self) }
      }
    }
    #expect(outcomes == ["circularDependency", "circularDependency"], "nil: a thread still waiting (a deadlock)")
  }

  @Test func aPropertyCycleOfSingletonsAcrossCollaboratingContainersOnTwoThreadsResolvesOnBoth() throws {
    let (x, y) = Self.propertyCycle(meeting: Meeting(sides: 2))
    let outcomes = outcomes(onThreads: 2, within: 15) { thread in
      Self.outcome {
        if thread == 0 { _ = try x.resolve(CrossFamilyA.self) } else { _ = try y.resolve(CrossFamilyB.self) }
      }
    }
    #expect(outcomes == ["ok", "ok"], "nil: a thread still waiting (a deadlock)")
    let a = try x.resolve(CrossFamilyA.self)
    #expect(a.b === (try y.resolve(CrossFamilyB.self)))
    #expect(a.b?.a === a)
    a.b = nil
  }

  @Test func anAwaitedConstructorCycleOfSingletonsAcrossCollaboratingContainersIsACircularDependency() async {
    let meeting = Meeting(sides: 2)
    let x = Container()
    let y = Container()
    x.collaborate(with: y)
    x.register(.singleton) { r async throws -> CrossFamilyA in
      await meeting.arriveAsync(0)
      return CrossFamilyA(b: try await r.resolve())
    }
    y.register(.singleton) { r async throws -> CrossFamilyB in
      await meeting.arriveAsync(1)
      return CrossFamilyB(a: try await r.resolve())
    }
    let outcomes = await CollaborationWaitCycleTests.awaitedOutcomes(x: x, y: y)
    #expect(outcomes == ["circularDependency", "circularDependency"], "nil: a task still waiting (a deadlock)")
  }

  @Test func anAwaitedCollaboratorsAsyncDefinitionMakesItsDependentsUniqueDependencyOnce() async throws {
    let app = Container()
    let checkout = Container()
    checkout.collaborate(with: app)
    let ledgers = Counter()
    app.register(.singleton) { _ async throws in try await Database.open("app") }
    app.register(.unique) { CollaborationLedger(number: ledgers.increment()) }
    app.autowire(CollaborationReport.init)
    let report = try await checkout.resolve(CollaborationReport.self)
    #expect(report.database.name == "app")
    #expect(report.ledger.number == 1)
    #expect(ledgers.value == 1)
  }

  /// Collaboration is transitive (`x` reaches `z` through `y`): three threads around a ring.
  @Test func aConstructorCycleAroundThreeCollaboratingContainersOnThreeThreadsIsACircularDependency() {
    let meeting = Meeting(sides: 3)
    let x = Container()
    let y = Container()
    let z = Container()
    x.collaborate(with: y)
    y.collaborate(with: z)
    x.register(.singleton) { r -> RingA in
      meeting.arrive(0)
      return RingA(b: try r.resolve())
    }
    y.register(.singleton) { r -> RingB in
      meeting.arrive(1)
      return RingB(c: try r.resolve())
    }
    z.register(.singleton) { r -> RingC in
      meeting.arrive(2)
      return RingC(a: try r.resolve())
    }
    let outcomes = outcomes(onThreads: 3, within: 20) { thread in
      Self.outcome {
        switch thread {
        case 0: _ = try x.resolve(RingA.self)
        case 1: _ = try y.resolve(RingB.self)
        default: _ = try z.resolve(RingC.self)
        }
      }
    }
    #expect(outcomes == Array(repeating: "circularDependency", count: 3), "nil: a thread still waiting (a deadlock)")
  }

  // MARK: - Fixtures, shared with the stress test

  /// `x` makes A, which needs B; `y` makes B, which needs A; each resolves the other's through
  /// collaboration. `meeting`, if any, holds each factory's first run until both run.
  static func constructorCycle(meeting: Meeting?) -> (x: Container, y: Container) {
    let x = Container()
    let y = Container()
    x.collaborate(with: y)
    x.register(.singleton) { r -> CrossFamilyA in
      meeting?.arrive(0)
      return CrossFamilyA(b: try r.resolve())
    }
    y.register(.singleton) { r -> CrossFamilyB in
      meeting?.arrive(1)
      return CrossFamilyB(a: try r.resolve())
    }
    return (x, y)
  }

  /// As ``constructorCycle(meeting:)``, but A gets B in a `resolvingProperties` block: a valid
  /// configuration.
  static func propertyCycle(meeting: Meeting?) -> (x: Container, y: Container) {
    let x = Container()
    let y = Container()
    x.collaborate(with: y)
    x.register(.singleton) { () -> CrossFamilyA in
      meeting?.arrive(0)
      return CrossFamilyA()
    }
    .resolvingProperties { r, a in a.b = try r.resolve(CrossFamilyB.self) }
    y.register(.singleton) { r -> CrossFamilyB in
      meeting?.arrive(1)
      return CrossFamilyB(a: try r.resolve())
    }
    return (x, y)
  }

  /// What two tasks resolving A from `x` and B from `y` at once end in, each "ok" or an error's
  /// code, `nil` for one still waiting after fifteen seconds.
  static func awaitedOutcomes(x: Container, y: Container) async -> [String?] {
    await outcomes(ofTasks: 2, within: 15) { task in
      do {
        _ = task == 0 ? try await x.resolve(CrossFamilyA.self) as AnyObject : try await y.resolve(CrossFamilyB.self)
        return "ok"
      } catch let error as ResolutionError {
        return "\(error.code)"
      } catch {
        return "\(error)"
      }
    }
  }

  /// "ok", or the code of the `ResolutionError` that `body` threw.
  static func outcome(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "ok"
    } catch let error as ResolutionError {
      return "\(error.code)"
    } catch {
      return "\(error)"
    }
  }
}
