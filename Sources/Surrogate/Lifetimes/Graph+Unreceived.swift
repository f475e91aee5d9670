import Synchronization

/// A top-level `resolve` outside a scope that throws has made instances nobody will receive: the
/// `.shared` and `.unique` ones of its graph (not those made for a singleton, which are the
/// singleton's), and any instance whose blocks failed. Their disposals run when the graph fails,
/// newest first, each once; on success the list is dropped (the instances are the caller's).
extension Graph {
  /// Keeps the disposal of a `.shared` or `.unique` instance made outside a scope, in case the
  /// graph fails; nothing when it has none, is a singleton's (kept by its container), or is made
  /// for a singleton.
  @usableFromInline @inline(never)
  func keepUnreceived(
    _ instance: Any, key: DefinitionKey, definedAs definition: DefinitionKey, scope: Scope, id: RegistrationID,
    owner: Container, plainType: borrowing Atomic<ObjectIdentifier?>
  ) {
    guard !scope.kind.isStored else { return }
    if let singleton = innermostSingleton() {
      return keepMade(instance, forSingleton: singleton, key: key, definedAs: definition, id: id, plainType: plainType)
    }
    // A leak check in a scope: what a `.scoped` instance holds lives until the scope ends, which
    // disposes it, as it does what a `resolve` in the scope makes (see `ScopeDisposals`).
    if keepsMadeDisposals, root.scopeContainer != nil, frames.dropLast().contains(where: { $0.scopeKind == .scoped }) {
      ScopeDisposals.shared.made(
        instance, requested: key, definedAs: definition, scope: scope, id: id, plainType: plainType, in: self)
      return
    }
    keepDiscarded(instance, key: key, definedAs: definition, id: id, plainType: plainType)
  }

  /// Keeps the disposal of an instance nobody will receive if the graph fails (`isStored`: of a
  /// singleton scope or `.scoped`, whose store throws a failed instance away).
  @usableFromInline @inline(never)
  func keepDiscarded(
    _ instance: Any, key: DefinitionKey, definedAs definition: DefinitionKey, id: RegistrationID,
    isStored: Bool = false, plainType: borrowing Atomic<ObjectIdentifier?>
  ) {
    // Validation keeps its own (see `ValidationDisposals`), and so does a scope, but only of the
    // `.shared` and `.unique` instances (see `ScopeDisposals`).
    guard !isValidation, observer == nil || keepsMadeDisposals || (isStored && observer is ScopeDisposals) else {
      return
    }
    let disposer = registeringContainer(of: id)?.declaredDisposer(for: id)
    guard
      let disposal = TrackedDisposal.make(
        for: instance, key: key, definedAs: definition, disposer: disposer, plainType: plainType)
    else { return }
    extras.unreceived.append(disposal)
    keepsDisposalsOfMade = true
  }

  /// A request is answered with `object`, an instance of this graph. When a singleton (or a
  /// custom scope's instance) being built takes it, it is that singleton's from then on, as what
  /// is made for a singleton is: the disposal kept for it by the scope, or in case the graph
  /// fails, is dropped (the singleton's own disposal is where to release it). A singleton
  /// registered in the scope the graph resolves in ends with that scope, which disposes what it
  /// took, after it: then nothing is handed over (as ``ScopeDisposals`` keeps what is made for one).
  @usableFromInline @inline(never)
  func handOverIfKept(_ object: AnyObject) {
    guard let singleton = innermostSingleton(within: frameCount), !endsWithScope(singleton) else { return }
    // A decorator's instance: what it decorates goes with it (a chain of decorators, each once).
    var next: ObjectIdentifier? = ObjectIdentifier(object)
    var handedOver = 0
    while let identity = next, handedOver <= (extrasStorage?.decorated.count ?? 0) {
      handOver(identity, to: singleton)
      next = extrasStorage?.decorated[identity]
      handedOver += 1
    }
  }

  /// A decorator made `outer` around `inner`, an instance of this graph: a singleton that takes
  /// `outer` takes `inner` too, whose disposal a failed graph or a scope would otherwise run
  /// (outside client 34, seed 2344: a decorated `.shared` connection a session object took).
  @usableFromInline @inline(never)
  func noteDecoration(_ outer: Any, around inner: Any) {
    guard Swift.type(of: outer) is AnyObject.Type, Swift.type(of: inner) is AnyObject.Type else { return }
    let (outer, inner) = (ObjectIdentifier(outer as AnyObject), ObjectIdentifier(inner as AnyObject))
    if outer != inner { extras.decorated[outer] = inner }
  }

  /// Hands the disposal of the instance `identity` over to `singleton` (see
  /// ``handOverIfKept(_:)``).
  private func handOver(_ identity: ObjectIdentifier, to singleton: RegistrationID) {
    if let extras = extrasStorage {
      // Made outside a singleton: the taker's now, disposed with the graph only if its factory
      // throws. Made for another singleton (perhaps one whose factory throws later): the taker's
      // too, which spares it when that one fails (see `singletonFailed(_:)`).
      for entry in extras.unreceived where entry.object == identity {
        extras.madeForSingletons.append((singleton, entry))
      }
      extras.unreceived.removeAll { $0.object == identity }
      if !extras.madeForSingletons.contains(where: { $0.singleton == singleton && $0.disposal.object == identity }),
        let made = extras.madeForSingletons.first(where: { $0.disposal.object == identity })
      {
        extras.madeForSingletons.append((singleton, made.disposal))
      }
    }
    if observer is ScopeDisposals, let scopeContainer = root.scopeContainer {
      // The scope's until the taker's factory returns: if it throws, the scope keeps it again.
      for entry in scopeContainer.withLifetime({ $0.untrack(object: identity) }) {
        extras.madeForSingletons.append((singleton, entry))
      }
    }
  }

  /// Keeps the disposal of a `.shared` or `.unique` instance made while `singleton` (or a custom
  /// scope's instance) is built, in case that singleton's factory throws: it is the singleton's
  /// otherwise, and nobody's then (see ``singletonFailed(_:)``).
  func keepMade(
    _ instance: Any, forSingleton singleton: RegistrationID, key: DefinitionKey, definedAs definition: DefinitionKey,
    id: RegistrationID, plainType: borrowing Atomic<ObjectIdentifier?>
  ) {
    guard !isValidation else { return }
    let disposer = registeringContainer(of: id)?.declaredDisposer(for: id)
    guard
      let disposal = TrackedDisposal.make(
        for: instance, key: key, definedAs: definition, disposer: disposer, plainType: plainType)
    else { return }
    extras.madeForSingletons.append((singleton, disposal))
    // Another singleton may take it: see `handOverIfKept(_:)`.
    keepsDisposalsOfMade = true
  }

  /// The factory of singleton `id` threw: what was made for it is nobody's. It is disposed with
  /// the rest of the failed graph, or, in a scope, by the scope when it ends; if the graph goes on
  /// and succeeds (a factory that caught the error), it is the caller's, as the rest is.
  @usableFromInline @inline(never)
  func singletonFailed(_ id: RegistrationID) {
    guard let extras = extrasStorage, extras.madeForSingletons.contains(where: { $0.singleton == id }) else {
      return
    }
    let failed = extras.madeForSingletons.filter { $0.singleton == id }.map(\.disposal)
    extras.madeForSingletons.removeAll { $0.singleton == id }
    for disposal in failed {
      // Taken by another singleton, which has not failed: its.
      if let object = disposal.object, extras.madeForSingletons.contains(where: { $0.disposal.object == object }) {
        continue
      }
      if observer is ScopeDisposals, let scopeContainer = root.scopeContainer {
        if let refused = scopeContainer.withLifetime({ $0.track(disposal) }) {
          keepRefused(refused, requested: disposal.key)
        }
      } else if observer == nil || keepsMadeDisposals {
        extras.unreceived.append(disposal)
      }
    }
  }

  /// The container (or scope) that was to keep the instance of `disposal` ended while this graph
  /// made it: the graph fails with ``ResolutionError/Code/containerShutDown`` (also when the
  /// request went on and succeeded) and disposes it with the rest.
  func keepRefused(_ disposal: TrackedDisposal, requested: DefinitionKey) {
    extras.unreceived.append(disposal)
    if extras.endedWhileMaking == nil { extras.endedWhileMaking = requested }
  }

  /// The graph succeeded: what it made is the caller's, unless a container it made instances for
  /// ended meanwhile; then it fails after all, with ``ResolutionError/Code/containerShutDown``.
  func dropUnreceived() throws(ResolutionError) {
    guard let extras = extrasStorage else { return }
    if let key = extras.endedWhileMaking {
      extras.endedWhileMaking = nil
      throw ResolutionError.containerShutDown(key, path: [key], scope: root.isInScope)
    }
    if !extras.unreceived.isEmpty { extras.unreceived = [] }
  }

  /// Takes the disposals of what the graph made and nobody keeps, newest first: a leak check's,
  /// which disposes them when it ends.
  func takeMadeDisposals() -> [TrackedDisposal] { takeUnreceived() }

  /// Takes the disposals of what the failed graph made, newest first.
  private func takeUnreceived() -> [TrackedDisposal] {
    guard let extras = extrasStorage, !extras.unreceived.isEmpty else { return [] }
    defer { extras.unreceived = [] }
    return extras.unreceived.reversed()
  }

  /// A synchronous top-level `resolve` succeeded: drops what it kept, or, when a container it made
  /// instances for ended meanwhile, disposes them and throws.
  @inline(never)
  func settleUnreceived() throws(ResolutionError) {
    do throws(ResolutionError) {
      try dropUnreceived()
    } catch {
      disposeUnreceivedSynchronously()
      throw error
    }
  }

  /// A synchronous top-level `resolve` failed: runs the synchronous disposals now, newest first, up
  /// to the newest `async` one, which cannot run here. That one and everything made before it (what
  /// it may hold, disposed after it) are handed to the root container as released, for
  /// ``Container/disposeReleased()`` or ``Container/shutdown()``. Failures are written to standard
  /// error (the `resolve` throws its own error).
  func disposeUnreceivedSynchronously() {
    let disposals = takeUnreceived()
    guard !disposals.isEmpty else { return }
    let waiting = disposals.firstIndex { if case .async = $0.action { true } else { false } } ?? disposals.endIndex
    let synchronous = Array(disposals[..<waiting])
    var failures: [DisposalError.Failure] = []
    var unkept: [TrackedDisposal] = []
    // NB: handed over oldest first, as the container tracks what it makes: `disposeReleased()`
    // takes them newest first.
    for disposal in disposals[waiting...].reversed() {
      var released = disposal
      released.maker = ReleasedByFailedGraph.marker
      // The nearest container still open keeps it: a scope that ended hands it to its app.
      var keeper: Container? = root
      while let current = keeper, current.withLifetime({ $0.track(released) }) != nil { keeper = current.parent }
      // A child that keeps it is reached by its parent's `disposeReleased()` and `shutdown()`.
      keeper?.joinParentIfNeeded()
      guard keeper == nil else { continue }
      if case .async = disposal.action {
        failures.append(DisposalError.Failure(key: disposal.key, error: DisposalError.requiresAwait(disposal.key)))
      } else {
        unkept.insert(disposal, at: 0)
      }
    }
    // Every container has ended: what can run synchronously still runs, after the rest.
    failures += Container.runSynchronously(synchronous + unkept)
    if let error = DisposalError.failed(failures, when: "a failed resolve was abandoned") {
      DisposalError.writeToStandardError(error)
    }
  }

  /// An awaited top-level `resolve` failed: runs every disposal before it throws, to its end even
  /// when the resolve failed because its task was cancelled (as a scope's end and a shutdown do).
  ///
  /// NB: out of line, as a failure path of every awaited top-level request. It was first measured
  /// as 805 instructions an awaited made singleton inlined against 661 out of line
  /// (async-singleton, callgrind), but one binary measures 661 or 806 from run to run: the gain is
  /// not shown; the cold path stays out of line.
  @inline(never)
  func disposeUnreceived() async {
    let disposals = takeUnreceived()
    guard !disposals.isEmpty else { return }
    if let error = DisposalError.failed(
      await Container.runUncancelled(disposals), when: "a failed resolve was abandoned")
    {
      DisposalError.writeToStandardError(error)
    }
  }
}

/// The maker of an instance a failed synchronous graph could not dispose: no store has its
/// identity, so ``Container/disposeReleased()`` takes it.
final class ReleasedByFailedGraph: Sendable {
  static let marker = ReleasedByFailedGraph()
}
