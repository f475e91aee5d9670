import Foundation
import SuiteSupport
import Surrogate
import Testing

/// Rounds of two threads resolving the two ends of a cycle of singletons that live in two
/// collaborating containers, in a random order, with a random head start, from either container,
/// with or without forcing both factories to run at once. Every round must end within its bound,
/// with both values (a cycle broken with `resolvingProperties`) or with `circularDependency` on
/// both threads (a constructor cycle). Seeded and bounded: CI runs it in release and under
/// ThreadSanitizer.
@Suite(.hangGuard)
struct CollaborationWaitCycleStressTests {
  static let seeds: [UInt64] = [0xC011_AB01, 0xC011_AB02]
  static let rounds = 200

  @Test(arguments: seeds)
  func crossFamilyCyclesStartedInAnyOrderEndInValuesOrACircularDependencyNeverAHang(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    for round in 0..<Self.rounds {
      let isValid = generator.chance(50)
      let meeting = generator.chance(50) ? Meeting(sides: 2) : nil
      let (x, y) =
        isValid
        ? CollaborationWaitCycleTests.propertyCycle(meeting: meeting)
        : CollaborationWaitCycleTests.constructorCycle(meeting: meeting)
      let late = Int.random(in: 0...1, using: &generator)
      let headStart = Double(Int.random(in: 0...300, using: &generator)) / 1_000_000
      // Each end is asked of the container that registered it or of its collaborator.
      let aFrom = generator.chance(75) ? x : y
      let bFrom = generator.chance(75) ? y : x
      let outcomes = outcomes(onThreads: 2, within: 10) { thread in
        if thread == late { Thread.sleep(forTimeInterval: headStart) }
        return CollaborationWaitCycleTests.outcome {
          if thread == 0 { _ = try aFrom.resolve(CrossFamilyA.self) } else { _ = try bFrom.resolve(CrossFamilyB.self) }
        }
      }
      let expected = isValid ? "ok" : "circularDependency"
      let description =
        "seed \(seed), round \(round): \(isValid ? "property" : "constructor") cycle, "
        + "meeting \(meeting != nil), thread \(late) late by \(headStart) s (nil: still waiting)"
      #expect(outcomes == [expected, expected], "\(description)")
      // A hung round leaves its threads blocked: stop there.
      guard outcomes == [expected, expected] else { return }
      if isValid {
        let a = try x.resolve(CrossFamilyA.self)
        #expect(a.b === (try y.resolve(CrossFamilyB.self)), "\(description)")
        #expect(a.b?.a === a, "\(description)")
        a.b = nil
      }
    }
  }
}
