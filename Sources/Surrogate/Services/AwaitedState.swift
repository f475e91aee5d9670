import Synchronization

/// A state that tasks wait on until a condition of it holds: each change wakes the waiters whose
/// condition it made true. The services' runs keep their progress in one (which service started,
/// stopped, returned), so each wait is one condition rather than a continuation of its own.
///
/// ```swift
/// let progress = AwaitedState(Set<Int>())
/// Task { progress.update { $0.insert(3) } }
/// await progress.wait { $0.contains(3) }
/// ```
final class AwaitedState<State: Sendable>: Sendable {
  private struct Guarded {
    var state: State
    var waiters: [(condition: @Sendable (State) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let guarded: Mutex<Guarded>

  init(_ state: State) { guarded = Mutex(Guarded(state: state)) }

  /// Reads the state.
  func read<Result: Sendable>(_ body: (State) -> Result) -> Result {
    guarded.withLock(owner: self) { body($0.state) }
  }

  /// Changes the state, then wakes the waiters whose condition now holds.
  @discardableResult
  func update<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
    let (result, ready) = guarded.withLock(owner: self) { guarded in
      let result = body(&guarded.state)
      let state = guarded.state
      var ready: [CheckedContinuation<Void, Never>] = []
      guarded.waiters.removeAll { waiter in
        guard waiter.condition(state) else { return false }
        ready.append(waiter.continuation)
        return true
      }
      return (result, ready)
    }
    for continuation in ready { continuation.resume() }
    return result
  }

  /// Waits until `condition` holds (at once, if it does); cancelling the waiting task does not end
  /// the wait.
  func wait(until condition: @escaping @Sendable (State) -> Bool) async {
    await withCheckedContinuation { continuation in
      let holds = guarded.withLock(owner: self) { guarded in
        if condition(guarded.state) { return true }
        guarded.waiters.append((condition, continuation))
        return false
      }
      if holds { continuation.resume() }
    }
  }
}
