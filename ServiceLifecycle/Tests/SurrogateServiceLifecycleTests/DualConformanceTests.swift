import ServiceLifecycle
import Surrogate
import SurrogateServiceLifecycle
import Testing

/// A type that is both a ServiceLifecycle `Service` and a Surrogate `LongRunningService` (the two
/// protocols have the same requirement) is declared with the plain `.runsAsService()`.
struct DualConformanceTests {
  private final class Reporter: Service, LongRunningService {
    let journal: ServiceJournal
    init(journal: ServiceJournal) { self.journal = journal }
    func run() async throws { journal.note("reporter ran") }
  }

  @Test func aServiceConformingToBothProtocolsIsDeclaredWithoutAClosure() async throws {
    let journal = ServiceJournal()
    let app = Container()
    app.register(.singleton) { Reporter(journal: journal) }.runsAsService()
    let services = try await app.resolveServices()
    #expect(services.count == 1)
    try await app.runServices()
    #expect(journal.entries.contains("reporter ran"))
  }
}
