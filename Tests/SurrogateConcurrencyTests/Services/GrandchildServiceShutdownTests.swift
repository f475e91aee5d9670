import SuiteSupport
import Surrogate
import Testing

/// The app's `shutdown()` stops and disposes a grandchild's running services when the child
/// between registers only a request's values (it keeps nothing of its own): before, no container
/// listed it, the services ran on and their disposal never ran.
@Suite(.hangGuard)
struct GrandchildServiceShutdownTests {
  @Test func theAppsShutdownStopsAGrandchildsServicesThroughAChildThatKeepsNothing() async throws {
    let journal = ServiceJournal()
    let app = Container()
    let feature = Container(parent: app)
    feature.register { "feature settings" }
    let screen = Container(parent: feature)
    screen.register(.singleton) { JournalingService("indexer", journal: journal) }.runsAsService()
    let run = Task { try await screen.runServices() }
    await journal.waitUntil(count: 1, of: "start ")
    try await app.shutdown()
    expectReturned(await result(of: run, within: .seconds(10)), "the grandchild's runServices() after shutdown()")
    #expect(journal.entries(since: "start indexer") == ["start indexer", "stop indexer", "dispose indexer"])
  }
}
