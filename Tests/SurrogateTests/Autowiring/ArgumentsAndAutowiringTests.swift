import Foundation
import SuiteSupport
import Surrogate
import Testing

final class Endpoint {
  let url: URL
  let port: Int
  init(url: URL, port: Int) {
    self.url = url
    self.port = port
  }
}

final class Wired {
  let service: Service
  let client: URLSessionClient
  init(service: Service, client: URLSessionClient) {
    self.service = service
    self.client = client
  }
}

struct ArgumentsAndAutowiringTests {
  let url = URL(string: "https://example.com")!

  @Test func runtimeArgumentsAreMatchedByType() throws {
    let container = Container()
    container.register { (_, url: URL, port: Int) in Endpoint(url: url, port: port) }
    let endpoint = try container.resolve(Endpoint.self, arguments: url, 8080)
    #expect(endpoint.url == url)
    #expect(endpoint.port == 8080)
  }

  @Test func runtimeArgumentsOfAnyArity() throws {
    let container = Container()
    container.register { (_, a: Int) in [a] }
    container.register { (_, a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) in [a, b, c, d, e, f] }
    #expect(try container.resolve([Int].self, arguments: 1) == [1])
    #expect(try container.resolve([Int].self, arguments: 1, 2, 3, 4, 5, 6) == [1, 2, 3, 4, 5, 6])
  }

  @Test func wrongArgumentTypesAreNotFoundAndTheRegisteredOnesAreNamed() {
    let container = Container()
    container.register { (_, url: URL, port: UInt16) in Endpoint(url: url, port: Int(port)) }
    let error = #expect(throws: ResolutionError.self) {
      try container.resolve(Endpoint.self, arguments: url, 8080)
    }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.key.argumentsType == (URL, Int).self as Any.Type)
    #expect(ids(error?.nearby.map(\.argumentsType)) == ids((URL, UInt16).self))
    #expect(error?.remedy.contains("(URL, UInt16)") == true)
    #expect(error?.remedy.contains("(URL, Int)") == true)
  }

  @Test func wrongArgumentCountIsNotFound() {
    let container = Container()
    container.register { (_, url: URL, port: Int) in Endpoint(url: url, port: port) }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Endpoint.self, arguments: url) }
    #expect(error?.code == .definitionNotFound)
    #expect(error?.message.contains("Endpoint (arguments: URL)") == true)
  }

  @Test func autowireResolvesEveryInitializerParameter() throws {
    let container = Container()
    container.register(.singleton) { Service() }
    container.register { URLSessionClient(name: "wired") }
    container.autowire(Wired.init)
    let wired: Wired = try container.resolve()
    #expect(wired.client.name == "wired")
    #expect(ObjectIdentifier(wired.service) == ObjectIdentifier(try container.resolve(Service.self)))
  }

  @Test func autowirePropagatesTheRequestedTagToDependencies() throws {
    let container = Container()
    container.register { Service() }
    container.register { URLSessionClient(name: "untagged") }
    container.register(tag: "test") { URLSessionClient(name: "test") }
    container.autowire(Wired.init)
    #expect(try container.resolve(Wired.self, tag: "test").client.name == "test")
    #expect(try container.resolve(Wired.self).client.name == "untagged")
  }

  @Test func anExplicitResolveInsideATaggedFactoryIsUntagged() throws {
    let container = Container()
    container.register { Service() }
    container.register { URLSessionClient(name: "untagged") }
    container.register(tag: "test") { URLSessionClient(name: "test") }
    container.register(tag: "test") { r in Wired(service: try r.resolve(), client: try r.resolve()) }
    #expect(try container.resolve(Wired.self, tag: "test").client.name == "untagged")
  }

  @Test func requestWithoutArgumentsIsAutowiredFromAFactoryWithArguments() throws {
    let container = Container()
    container.register { Service() }
    container.register { URLSessionClient(name: "from container") }
    container.register { (_, service: Service, client: URLSessionClient) in Wired(service: service, client: client) }
    #expect(try container.resolve(Wired.self).client.name == "from container")
  }

  @Test func autowiringPrefersTheFactoryWithMoreResolvableArguments() throws {
    let container = Container()
    container.register { 42 }
    container.register { "text" }
    container.register { (_, number: Int) in [String(number)] }
    container.register { (_, number: Int, text: String) in [String(number), text] }
    #expect(try container.resolve([String].self) == ["42", "text"])
  }

  @Test func ambiguousAutowiringIsAnErrorNotAGuess() {
    let container = Container()
    container.register { 42 }
    container.register { "text" }
    container.register { (_, number: Int) in [String(number)] }
    container.register { (_, text: String) in [text] }
    let error = #expect(throws: ResolutionError.self) { try container.resolve([String].self) }
    #expect(error?.code == .ambiguousAutowiring)
    #expect(
      error?.message
        == "Cannot auto-wire Array<String>: 2 factories with 1 resolvable argument fit equally well: "
        + "Array<String> (arguments: Int), Array<String> (arguments: String).")
    #expect(error?.nearby.count == 2)
    #expect(ids(error?.path.map(\.type)) == ids([String].self))
  }
}
