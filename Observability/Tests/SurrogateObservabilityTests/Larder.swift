import Surrogate
import Foundation
import InMemoryTracing
import Tracing

/// A service with a sync, a throwing and an async requirement.
protocol Larder: AnyObject, Sendable {
  func stock(_ item: String)
  func take(_ item: String) throws -> String
  func fetch(_ item: String) async throws -> String
}

// The forwarding `@Proxyable` writes, by hand: these tests then need no swift-syntax.
extension Larder where Self: Proxy, Self.Subject == any Larder {
  @inline(__always) func stock(_ item: String) {
    withSubject(for: ProxyAccess("stock(_:)")) { $0.stock(item) }
  }
  @inline(__always) func take(_ item: String) throws -> String {
    try forward(ProxyAccess("take(_:)")) { try $0.take(item) }
  }
  @inline(__always) func fetch(_ item: String) async throws -> String {
    try await forward(ProxyAccess("fetch(_:)")) { try await $0.fetch(item) }
  }
}

extension InterceptingProxy: Larder where Subject == any Larder {}

struct Missing: Error, Equatable {}

/// Keeps items in memory; a `fetch` takes 5 ms, in a span of its own when given a tracer.
///
/// NB: an `NSLock`, as `MetricsInterceptor`'s: ThreadSanitizer does not see `Synchronization.Mutex`
/// on Linux, and these tests run under it.
final class MemoryLarder: Larder, @unchecked Sendable {  // `items` only under `lock`
  private let lock = NSLock()
  private var items = ["flour"]  // only read and written under `lock`
  let tracer: InMemoryTracer?

  init(tracer: InMemoryTracer? = nil) { self.tracer = tracer }

  func stock(_ item: String) { lock.withLock { items.append(item) } }

  func take(_ item: String) throws -> String {
    tracer?.withSpan("shelf lookup") { _ in }
    return try lock.withLock {
      guard let index = items.firstIndex(of: item) else { throw Missing() }
      return items.remove(at: index)
    }
  }

  func fetch(_ item: String) async throws -> String {
    if let tracer {
      try await tracer.withSpan("delivery") { _ in try await Task.sleep(for: .milliseconds(5)) }
    } else {
      try await Task.sleep(for: .milliseconds(5))
    }
    return try take(item)
  }
}

/// Fetches `item` from `larder` in a task cancelled before the call: what the call returned, or
/// the error it threw, described.
func fetchInACancelledTask(_ item: String, from larder: any Larder) async -> String {
  await Task {
    withUnsafeCurrentTask { $0?.cancel() }
    do {
      return try await larder.fetch(item)
    } catch {
      return "\(error)"
    }
  }.value
}
