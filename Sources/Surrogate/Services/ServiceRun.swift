import Synchronization

/// One run of a container's services (``Container/runServices()``): each in a task of its own,
/// started in order and stopped in reverse order.
///
/// NB: unstructured tasks, not a task group: a group's child tasks are all cancelled with the
/// group's task, at once, and each service must be stopped alone, after the ones that depend on
/// it. Every task is awaited before `run()` returns.
struct ServiceRun {
  let services: [ContainerService]
  /// Where the tasks report, and where ``Container/shutdown()`` stops the run (its events were
  /// made when `runServices()` claimed the container's run, before the services were resolved).
  let events: ServiceRunEvents

  /// Runs the services; returns once every one has stopped, with the failures.
  func run() async -> [ServiceError.Failure] {
    var tasks: [Task<Void, Never>] = []
    await withTaskCancellationHandler {
      for (index, service) in services.enumerated() {
        guard !Task.isCancelled, !events.hasEnded else { break }
        tasks.append(
          Task {
            events.started(index)
            await ServiceTask.$current.withValue(ServiceTask(events: events, index: index)) {
              do {
                try await service.runInContainersRun()
                events.ended(failure: nil)
              } catch is CancellationError where Task.isCancelled {
                events.ended(failure: nil)
              } catch {
                events.ended(failure: ServiceError.Failure(key: service.key, error: error))
              }
            }
            events.stopped(index)
          })
        await events.waitUntilStarted(index)
      }
      await events.waitUntilEnded()
    } onCancel: {
      events.stop()
    }
    for index in tasks.indices.reversed() where !events.isExempt(index) {
      tasks[index].cancel()
      await events.waitUntilStopped(index)
    }
    // A service that shut the container down from its `run` was neither cancelled (its disposals
    // run in its task) nor waited for above (its shutdown waits for the others): it is now.
    events.othersStopped()
    await events.waitUntilCallersFinished()
    for task in tasks {
      task.cancel()
      await task.value
    }
    return events.failures
  }
}

/// What the tasks of a ``ServiceRun`` tell it: which started, which ended and how, and whether the
/// run is to stop; and, for ``Container/shutdown()``, when the run has returned. The waits for a
/// start or an end are for one task at a time, the run's; any number of shutdowns may wait for the
/// return.
final class ServiceRunEvents: Sendable {
  private struct State {
    var started = Set<Int>()
    var waitingForStart: (index: Int, continuation: CheckedContinuation<Void, Never>)?
    var hasEnded = false
    var waitingForEnd: CheckedContinuation<Void, Never>?
    /// What the services that threw threw, in the order they ended.
    var failures: [ServiceError.Failure] = []
    var stopped = Set<Int>()
    var waitingForStop: (index: Int, continuation: CheckedContinuation<Void, Never>)?
    /// The services that called `shutdown()` from their `run`: the run does not wait for them
    /// before the others have stopped.
    var exempt = Set<Int>()
    var haveOthersStopped = false
    var waitingForOthers: [CheckedContinuation<Void, Never>] = []
    var haveCallersFinished = false
    var waitingForCallers: CheckedContinuation<Void, Never>?
    var hasReturned = false
    var waitingForReturn: [CheckedContinuation<Void, Never>] = []

    /// Service `index` stopped or is exempt; returns the waiter to resume, if it waits for it.
    mutating func release(_ index: Int) -> CheckedContinuation<Void, Never>? {
      guard waitingForStop?.index == index else { return nil }
      defer { waitingForStop = nil }
      return waitingForStop?.continuation
    }

    /// Marks the run ended; returns the waiter to resume, if any.
    mutating func end() -> CheckedContinuation<Void, Never>? {
      hasEnded = true
      defer { waitingForEnd = nil }
      return waitingForEnd
    }
  }

  private let state = Mutex(State())

  var hasEnded: Bool { state.withLock { $0.hasEnded } }

  /// Service `index` is about to run.
  func started(_ index: Int) {
    let resumed = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.started.insert(index)
      guard state.waitingForStart?.index == index else { return nil }
      defer { state.waitingForStart = nil }
      return state.waitingForStart?.continuation
    }
    resumed?.resume()
  }

  /// Waits until service `index` is about to run (its task always gets there).
  func waitUntilStarted(_ index: Int) async {
    await withCheckedContinuation { continuation in
      let isStarted = state.withLock { state in
        if state.started.contains(index) { return true }
        state.waitingForStart = (index, continuation)
        return false
      }
      if isStarted { continuation.resume() }
    }
  }

  /// Service `index` returned or threw: the run ends.
  func ended(failure: ServiceError.Failure?) {
    let resumed = state.withLock { state -> CheckedContinuation<Void, Never>? in
      if let failure { state.failures.append(failure) }
      return state.end()
    }
    resumed?.resume()
  }

  /// The caller was cancelled, or the container is shut down: the run ends.
  func stop() {
    state.withLock { $0.end() }?.resume()
  }

  /// Waits until a service ends or the run is stopped.
  func waitUntilEnded() async {
    await withCheckedContinuation { continuation in
      let hasEnded = state.withLock { state in
        if state.hasEnded { return true }
        state.waitingForEnd = continuation
        return false
      }
      if hasEnded { continuation.resume() }
    }
  }

  /// What the services that threw threw, in the order they ended.
  var failures: [ServiceError.Failure] { state.withLock { $0.failures } }

  /// Whether service `index` called `shutdown()` from its `run`.
  func isExempt(_ index: Int) -> Bool { state.withLock { $0.exempt.contains(index) } }

  /// The `run` of service `index` has returned.
  func stopped(_ index: Int) {
    state.withLock { state in
      state.stopped.insert(index)
      return state.release(index)
    }?.resume()
  }

  /// Waits until the `run` of service `index` has returned, or until it calls `shutdown()`.
  func waitUntilStopped(_ index: Int) async {
    await withCheckedContinuation { continuation in
      let isStopped = state.withLock { state in
        if state.stopped.contains(index) || state.exempt.contains(index) { return true }
        state.waitingForStop = (index, continuation)
        return false
      }
      if isStopped { continuation.resume() }
    }
  }

  /// Every service has stopped but those that called `shutdown()` from their `run`.
  func othersStopped() {
    let waiters = state.withLock { state in
      state.haveOthersStopped = true
      defer { state.waitingForOthers = [] }
      return state.waitingForOthers
    }
    for waiter in waiters { waiter.resume() }
  }

  /// The shutdowns that services of the run called from their `run` have disposed (or thrown).
  func callersFinished() {
    state.withLock { state in
      state.haveCallersFinished = true
      defer { state.waitingForCallers = nil }
      return state.waitingForCallers
    }?.resume()
  }

  /// Waits until the shutdowns called from services of the run have finished, if any was.
  func waitUntilCallersFinished() async {
    await withCheckedContinuation { continuation in
      let isDone = state.withLock { state in
        if state.exempt.isEmpty || state.haveCallersFinished { return true }
        state.waitingForCallers = continuation
        return false
      }
      if isDone { continuation.resume() }
    }
  }

  /// `runServices()` is returning: every service it started has stopped.
  func returned() {
    othersStopped()
    let waiters = state.withLock { state in
      state.hasReturned = true
      defer { state.waitingForReturn = [] }
      return state.waitingForReturn
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Stops the run, as cancelling its caller does, and waits until `runServices()` returns: every
  /// service it started has stopped, dependents first. Called from the `run` of one of its
  /// services (`caller`), it waits until the others have stopped instead: the run cannot return
  /// before that service's `run` does.
  func stopAndWaitUntilReturned(caller: Int?) async {
    let resumed = caller.flatMap { caller in
      state.withLock { state in
        state.exempt.insert(caller)
        return state.release(caller)
      }
    }
    resumed?.resume()
    stop()
    await withCheckedContinuation { continuation in
      let isDone = state.withLock { state in
        if caller == nil ? state.hasReturned : state.haveOthersStopped { return true }
        if caller == nil {
          state.waitingForReturn.append(continuation)
        } else {
          state.waitingForOthers.append(continuation)
        }
        return false
      }
      if isDone { continuation.resume() }
    }
  }
}

/// The service whose `run` the current task is running, and its run: a `shutdown()` called from
/// it cannot wait for that run to return.
struct ServiceTask: Sendable {
  @TaskLocal static var current: ServiceTask?

  let events: ServiceRunEvents
  let index: Int

  /// The index of the current task's service in the run of `events`, if the task runs one of its
  /// services.
  static func index(in events: ServiceRunEvents) -> Int? {
    current.flatMap { $0.events === events ? $0.index : nil }
  }
}
