import Foundation
import SuiteSupport
import Testing

/// `result(of:within:)`, the bound the service tests put on what must not hang: it reports a hang
/// only when the task did not end in the time its executor could run it.
///
/// NB: under ThreadSanitizer, with the whole suite running on a slow machine, blocking tests held
/// both threads of the cooperative pool for over ten seconds; a bound on wall-clock time timed
/// out then, and a `shutdown()` that had not hung was reported as one (CI of 064bbd9: seven seeds
/// of each racing-shutdown test). Here the starved executor is a serial queue of the test's own,
/// so that the rest of the suite keeps the pool.
@Suite(.hangGuard)
struct BoundedWaitTests {
  @Test func aTaskThatEndsOnceItsExecutorIsFreeAgainIsNotReportedAsHung() async throws {
    let executor = QueueTaskExecutor()
    let outcome = await withTaskExecutorPreference(executor) {
      let task = Task<Int, any Error>(executorPreference: executor) {
        // Once the wait has begun, the executor's thread is blocked for longer than the bound, as
        // blocking tests block the pool's; then work of several steps, as a shutdown's, each
        // waiting its turn for the thread.
        try await Task.sleep(for: .milliseconds(50))
        Task(executorPreference: executor) { holdThisThread(forSeconds: 0.6) }
        for _ in 0..<10 { await Task.yield() }
        return 7
      }
      return await result(of: task, within: .milliseconds(300))
    }
    #expect(try outcome?.get() == 7)
  }

  @Test func aTaskThatNeverEndsIsReportedAsHungAndCancelled() async {
    let task = Task<Int, any Error> {
      await waitForCancellation()
      return 7
    }
    let outcome = await result(of: task, within: .milliseconds(200))
    #expect(outcome == nil)
    #expect(task.isCancelled)
  }
}

/// Blocks the calling thread, as a test that waits for threads of its own does.
private func holdThisThread(forSeconds seconds: Double) {
  Thread.sleep(forTimeInterval: seconds)
}
