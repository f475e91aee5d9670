import SuiteSupport
import Surrogate
import Testing

// NB: `Surrogate.Assembly`, qualified: this test target has a fixture class named `Assembly`, as a
// codebase moving from Swinject has its own (see the Modules article).

/// Assemblies: a feature's registrations in one type, applied in order, optionally into a child.
struct AssemblyTests {
  @Test func assembliesAreAppliedInOrderAndALaterOneReplacesAnEarlierDefinition() throws {
    let container = Container()
    let order = Recorded()
    container.assemble(
      ClientAssembly(host: "live", order: order), ServiceAssembly(order: order),
      ClientAssembly(host: "stub", order: order))
    #expect(order.names == ["client live", "service", "client stub"])
    #expect(try container.resolve(Client.self).host == "stub")
    #expect(throws: Never.self) { try container.resolve(Repository.self) }
  }

  @Test func anArrayOfAssembliesIsAppliedLikeTheVariadicForm() throws {
    let container = Container()
    let order = Recorded()
    let assemblies: [any Surrogate.Assembly] = [
      ServiceAssembly(order: order), ClientAssembly(host: "live", order: order),
    ]
    container.assemble(assemblies)
    #expect(order.names == ["service", "client live"])
    #expect(try container.resolve(Client.self).host == "live")
  }

  @Test func aChildAssembledForAFeatureResolvesFromItsParentAndStaysInvisibleToIt() throws {
    let app = Container()
    let order = Recorded()
    app.assemble(ServiceAssembly(order: order))
    try app.bootstrap()
    let feature = app.makeChild(assembling: ClientAssembly(host: "feature", order: order))
    #expect(feature.parent === app)
    #expect(try feature.resolve(Client.self).host == "feature")
    #expect(throws: Never.self) { try feature.resolve(Repository.self) }
    let error = #expect(throws: ResolutionError.self) { try app.resolve(Client.self) }
    #expect(error?.code == .definitionNotFound)
    #expect(app.rejectedChanges.isEmpty)
  }

  @Test func aChildKeepsItsParentsDepthLimit() {
    let app = Container(maximumDepth: 7)
    #expect(app.makeChild().maximumDepth == 7)
  }

  @Test func anAssemblyAppliedAfterBootstrapIsRejectedAndReported() throws {
    let container = Container()
    try container.bootstrap()
    container.assemble(ServiceAssembly(order: Recorded()))
    #expect(
      container.rejectedChanges.map(\.key) == [DefinitionKey(type: Service.self), DefinitionKey(type: Repository.self)])
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Repository.self) }
    #expect(error?.code == .modifiedAfterBootstrap)
  }
}

private final class Recorded: Sendable {
  private let storage = Locked<[String]>([])
  var names: [String] { storage.withLock { $0 } }
  func append(_ name: String) { storage.withLock { $0.append(name) } }
}

private struct ClientAssembly: Surrogate.Assembly {
  let host: String
  let order: Recorded

  func assemble(into container: Container) {
    order.append("client \(host)")
    let host = host
    container.register { Client(host: host, port: 443) }
  }
}

private struct ServiceAssembly: Surrogate.Assembly {
  let order: Recorded

  func assemble(into container: Container) {
    order.append("service")
    container.register(.singleton) { Service() }
    container.register { r in Repository(service: try r.resolve()) }
  }
}
