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
            do {
              try await service.run()
              events.ended(failure: nil)
            } catch is CancellationError where Task.isCancelled {
              events.ended(failure: nil)
            } catch {
              events.ended(failure: ServiceError.Failure(key: service.key, error: error))
            }
          })
        await events.waitUntilStarted(index)
      }
      await events.waitUntilEnded()
    } onCancel: {
      events.stop()
    }
    for task in tasks.reversed() {
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
    var hasReturned = false
    var waitingForReturn: [CheckedContinuation<Void, Never>] = []

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

  /// `runServices()` is returning: every service it started has stopped.
  func returned() {
    let waiters = state.withLock { state in
      state.hasReturned = true
      defer { state.waitingForReturn = [] }
      return state.waitingForReturn
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Stops the run, as cancelling its caller does, and waits until `runServices()` returns: every
  /// service it started has stopped, dependents first.
  func stopAndWaitUntilReturned() async {
    stop()
    await withCheckedContinuation { continuation in
      let hasReturned = state.withLock { state in
        if state.hasReturned { return true }
        state.waitingForReturn.append(continuation)
        return false
      }
      if hasReturned { continuation.resume() }
    }
  }
}
