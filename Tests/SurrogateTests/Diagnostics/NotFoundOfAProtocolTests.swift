import SuiteSupport
import Surrogate
import Testing

/// What TypeForwarding.md says a `definitionNotFound` error of a protocol holds: how to register
/// or forward it, and no registered type that conforms to it (no public API tells that without an
/// instance), whether one conforms or not, with a tag or without, from a child container.
struct NotFoundOfAProtocolTests {
  static let untaggedRemedy =
    "Register it: `container.register(.shared, type: (any HTTPClient).self) { r in ... }`, or forward it from an existing definition with `.implements((any HTTPClient).self)`."
  static let taggedRemedy =
    "Register it: `container.register(.shared, type: (any HTTPClient).self, tag: \"live\") { r in ... }`, or forward it from an existing definition with `.implements((any HTTPClient).self, tag: \"live\")`."

  /// The error a child container's request for `any HTTPClient` throws when its parent registers
  /// `URLSessionClient` (which conforms) or `Service` (which does not), made and not forwarded.
  func missInChild(parentRegistersAConformingType conforming: Bool, tag: String?) throws -> ResolutionError? {
    let parent = Container()
    if conforming {
      parent.register(.singleton) { URLSessionClient() }
      _ = try parent.resolve(URLSessionClient.self)  // made: an instance exists, and is not asked
    } else {
      parent.register(.singleton) { Service() }
      _ = try parent.resolve(Service.self)
    }
    let child = Container(parent: parent)
    do throws(ResolutionError) {
      if let tag {
        _ = try child.resolve((any HTTPClient).self, tag: tag)
      } else {
        _ = try child.resolve((any HTTPClient).self)
      }
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [true, false], [nil, "live"] as [String?])
  func theErrorSaysHowToForwardAndNamesNoRegisteredType(conforming: Bool, tag: String?) throws {
    let error = try #require(try missInChild(parentRegistersAConformingType: conforming, tag: tag))
    #expect(error.code == .definitionNotFound)
    #expect(
      error.message == (tag == nil ? "No definition for HTTPClient." : "No definition for HTTPClient tag \"live\"."))
    #expect(error.remedy == (tag == nil ? Self.untaggedRemedy : Self.taggedRemedy))
    #expect(error.nearby.isEmpty)
    #expect(error.pathDescription == (tag == nil ? "HTTPClient" : "HTTPClient tag \"live\""))
  }

  /// The text TypeForwarding.md shows, whole.
  @Test func theArticlesErrorIsTheErrorsDescription() throws {
    let error = try #require(try missInChild(parentRegistersAConformingType: true, tag: nil))
    #expect(
      error.description
        == "definitionNotFound: No definition for HTTPClient. Path: HTTPClient. Fix: \(Self.untaggedRemedy)")
  }

  /// A tagged miss lists the protocol's registrations under other tags, and still no conforming
  /// type.
  @Test func aTaggedMissListsTheProtocolUnderOtherTagsOnly() {
    let parent = Container()
    parent.register(.singleton) { StubClient() }.implements((any HTTPClient).self, tag: "stub")
    parent.register(.singleton) { URLSessionClient() }
    let child = Container(parent: parent)
    let error = #expect(throws: ResolutionError.self) { try child.resolve((any HTTPClient).self, tag: "live") }
    #expect(error?.nearby.map(\.description) == ["HTTPClient tag \"stub\""])
    #expect(error?.message == "No definition for HTTPClient tag \"live\". Registered nearby: HTTPClient tag \"stub\".")
    #expect(error?.remedy.contains("URLSessionClient") == false)
  }

  /// The fix the remedy names, on the parent's registration, answers the child's request, tagged
  /// too (the untagged forwarding is the fallback).
  @Test func forwardingAsTheRemedySaysAnswersTheChild() throws {
    let parent = Container()
    parent.register(.singleton) { URLSessionClient() }.implements((any HTTPClient).self)
    let child = Container(parent: parent)
    #expect(try child.resolve((any HTTPClient).self) is URLSessionClient)
    #expect(try child.resolve((any HTTPClient).self, tag: "live") is URLSessionClient)
  }

  /// The tagged remedy's forwarding, written as printed, answers the tagged request it was made
  /// for, and only that one: the untagged request is still a miss.
  @Test func forwardingWithTheTagTheTaggedRemedyPrintsAnswersThatTag() throws {
    let remedy = try #require(try missInChild(parentRegistersAConformingType: true, tag: "live")).remedy
    #expect(remedy.hasSuffix("`.implements((any HTTPClient).self, tag: \"live\")`."))
    let parent = Container()
    parent.register(.singleton) { URLSessionClient() }.implements((any HTTPClient).self, tag: "live")
    let child = Container(parent: parent)
    #expect(try child.resolve((any HTTPClient).self, tag: "live") is URLSessionClient)
    let miss = #expect(throws: ResolutionError.self) { try child.resolve((any HTTPClient).self) }
    #expect(miss?.code == .definitionNotFound)
  }
}
