@testable import CocktailKit
import FlyingFox
import Foundation
import Testing

/// The remote proxy against a real HTTP server on 127.0.0.1, one server at a time: twenty at once
/// starve each other under ThreadSanitizer on two cores.
@Suite(.serialized)
struct RemoteCocktailServiceTests {
  private static let negroniJSON = """
    {"drinks":[{"idDrink":"11","strDrink":"Negroni","strCategory":"Ordinary Drink","strAlcoholic":"Alcoholic",
    "strGlass":"Old-fashioned glass","strInstructions":"Stir with ice.","strDrinkThumb":null,
    "strIngredient1":"Gin","strMeasure1":"3 cl ","strIngredient2":"Campari","strMeasure2":null,
    "strIngredient3":"","strMeasure3":"","strIngredient4":null,"strMeasure4":null}]}
    """

  @Test func searchBuildsTheRequestAndDecodesTheDrinks() async throws {
    let seen = RecordedRequests()
    let found = try await TestServer.with({ request in
      seen.append("\(request.path)?\(request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&"))")
      return .json(Self.negroniJSON)
    }) { server in
      try await RemoteCocktailService(baseURL: server.baseURL).cocktails(named: "old fashioned")
    }
    #expect(seen.all == ["/api/json/v1/1/search.php?s=old fashioned"])
    #expect(found == [
      Cocktail(
        id: "11", name: "Negroni", category: "Ordinary Drink", alcoholic: "Alcoholic", glass: "Old-fashioned glass",
        instructions: "Stir with ice.",
        ingredients: [Ingredient(name: "Gin", measure: "3 cl"), Ingredient(name: "Campari", measure: nil)])
    ])
  }

  @Test func everyOperationCallsItsEndpoint() async throws {
    let seen = RecordedRequests()
    try await TestServer.with({ request in
      seen.append("\(request.path.split(separator: "/").last ?? "")?\(request.query.map { "\($0.name)=\($0.value)" }.joined())")
      return .json(Self.negroniJSON)
    }) { server in
      let service = try RemoteCocktailService(baseURL: server.baseURL)
      _ = try await service.cocktails(startingWith: "n")
      _ = try await service.cocktails(withIngredient: "Gin")
      _ = try await service.cocktail(id: "11")
      _ = try await service.randomCocktail()
    }
    #expect(seen.all == ["search.php?f=n", "filter.php?i=Gin", "lookup.php?i=11", "random.php?"])
  }

  @Test func baseURLWithoutTrailingSlashStillReachesTheEndpoints() async throws {
    let seen = RecordedRequests()
    try await TestServer.with({ request in
      seen.append(request.path)
      return .json(#"{"drinks":null}"#)
    }) { server in
      let base = URL(string: String(server.baseURL.absoluteString.dropLast()))!
      _ = try await RemoteCocktailService(baseURL: base).cocktails(named: "x")
    }
    #expect(seen.all == ["/api/json/v1/1/search.php"])
  }

  @Test func drinksNullIsNoMatchNotAnError() async throws {
    try await TestServer.with({ _ in .json(#"{"drinks":null}"#) }) { server in
      let service = try RemoteCocktailService(baseURL: server.baseURL)
      #expect(try await service.cocktails(named: "zzz").isEmpty)
      #expect(try await service.cocktails(withIngredient: "zzz").isEmpty)
      #expect(try await service.cocktail(id: "0") == nil)
    }
  }

  @Test func randomWithNoDrinkIsAMalformedResponse() async throws {
    let error = try await TestServer.with({ _ in .json(#"{"drinks":null}"#) }) { server in
      await #expect(throws: CocktailServiceError.self) {
        try await RemoteCocktailService(baseURL: server.baseURL).randomCocktail()
      }
    }
    #expect(error?.code == .malformedResponse)
    #expect(error?.message == "random.php answered with no drink")
  }

  @Test(arguments: [(404, "check the base URL"), (500, "the server failed; try again later")])
  func httpErrorStatusIsATypedErrorWithTheStatus(status: Int, remedy: String) async throws {
    let error = try await TestServer.with({ _ in
      HTTPResponse(statusCode: HTTPStatusCode(status, phrase: "Failure"), body: Data("<html>oops</html>".utf8))
    }) { server in
      await #expect(throws: CocktailServiceError.self) {
        try await RemoteCocktailService(baseURL: server.baseURL).cocktails(named: "gin")
      }
    }
    #expect(error?.code == .httpStatus)
    #expect(error?.statusCode == status)
    #expect(error?.message == "the server answered HTTP \(status)")
    #expect(error?.url?.hasSuffix("/api/json/v1/1/search.php?s=gin") == true)
    #expect(error?.remedy.hasPrefix(remedy) == true)
  }

  @Test(arguments: [
    ("{\"drinks\": [", "not valid JSON"),
    ("<html>maintenance</html>", "not valid JSON"),
    (#"{"meals": []}"#, "missing drinks"),
    (#"{"drinks": [{"strDrink": "No id"}]}"#, "missing idDrink"),
    (#"{"drinks": 7}"#, "unexpected value at drinks"),
  ])
  func malformedBodyIsATypedError(body: String, detail: String) async throws {
    let error = try await TestServer.with({ _ in .json(body) }) { server in
      await #expect(throws: CocktailServiceError.self) {
        try await RemoteCocktailService(baseURL: server.baseURL).cocktails(named: "gin")
      }
    }
    #expect(error?.code == .malformedResponse)
    #expect(error?.message == "the answer is not TheCocktailDB JSON (\(detail))")
    #expect(error?.cause is DecodingError)
  }

  @Test func slowServerPastTheTimeoutIsATimedOutError() async throws {
    let clock = ContinuousClock()
    let start = clock.now
    let error = try await TestServer.with({ _ in
      try await Task.sleep(for: .seconds(30))
      return .json(Self.negroniJSON)
    }) { server in
      await #expect(throws: CocktailServiceError.self) {
        try await RemoteCocktailService(baseURL: server.baseURL, timeout: 0.3).cocktails(named: "gin")
      }
    }
    #expect(error?.code == .timedOut)
    #expect(error?.message == "127.0.0.1 did not answer within 0.3 s")
    let elapsed = clock.now - start
    // Not early (corelibs URLSession alone fires a 0.3 s timeout at once), and long before the
    // answer; the margin is wide because the full suite's stress tests can starve this task.
    #expect(elapsed >= .seconds(0.3) && elapsed < .seconds(20), "gave up after \(elapsed)")
  }

  @Test func closedPortIsAnUnreachableError() async throws {
    let service = try RemoteCocktailService(baseURL: URL(string: "http://127.0.0.1:1/")!, timeout: 5)
    let error = await #expect(throws: CocktailServiceError.self) { try await service.cocktails(named: "gin") }
    #expect(error?.code == .unreachable)
    #expect(error?.message == "cannot reach 127.0.0.1: connection refused")
    #expect(error?.url == "http://127.0.0.1:1/search.php?s=gin")
  }

  @Test(arguments: ["ftp://example.com/", "/just/a/path", "http://"])
  func baseURLThatIsNotHTTPIsRejectedUpFront(text: String) throws {
    let error = #expect(throws: CocktailServiceError.self) { try RemoteCocktailService(baseURL: URL(string: text)!) }
    #expect(error?.code == .invalidBaseURL)
    #expect(error?.description.contains("'\(text)' is not an http(s) URL with a host") == true)
  }

  @Test(arguments: ["http://127.0.0.1:0/", "http://127.0.0.1:65536/", "http://[::1]:99999/", "http://u:p@h:18446744073709551616/"])
  func baseURLWithAPortOutOfRangeIsRejectedUpFront(text: String) throws {
    let error = #expect(throws: CocktailServiceError.self) { try RemoteCocktailService(baseURL: URL(string: text)!) }
    #expect(error?.code == .invalidBaseURL)
    #expect(error?.message.hasPrefix("'\(text)' has port ") == true)
    #expect(error?.message.hasSuffix(", which is not a port from 1 to 65535") == true)
  }

  @Test(arguments: ["http://127.0.0.1:1/", "http://127.0.0.1:65535/", "http://[::1]:8080/x", "http://h/", "https://u@h/"])
  func baseURLWithAPortInRangeOrNoneIsAccepted(text: String) throws {
    _ = try RemoteCocktailService(baseURL: URL(string: text)!)
  }

  @Test(arguments: [0, -1, 0.01, 3_601, .infinity, -.infinity, .nan, 1e300, 9.3e15])
  func timeoutOutsideTheRangeIsRejectedUpFront(timeout: Double) throws {
    let error = #expect(throws: CocktailServiceError.self) {
      try RemoteCocktailService(baseURL: URL(string: "http://127.0.0.1/")!, timeout: timeout)
    }
    #expect(error?.code == .invalidTimeout)
  }
}
