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
}
