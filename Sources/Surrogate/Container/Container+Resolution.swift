// INVARIANT: see Container.swift (snapshot reading). The snapshot and the entries a top-level
// `resolve` finds in it are unretained and used only inside that call's read section; the graph it
// builds borrows them too (see Graph.swift). `trustedDowncast` trusts the key (Unchecked/Trusted.swift).

extension Container {
  /// Resolves an instance of `T`, building a new object graph.
  ///
  /// ```swift
  /// let presenter: ListPresenter = try container.resolve()
  /// let output = try container.resolve(ListInteractorOutput.self)
  /// let live = try container.resolve(HTTPClient.self, tag: "live")
  /// let maybe = try container.resolve(Analytics?.self)          // nil only if nothing registered
  /// let client = try container.resolve(Client.self, arguments: url, 8080)
  /// ```
  ///
  /// Every call is one object graph: `.shared` definitions make one instance per call, shared by
  /// every consumer within it. Asking for `T?` answers `nil` only when no definition of `T`
  /// exists; any other failure still throws.
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from context when omitted.
  ///   - tag: The tag to look for first; the untagged definition is the fallback.
  ///   - arguments: Runtime arguments, matched by their exact types.
  ///   - isolation: The caller's actor, filled in by `#isolation`: a `@MainActor` definition is
  ///     built only when it is the main actor.
  /// - Returns: The instance.
  /// - Throws: ``ResolutionError`` naming what failed, the resolution path and the fix.
  @inlinable
  public func resolve<T, each Argument>(
    _ type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil, arguments: repeat each Argument,
    isolation: isolated (any Actor)? = #isolation
  ) throws(ResolutionError) -> T {
    if let override = activeOverride {
      return try override.resolve(type, tag: tag, arguments: repeat each arguments, isolation: isolation)
    }
    return try resolveRequest(
      T.self, tag: DefinitionTag.wrap(tag), arguments: (repeat each arguments), isolation: isolation)
  }

  /// Resolves the instance of `T` registered under `tag`, or else the untagged one, without
  /// runtime arguments: the common tagged request.
  ///
  /// ```swift
  /// let live = try container.resolve(HTTPClient.self, tag: "live")
  /// let stub: HTTPClient = try container.resolve(tag: Environment.stub)
  /// ```
  ///
  /// Swift picks this overload whenever a call passes a tag of a type known at compile time and no
  /// `arguments:`; it behaves exactly like ``resolve(_:tag:arguments:isolation:)``, and costs what
  /// an untagged request does: the tag is not boxed in an existential on every call.
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from context when omitted.
  ///   - tag: The tag to look for first; the untagged definition is the fallback.
  ///   - isolation: The caller's actor, filled in by `#isolation`.
  /// - Returns: The instance.
  /// - Throws: ``ResolutionError`` naming what failed, the resolution path and the fix.
  @_documentation(visibility: internal)
  @inlinable
  public func resolve<T, Tag: Hashable & Sendable>(
    _ type: T.Type = T.self, tag: Tag?, isolation: isolated (any Actor)? = #isolation
  ) throws(ResolutionError) -> T {
    // NB: `Tag?`, not `Tag`: an optional tag (`let tag: Environment? = ...`) binds `Tag` to what it
    // holds, as `register(tag:)` unwraps it; with `Tag`, `Optional("live")` was a tag of its own,
    // which missed the definition tagged "live" and silently fell back to the untagged one.
    if let override = activeOverride { return try override.resolve(type, tag: tag, isolation: isolation) }
    return try resolveRequest(T.self, tag: tag.map { DefinitionTag(typed: $0) }, arguments: (), isolation: isolation)
  }

  /// Resolves an instance of `T` that takes no tag and no runtime arguments: the common request.
  ///
  /// ```swift
  /// let presenter: ListPresenter = try container.resolve()
  /// let output = try container.resolve(ListInteractorOutput.self)
  /// ```
  ///
  /// Swift picks this overload whenever a call passes neither `tag:` nor `arguments:`; it behaves
  /// exactly like ``resolve(_:tag:arguments:isolation:)`` without them, and skips building an
  /// existential tag and an argument tuple on every call.
  ///
  /// - Parameters:
  ///   - type: The type to resolve; inferred from context when omitted.
  ///   - isolation: The caller's actor, filled in by `#isolation`.
  /// - Returns: The instance.
  /// - Throws: ``ResolutionError`` naming what failed, the resolution path and the fix.
  @_documentation(visibility: internal)
  @inlinable
  public func resolve<T>(_ type: T.Type = T.self, isolation: isolated (any Actor)? = #isolation)
    throws(ResolutionError) -> T
  {
    if let override = activeOverride { return try override.resolve(type, isolation: isolation) }
    return try resolveRequest(T.self, tag: nil, arguments: (), isolation: isolation)
  }

  /// Resolves `T` without runtime arguments in `isolation`, the isolation of the code that called
  /// a `Provider` or `Lazy`, which hands it on as a value.
  func resolve<T>(_ type: T.Type, tag: DefinitionTag?, callerIsolation isolation: (any Actor)?)
    throws(ResolutionError) -> T
  {
    if let override = activeOverride { return try override.resolve(type, tag: tag, callerIsolation: isolation) }
    return try resolveRequest(T.self, tag: tag, arguments: (), isolation: isolation)
  }

  /// The body of both public `resolve`s, with the tag wrapped and the arguments in one tuple.
  ///
  /// The whole call is one read section (see ``reading(_:)``): it takes the registry's snapshot
  /// once, under the container's lock, and retains nothing else that it only reads.
  ///
  /// NB: always inlined, with only the lookup and a made singleton's read in its body; everything
  /// that builds a graph is in functions of their own. So a singleton request runs in one
  /// function, and an untagged one compiles without the tagged lookup (measured with callgrind:
  /// S3's singleton lookup, benchmark loop included, went from 335 to 213 instructions).
  @inlinable @inline(__always)
  func resolveRequest<T, Arguments>(
    _ type: T.Type, tag: DefinitionTag?, arguments: Arguments, isolation: (any Actor)?
  ) throws(ResolutionError) -> T {
    try reading { (snapshot) throws(ResolutionError) -> T in
      // NB: a tagged request falls back to an ancestor's definition before the untagged one, so
      // only a container without a parent answers it from its own registry here.
      if tag == nil || parent == nil,
        let entry = snapshot.withObject({
          $0.unretainedEntry(
            TypeKey(type: ObjectIdentifier(T.self), arguments: ObjectIdentifier(Arguments.self)), tag: tag)
        })
      {
        // A made singleton needs no graph.
        let published = entry.withObject {
          trustedDowncast($0, to: Registration<T, Arguments>.self).published
        }
        if published.box != 0 { return Registration<T, Arguments>.instance(inBox: published.box) }
        if published.hasStore {
          return try produceUnlessCached(
            entry, T.self, tag: tag, arguments: arguments, snapshot: snapshot, isolation: isolation)
        }
        return try produce(entry, T.self, tag: tag, arguments: arguments, snapshot: snapshot, isolation: isolation)
      }
      return try resolveLookingUp(T.self, tag: tag, arguments: arguments, snapshot: snapshot, isolation: isolation)
    }
  }

  /// A singleton that is not published as a strong one: a live weak singleton's instance (read
  /// under its store's lock), or ``produce(_:_:tag:arguments:snapshot:isolation:)``.
  @inlinable @inline(never)
  func produceUnlessCached<T, Arguments>(
    _ entry: Unretained<AnyObject>, _ type: T.Type, tag: DefinitionTag?, arguments: Arguments,
    snapshot: Unretained<RegistrySnapshot>, isolation: (any Actor)?
  ) throws(ResolutionError) -> T {
    if let cached = entry.withObject({
      trustedDowncast($0, to: Registration<T, Arguments>.self).cachedValue
    }) {
      return cached
    }
    return try produce(entry, T.self, tag: tag, arguments: arguments, snapshot: snapshot, isolation: isolation)
  }

  /// Produces an instance from `entry`, the registration for the request found in this
  /// container's registry, in a new graph.
  @inlinable @inline(never)
  func produce<T, Arguments>(
    _ entry: Unretained<AnyObject>, _ type: T.Type, tag: DefinitionTag?, arguments: Arguments,
    snapshot: Unretained<RegistrySnapshot>, isolation: (any Actor)?
  ) throws(ResolutionError) -> T {
    do {
      return try entry.withObject { object throws -> T in
        let registration = trustedDowncast(object, to: Registration<T, Arguments>.self)
        let key = DefinitionKey(type: T.self, argumentsType: Arguments.self, tag: tag)
        return try withGraph(snapshot: snapshot, isolation: isolation) { graph throws(ResolutionError) in
          var isNew = false
          return try registration.produce(
            arguments, in: graph, requested: key, owner: self, lookup: self, isNew: &isNew)
        }
      }
    } catch {
      throw error as! ResolutionError
    }
  }

  /// Resolves a request that this container's registry does not answer directly: an ancestor's
  /// registration, a forwarding, an optional, or nothing registered (an error).
  @inlinable @inline(never)
  func resolveLookingUp<T, Arguments>(
    _ type: T.Type, tag: DefinitionTag?, arguments: Arguments, snapshot: Unretained<RegistrySnapshot>,
    isolation: (any Actor)?
  ) throws(ResolutionError) -> T {
    let key = DefinitionKey(type: T.self, argumentsType: Arguments.self, tag: tag)
    // A scope's container that ended would still find its parent's definitions.
    try checkNotShutDown(key)
    // An untagged request this container's registry has nothing under, from a scope (or a
    // child) whose parent has no parent: the parent's registration, found in a snapshot that the
    // graph then reads too. NB: the general lookup below read this snapshot under the parent's
    // lock, then the graph took another on its first lookup through the root; and it copied each
    // entry it passed into an existential (server-scope, callgrind: about 300 instructions).
    if tag == nil, let parent = Graph.fastParent(of: self),
      !snapshot.withObject({ $0.registry.containsUntagged(key.typeKey) })
    {
      // The family's reset count the snapshot holds, read as a graph reads it (see
      // `Graph.snapshotNotingResets(of:)`); a reset running meanwhile leaves it to the graph.
      let resetGeneration = family.finishedResets
      let parentSnapshot = parent.snapshot()
      // NB: the entry's bits, as the graph's fast lookups read them: the general lookup hashed the
      // whole key and copied the entry into an existential (server-scope, callgrind).
      if let bits = parentSnapshot.untaggedBits(key.typeKey), bits & 1 == 0,
        family.noResetStarted(since: resetGeneration)
      {
        let registration = trustedDowncast(Registry.entry(bits: bits).object, to: Registration<T, Arguments>.self)
        if let cached = registration.cachedValue { return cached }
        return try withGraph(snapshot: snapshot, isolation: isolation) { graph throws(ResolutionError) in
          graph.adoptParentSnapshot(parentSnapshot, of: parent, resetGeneration: resetGeneration)
          var isNew = false
          return try registration.produce(
            arguments, in: graph, requested: key, owner: parent, lookup: self, isNew: &isNew)
        }
      }
    }
    // NB: in a family that has had overrides, the graph looks the key up: a lookup that falls
    // through to an overridden ancestor reads its override first (see `Graph.lookup(_:from:)`).
    if !family.hasOverrides,
      let found = lookup(key, in: { $0 === self ? snapshot.object : $0.snapshot() }),
      !found.entry.isForwarding
    {
      let registration = trustedDowncast(found.entry as AnyObject, to: Registration<T, Arguments>.self)
      if let cached = registration.cachedValue { return cached }
      return try withGraph(snapshot: snapshot, isolation: isolation) { graph throws(ResolutionError) in
        var isNew = false
        return try registration.produce(
          arguments, in: graph, requested: key, owner: found.owner, lookup: self, isNew: &isNew)
      }
    }
    return try withGraph(snapshot: snapshot, isolation: isolation) { graph throws(ResolutionError) in
      try graph.resolve(key, arguments: arguments, from: self)
    }
  }

  /// Runs `body` with a new graph whose path lives on this call's stack: a typical object graph
  /// is resolved without allocating its path. A graph that a kept resolver still refers to when
  /// `body` returns retains its container from then on.
  ///
  /// NB: 16 frames is 1 KiB, the most `withUnsafeTemporaryAllocation` puts on the stack; asked for
  /// more, it allocates on the heap every call. Deeper paths move to the heap as they grow.
  ///
  /// A `resolve` made while this thread is resolving a graph of the same family of containers (a
  /// factory that calls `container.resolve` instead of `r.resolve`) joins that graph instead; so
  /// does one made by synchronous code in an `async` factory's body (a closure passed to `map`, a
  /// synchronous helper) while its task resolves a graph of the family.
  @inlinable
  func withGraph<Result>(
    snapshot: Unretained<RegistrySnapshot>, isolation: (any Actor)?, _ body: (Graph) throws(ResolutionError) -> Result
  ) throws(ResolutionError) -> Result {
    if let joined = ThreadGraph.joinable(from: self) {
      if !joined.isRoot(self) { joined.keepJoined(self) }
      return try body(joined)
    }
    if mayBeInAsyncGraph, let joined = joinableAsyncGraph() {
      return try joined.runningSynchronously { () throws(ResolutionError) -> Result in try body(joined) }
    }
    var retryGate: Gate?
    do throws(ResolutionError) {
      return try withNewGraph(snapshot: snapshot, isolation: isolation, retryGate: &retryGate, body)
    } catch {
      guard let retryGate else { throw error }
      return try resolveAgain(after: retryGate, failure: error, snapshot: snapshot, isolation: isolation, body)
    }
  }

  /// Runs `body` with a new graph on this call's stack; when the graph backs off from a cycle of
  /// waiting threads, sets `retryGate` to what it must wait for.
  @inlinable
  func withNewGraph<Result>(
    snapshot: Unretained<RegistrySnapshot>, isolation: (any Actor)?, retryGate: inout Gate?,
    _ body: (Graph) throws(ResolutionError) -> Result
  ) throws(ResolutionError) -> Result {
    try withUnsafeTemporaryAllocation(of: Graph.Frame.self, capacity: 16) {
      (buffer) throws(ResolutionError) -> Result in
      var graph = Graph(reading: snapshot, of: self, isolation: isolation)
      defer { if !isKnownUniquelyReferenced(&graph) { graph.keepRootAlive() } }
      do throws(ResolutionError) {
        return try graph.withFrameBuffer(buffer) { () throws(ResolutionError) -> Result in try body(graph) }
      } catch {
        retryGate = graph.retryGate
        throw error
      }
    }
  }

  /// The graph backed off from a cycle of threads waiting for each other's singletons: once the
  /// other graph has finished, start again (see `Graph.waitForCreation`), a bounded number of
  /// times.
  ///
  /// A graph nested in another (a factory resolving from a container of another family) throws
  /// `failure`, the cycle, instead: waiting for the other graph while the outer one holds what it
  /// claimed would close the cycle again.
  @usableFromInline
  func resolveAgain<Result>(
    after gate: Gate, failure: ResolutionError, snapshot: Unretained<RegistrySnapshot>, isolation: (any Actor)?,
    _ body: (Graph) throws(ResolutionError) -> Result
  ) throws(ResolutionError) -> Result {
    guard !AsyncGraphScope.isNested else { throw failure }
    var gate = gate
    for _ in 0..<Self.maximumRetries {
      try Graph.waitBeforeResolvingAgain(for: gate, failure: failure, isolation: isolation)
      var retryGate: Gate?
      do throws(ResolutionError) {
        return try withNewGraph(snapshot: snapshot, isolation: isolation, retryGate: &retryGate, body)
      } catch {
        guard let next = retryGate else { throw error }
        gate = next
      }
    }
    var last: Gate?
    return try withNewGraph(snapshot: snapshot, isolation: isolation, retryGate: &last, body)
  }

  /// How often a resolution starts again after backing off from another thread's graph before
  /// it reports the cycle of waits instead.
  @usableFromInline static var maximumRetries: Int { 100 }
}
