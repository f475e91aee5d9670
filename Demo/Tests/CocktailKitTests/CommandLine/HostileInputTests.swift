@testable import CocktailKit
import FlyingFox
import Foundation
import Testing

/// The `surrogate-demo` executable given extreme flags, hostile text and unusual environments:
/// a usage error or a clear error, never a crash, and nothing written raw to the terminal.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct HostileInputTests {
  private func favouritesFile() -> String { Fixtures.favouritesURL().path }

  @Test(arguments: [
    ["--timeout", "inf"], ["--timeout", "-inf"], ["--timeout", "nan"], ["--timeout", "1e300"],
    ["--timeout", "1e21"], ["--timeout", "1e20"], ["--timeout", "9.3e15"], ["--timeout", "3601"],
    ["--timeout", "-1"], ["--timeout", "0"], ["--timeout", "1e-300"], ["--timeout", "0x1p1023"],
    ["--count", "0"], ["--count", "-1"], ["--count", "21"], ["--count", "9223372036854775807"],
    ["--count", "9223372036854775808"], ["--count", "-9223372036854775808"], ["--count", "1e3"],
  ])
  func numericFlagsAtTheirExtremesAreUsageErrorsNotCrashes(flag: [String]) async throws {
    let run = try await DemoBinary.run(flag + ["--favourites-file", favouritesFile()])
    #expect(!run.crashed)
    #expect(run.status == 64, "\(run.errors)")
    #expect(run.errors.contains(flag[0]))
    #expect(run.output.isEmpty)
  }

  /// The edges of the range are accepted: not a usage error. (Whether 0.1 s is enough for the
  /// loopback server depends on the machine, under ThreadSanitizer it may not be: then the run
  /// ends with the timeout's own clear error, never a crash.)
  @Test(arguments: ["0.1", "3600"])
  func timeoutsAtTheEdgesOfTheRangeAreAccepted(timeout: String) async throws {
    let run = try await DemoBinary.run(["show", "90003", "--timeout", timeout, "--favourites-file", favouritesFile()])
    #expect(!run.crashed)
    #expect(run.status != 64, "\(run.errors)")
    if run.status != 0 {
      #expect(run.status == 1)
      #expect(run.errors.contains("did not answer within \(timeout) s"), "\(run.errors)")
    }
  }

  @Test(arguments: ["0", "65536", "99999", "18446744073709551616"])
  func aPortOutOfRangeIsRejectedAsSuch(port: String) async throws {
    let url = "http://127.0.0.1:\(port)/"
    let run = try await DemoBinary.run(["search", "gin", "--base-url", url, "--timeout", "2"])
    #expect(!run.crashed)
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("error: '\(url)' has port \(port), which is not a port from 1 to 65535.\n"))
  }

  @Test func theDefaultFavouritesFileIsInTheHomeTheEnvironmentNames() async throws {
    let home = Fixtures.favouritesURL().deletingLastPathComponent()
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let file = home.appendingPathComponent(".surrogate-demo/favourites.json")
    let run = try await DemoBinary.run(
      ["favourites", "add", "90003", "--as", "curator"], environment: ["HOME": home.path])
    #expect(run.status == 0, "\(run.errors)")
    #expect(try FavouritesFile(url: file).ids() == ["90003"])
    let help = try await DemoBinary.run(["favourites", "list", "--help"], environment: ["HOME": home.path])
    #expect(help.output.replacingOccurrences(of: "\n", with: " ").contains(file.path))
  }

  @Test func controlCharactersFromTheServerArePrintedVisiblyEscaped() async throws {
    let hostile = Cocktail(
      id: "11", name: "Evil\u{1b}[2J Negroni", instructions: "Stir.\u{07}\u{1b}]0;pwned\u{07} Serve.",
      ingredients: [Ingredient(name: "Gin", measure: "3 cl")])
    let server = try await CatalogueServer.start(serving: [hostile])
    let run = try await DemoBinary.run(["show", "11", "--base-url", server.baseURL.absoluteString])
    await server.stop()
    #expect(run.status == 0, "\(run.errors)")
    #expect(!run.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(run.outputLines.contains(#"Evil\u{1B}[2J Negroni (#11)"#))
    #expect(run.output.contains(#"Stir.\u{07}\u{1B}]0;pwned\u{07} Serve."#))
  }

  @Test func controlCharactersFromTheCommandLineArePrintedVisiblyEscaped() async throws {
    let search = try await DemoBinary.run(["search", "\u{1b}[2J", "--favourites-file", favouritesFile()])
    #expect(search.status == 1)
    #expect(search.errors.hasPrefix(#"error: No cocktail name contains '\u{1B}[2J'."#))
    let usage = try await DemoBinary.run(["--as", "\u{1b}[31mred"])
    #expect(usage.status == 64)
    #expect(usage.errors.contains(#"'\u{1B}[31mred'"#))
    #expect(!(search.errors + usage.errors).unicodeScalars.contains { $0.value == 0x1B })
  }

  @Test func aBodyThatNeverEndsStopsAtTheLimitInBoundedMemory() async throws {
    let chunk = Array(#"{"drinks":[{"idDrink":"1","strDrink":""#.utf8) + Array(repeating: 0x61, count: 65_536)
    let server = try await TestServer.start { _ in
      HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: EndlessBody(chunk: chunk, pause: .zero)))
    }
    let clock = ContinuousClock()
    let start = clock.now
    let run = try await DemoBinary.run([
      "search", "gin", "--base-url", server.baseURL.absoluteString, "--timeout", "30",
      "--favourites-file", favouritesFile(),
    ])
    let elapsed = clock.now - start
    await server.stop()
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("error: The answer is larger than 8 MiB, the most the demo reads (GET "))
    #expect(elapsed < .seconds(20), "long before the 30 s timeout")
    #if os(Linux)
      // The largest child this test process has waited for, the demo among them, in KB: the body
      // is cut at 8 MiB, so the demo stays near its usual size (about 55 MB), where it reached
      // 12 GB before. Under ThreadSanitizer any demo process takes hundreds of MB: not checked.
      var usage = rusage()
      getrusage(RUSAGE_CHILDREN.rawValue, &usage)
      #expect(
        ThreadSanitizer.isRunning || usage.ru_maxrss < 512 * 1024, "a child peaked at \(usage.ru_maxrss / 1024) MB")
    #endif
  }

  @Test func aSearchTooLongToSendIsRefusedAtOnce() async throws {
    let clock = ContinuousClock()
    let start = clock.now
    let run = try await DemoBinary.run([
      "search", String(repeating: "a", count: 16_384), "--favourites-file", favouritesFile(),
    ])
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("error: The request would be "))
    #expect(run.errors.hasSuffix("bytes long; the demo sends at most 2048.\nhint: search for a shorter text\n"))
    #expect(clock.now - start < .seconds(5))
  }
}
