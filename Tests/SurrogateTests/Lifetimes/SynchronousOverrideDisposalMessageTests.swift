import Foundation
import Surrogate
import Testing

/// The synchronous `withOverrides` cannot await a singleton's `async` disposal: what it writes to
/// standard error names `withOverrides` and its awaited form, not `withScope` (outside client 20).
struct SynchronousOverrideDisposalMessageTests {
  private final class Database: Sendable {}

  @Test func theMessageNamesWithOverridesAndItsAwaitedForm() throws {
    let app = Container()
    app.register(.singleton) { Database() }
    let written = try capturingStandardError {
      app.withOverrides({ $0.register(.singleton) { Database() }.disposing { _ in await Task.yield() } }) {
        _ = try? app.resolve(Database.self)
      }
    }
    #expect(written.contains("a synchronous `withOverrides` cannot run"), "\(written)")
    #expect(written.contains("try await container.withOverrides("), "\(written)")
    #expect(written.contains("when the overrides ended"), "\(written)")
    #expect(!written.contains("withScope"), "\(written)")
  }

  /// What `body` writes to standard error (file descriptor 2), read through a pipe.
  private func capturingStandardError(_ body: () -> Void) throws -> String {
    let pipe = Pipe()
    let saved = dup(2)
    try #require(saved >= 0)
    fflush(nil)
    dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
    body()
    fflush(nil)
    dup2(saved, 2)
    close(saved)
    try pipe.fileHandleForWriting.close()
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  }
}
