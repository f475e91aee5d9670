extension Graph {
  // MARK: - Completing a top-level request

  /// Runs a top-level request in this graph and completes it (``complete(succeeded:)``).
  @usableFromInline
  func completing<Result>(_ body: () throws(ResolutionError) -> Result) throws(ResolutionError) -> Result {
    completesExplicitly = true
    let result: Result
    do {
      result = try body()
    } catch {
      complete(succeeded: false)
      if extrasStorage != nil { disposeUnreceivedSynchronously() }
      throw error
    }
    complete(succeeded: true)
    if extrasStorage != nil { try settleUnreceived() }
    return result
  }

  /// ``completing(_:)`` for an awaited top-level request that resolves synchronously (see
  /// ``Container/resolvesSynchronouslyWhenAwaited(in:)``): the graph completes on the thread that
  /// ran `body`, with no suspension between them (it is that thread's current graph until then);
  /// what a failed graph made is disposed as ``completingAsync(_:)`` disposes it, awaited.
  ///
  /// NB: written out as ``completingAsync(_:)`` is, not through a shared `Result` and a settling
  /// function both would call: that cost the awaited server request 1,750 instructions (22,717 ->
  /// 24,465, callgrind `server-awaited`), the generic `Result` and the extra `async` call.
  func completingAwaited<Result>(_ body: () throws(ResolutionError) -> Result) async throws -> Result {
    completesExplicitly = true
    let result: Result
    do {
      result = try body()
    } catch {
      complete(succeeded: false)
      await disposeUnreceived()
      throw error
    }
    // NB: the test inline, the call only when it has work: an `await` of a call that returns at
    // once cost an awaited made singleton 140 instructions (async-singleton, callgrind).
    if extrasStorage?.hasMainActorResolvables == true { await finishResolvablesAsync() }
    complete(succeeded: true)
    do {
      try dropUnreceived()
    } catch {
      await disposeUnreceived()
      throw error
    }
    return result
  }

  /// ``completing(_:)`` for an awaited top-level request.
  func completingAsync<Result>(_ body: () async throws -> Result) async throws -> Result {
    completesExplicitly = true
    let result: Result
    do {
      result = try await body()
    } catch {
      complete(succeeded: false)
      await disposeUnreceived()
      throw error
    }
    // NB: the test inline, the call only when it has work: an `await` of a call that returns at
    // once cost an awaited made singleton 140 instructions (async-singleton, callgrind).
    if extrasStorage?.hasMainActorResolvables == true { await finishResolvablesAsync() }
    complete(succeeded: true)
    do {
      try dropUnreceived()
    } catch {
      await disposeUnreceived()
      throw error
    }
    return result
  }

  /// The top-level `resolve` returned or threw. On success, every ``Resolvable`` made in the
  /// graph hears that it is complete, and only then are its singletons published to other
  /// graphs: no thread gets one before everything its graph promised has run. On failure, a
  /// singleton that used an instance of this graph still under construction is abandoned (the
  /// next request makes it again); one complete on its own is published.
  ///
  /// NB: the callbacks run while the graph is still its thread's current one, so a `resolve` in
  /// a callback joins it and finds its singletons (and `.shared` instances) instead of waiting for
  /// their publication.
  @usableFromInline
  func complete(succeeded: Bool) {
    if succeeded, extrasStorage?.resolvables.isEmpty == false {
      isCompleting = true
      // An async graph is current on no thread; the callbacks are synchronous, so while they run
      // it is this thread's, and their requests join it instead of waiting for its singletons.
      if isAsync {
        ThreadGraph.running(as: self) { while extrasStorage?.resolvables.isEmpty == false { finishResolvables() } }
      } else {
        while extrasStorage?.resolvables.isEmpty == false { finishResolvables() }
      }
      isCompleting = false
    } else if !succeeded, hasPublications {
      abandonConditionalPublications()
    }
    completesExplicitly = false
    if frameCount == 0, isThreadCurrent || hasPublications { pathEmptied() }
  }

  // MARK: - Publishing singletons

  /// Runs `publication` when the graph is finished (or now, if its path is empty and nothing
  /// completes it later); `abandon` instead if the graph fails and the singleton depends on it.
  @usableFromInline
  func publishWhenFinished(
    id: RegistrationID, _ publication: @escaping () -> Void, abandon: @escaping () -> Void, isConditional: Bool
  ) {
    guard frameCount > 0 || completesExplicitly else { return publication() }
    extras.publications.append(
      Publication(id: id, fulfil: publication, abandon: abandon, isConditional: isConditional))
    hasPublications = true
  }

  /// Publishes the singleton of registration `id`, just made by this awaited graph, now rather
  /// than when the graph finishes, when nothing can still change it: it is complete on its own
  /// (its publication is not conditional) and no `Resolvable` instance of the graph waits for its
  /// callback.
  ///
  /// NB: an awaited graph can suspend before it finishes (an `async` factory awaiting, a hop to the
  /// main actor), and a thread that asks for the singleton meanwhile blocks on its gate: the main
  /// actor, which the graph may need to finish (a deadlock: outside client 34), or every thread of
  /// the cooperative pool, which it needs to resume. A synchronous graph runs to its end on its
  /// thread, so its singletons still wait for it.
  @usableFromInline
  func publishBeforeSuspending(_ id: RegistrationID) {
    guard isAsync, let extras = extrasStorage, extras.resolvables.isEmpty,
      let index = extras.publications.lastIndex(where: { $0.id == id }), !extras.publications[index].isConditional
    else { return }
    let publication = extras.publications.remove(at: index)
    hasPublications = !extras.publications.isEmpty
    publication.fulfil()
  }

  /// Marks the publication of registration `id` as depending on the graph's success: the
  /// singleton used an instance that was still under construction. (A graph publishes a
  /// registration's singleton once at most: it claimed the singleton's creation once.)
  @usableFromInline
  func makePublicationConditional(of id: RegistrationID) {
    guard let extras = extrasStorage else { return }
    for index in extras.publications.indices where extras.publications[index].id == id {
      extras.publications[index].isConditional = true
    }
  }

  private func abandonConditionalPublications() {
    guard let extras = extrasStorage else { return }
    let abandoned = extras.publications.filter(\.isConditional)
    extras.publications.removeAll(where: \.isConditional)
    hasPublications = !extras.publications.isEmpty
    for publication in abandoned { publication.abandon() }
  }

  func publish() {
    guard let publications = extrasStorage?.publications else { return }
    extrasStorage?.publications = []
    hasPublications = false
    for publication in publications { publication.fulfil() }
  }

  /// A request is answered with the instance of registration `id`: when that definition is still
  /// on the path, or its instance is complete only if the graph succeeds (``pendingBits``), the
  /// instance is unfinished (see ``unfinishedReads``).
  /// When a disposal is kept for one of the graph's instances, `object` may be one that a singleton
  /// takes (see ``handOverIfKept(_:)``).
  @inlinable @inline(__always)
  func noteReuse(of id: RegistrationID, _ object: AnyObject) {
    let bit = Self.pathBit(of: id)
    if pendingBits & bit != 0 || (pathBits & bit != 0 && isOnPath(id)) { unfinishedReads &+= 1 }
    if keepsDisposalsOfMade { handOverIfKept(object) }
  }

  /// Whether a frame of registration `id` is on the path.
  ///
  /// NB: ``pathBits`` only says "maybe": registrations whose serials are equal modulo 64 share a
  /// bit (a scope's first definition and its app's first), and on a shared bit alone a singleton
  /// made from a complete one depended on the graph's success: a scope's failed graph threw it
  /// away, and its factory ran again (`SingletonKeptByAScopesFailedGraphTests`). ``pendingBits``
  /// is set only for what the graph handed out unfinished, rare enough to stay a "maybe": an
  /// exact list of it made S7c about 2,100 instructions dearer (callgrind).
  @usableFromInline @inline(never)
  func isOnPath(_ id: RegistrationID) -> Bool {
    frames.contains { $0.id == id }
  }

  /// The instance of registration `id` is handed to its requester unfinished: its blocks wait for
  /// a construction further up the path. What the requester makes from it is unfinished too.
  func noteUnfinished(_ id: RegistrationID) {
    pendingBits |= Self.pathBit(of: id)
    unfinishedReads &+= 1
  }

  /// The instance of registration `id` was made from an unfinished one: it is complete only if
  /// the graph succeeds, and a singleton's publication depends on that success.
  @usableFromInline
  func madeFromUnfinished(id: RegistrationID, isStored: Bool) {
    pendingBits |= Self.pathBit(of: id)
    if isStored { makePublicationConditional(of: id) }
  }
}
