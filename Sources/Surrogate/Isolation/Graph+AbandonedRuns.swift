/// A synchronous factory (or block) that ``Graph/replaying(remaking:_:)`` runs again abandons its
/// run: what that run made and only that run received is nobody's, since the next run makes it
/// again. Outside a scope, the disposal of such an instance is in the graph's `unreceived` list
/// (see Graph+Unreceived.swift), which a graph that succeeds drops, its instances being the
/// caller's; so an abandoned run marks its orphans there, and they are disposed however the graph
/// ends: after it succeeded, or with the rest when it fails; each once. (Inside a scope nothing is
/// in the list: the scope keeps every instance it made and disposes each once when it ends.)
///
/// Not an orphan is what the next run finds again: a `.shared` instance complete in the graph (or
/// a singleton), and what such an instance holds (the `.unique` instances made while it was built).
/// A `.unique` instance made asynchronously for the next run is judged once a run takes it, as
/// received by the request that took it; a run that took it and is abandoned gives it back to the
/// next (see ``PreparedInstances``), and one that no run took is an orphan.
///
/// NB: only async graphs run factories again, so only they note what their runs keep: the
/// synchronous `resolve` pays nothing.
extension Graph {
  /// An instance whose disposal a graph keeps in `unreceived` while it may be abandoned, and the
  /// instance that holds it when that one survives the abandoned run.
  struct KeptInRun {
    /// Its disposal's position in `unreceived` (the list only grows until the graph ends).
    let position: Int
    /// The nearest reusable instance on the path when it was made or taken (itself, if it is
    /// one): `nil` when the path held none.
    let holder: Holder?
  }

  /// A `.shared` instance (or a singleton) being made, or whose blocks are running.
  struct Holder {
    /// The index of its frame in the path.
    let depth: Int
    let id: RegistrationID
    /// The requested key, when the instance is kept by tag (an untagged `.shared` definition
    /// requested with a tag).
    let taggedKey: DefinitionKey?
  }

  /// Where a run of ``replaying(remaking:_:)`` starts: what was noted before it, and the path's
  /// length (the frames deeper than that are the run's).
  struct RunStart {
    let kept: Int
    let depth: Int
  }

  /// Notes where a run starts, without allocating the graph's extras.
  func startRun() -> RunStart {
    RunStart(kept: extrasStorage?.keptInRuns.count ?? 0, depth: frameCount)
  }

  /// Notes the disposal just kept at `position` of `unreceived`, made by the frame on top of the
  /// path; nothing while a request that a run could not make is being made for the next run (what
  /// a `.unique` instance made then holds is judged with it, when a run takes it, as its holder's).
  func noteKept(at position: Int) {
    guard extras.makesDeferred == 0 else { return }
    extras.keptInRuns.append(KeptInRun(position: position, holder: nearestHolder()))
  }

  /// A run takes `instance`, made asynchronously for it: from now on, it is received by the
  /// request on top of the path (and by `holder`, the nearest instance the graph reuses there).
  func noteTaken(_ instance: Any, holder: Holder?) {
    guard let extras = extrasStorage, let position = unreceivedPosition(of: instance) else { return }
    extras.keptInRuns.removeAll { $0.position == position }
    extras.keptInRuns.append(KeptInRun(position: position, holder: holder))
  }

  /// The run that took `instance` is abandoned and gives it to the next run: received by none yet.
  func forgetTaken(_ instance: Any) {
    guard let extras = extrasStorage, let position = unreceivedPosition(of: instance) else { return }
    extras.keptInRuns.removeAll { $0.position == position }
  }

  /// No run took `instance`, made asynchronously for one: it is an orphan, disposed however the
  /// graph ends.
  func orphan(_ instance: Any) {
    guard let extras = extrasStorage, let position = unreceivedPosition(of: instance) else { return }
    extras.keptInRuns.removeAll { $0.position == position }
    extras.orphaned.append(position)
  }

  /// The position in `unreceived` of the disposal of `instance` (an object), if the graph keeps one.
  private func unreceivedPosition(of instance: Any) -> Int? {
    guard let object = DynamicType.object(of: instance).map(ObjectIdentifier.init) else { return nil }
    return extrasStorage?.unreceived.lastIndex { $0.object == object }
  }

  /// The frame nearest the top of the path whose instance the graph reuses, if any.
  func nearestHolder() -> Holder? {
    let frames = self.frames
    for depth in frames.indices.reversed() where frames[depth].isReusable {
      let frame = frames[depth]
      let key = frame.key
      return Holder(depth: depth, id: frame.id, taggedKey: frame.reusesByTag && key.isTagged ? key : nil)
    }
    return nil
  }

  /// The run that started at `start` is abandoned: what it kept that no surviving instance holds
  /// becomes an orphan, disposed however the graph ends.
  func abandonRun(_ start: RunStart) {
    guard let extras = extrasStorage, extras.keptInRuns.count > start.kept else { return }
    var index = start.kept
    while index < extras.keptInRuns.count {
      let kept = extras.keptInRuns[index]
      if isHeld(by: kept.holder, from: start) {
        index += 1
      } else {
        extras.orphaned.append(kept.position)
        extras.keptInRuns.remove(at: index)
      }
    }
  }

  /// Whether `holder` is the run's (deeper than its start) and the graph keeps it: its factory
  /// and blocks finished, so the next run finds it, with what it holds.
  func isHeld(by holder: Holder?, from start: RunStart) -> Bool {
    guard let holder, holder.depth >= start.depth else { return false }
    if let key = holder.taggedKey { return sharedForTag(holder.id, key.tagSlot) != nil }
    return shared[holder.id] != nil
  }

  /// An awaited top-level `resolve` succeeded: disposes the orphans of its abandoned runs, newest
  /// first, each once; what else it kept is the caller's. A disposal that throws is written to
  /// standard error: the `resolve` returns its instance.
  func disposeOrphans() async {
    guard let extras = extrasStorage else { return }
    extras.keptInRuns = []
    guard !extras.orphaned.isEmpty else { return }
    let positions = Set(extras.orphaned)
    extras.orphaned = []
    var orphans: [TrackedDisposal] = []
    var others: [TrackedDisposal] = []
    for (position, disposal) in extras.unreceived.enumerated() {
      if positions.contains(position) { orphans.append(disposal) } else { others.append(disposal) }
    }
    extras.unreceived = others
    let failures = await Container.run(orphans.reversed())
    if let error = DisposalError.failed(failures, when: "a factory that ran again had abandoned its first run") {
      DisposalError.writeToStandardError(error)
    }
  }
}
