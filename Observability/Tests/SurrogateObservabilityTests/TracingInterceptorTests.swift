import InMemoryTracing
import Surrogate
import SurrogateObservability
import Testing
import Tracing

struct TracingInterceptorTests {
  @Test func eachCallIsASpanNamedAfterTheRequirement() async throws {
    let tracer = InMemoryTracer()
    let larder: any Larder = InterceptingProxy<any Larder>(
      MemoryLarder(), interceptors: [TracingInterceptor(tracer: tracer)])
    larder.stock("rice")
    _ = try await larder.fetch("rice")
    let spans = tracer.finishedSpans
    #expect(spans.map(\.operationName) == ["stock(_:)", "fetch(_:)"])
    #expect(spans.allSatisfy { $0.kind == .internal && $0.errors.isEmpty })
    #expect(spans.first?.attributes["surrogate.requirement"]?.toSpanAttribute() == .string("stock(_:)"))
  }

  @Test func whatTheSubjectTracesIsAChildOfTheCallsSpan() async throws {
    let tracer = InMemoryTracer()
    let larder: any Larder = InterceptingProxy<any Larder>(
      MemoryLarder(tracer: tracer), interceptors: [TracingInterceptor(tracer: tracer)])
    _ = try larder.take("flour")
    larder.stock("flour")
    _ = try await larder.fetch("flour")
    let spans = tracer.finishedSpans
    let byName = Dictionary(spans.map { ($0.operationName, $0) }, uniquingKeysWith: { first, _ in first })
    let take = try #require(byName["take(_:)"])
    let fetch = try #require(byName["fetch(_:)"])
    #expect(spans.filter { $0.operationName == "shelf lookup" }.map(\.parentSpanID) == [take.spanID, fetch.spanID])
    #expect(byName["delivery"]?.parentSpanID == fetch.spanID)
    #expect(take.parentSpanID == nil)
  }

  @Test func aCallThatThrowsRecordsTheErrorOnItsSpan() async {
    let tracer = InMemoryTracer()
    let larder: any Larder = InterceptingProxy<any Larder>(
      MemoryLarder(), interceptors: [TracingInterceptor(tracer: tracer, kind: .client)])
    await #expect(throws: Missing()) { try await larder.fetch("saffron") }
    let span = tracer.finishedSpans.first
    #expect(span?.kind == .client)
    #expect(span?.errors.first?.error is Missing)
    #expect(span?.status?.code == .error)
  }

  /// SurrogateObservability.md, "What is observed": the tracer records a cancelled call's
  /// `CancellationError` on its span, as it does any error (the log and the timer call it
  /// cancelled).
  @Test func aCancelledCallsSpanRecordsTheCancellation() async {
    let tracer = InMemoryTracer()
    let larder: any Larder = InterceptingProxy<any Larder>(
      MemoryLarder(), interceptors: [TracingInterceptor(tracer: tracer)])
    _ = await fetchInACancelledTask("flour", from: larder)
    #expect(tracer.finishedSpans.first?.errors.first?.error is CancellationError)
  }

  @Test func theEcosystemsTracerIsPassedAsItIs() throws {
    let tracer = InMemoryTracer()
    try withTracer(tracer) {
      let larder: any Larder = InterceptingProxy<any Larder>(
        MemoryLarder(), interceptors: [TracingInterceptor(tracer: InstrumentationSystem.tracer)])
      _ = try larder.take("flour")
    }
    #expect(tracer.finishedSpans.map(\.operationName) == ["take(_:)"])
  }

  @Test func withoutATracerEachCallUsesTheTracerActiveAtTheTimeOfTheCall() async throws {
    // Made before any tracer is active, as an app's composition root is made before bootstrap.
    let larder: any Larder = InterceptingProxy<any Larder>(MemoryLarder(), interceptors: [TracingInterceptor()])
    larder.stock("rice")
    let first = InMemoryTracer()
    let second = InMemoryTracer()
    try await withTracer(first) {
      _ = try await larder.fetch("rice")
    }
    withTracer(second) {
      larder.stock("oats")
    }
    #expect(first.finishedSpans.map(\.operationName) == ["fetch(_:)"])
    #expect(second.finishedSpans.map(\.operationName) == ["stock(_:)"])
  }
}
