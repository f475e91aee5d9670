import CoreMetrics
import Dispatch
import MetricsTestKit
import Surrogate
import SurrogateObservability
import Testing

struct MetricsInterceptorTests {
  @Test func eachRequirementHasATimerThatRecordsEveryCall() async throws {
    let metrics = TestMetrics()
    let larder: any Larder = InterceptingProxy<any Larder>(
      MemoryLarder(), interceptors: [MetricsInterceptor(label: "larder_call", factory: metrics)])
    larder.stock("rice")
    larder.stock("oats")
    _ = try await larder.fetch("rice")
    let stock = try metrics.expectTimer("larder_call", [("requirement", "stock(_:)"), ("outcome", "returned")])
    #expect(stock.values.count == 2)
    let fetch = try metrics.expectTimer("larder_call", [("requirement", "fetch(_:)"), ("outcome", "returned")])
    #expect(fetch.values.count == 1)
    #expect(try #require(fetch.values.first) >= 5_000_000)  // the larder sleeps 5 ms
  }

  @Test func aCallThatThrowsIsTimedApart() throws {
    let metrics = TestMetrics()
    let larder: any Larder = InterceptingProxy<any Larder>(
      MemoryLarder(), interceptors: [MetricsInterceptor(dimensions: [("service", "larder")], factory: metrics)])
    #expect(throws: Missing()) { try larder.take("saffron") }
    let threw = try metrics.expectTimer(
      "surrogate_proxy_call", [("service", "larder"), ("requirement", "take(_:)"), ("outcome", "threw")])
    #expect(threw.values.count == 1)
    #expect(metrics.timers.count == 1)
  }

  /// A call that ends in `CancellationError` is timed under `outcome: cancelled`, apart from
  /// failures: a graceful shutdown's stopped services do not count as errors.
  @Test func aCancelledCallIsTimedAsCancelled() async throws {
    let metrics = TestMetrics()
    let larder: any Larder = InterceptingProxy<any Larder>(
      MemoryLarder(), interceptors: [MetricsInterceptor(factory: metrics)])
    _ = await fetchInACancelledTask("flour", from: larder)
    let cancelled = try metrics.expectTimer(
      "surrogate_proxy_call", [("requirement", "fetch(_:)"), ("outcome", "cancelled")])
    #expect(cancelled.values.count == 1)
    #expect(metrics.timers.count == 1)
  }
}

/// Many threads calling through one interceptor: every call recorded once, in its requirement's
/// timer. Under ThreadSanitizer (CI runs this suite under it, `halt_on_error=1`), the timer cache's
/// lock must be one the sanitizer sees: with `Synchronization.Mutex` every run reported races.
struct ConcurrentMetricsInterceptorTests {
  @Test func concurrentCallsAreEachRecordedInTheirRequirementsTimer() throws {
    let metrics = TestMetrics()
    let interceptor = MetricsInterceptor(label: "larder_call", factory: metrics)
    let requirements = ["stock(_:)", "take(_:)", "fetch(_:)", "count()", "clear()"]
    let threads = 8
    let callsPerThread = 150
    // A seeded schedule: thread t's call c uses requirement (t * 7 + c * 3) % 5.
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for call in 0..<callsPerThread {
        let requirement = requirements[(thread * 7 + call * 3) % requirements.count]
        interceptor.didCall(
          ProxyCallOutcome(access: ProxyAccess(requirement), duration: .microseconds(call), error: nil))
      }
    }
    var expected: [String: Int] = [:]
    for thread in 0..<threads {
      for call in 0..<callsPerThread {
        expected[requirements[(thread * 7 + call * 3) % requirements.count], default: 0] += 1
      }
    }
    for requirement in requirements {
      let timer = try metrics.expectTimer("larder_call", [("requirement", requirement), ("outcome", "returned")])
      #expect(timer.values.count == expected[requirement], "\(requirement)")
    }
    #expect(metrics.timers.count == requirements.count)
  }

  @Test func theBootstrappedFactoryIsTheDefaultAndCanBePassed() {
    // The ecosystem's global, as a user passes it (`MetricsSystem.factory` is what the default is).
    let interceptor = MetricsInterceptor(label: "larder_call", factory: MetricsSystem.factory)
    interceptor.didCall(ProxyCallOutcome(access: ProxyAccess("stock(_:)"), duration: .zero, error: nil))
    #expect(interceptor.label == "larder_call")
  }
}
