import SuiteSupport
import Surrogate
import Synchronization
import Testing

/// A tag that counts how often it is described, to see what a miss does without timing it.
private struct CountedTag: Hashable, Sendable, CustomStringConvertible {
  static let descriptions = Locked(0)
  let number: Int
  var description: String {
    Self.descriptions.withLock { $0 += 1 }
    return "tag\(number)"
  }
}

private final class Gadget {}

/// A miss costs what a lookup costs: nothing is described, sorted or probed until someone reads
/// the error's text, and then it names a handful of candidates and how many more there are.
@Suite(.serialized)
struct MissCostTests {
  func container(tags: Int) -> Container {
    let container = Container()
    for number in 0..<tags {
      container.register(.unique, tag: CountedTag(number: number)) { Gadget() }
    }
    return container
  }

  @Test func aMissAmongManyTagsDescribesNoneOfThemUntilTheErrorIsRead() {
    let container = container(tags: 2_000)
    CountedTag.descriptions.withLock { $0 = 0 }
    var caught: ResolutionError?
    do {
      _ = try container.resolve(Gadget.self, tag: CountedTag(number: -1))
    } catch {
      caught = error
    }
    #expect(caught?.code == .definitionNotFound)
    #expect(CountedTag.descriptions.withLock { $0 } == 0, "the miss described registered tags before anyone read it")
  }

  @Test func aNilOptionalAmongManyTagsDescribesNoneOfThem() throws {
    let container = container(tags: 2_000)
    CountedTag.descriptions.withLock { $0 = 0 }
    #expect(try container.resolve(Gadget?.self, tag: "elsewhere") == nil)
    #expect(CountedTag.descriptions.withLock { $0 } == 0)
  }

  @Test func theMessageNamesFiveCandidatesAndHowManyMore() {
    let container = container(tags: 100)
    var caught: ResolutionError?
    do {
      _ = try container.resolve(Gadget.self, tag: "missing")
    } catch {
      caught = error
    }
    let message = caught?.message ?? ""
    #expect(
      message
        == "No definition for Gadget tag \"missing\". Registered nearby: Gadget tag CountedTag.tag0, "
        + "Gadget tag CountedTag.tag1, Gadget tag CountedTag.tag10, Gadget tag CountedTag.tag11, "
        + "Gadget tag CountedTag.tag12 and 95 more.")
    #expect(caught?.nearby.count == 100)
    let detailed = caught?.detailedDescription ?? ""
    #expect(detailed.contains("  - Gadget tag CountedTag.tag12\n  … and 95 more\n"), "\(detailed)")
    #expect(
      caught?.remedy.hasPrefix(
        "Gadget is registered with tags CountedTag.tag0, CountedTag.tag1, CountedTag.tag10 and 97 more but was "
          + "resolved with tag \"missing\"; resolve with one of them") == true, "\(caught?.remedy ?? "")")
  }

  @Test func aFewCandidatesAreAllNamed() {
    let container = container(tags: 2)
    var caught: ResolutionError?
    do {
      _ = try container.resolve(Gadget.self)
    } catch {
      caught = error
    }
    #expect(
      caught?.message
        == "No definition for Gadget. Registered nearby: Gadget tag CountedTag.tag0, Gadget tag CountedTag.tag1.")
  }
}
