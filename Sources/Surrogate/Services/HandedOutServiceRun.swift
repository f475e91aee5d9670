/// One call of ``ContainerService/run()`` on a service that ``Container/resolveServices()``
/// handed out, running in a task its caller made (a `ServiceGroup`'s): what
/// ``Container/shutdown()`` stops, dependents first, before it disposes what the service uses.
///
/// The service's `run` runs in a task of this run's own, so that a shutdown can cancel it without
/// the caller's task; cancelling the caller's task cancels it too.
final class HandedOutServiceRun: Sendable {
  private struct State: Sendable {
    var task: Task<Void, any Error>?
    var isStopping = false
    var hasReturned = false
  }

  /// The service's place in `resolveServices()`' order: a shutdown stops the highest first.
  let position: Int
  private let state = AwaitedState(State())

  /// The run whose service's `run` the current task runs: a `shutdown()` it calls does not wait
  /// for it.
  @TaskLocal static var current: HandedOutServiceRun?

  init(position: Int) { self.position = position }

  /// Runs `body` in a task of this run's own until it returns, throws, or is cancelled (by the
  /// caller's cancellation or by ``stop()``). A `CancellationError` after ``stop()`` is not an
  /// error: it returns.
  func perform(_ body: @escaping @Sendable () async throws -> Void) async throws {
    let task = Task { try await Self.$current.withValue(self) { try await body() } }
    let isStopping = state.update { state in
      state.task = task
      return state.isStopping
    }
    if isStopping { task.cancel() }
    defer { state.update { $0.hasReturned = true } }
    do {
      try await withTaskCancellationHandler {
        try await task.value
      } onCancel: {
        task.cancel()
      }
    } catch is CancellationError where state.read(\.isStopping) {
      // Stopped by the container's shutdown, as asked: it returns, as after a graceful stop.
    }
  }

  /// The container's shutdown that this run's service called from its `run` stops every other
  /// run but this one, which it cannot wait for: marked here, and cancelled by
  /// ``stopAfterOwnShutdown()`` once the shutdown has disposed, as ``stop()`` would.
  func noteOwnShutdown() {
    state.update { $0.isStopping = true }
  }

  /// Cancels the service's `run` when its own call of the container's shutdown marked it
  /// (``noteOwnShutdown()``): the shutdown has returned to it, and the group that runs it, which
  /// waits for every service, ends once it returns.
  func stopAfterOwnShutdown() {
    let task = state.update { state in state.isStopping ? state.task : nil }
    task?.cancel()
  }

  /// Cancels the service's `run` and waits until it has returned.
  func stop() async {
    let task = state.update { state in
      state.isStopping = true
      return state.task
    }
    task?.cancel()
    await state.wait(until: \.hasReturned)
  }
}
