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
/// run is to stop; and, for ``Container/shutdown()``, when the run has returned.
final class ServiceRunEvents: Sendable {
  private struct State: Sendable {
    var started = Set<Int>()
    /// A service returned or threw, or the run was stopped.
    var hasEnded = false
    /// What the services that threw threw, in the order they ended.
    var failures: [ServiceError.Failure] = []
    var stopped = Set<Int>()
    /// The services that called `shutdown()` from their `run`: the run does not wait for them
    /// before the others have stopped.
    var exempt = Set<Int>()
    var haveOthersStopped = false
    var haveCallersFinished = false
    var hasReturned = false
  }

  private let state = AwaitedState(State())

  var hasEnded: Bool { state.read(\.hasEnded) }

  /// Service `index` is about to run.
  func started(_ index: Int) { state.update { $0.started.insert(index) } }

  /// Waits until service `index` is about to run (its task always gets there).
  func waitUntilStarted(_ index: Int) async { await state.wait { $0.started.contains(index) } }

  /// Service `index` returned or threw: the run ends.
  func ended(failure: ServiceError.Failure?) {
    state.update { state in
      if let failure { state.failures.append(failure) }
      state.hasEnded = true
    }
  }

  /// The caller was cancelled, or the container is shut down: the run ends.
  func stop() { state.update { $0.hasEnded = true } }

  /// Waits until a service ends or the run is stopped.
  func waitUntilEnded() async { await state.wait(until: \.hasEnded) }

  /// What the services that threw threw, in the order they ended.
  var failures: [ServiceError.Failure] { state.read(\.failures) }

  /// Whether service `index` called `shutdown()` from its `run`.
  func isExempt(_ index: Int) -> Bool { state.read { $0.exempt.contains(index) } }

  /// The `run` of service `index` has returned.
  func stopped(_ index: Int) { state.update { $0.stopped.insert(index) } }

  /// Waits until the `run` of service `index` has returned, or until it calls `shutdown()`.
  func waitUntilStopped(_ index: Int) async {
    await state.wait { $0.stopped.contains(index) || $0.exempt.contains(index) }
  }

  /// Every service has stopped but those that called `shutdown()` from their `run`.
  func othersStopped() { state.update { $0.haveOthersStopped = true } }

  /// The shutdowns that services of the run called from their `run` have disposed (or thrown).
  func callersFinished() { state.update { $0.haveCallersFinished = true } }

  /// Waits until the shutdowns called from services of the run have finished, if any was.
  func waitUntilCallersFinished() async {
    await state.wait { $0.exempt.isEmpty || $0.haveCallersFinished }
  }

  /// `runServices()` is returning: every service it started has stopped.
  func returned() {
    state.update { state in
      state.haveOthersStopped = true
      state.hasReturned = true
    }
  }

  /// Stops the run, as cancelling its caller does, and waits until `runServices()` returns: every
  /// service it started has stopped, dependents first. Called from the `run` of one of its
  /// services (`caller`), it waits until the others have stopped instead: the run cannot return
  /// before that service's `run` does.
  func stopAndWaitUntilReturned(caller: Int?) async {
    state.update { state in
      if let caller { state.exempt.insert(caller) }
      state.hasEnded = true
    }
    await state.wait { caller == nil ? $0.hasReturned : $0.haveOthersStopped }
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
