import SuiteSupport
import Surrogate
import Testing

struct ResolutionErrorTests {
  @Test func notFoundNamesTheTypeThePathAndTheFix() {
    let container = Container()
    container.register { r in Repository(service: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Repository.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.message == "No definition for Service.")
    #expect(error?.pathDescription == "Repository → Service")
    #expect(error?.remedy.hasPrefix("Register it: `container.register(.shared) { r in ... }` returning Service") == true)
    #expect(error?.description.hasPrefix("definitionNotFound: No definition for Service. Path: Repository → Service. Fix:") == true)
  }

  @Test func notFoundOfAProtocolSpellsItsFixAsSwift6Code() {
    let container = Container()
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any ListInteractorOutput).self) }
    #expect(
      error?.remedy
        == "Register it: `container.register(.shared, type: (any ListInteractorOutput).self) { r in ... }`, or forward it from an existing definition with `.implements((any ListInteractorOutput).self)`."
    )
  }

  @Test func notFoundWithTagNamesTheTag() {
    let container = Container()
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Service.self, tag: "live") }
    #expect(error?.message == "No definition for Service tag \"live\".")
    #expect(error?.key.tag == DefinitionTag("live"))
    #expect(error?.remedy.contains("tag: \"live\"") == true)
  }

  // NB: the error does not say which registered type conforms to the missing protocol: no public
  // API answers that from two metatypes without an instance (the runtime's existential metatype,
  // looked up with `dlsym`, once did; #34). It says how to forward the protocol instead.
  @Test func notFoundOfAProtocolSuggestsForwardingItWithoutNamingAConformingType() {
    let container = Container()
    container.register { ListPresenter() }
    let error = #expect(throws: ResolutionError.self) { try container.resolve((any ListInteractorOutput).self) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.message == "No definition for ListInteractorOutput.")
    #expect(error?.nearby.isEmpty == true)
    #expect(
      error?.remedy
        == "Register it: `container.register(.shared, type: (any ListInteractorOutput).self) { r in ... }`, or forward it from an existing definition with `.implements((any ListInteractorOutput).self)`."
    )
  }

  @Test func factoryFailureKeepsTheCause() {
    let container = Container()
    container.register { () throws -> Service in throw FactoryError(reason: "disk full") }
    container.register { r in Repository(service: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Repository.self) }
    #expect(error?.code == .factoryFailed)
    #expect(error?.cause as? FactoryError == FactoryError(reason: "disk full"))
    #expect(error?.message == "The factory of Service threw FactoryError: disk full.")
    #expect(error?.pathDescription == "Repository → Service")
  }

  @Test func detailedDescriptionPrintsThePathAsATree() {
    let container = Container()
    container.register { r in Repository(service: try r.resolve()) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Repository.self) }
    let lines = error?.detailedDescription.split(separator: "\n").map(String.init) ?? []
    #expect(lines.prefix(3) == [
      "definitionNotFound: No definition for Service.",
      "  Repository",
      "  └─ Service   ← failed here",
    ])
    #expect(lines.last?.hasPrefix("Fix: ") == true)
  }

  @Test func errorIsTypedSoCatchNeedsNoCast() {
    let container = Container()
    do {
      _ = try container.resolve(Service.self)
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .definitionNotFound)
    }
  }

  @Test func keysDescribeArgumentsAndTags() {
    let key = DefinitionKey(type: Client.self, argumentsType: (String, Int).self, tag: DefinitionTag("live"))
    #expect(key.description == "Client (arguments: (String, Int)) tag \"live\"")
    #expect(key.hasArguments)
    #expect(!DefinitionKey(type: Client.self).hasArguments)
  }
}
