import InMemoryLogging
import Logging
import Surrogate
import SurrogateObservability
import Testing

struct LoggingInterceptorTests {
  func larder(level: Logger.Level = .info, loggerLevel: Logger.Level = .trace) -> (any Larder, InMemoryLogHandler) {
    let handler = InMemoryLogHandler()
    var logger = Logger(label: "larder") { _ in handler }
    logger.logLevel = loggerLevel
    let interceptor = LoggingInterceptor(logger: logger, level: level)
    return (InterceptingProxy<any Larder>(MemoryLarder(), interceptors: [interceptor]), handler)
  }

  @Test func eachCallIsOneLineAtTheChosenLevel() async throws {
    let (larder, log) = larder(level: .info)
    larder.stock("rice")
    _ = try larder.take("rice")
    _ = try await larder.fetch("flour")
    let entries = log.entries
    #expect(entries.map(\.level) == [.info, .info, .info])
    #expect(entries.map { $0.metadata["proxy.requirement"] } == ["stock(_:)", "take(_:)", "fetch(_:)"])
    #expect(entries[0].message.description.hasPrefix("stock(_:) returned in "))
    #expect(entries[0].message.description.hasSuffix(" ms"))
    #expect(entries.allSatisfy { $0.metadata["proxy.duration_ns"] != nil })
  }

  @Test func aCallThatThrowsIsLoggedAtTheFailureLevelWithItsError() async {
    let (larder, log) = larder()
    #expect(throws: Missing()) { try larder.take("saffron") }
    await #expect(throws: Missing()) { try await larder.fetch("saffron") }
    #expect(log.entries.map(\.level) == [.warning, .warning])
    #expect(log.entries.first?.metadata["proxy.error"] == "Missing()")
    #expect(log.entries.first?.message.description.hasPrefix("take(_:) threw Missing() after ") == true)
  }

  /// SurrogateObservability.md, "What is observed": a cancelled call (a service a graceful
  /// shutdown stopped) was stopped, not failed: logged at the level of a call that returned.
  @Test func aCancelledCallIsLoggedAtTheLevelOfACallThatReturned() async {
    let (larder, log) = larder()
    let outcome = await fetchInACancelledTask("flour", from: larder)
    #expect(outcome == "CancellationError()")
    #expect(log.entries.map(\.level) == [.info])
    #expect(log.entries.first?.metadata["proxy.cancelled"] == "true")
    #expect(log.entries.first?.metadata["proxy.error"] == nil)
    #expect(log.entries.first?.message.description.hasPrefix("fetch(_:) was cancelled after ") == true)
  }

  @Test func nothingIsLoggedBelowTheLoggersLevel() {
    let (larder, log) = larder(level: .debug, loggerLevel: .info)
    larder.stock("rice")
    #expect(log.entries.isEmpty)
  }
}
