#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import Synchronization

extension Container {
  /// Disposes every instance this container keeps that has a disposal (its singletons and
  /// custom-scope instances, and their ``Disposable`` conformances or `.disposing` blocks), newest
  /// first, each once; then the container resolves nothing more.
  ///
  /// Every disposal runs, whatever the others throw; the failures are thrown together. After it, a
  /// `resolve` from this container (or a child resolving through it) throws
  /// ``ResolutionError/Code/containerShutDown``, and a registration is not applied. A child
  /// container's shutdown disposes its own instances, never its parent's. A parent's shutdown
  /// first shuts down its child containers that keep instances of their own (singletons, custom
  /// scopes), which may use the parent's: their instances are disposed before the parent's
  /// (a grandchild's before its parent's), and they resolve nothing more; a child's own
  /// `shutdown()` afterwards returns without disposing anything again. A scope still open is not
  /// ended: it disposes what it made when its body returns.
  ///
  /// Shutdowns that overlap wait for each other's disposals: a second `shutdown()` of a container
  /// returns (or throws ``DisposalError/Code/alreadyEnded``) once the first has disposed
  /// everything, and a parent's shutdown that meets a child's own shutdown still disposing waits
  /// for it before disposing what the child's instances use. A disposal that shuts its own
  /// container down is not made to wait for itself: it gets `alreadyEnded` at once.
  ///
  /// Services first: while ``runServices()`` runs this container's services, or a child
  /// container's, it stops them as a graceful stop does (the child's first, since they may use
  /// this container's instances; each run dependents first, a service once the ones after it have
  /// returned) and waits until each such `runServices()` has returned; only then does it dispose.
  /// A service whose `run` ignores the cancellation holds the shutdown until it returns; a service
  /// that calls `shutdown()` from its own `run` is not waited for, and is cancelled once the
  /// shutdown has disposed. A second
  /// `shutdown()` meanwhile waits too, then throws ``DisposalError/Code/alreadyEnded``. Services a
  /// `ServiceGroup` runs are the group's: end the group before the shutdown.
  ///
  /// Instances made from the container outside a scope, `.shared` and `.unique` ones, are the
  /// caller's and are not disposed (inside ``withScope(isolation:reportingDisposalFailures:_:)``
  /// they are the scope's); nor are ``Scope/weakSingleton`` instances.
  ///
  /// ```swift
  /// app.register(.singleton) { ConnectionPool() }
  ///   .disposing { pool in await pool.close() }
  /// // ...
  /// try await app.shutdown()
  /// ```
  ///
  /// - Throws: ``DisposalError`` listing the disposals that failed
  ///   (``DisposalError/Code/disposalFailed``), or ``DisposalError/Code/alreadyEnded`` when the
  ///   container was already shut down (nothing is disposed twice).
  public func shutdown() async throws(DisposalError) {
    let callers = await stopServicesForShutdown()
    defer {
      for run in callers { run.callersFinished() }
      // A handed-out service's `run` that called this shutdown is stopped now, as the others were.
      HandedOutServiceRun.current?.stopAfterOwnShutdown()
    }
    guard let own = end() else {
      // Another shutdown (a concurrent one, or an ancestor's) ended it: return once what it
      // disposes is disposed.
      await waitUntilDisposed()
      if wasEndedByAncestor { return }
      throw alreadyEnded()
    }
    // NB: the children are ended after this container, so that a child cannot be made or joined
    // meanwhile, and disposed before it: their instances may use its own.
    var ended: [Container] = []
    var endingOnTheirOwn: [Container] = []
    let disposals = endChildren(ended: &ended, endingOnTheirOwn: &endingOnTheirOwn) + own
    defer {
      finishDisposing()
      for child in ended { child.finishDisposing() }
    }
    // A child whose own shutdown is disposing its instances finishes before this one disposes
    // what they may use.
    for child in endingOnTheirOwn { await child.waitUntilDisposed() }
    guard !disposals.isEmpty else { return }
    let failures: [DisposalError.Failure]
    if opensScope, ended.isEmpty {
      // NB: a scope's end (once a request): nothing else ends a scope, so nothing waits for it.
      failures = await Self.runUncancelled(disposals)
    } else {
      // NB: in a task of its own, cancelled or not: a cancellation that comes while a disposal
      // awaits (a service that shut the app down from its `run`, cancelled by its `ServiceGroup`
      // once another service stopped) would cut it short. A shutdown is once a container.
      let running = DisposalRun.containers + [ObjectIdentifier(self)] + ended.map(ObjectIdentifier.init)
      failures = await DisposalRun.$containers.withValue(running) { await Self.runInATaskOfItsOwn(disposals) }
    }
    if let error = DisposalError.failed(failures, when: endedThing) { throw error }
  }

  /// Ends the child containers that keep instances of their own (not the scopes, which end when
  /// their body returns), each after its own children, and returns their disposals: the
  /// youngest child's first, each child's grandchildren's before its own. `ended` gets those it
  /// ended, `endingOnTheirOwn` those whose own shutdown had ended them.
  private func endChildren(ended: inout [Container], endingOnTheirOwn: inout [Container]) -> [TrackedDisposal] {
    let children = links.withLock(owner: self) { $0.children.alive }.filter { !$0.opensScope }
    var disposals: [TrackedDisposal] = []
    for child in children.reversed() {
      guard let own = child.end(byAncestor: true) else {
        endingOnTheirOwn.append(child)
        continue
      }
      ended.append(child)
      disposals += (child.endChildren(ended: &ended, endingOnTheirOwn: &endingOnTheirOwn) + own).map {
        $0.levelsDown(1)
      }
    }
    return disposals
  }

  /// Waits until the disposals of this container's end have run, unless they are what the
  /// current task is running (a disposal that shuts its own container down).
  private func waitUntilDisposed() async {
    guard !DisposalRun.containers.contains(ObjectIdentifier(self)) else { return }
    let gate = links.withLock(owner: self) { links -> Gate? in
      guard links.isDisposing else { return nil }
      if links.disposed == nil { links.disposed = Gate() }
      return links.disposed
    }
    try? await gate?.waitAsync()
  }

  /// The disposals of this container's end have run: lets those waiting for them go on.
  private func finishDisposing() {
    guard !opensScope else { return }
    let gate = links.withLock(owner: self) { links -> Gate? in
      links.isDisposing = false
      defer { links.disposed = nil }
      return links.disposed
    }
    gate?.open()
  }

  /// Releases the instances this container and its child containers keep for `scope`, as
  /// ``reset(_:)`` does, and disposes those that have a disposal, newest first, each once (the
  /// child containers' before this one's, as ``shutdown()`` orders them).
  ///
  /// ``reset(_:)`` is synchronous and disposes nothing: an instance it releases that has a
  /// disposal is kept until ``shutdown()``. Use this form where the released instances hold
  /// something to close (a signed-in user's socket on logout). A resolve that races it gets the
  /// old instance or a new one, as with `reset(_:)`; only the old ones are disposed (one still
  /// being made when this is called is disposed by ``disposeReleased()`` or ``shutdown()``). A
  /// resolve that started before it and asks afterwards for an instance of `scope` it has not made
  /// throws ``ResolutionError/Code/containerShutDown`` instead of making one from the disposed
  /// instances (a screen composed while the user logs out): resolve again.
  ///
  /// ```swift
  /// container.register(.session) { UserSocket() }
  ///   .disposing { socket in await socket.close() }
  /// // on logout:
  /// try await container.resetAndDispose(.session)
  /// ```
  ///
  /// - Parameter scope: The scope whose instances to release and dispose.
  /// - Throws: ``DisposalError`` listing the disposals that failed; every one runs.
  public func resetAndDispose(_ scope: Scope) async throws(DisposalError) {
    guard scope.isSingleton else { return }
    var reset: [(container: Container, replaced: [any RenewableEntry])] = []
    // The replaced registrations (and so their stores) stay alive in `reset` until their
    // disposals are taken, so no new store can have the address of one of them. Their stores are
    // retired: a graph that read them before makes nothing more in them from the instances about
    // to be disposed. One being made now is not waited for (its factory may wait for what
    // follows the reset): it is disposed by `disposeReleased()` or `shutdown()`.
    family.withReset { generation in
      renew(scope, at: generation, into: &reset)
      for (_, replaced) in reset { for entry in replaced { entry.retire() } }
    }
    var disposals: [TrackedDisposal] = []
    // Descendants first, the youngest child's first, as `shutdown()` orders them: a child's
    // instances may use its parent's (`reset` lists a container before its children).
    for (container, replaced) in reset.reversed() {
      let makers = Set(replaced.compactMap(\.keptStoreIdentity))
      let levels = levels(down: container)
      disposals += container.withLifetime { $0.take(madeBy: makers) }.map { $0.levelsDown(levels) }
    }
    if let error = DisposalError.failed(await Self.runInATaskOfItsOwn(disposals), when: "\(scope) was reset") {
      throw error
    }
  }

  /// Disposes the instances this container (and its child containers) made and let go of, newest
  /// first (the children's before this one's), each once: a singleton whose definition was
  /// replaced or removed (also by ``removeAll()``), and a custom scope's instances released by
  /// ``reset(_:)``.
  ///
  /// Those synchronous calls cannot await a disposal, so they keep what they release until this
  /// or ``shutdown()``, which disposes them with the rest: nothing the container made is lost. Call
  /// it at a point where nothing uses the released instances any more (a scope that resolved the
  /// old singleton may still hold it until it ends). An instance a racing resolve makes from a
  /// definition being replaced is released too, and disposed by the next call or by `shutdown()`.
  /// A resolve that started before a ``reset(_:)`` and asks afterwards for an instance of the
  /// reset scope it has not made throws ``ResolutionError/Code/containerShutDown`` once this has
  /// run, as after ``resetAndDispose(_:)``, instead of making one from what this disposed.
  /// What the container still hands out, and a scope's `.scoped` instances, are left alone.
  ///
  /// ```swift
  /// container.register(.singleton) { FeatureFlags(source: .remote) }  // replaces the old flags
  /// try await container.disposeReleased()  // the old flags' disposal runs now
  /// ```
  ///
  /// - Throws: ``DisposalError`` listing the disposals that failed; every one runs.
  public func disposeReleased() async throws(DisposalError) {
    // As `resetAndDispose` does: what resets released is made no more by a graph that started
    // before them.
    retireReset()
    var disposals: [TrackedDisposal] = []
    collectReleased(into: &disposals)
    if let error = DisposalError.failed(
      await Self.runInATaskOfItsOwn(disposals), when: "released instances were disposed")
    {
      throw error
    }
  }

  /// How many parent links lead from `descendant` up to this container: `0` for itself.
  private func levels(down descendant: Container) -> Int {
    var levels = 0
    var container = descendant
    while container !== self, let parent = container.parent {
      levels += 1
      container = parent
    }
    return levels
  }

  /// Retires the registrations that resets of this container and its children replaced.
  private func retireReset() {
    for entry in withLifetime({ $0.takeResetRegistrations() }) { entry.retire() }
    for child in links.withLock(owner: self, { $0.children.alive }) { child.retireReset() }
  }

  /// Takes the disposals of what this container and its children let go of.
  private func collectReleased(into disposals: inout [TrackedDisposal]) {
    // The children's first, the youngest child's first, as `shutdown()` orders them: a child's
    // instances may use this container's.
    for child in links.withLock(owner: self, { $0.children.alive }).reversed() {
      var released: [TrackedDisposal] = []
      child.collectReleased(into: &released)
      disposals += released.map { $0.levelsDown(1) }
    }
    // NB: under the registry's lock: a registration inserted meanwhile is among `current` before
    // an instance of it can be tracked (the lifetime lock is taken inside the registry's, as
    // `admits(_:to:id:)` does).
    disposals += write { registry in
      let current = Set(registry.entries.compactMap(\.keptStoreIdentity))
      return withLifetime { $0.take(releasedFrom: current) }
    }
  }

  /// Ends this container synchronously (the synchronous `withScope`): `async` disposals cannot
  /// run and are reported as ``DisposalError/Code/requiresAwait`` failures.
  func shutdownSynchronously() throws(DisposalError) {
    guard let disposals = end() else { throw alreadyEnded() }
    defer { finishDisposing() }
    // NB: most scopes dispose nothing: the run, its list of disposed objects and the check of
    // its failures cost a scope's end about 250 instructions (server-scope, callgrind).
    guard !disposals.isEmpty else { return }
    let failures = Self.runSynchronously(disposals, overrides: isOverride)
    if let error = DisposalError.failed(failures, when: endedThing, overrides: isOverride) { throw error }
  }

  private var endedThing: String {
    opensScope ? "the scope ended" : isOverride ? "the overrides ended" : "the container was shut down"
  }

  private func alreadyEnded() -> DisposalError {
    DisposalError(
      .alreadyEnded,
      message: opensScope
        ? "The scope has already ended; nothing was disposed again."
        : "`shutdown()` was called on a container that was already shut down; nothing was disposed again.",
      remedy: "Shut each container down once, when nothing uses it any more.")
  }

  /// Marks the container ended, empties its registry (so a made singleton is no longer answered
  /// without a lock), and returns the disposals to run, newest first; `nil` if it had ended.
  private func end(byAncestor: Bool = false) -> [TrackedDisposal]? {
    guard let disposals = endLifetime(byAncestor: byAncestor) else { return nil }
    hasShutDown.store(true, ordering: .releasing)
    write { [opensScope] in $0.endForShutdown(keepingKeys: !opensScope) }
    if opensScope, let parent { parent.links.withLock(owner: parent) { $0.children.removeScope(self) } }
    return disposals
  }

  /// Throws ``ResolutionError/Code/containerShutDown`` when this container was shut down: a top-level
  /// request that its own registry does not answer.
  @usableFromInline
  func checkNotShutDown(_ key: DefinitionKey) throws(ResolutionError) {
    if hasShutDown.load(ordering: .acquiring) {
      throw ResolutionError.containerShutDown(
        key, path: [key], scope: opensScope, overrides: isOverride, byParent: wasEndedByAncestor)
    }
  }

  /// Whether this container was shut down while it had a definition for `key` (or for its type,
  /// untagged): a request another container makes of it meets the shutdown.
  func hadAtShutdown(_ key: DefinitionKey) -> Bool {
    hasShutDown.load(ordering: .acquiring) && snapshot().registry.hadAtShutdown(key)
  }

  /// Whether an ancestor's ``shutdown()`` ended this container (see ``ContainerLinks/endedByAncestor``).
  var wasEndedByAncestor: Bool { links.withLock(owner: self) { $0.endedByAncestor } }

  /// This container or the nearest ancestor that was shut down, if any.
  func shutDownAncestor() -> Container? {
    var container: Container? = self
    while let current = container {
      if current.hasShutDown.load(ordering: .acquiring) { return current }
      container = current.parent
    }
    return nil
  }

  /// Runs `disposals` in order, each object once, and returns the failures.
  /// ``run(_:)``, out of reach of the current task's cancellation: closing a pool or rolling a
  /// unit of work back must not stop at its first `await` because a SIGTERM cancelled the task
  /// that shuts down, or a request's task was cancelled when its scope ends or while its rollback
  /// awaits.
  ///
  /// NB: a task of its own only when a disposal may await or the current task is cancelled: a
  /// scope ends once a request, and one whose disposals are synchronous cannot be cut short. The
  /// task costs about 2,900 instructions (see ``runInATaskOfItsOwn(_:)``), paid by a scope that
  /// has an `async` disposal to run anyway.
  static func runUncancelled(_ disposals: [TrackedDisposal]) async -> [DisposalError.Failure] {
    guard Task.isCancelled || disposals.contains(where: \.mayAwait) else { return await run(disposals) }
    return await runInATaskOfItsOwn(disposals)
  }

  /// ``run(_:)`` in a task of its own (which inherits the task-local values): out of reach of a
  /// cancellation of the current task, also one that comes while a disposal awaits.
  ///
  /// NB: `Task.immediate` where the runtime has it (Swift 6.2's; every Linux toolchain this
  /// package builds with): it starts on this thread, so a disposal that does not suspend runs at
  /// once, with no hop to another thread; about 2,900 instructions over calling ``run(_:)``,
  /// against 5,800 for `Task { }` (callgrind, a task made and awaited). Before Apple's 26 releases
  /// (no `Task.immediate`), the plain task: the same guarantee, one hop more.
  static func runInATaskOfItsOwn(_ disposals: [TrackedDisposal]) async -> [DisposalError.Failure] {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      return await Task.immediate { await run(disposals) }.value
    }
    return await Task { await run(disposals) }.value
  }

  static func run(_ disposals: [TrackedDisposal]) async -> [DisposalError.Failure] {
    var failures: [DisposalError.Failure] = []
    var disposed = DisposedObjects(expected: disposals.count)
    for disposal in disposals {
      if let object = disposal.object, !disposed.insert(object) { continue }
      do {
        switch disposal.action {
        case .sync(let body): try body()
        case .async(let body): try await body()
        }
      } catch {
        failures.append(DisposalError.Failure(key: disposal.key, error: error, containerDepth: disposal.containerDepth))
      }
    }
    return failures
  }

  /// `run` for a synchronous end: an `async` disposal is a failure.
  static func runSynchronously(_ disposals: [TrackedDisposal], overrides: Bool = false) -> [DisposalError.Failure] {
    var failures: [DisposalError.Failure] = []
    var disposed = DisposedObjects(expected: disposals.count)
    for disposal in disposals {
      if let object = disposal.object, !disposed.insert(object) { continue }
      switch disposal.action {
      case .sync(let body):
        do { try body() } catch {
          failures.append(
            DisposalError.Failure(key: disposal.key, error: error, containerDepth: disposal.containerDepth))
        }
      case .async:
        failures.append(
          DisposalError.Failure(
            key: disposal.key, error: DisposalError.requiresAwait(disposal.key, overrides: overrides),
            containerDepth: disposal.containerDepth))
      }
    }
    return failures
  }

  /// Whether a change of `kind` (a disposal, a service declaration) may be made to the definition
  /// `id` of `key`: it is still registered here (also decorated since) and the definitions are not
  /// frozen (else the change is noted, see ``rejectedChanges``).
  func admits(_ kind: RejectedChange.Kind, to key: DefinitionKey, id: RegistrationID) -> Bool {
    write { registry in
      registry.registers(id, as: key) && registry.admits(RejectedChange(kind: kind, key: key))
    }
  }

  /// Declares how the instances of the definition `id` (of this container) are disposed.
  ///
  /// `key` is where the registration usually is; one that was moved (decorated) is found by `id`.
  func setDisposer(_ disposer: Disposer, for id: RegistrationID, key: DefinitionKey) {
    withLifetime { $0.disposers[id] = disposer }
    disposalMask.bitwiseOr(Graph.pathBit(of: id), ordering: .relaxed)
    // A singleton made before its definition was given the disposal (a resolve between
    // `register(...)` and `.disposing`) is disposed with it too.
    let snapshot = snapshot()
    let entry = snapshot.entry(for: key).flatMap { $0.id == id ? $0 : nil }
    let registration = (entry ?? snapshot.registry.entries.first { $0.id == id }) as? any StoreKeepingEntry
    if let made = registration?.disposalOfMadeInstance(disposer: disposer) {
      withLifetime { $0.retrack(made) }
    }
  }

  /// The disposal the definition `id` (of this container) declares, if any.
  ///
  /// NB: the lock and the dictionary only for a definition whose bit in ``disposalMask`` is set
  /// (most declare none): each instance a scope tracks, or a graph keeps in case it fails, asked
  /// under the lock before (server-scope, 8 instances, about 650 instructions a request).
  func declaredDisposer(for id: RegistrationID) -> Disposer? {
    guard disposalMask.load(ordering: .relaxed) & Graph.pathBit(of: id) != 0 else { return nil }
    return withLifetime { $0.disposers[id] }
  }

  /// Runs `body` on this container's ``Lifetime`` under its lock, made on first use (ended
  /// already when the container ended without one).
  func withLifetime<Result: Sendable>(_ body: (inout Lifetime) -> Result) -> Result {
    links.withLock(owner: self) { links in
      if links.lifetime == nil {
        links.lifetime = Lifetime(state: links.endedWithoutLifetime ? .ended : .open)
        madeLifetime.store(true, ordering: .relaxed)
      }
      return body(&links.lifetime!)
    }
  }

  /// Ends this container's ``Lifetime`` and returns its disposals, newest first; `nil` if it had
  /// ended.
  ///
  /// NB: a container that never kept a disposal (a scope that only resolved) notes its end in a
  /// flag instead of making a lifetime to end: the lifetime's three empty collections were made
  /// here and destroyed with the container (server-scope, callgrind).
  ///
  /// The scope's `.scoped` instances without a disposal are let go of after the lock: a `deinit`
  /// that uses this container (makes a child, registers) ran under it and stopped the process
  /// ("Recursive call to lock Mutex", `ScopedDeinitAtScopeEndTests`).
  private func endLifetime(byAncestor: Bool) -> [TrackedDisposal]? {
    var released: [RegistrationID: any Entry] = [:]
    let disposals = links.withLock(owner: self) { links -> [TrackedDisposal]? in
      let disposals: [TrackedDisposal]?
      if links.lifetime != nil {
        disposals = links.lifetime!.end(released: &released)
      } else if links.endedWithoutLifetime {
        disposals = nil
      } else {
        links.endedWithoutLifetime = true
        disposals = []
      }
      if disposals != nil, byAncestor { links.endedByAncestor = true }
      if disposals != nil, !opensScope { links.isDisposing = true }
      return disposals
    }
    withExtendedLifetime(released) {}
    return disposals
  }
}

extension Container {
  /// What releasing this container now would leave undone, as the line its `deinit` writes to
  /// standard error: the disposals of the instances it keeps, which run only when it is shut down
  /// (or its parent, while it is alive); `nil` when there are none, or it has ended.
  func undisposedReport() -> String? {
    let tracked = links.withLock(owner: self) { links -> [(key: DefinitionKey, object: ObjectIdentifier?)] in
      guard let lifetime = links.lifetime, case .open = lifetime.state else { return [] }
      return lifetime.tracked.map { ($0.key, $0.object) }
    }
    // An object tracked twice (a decorator that handed back what it decorates) is disposed once:
    // it is one instance, named by the definition that made it.
    var objects = Set<ObjectIdentifier>()
    let keys = tracked.filter { $0.object.map { objects.insert($0).inserted } ?? true }.map(\.key)
    guard !keys.isEmpty else { return nil }
    var names: [String] = []
    for key in keys where !names.contains(key.description) { names.append(key.description) }
    let listed = names.count > 5 ? names.prefix(5).joined(separator: ", ") + ", ..." : names.joined(separator: ", ")
    let count = keys.count == 1 ? "1 instance whose disposal" : "\(keys.count) instances whose disposals"
    return "Surrogate: a container was released with \(count) never ran (\(listed)): nothing shut it down. "
      + "Call `try await container.shutdown()` when you are done with it; a parent's `shutdown()` reaches "
      + "only the children still alive."
  }
}

extension DisposalError {
  /// Writes `line` and a line break to standard error, as one write.
  static func writeLineToStandardError(_ line: String) {
    var line = line + "\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  }

  /// Writes the error to standard error: what `withScope` does with disposal failures it cannot
  /// throw (the body threw) when no handler is given.
  ///
  /// ```swift
  /// try await app.withScope(reportingDisposalFailures: DisposalError.writeToStandardError) { scope in ... }
  /// ```
  ///
  /// - Parameter error: The failures to report.
  public static func writeToStandardError(_ error: DisposalError) {
    writeLineToStandardError("Surrogate: \(error)")
  }
}

/// The containers whose end's disposals the current task is running: a disposal that shuts one
/// of them down is not made to wait for itself.
enum DisposalRun {
  @TaskLocal static var containers: [ObjectIdentifier] = []
}
