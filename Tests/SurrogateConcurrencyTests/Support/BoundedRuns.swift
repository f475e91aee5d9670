import Dispatch
import Foundation
import SuiteSupport

/// Runs `body(index)` on `count` new threads released together and waits up to `seconds` for
/// them: what each returned, in thread order, or `nil` for one still running.
///
/// For tests of what must never hang: a hang fails the expectation on the result instead of
/// stopping the run (the hung thread is left blocked).
func outcomes(onThreads count: Int, within seconds: Double, _ body: @escaping @Sendable (Int) -> String)
  -> [String?]
{
  let results = Locked<[String?]>(Array(repeating: nil, count: count))
  let start = DispatchSemaphore(value: 0)
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    Thread {
      start.wait()
      let outcome = body(index)
      results.withLock { $0[index] = outcome }
      group.leave()
    }.start()
  }
  for _ in 0..<count { start.signal() }
  _ = group.wait(timeout: .now() + seconds)
  return results.withLock { $0 }
}

/// Runs `body(index)` in `count` new tasks and waits up to `seconds` for them: what each returned,
/// in task order, or `nil` for one still running then. The tasks are cancelled at the end, so a
/// task suspended forever (on a cancellable wait) ends too.
///
/// NB: the tasks run on an executor of their own, a serial queue's thread, and the wait is a
/// thread's, not the cooperative pool's: under ThreadSanitizer, with the whole suite running, the
/// pool's two threads were held by blocking tests for over a minute, so tasks on it had not run by
/// the deadline and a resolve that does not hang was reported as one.
func outcomes(ofTasks count: Int, within seconds: Double, _ body: @escaping @Sendable (Int) async -> String) async
  -> [String?]
{
  let results = Locked<[String?]>(Array(repeating: nil, count: count))
  let executor = QueueTaskExecutor()
  let finished = DispatchGroup()
  let tasks = (0..<count).map { index in
    finished.enter()
    return Task(executorPreference: executor) {
      let outcome = await body(index)
      results.withLock { $0[index] = outcome }
      finished.leave()
    }
  }
  let waiter = DispatchQueue(label: "outcomes(ofTasks:) waiter")
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    waiter.async {
      _ = finished.wait(timeout: .now() + seconds)
      continuation.resume()
    }
  }
  let outcomes = results.withLock { $0 }
  for task in tasks { task.cancel() }
  return outcomes
}

/// A task executor that runs its jobs on a serial queue: tasks that prefer it do not depend on the
/// cooperative pool having a free thread.
final class QueueTaskExecutor: TaskExecutor {
  private let queue = DispatchQueue(label: "QueueTaskExecutor")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}

/// Several threads or tasks meet once: the first `arrive(side)` of each side waits (up to five
/// seconds) until every side has arrived; later calls pass straight through.
///
/// Put in singletons' factories, it makes every thread claim its singleton before any asks for
/// another's.
final class Meeting: Sendable {
  private let sides: Int
  private let arrived = Locked<Set<Int>>([])

  init(sides: Int) { self.sides = sides }

  func arrive(_ side: Int) {
    guard firstArrival(of: side) else { return }
    let deadline = ContinuousClock.now + .seconds(5)
    while !everyoneArrived, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.000_5) }
  }

  func arriveAsync(_ side: Int) async {
    guard firstArrival(of: side) else { return }
    let deadline = ContinuousClock.now + .seconds(5)
    while !everyoneArrived, !Task.isCancelled, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .microseconds(500))
    }
  }

  private var everyoneArrived: Bool { arrived.withLock { $0.count == sides } }

  private func firstArrival(of side: Int) -> Bool { arrived.withLock { $0.insert(side).inserted } }
}

/// Whether `work`, run in a task of its own, returns without ever going `stall` without progress
/// (it calls its argument after each step): polled from the calling task, so that a blocked main
/// actor cannot stop the check itself.
///
/// NB: a hang is no progress, not a slow total: under ThreadSanitizer on a loaded CI machine, 400
/// rounds that each finish took longer than a fixed two minutes (265 done, none stuck). Nor is
/// time in which the poll itself did not run: tests that block both threads of the cooperative
/// pool (synchronous stress tests waiting for their threads) stop every task, the work's and the
/// poll's alike. With only the threaded suites in the ThreadSanitizer run, the pool stood still
/// for 58 s and a round that then finished at once was reported hung; a gap between two polls
/// counts as one second at most.
func finishes(
  stallingAtMost stall: Duration,
  _ work: @escaping @Sendable (_ progressed: @escaping @Sendable () -> Void) async -> Void
) async -> Bool {
  let done = Locked(false)
  let steps = Locked(0)
  Task.detached {
    await work { steps.withLock { $0 += 1 } }
    done.withLock { $0 = true }
  }
  var stalled = Duration.zero
  var stepsSeen = 0
  var lastPoll = ContinuousClock.now
  while true {
    if done.withLock({ $0 }) { return true }
    let now = ContinuousClock.now
    let stepsNow = steps.withLock { $0 }
    if stepsNow != stepsSeen {
      stepsSeen = stepsNow
      stalled = .zero
    } else {
      stalled += min(now - lastPoll, .seconds(1))
    }
    lastPoll = now
    if stalled > stall { return false }
    try? await Task.sleep(for: .milliseconds(20))
  }
}
