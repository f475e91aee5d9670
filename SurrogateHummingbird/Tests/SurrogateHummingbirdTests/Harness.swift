import Hummingbird
import Logging
import ServiceLifecycle
import Surrogate
import Synchronization

/// Starts `router` on 127.0.0.1 (a free port) in a service group, runs `body` with a client for
/// it, then shuts the group down gracefully and waits for it.
func withLiveServer<Context: RequestContext, Result: Sendable>(
  _ router: Router<Context>, logger: Logger? = nil, _ body: (LoopbackClient) async throws -> Result
) async throws -> Result where Context.Source == ApplicationRequestContextSource {
  var quiet = Logger(label: "surrogate-hummingbird-tests")
  quiet.logLevel = .warning
  let logger = logger ?? quiet
  let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
  let app = Application(
    router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
    onServerRunning: { channel in
      portContinuation.yield(channel.localAddress?.port ?? 0)
      portContinuation.finish()
    }, logger: logger)
  let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
  return try await withThrowingTaskGroup(of: Void.self) { tasks in
    tasks.addTask { try await group.run() }
    var iterator = ports.makeAsyncIterator()
    guard let port = await iterator.next() else { throw ServerDidNotStart() }
    do {
      let result = try await body(LoopbackClient(port: port))
      await group.triggerGracefulShutdown()
      try await tasks.waitForAll()
      return result
    } catch {
      await group.triggerGracefulShutdown()
      try? await tasks.waitForAll()
      throw error
    }
  }
}

struct ServerDidNotStart: Error {}

/// A `.scoped` instance that records its disposal.
final class Tracked: Sendable, Disposable {
  let number: Int
  private let disposals: Disposals

  init(_ disposals: Disposals) {
    self.disposals = disposals
    number = disposals.made()
  }

  var isDisposed: Bool { disposals.disposed.contains(number) }

  func dispose() async { disposals.record(number) }
}

/// Numbers the `Tracked` instances and records each disposal (a list, so a second one shows).
final class Disposals: Sendable {
  private let state = Mutex((made: 0, disposed: [Int]()))

  func made() -> Int {
    state.withLock {
      $0.made += 1; return $0.made
    }
  }
  func record(_ number: Int) { state.withLock { $0.disposed.append(number) } }
  var disposed: [Int] { state.withLock { $0.disposed } }
  var madeCount: Int { state.withLock { $0.made } }
}

/// A log handler that keeps what was logged at `warning` and above, for a test to read.
struct CapturingLogHandler: LogHandler {
  /// The lines kept, shared by every copy of the handler.
  final class Lines: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
  }

  let kept: Lines
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .warning

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    kept.append("\(event.level): \(event.message)")
  }
}
