// INVARIANT: `isCircularDependency` reads an error's code in place only after comparing the
// error's type with `ResolutionError` (the generic parameter it was opened as), and only inside
// `withUnsafePointer`'s closure, while the error it points to is alive.

/// Blocks that met a definition still being constructed: postponed until it is built, then run
/// (or abandoned when it never is).
extension Graph {
  /// If `error` is the cycle of a block that reached a reusable definition whose factory is still
  /// running, returns that definition: the block can run once it is built.
  ///
  /// NB: the graph is asked first, and the error's type is compared before its code is read in
  /// place: `error as? ResolutionError` was a dynamic cast and a copy of the error, about 400
  /// instructions of each postponed block (callgrind, S7c 11,324 → 10,820 instructions a resolve).
  func postponableTarget(of error: any Error) -> RegistrationID? {
    guard let target = postponableTarget(), Self.isCircularDependency(error) else { return nil }
    return target
  }

  private static func isCircularDependency(_ error: any Error) -> Bool {
    func check<Failure: Error>(_ error: Failure) -> Bool {
      guard Failure.self == ResolutionError.self else { return false }
      return withUnsafePointer(to: error) {
        UnsafeRawPointer($0).assumingMemoryBound(to: ResolutionError.self).pointee.code == .circularDependency
      }
    }
    return check(error)
  }

  /// The definition the last cycle detected closed on, if a block that met it can wait for it:
  /// it is reusable and its factory is still running.
  @usableFromInline
  func postponableTarget() -> RegistrationID? {
    guard retryGate == nil, let target = lastCycleTarget, target.isConstructing, target.isReusable,
      frames.contains(where: { $0.id == target.id && $0.isConstructing })
    else { return nil }
    return target.id
  }

  func postpone(_ entry: Postponed) {
    extras.postponed.append(entry)
    hasPostponed = true
  }

  /// Takes the blocks that wait for `id`'s construction out of the graph, in order.
  func takePostponed(for id: RegistrationID) -> [Postponed]? {
    guard let extras = extrasStorage, extras.postponed.contains(where: { $0.target == id }) else { return nil }
    let waiting: [Postponed]
    if extras.postponed.allSatisfy({ $0.target == id }) {
      waiting = extras.postponed
      extras.postponed = []
    } else {
      waiting = extras.postponed.filter { $0.target == id }
      extras.postponed.removeAll { $0.target == id }
    }
    hasPostponed = !extras.postponed.isEmpty
    return waiting
  }

  /// Runs the blocks that waited for `id`'s construction.
  @usableFromInline
  func runPostponed(for id: RegistrationID) throws(ResolutionError) {
    guard let waiting = takePostponed(for: id) else { return }
    for (index, entry) in waiting.enumerated() {
      do {
        try entry.run()
      } catch {
        for later in waiting[(index + 1)...] { later.abandon?() }
        throw error
      }
    }
  }

  /// `id`'s construction failed: nothing waiting for it will run.
  @usableFromInline
  func abandonPostponed(for id: RegistrationID) {
    guard let waiting = takePostponed(for: id) else { return }
    for entry in waiting { entry.abandon?() }
  }
}
