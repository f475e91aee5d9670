import Testing

/// The hang detector of the main-actor race tests: a stall fails it, steps keep it going.
///
/// NB: the second test allows a step 10 s: under ThreadSanitizer, beside the stress tests, a task
/// that slept 50 ms waited over 200 ms for a thread while the poll ran on time.
struct FinishesTests {
  @Test func workThatStopsMakingProgressIsReportedAsStalled() async {
    let finished = await finishes(stallingAtMost: .milliseconds(200)) { progressed in
      progressed()
      try? await Task.sleep(for: .seconds(60))
    }
    #expect(!finished)
  }

  @Test func workThatKeepsMakingProgressFinishesHoweverLongItTakes() async {
    let finished = await finishes(stallingAtMost: .seconds(10)) { progressed in
      for _ in 0..<10 {
        try? await Task.sleep(for: .milliseconds(50))
        progressed()
      }
    }
    #expect(finished)
  }
}
