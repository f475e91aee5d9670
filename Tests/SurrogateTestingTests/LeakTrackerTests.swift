import SurrogateTesting
import Testing

private final class Parent {
  var child: Child?
}

private final class Child {
  var parent: Parent?
  weak var weakParent: Parent?
}

private final class Retainer {
  var action: (() -> Void)?
}

struct LeakTrackerTests {
  @Test func releasedObjectsAreNotLeaks() {
    let leaks = withLeakTracking { tracker in
      let parent = Parent()
      parent.child = Child()
      parent.child?.weakParent = parent
      tracker.track(parent)
      tracker.track(parent.child)
    }
    #expect(leaks.isEmpty, "\(leaks)")
  }

  @Test func aCycleIsReportedWithItsPathAndWhereItWasTracked() {
    var trackedLine = 0
    let leaks = withLeakTracking { tracker in
      let parent = Parent()
      parent.child = Child()
      parent.child?.parent = parent
      trackedLine = #line + 1
      tracker.track(parent)
    }
    #expect(leaks.count == 1)
    #expect(leaks.first?.cycle == ["Parent.child", "Child.parent", "Parent"])
    #expect(leaks.first?.location?.line == trackedLine)
    #expect(leaks.first?.location?.fileID.hasSuffix("LeakTrackerTests.swift") == true)
    #expect(leaks.first?.description.contains("Parent leaked (tracked at ") == true)
  }

  @Test func aLeakThroughAClosureNamesTheClosureAndTheFix() {
    let leaks = withLeakTracking { tracker in
      let retainer = Retainer()
      retainer.action = { _ = retainer }
      tracker.track(retainer)
    }
    #expect(leaks.count == 1)
    #expect(leaks.first?.cycle == ["Retainer.action", "Retainer"])
    #expect(
      leaks.first?.description.hasSuffix(
        ": Retainer.action → Retainer. The closure in Retainer.action captures Retainer strongly: capture it weakly, "
          + "`{ [weak self] in ... }`.") == true)
  }

  @Test(.detectingLeaks) func traitPassesWhenEverythingTrackedIsReleased() {
    let parent = Parent()
    parent.child = Child()
    trackForLeaks(parent)
    trackForLeaks(parent.child)
  }

  @Test func traitRecordsAnIssueForEachLeak() async throws {
    try await withKnownIssue {
      let trait: DetectingLeaksTrait = .detectingLeaks(LeakCheckOptions(gracePeriod: .zero))
      try await trait.provideScope(for: Test.current!, testCase: nil) {
        let parent = Parent()
        parent.child = Child()
        parent.child?.parent = parent
        trackForLeaks(parent)
      }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("Parent leaked") == true
    }
  }
}
