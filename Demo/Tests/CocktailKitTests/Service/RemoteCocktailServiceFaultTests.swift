@testable import CocktailKit
import FlyingFox
import Foundation
import Testing

/// The remote proxy against a loopback server (127.0.0.1) that misbehaves: bodies that never
/// end, redirect loops, and requests too long to send. Every test ends well within its time limit.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct RemoteCocktailServiceFaultTests {
  private static let opening = Array(#"{"drinks":[{"idDrink":"1","strDrink":""#.utf8)

  @Test func aBodyThatNeverEndsIsCutOffAtTheResponseLimit() async throws {
    let clock = ContinuousClock()
    let start = clock.now
    let error = try await TestServer.with({ _ in
      HTTPResponse(
        statusCode: .ok, headers: [.contentType: "application/json"],
        body: HTTPBodySequence(
          from: EndlessBody(chunk: Self.opening + Array(repeating: 0x61, count: 65_536), pause: .zero)))
    }) { server in
      await #expect(throws: CocktailServiceError.self) {
        try await RemoteCocktailService(baseURL: server.baseURL, timeout: 30).cocktails(named: "gin")
      }
    }
    #expect(error?.code == .responseTooLarge)
    #expect(error?.message == "the answer is larger than 8 MiB, the most the demo reads")
    #expect(clock.now - start < .seconds(20), "long before the 30 s timeout")
  }

  @Test func aBodyThatTricklesForeverEndsAtTheTimeout() async throws {
    let clock = ContinuousClock()
    let start = clock.now
    let error = try await TestServer.with({ _ in
      HTTPResponse(
        statusCode: .ok, headers: [.contentType: "application/json"],
        body: HTTPBodySequence(from: EndlessBody(chunk: Array(" ".utf8), pause: .milliseconds(50))))
    }) { server in
      await #expect(throws: CocktailServiceError.self) {
        try await RemoteCocktailService(baseURL: server.baseURL, timeout: 1).cocktails(named: "gin")
      }
    }
    #expect(error?.code == .timedOut)
    let elapsed = clock.now - start
    #expect(elapsed >= .seconds(1) && elapsed < .seconds(10), "gave up after \(elapsed)")
  }

  @Test func aDeclaredLengthOverTheLimitIsRefusedBeforeTheBody() async throws {
    let error = try await TestServer.with({ _ in
      HTTPResponse(
        statusCode: .ok, headers: [.contentType: "application/json"],
        body: HTTPBodySequence(from: EndlessBody(chunk: Self.opening, pause: .zero), count: 1 << 40))
    }) { server in
      await #expect(throws: CocktailServiceError.self) {
        try await RemoteCocktailService(baseURL: server.baseURL, timeout: 30).cocktails(named: "gin")
      }
    }
    #expect(error?.code == .responseTooLarge)
  }

  @Test func aRedirectLoopSaysTooManyRedirects() async throws {
    let error = try await TestServer.with({ request in
      var headers = HTTPHeaders()
      headers[.location] = request.path + "?again"
      return HTTPResponse(statusCode: .found, headers: headers)
    }) { server in
      await #expect(throws: CocktailServiceError.self) {
        try await RemoteCocktailService(baseURL: server.baseURL, timeout: 10).cocktails(named: "gin")
      }
    }
    #expect(error?.code == .tooManyRedirects)
    #expect(error?.message == "127.0.0.1 answered with too many redirects (a redirect loop?)")
  }

  @Test func aRequestTooLongToSendIsRefusedAtOnceWithoutReachingTheServer() async throws {
    let seen = RecordedRequests()
    let clock = ContinuousClock()
    let start = clock.now
    let error = try await TestServer.with({ request in
      seen.append(request.path)
      return .json(#"{"drinks":null}"#)
    }) { server in
      await #expect(throws: CocktailServiceError.self) {
        try await RemoteCocktailService(baseURL: server.baseURL, timeout: 30)
          .cocktails(named: String(repeating: "a", count: 16_384))
      }
    }
    #expect(error?.code == .requestTooLong)
    #expect(error?.message.hasSuffix("bytes long; the demo sends at most 2048") == true)
    #expect(seen.all.isEmpty)
    #expect(clock.now - start < .seconds(5))
  }
}
