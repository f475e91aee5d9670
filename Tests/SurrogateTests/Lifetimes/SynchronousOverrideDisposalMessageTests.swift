import SuiteSupport
import Surrogate
import Testing

/// The synchronous `withOverrides` cannot await a singleton's `async` disposal: what it writes to
/// standard error names `withOverrides` and its awaited form, not `withScope` (outside client 20).
struct SynchronousOverrideDisposalMessageTests {
  private final class Database: Sendable {}

  @Test func theMessageNamesWithOverridesAndItsAwaitedForm() throws {
    let app = Container()
    app.register(.singleton) { Database() }
    let written = capturingStandardError {
      app.withOverrides({ $0.register(.singleton) { Database() }.disposing { _ in await Task.yield() } }) {
        _ = try? app.resolve(Database.self)
      }
    }
    #expect(written.contains("a synchronous `withOverrides` cannot run"), "\(written)")
    #expect(written.contains("try await container.withOverrides("), "\(written)")
    #expect(written.contains("when the overrides ended"), "\(written)")
    #expect(!written.contains("withScope"), "\(written)")
  }
}
