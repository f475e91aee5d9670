/// Work that waits for a definition's construction: the blocks of instances made while a reusable
/// definition's factory was running (see ``Registration/waitForConstruction(at:from:on:resolver:in:requested:gate:isAsync:)``),
/// and the late-bound proxies of forwardings (see `Forwarding.swift`); run once that definition is
/// built, or abandoned when it never is.
extension Graph {
  /// The depth of the outermost frame of a reusable definition whose factory is still running, if
  /// any: a new instance's blocks wait until that construction has finished, so that they can
  /// resolve it (the Dip initializer cycle: a `.shared` parent made with its child, whose block
  /// sets the child's `parent`), and run once.
  ///
  /// NB: a scan of the path, only for an instance with blocks or auto-injected properties: a field
  /// kept by `push` and `pop` would cost every request.
  @usableFromInline
  func outermostConstruction() -> Int? {
    let frames = frames
    for depth in frames.indices where frames[depth].isConstructing && frames[depth].isReusable { return depth }
    return nil
  }

  func postpone(_ entry: Postponed) {
    extras.postponed.append(entry)
    hasPostponed = true
  }

  /// Takes the entries `matches` selects out of the graph, in order.
  private func takePostponed(where matches: (Postponed) -> Bool) -> [Postponed]? {
    guard let extras = extrasStorage, extras.postponed.contains(where: matches) else { return nil }
    let waiting: [Postponed]
    if extras.postponed.allSatisfy(matches) {
      waiting = extras.postponed
      extras.postponed = []
    } else {
      waiting = extras.postponed.filter(matches)
      extras.postponed.removeAll(where: matches)
    }
    hasPostponed = !extras.postponed.isEmpty
    return waiting
  }

  /// Takes the blocks that wait for the construction on top of the path, in the order their
  /// instances were made.
  func takeWaitingBlocks() -> [Postponed]? {
    let depth = frameCount - 1
    return takePostponed { $0.depth == depth }
  }

  /// Takes the late bindings that wait for definition `id`'s construction.
  func takePostponed(for id: RegistrationID) -> [Postponed]? {
    takePostponed { $0.depth == nil && $0.target == id }
  }

  /// Runs the blocks that waited for the construction on top of the path, which has just
  /// finished: the path holds no other construction of a reusable definition, so they can resolve
  /// every instance made so far.
  @usableFromInline
  func runWaitingBlocks() throws(ResolutionError) {
    guard let waiting = takeWaitingBlocks() else { return }
    try Self.run(waiting)
  }

  /// Runs the late bindings that waited for definition `id`'s construction.
  @usableFromInline
  func runPostponed(for id: RegistrationID) throws(ResolutionError) {
    guard let waiting = takePostponed(for: id) else { return }
    try Self.run(waiting)
  }

  private static func run(_ waiting: [Postponed]) throws(ResolutionError) {
    for (index, entry) in waiting.enumerated() {
      do {
        try entry.run()
      } catch {
        for later in waiting[(index + 1)...] { later.abandon?() }
        throw error
      }
    }
  }

  /// The construction on top of the path (definition `id`) failed: nothing waiting for it will run.
  @usableFromInline
  func abandonPostponed(for id: RegistrationID) {
    let depth = frameCount - 1
    guard let waiting = takePostponed(where: { $0.depth == depth || ($0.depth == nil && $0.target == id) })
    else { return }
    for entry in waiting { entry.abandon?() }
  }
}
