/// A forwarded type: resolving it resolves the source registration (same scope, same instance),
/// casts the instance, then runs the forwarding's own `resolvingProperties` blocks.
final class Forwarding<Forwarded>: Entry {
  typealias Block = @Sendable (Resolver, Forwarded) throws -> Void

  let id: RegistrationID
  let key: DefinitionKey
  let sourceKey: DefinitionKey
  let blocks: [Block]
  /// Wraps the source's instance before it is handed out (a proxy), or `nil` to hand it out as is.
  let wrap: (@Sendable (Any) -> Any)?
  let forwardsWeakly: Bool
  /// The container of the source definition when it is neither the forwarding's container nor
  /// one of its ancestors (`screen.register(definitionOfServices, type: P.self)`), held weakly:
  /// the forwarding must not keep another container alive, or a parent and its child in a cycle.
  let foreignSource: ForeignContainer?
  /// Makes a weak proxy that is not bound yet, and the function that binds it, for a forwarding
  /// through a late-bindable proxy (``WeakRefProxy``): a request that would close a cycle on a
  /// source still being constructed gets one, bound once the source is built.
  let makeUnbound: UnboundMaker?
  /// Whether the source's instance is handed out as it is, with no blocks of this forwarding to
  /// run: then only its type is checked.
  ///
  /// NB: read by the unspecialized generic code every forwarded request runs through, where
  /// `blocks.isEmpty` and an optional `Forwarded` fetch their generic metadata on every call:
  /// about 1,000 instructions of a decorated request (server-flat, callgrind).
  let handsOutSource: Bool

  typealias UnboundMaker = @Sendable () -> (proxy: Any, bind: (Any) -> Void)

  /// A weak reference to another container.
  final class ForeignContainer: Sendable {
    weak let container: Container?
    init(_ container: Container) { self.container = container }
  }

  init(
    id: RegistrationID, key: DefinitionKey, sourceKey: DefinitionKey, blocks: [Block] = [],
    forwardsWeakly: Bool = false, wrap: (@Sendable (Any) -> Any)? = nil, foreignSource: ForeignContainer? = nil,
    makeUnbound: UnboundMaker? = nil
  ) {
    self.makeUnbound = makeUnbound
    self.id = id
    self.key = key
    self.sourceKey = sourceKey
    self.blocks = blocks
    self.forwardsWeakly = forwardsWeakly
    self.wrap = wrap
    self.foreignSource = foreignSource
    self.handsOutSource = blocks.isEmpty && wrap == nil
  }

  var isForwarding: Bool { true }

  /// A forwarding to another container's definition: what makes it is not in this registry's
  /// lookup chain, so an awaited request cannot tell that it needs no `await`.
  @usableFromInline var mayNeedAwait: Bool { foreignSource != nil }

  func appending(_ block: @escaping Block) -> Forwarding {
    Forwarding(
      id: id, key: key, sourceKey: sourceKey, blocks: blocks + [block], forwardsWeakly: forwardsWeakly, wrap: wrap,
      foreignSource: foreignSource, makeUnbound: makeUnbound)
  }

  func produce(arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    throws(ResolutionError) -> Produced
  {
    try produce(arguments: arguments, in: graph, requested: requested, owner: owner, lookup: lookup, checksType: true)
  }

  func produceForTypedCaller(
    arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container
  ) throws(ResolutionError) -> Produced {
    try produce(arguments: arguments, in: graph, requested: requested, owner: owner, lookup: lookup, checksType: false)
  }

  /// ``produce(arguments:in:requested:owner:lookup:)``, which checks that the instance is a
  /// `Forwarded` unless `checksType` is `false` (see ``Entry/produceForTypedCaller(arguments:in:requested:owner:lookup:)``).
  /// A request the source's factory makes fails on a path that names the source at this step,
  /// `Consumer → Server (as Pingable) → API` (see ``ResolutionError/named(forwardedTo:at:)``).
  private func produce(
    arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container, checksType: Bool
  ) throws(ResolutionError) -> Produced {
    let source = try self.source(in: graph, requested: requested, owner: owner)
    if makeUnbound != nil, let unbound = try unboundProxy(of: source.entry, in: graph, requested: requested) {
      return unbound
    }
    let depth = graph.frameCount
    let produced: Produced
    let (outerChecker, outerDepth) = (graph.forwardChecker, graph.forwardCheckDepth)
    (graph.forwardChecker, graph.forwardCheckDepth) = (self, depth)
    defer { (graph.forwardChecker, graph.forwardCheckDepth) = (outerChecker, outerDepth) }
    do {
      produced = try source.entry.produce(
        arguments: arguments, in: graph, requested: requested, owner: source.owner, lookup: lookup)
    } catch {
      guard let cycle = cycleThroughThis(error, in: graph, depth: depth) else {
        throw explained(error, in: graph).named(forwardedTo: sourceKey, at: depth)
      }
      return try deferredProxy(
        of: source, until: cycle, arguments: arguments, in: graph, requested: requested, lookup: lookup)
    }
    return try finish(produced, in: graph, requested: requested, lookup: lookup, checksType: checksType)
  }

  /// The definition above this request that `error`'s cycle closed on, when the cycle runs
  /// through this weak forwarding: the source's construction needs a definition further up
  /// whose factory is still running (a presenter whose initializer takes the view, resolved
  /// first). The source can then be built once that definition is, behind a proxy `makeUnbound`
  /// makes now.
  private func cycleThroughThis(_ error: ResolutionError, in graph: Graph, depth: Int)
    -> (target: RegistrationID, makeUnbound: UnboundMaker)?
  {
    guard let makeUnbound, error.code == .circularDependency, let target = graph.lastCycleTarget,
      target.isConstructing, target.isReusable,
      graph.frames.prefix(depth).contains(where: { $0.id == target.id && $0.isConstructing })
    else { return nil }
    return (target.id, makeUnbound)
  }

  /// A cycle through this weak forwarding that it could not break: its remedy says why, rather
  /// than suggesting the forwarding that is already there. A weak proxy is bound to the instance
  /// the graph keeps for the definition the cycle closes on, so that definition must not be
  /// `.unique`.
  private func explained(_ error: ResolutionError, in graph: Graph) -> ResolutionError {
    guard makeUnbound != nil, error.code == .circularDependency, error.writtenRemedy == Graph.cycleRemedy,
      let target = graph.lastCycleTarget, !target.isReusable
    else { return error }
    return error.with(
      remedy: "\(key) is already forwarded `through: WeakRefProxy.init`, but a weak proxy is bound to the instance "
        + "the graph keeps for the definition the cycle closes on, and \(error.key) is `.unique`, so the graph keeps "
        + "none: register it `.shared` (or with another scope that reuses its instance).")
  }

  /// An unbound proxy for a source that cannot be built before `cycle.target`: built (and the
  /// proxy bound) as soon as `cycle.target` is.
  private func deferredProxy(
    of source: (entry: any Entry, owner: Container), until cycle: (target: RegistrationID, makeUnbound: UnboundMaker),
    arguments: Any, in graph: Graph, requested: DefinitionKey, lookup: Container
  ) throws(ResolutionError) -> Produced {
    let made = cycle.makeUnbound()
    guard let instance = made.proxy as? Forwarded else {
      throw graph.invalidType(requested: requested, instance: made.proxy, source: sourceKey)
    }
    let bind = made.bind
    let owner = source.owner
    let entry = source.entry
    let sourceKey = sourceKey
    // The definition whose factory asked (a decorator in front of the weak forwarding, or the
    // presenter): the source is built once the cycle's target is, under another frame, and an
    // observer draws the request from the one that made it.
    let asker = graph.frameCount > 0 ? graph.frames[graph.frameCount - 1].key : nil
    graph.postpone(
      Graph.Postponed(
        target: cycle.target,
        run: { () throws(ResolutionError) in
          let observer = graph.observer
          observer?.forwarded(requested, to: sourceKey, weakly: true)
          if let asker { observer?.startedBuilding(asker) }
          defer { if let asker { observer?.finishedBuilding(asker) } }
          bind(
            try entry.produce(arguments: arguments, in: graph, requested: requested, owner: owner, lookup: lookup)
              .instance)
        },
        runAsync: {
          let observer = graph.observer
          observer?.forwarded(requested, to: sourceKey, weakly: true)
          if let asker { observer?.startedBuilding(asker) }
          defer { if let asker { observer?.finishedBuilding(asker) } }
          bind(
            try await entry.produceAsync(
              arguments: arguments, in: graph, requested: requested, owner: owner, lookup: lookup
            )
            .instance)
        }))
    return Produced(instance: instance, isNew: false)
  }

  /// When the source is still being constructed further up the path (its initializer asked,
  /// through another definition, for this forwarded type) and this forwarding goes through a
  /// late-bindable weak proxy: a proxy that is not bound yet, bound once the source is built.
  /// The constructor cycle is broken the way a hand-written composition root breaks it.
  private func unboundProxy(of source: any Entry, in graph: Graph, requested: DefinitionKey)
    throws(ResolutionError) -> Produced?
  {
    guard let makeUnbound, let frame = graph.constructingFrame(of: source.id), frame.isReusable else { return nil }
    let sourceRequest = frame.key
    let made = makeUnbound()
    guard let instance = made.proxy as? Forwarded else {
      throw graph.invalidType(requested: requested, instance: made.proxy, source: sourceKey)
    }
    let bind = made.bind
    graph.observer?.requestedLateBound(requested, definition: source.key)
    graph.postpone(
      Graph.Postponed(
        target: source.id,
        run: { () throws(ResolutionError) in
          if let object = source.reusableInstance(in: graph, requested: sourceRequest) { bind(object) }
        }))
    return Produced(instance: instance, isNew: false)
  }

  func produceAsync(arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    async throws -> Produced
  {
    let source = try self.source(in: graph, requested: requested, owner: owner)
    if makeUnbound != nil, let unbound = try unboundProxy(of: source.entry, in: graph, requested: requested) {
      return unbound
    }
    let depth = graph.frameCount
    let produced: Produced
    let (outerChecker, outerDepth) = (graph.forwardChecker, graph.forwardCheckDepth)
    (graph.forwardChecker, graph.forwardCheckDepth) = (self, depth)
    defer { (graph.forwardChecker, graph.forwardCheckDepth) = (outerChecker, outerDepth) }
    do {
      produced = try await source.entry.produceAsync(
        arguments: arguments, in: graph, requested: requested, owner: source.owner, lookup: lookup)
    } catch let error as ResolutionError {
      guard let cycle = cycleThroughThis(error, in: graph, depth: depth) else {
        throw explained(error, in: graph).named(forwardedTo: sourceKey, at: depth)
      }
      return try deferredProxy(
        of: source, until: cycle, arguments: arguments, in: graph, requested: requested, lookup: lookup)
    }
    return try finish(produced, in: graph, requested: requested, lookup: lookup)
  }

  /// The source registration: in the forwarding's container or, for a forwarding a child
  /// container made of its parent's definition, in an ancestor; or in the other container whose
  /// definition was forwarded.
  private func source(in graph: Graph, requested: DefinitionKey, owner: Container) throws(ResolutionError)
    -> (entry: any Entry, owner: Container)
  {
    var owner = owner
    if let foreignSource {
      guard let container = foreignSource.container else {
        throw ResolutionError(
          .definitionNotFound, key: requested, path: graph.path(to: requested),
          message: "\(requested) is forwarded to \(sourceKey) of another container, which has been released.",
          remedy:
            "Keep the container that registered \(sourceKey) alive as long as this one, or register \(sourceKey) here.",
          nearby: [sourceKey])
      }
      if container.hadAtShutdown(sourceKey) {
        throw ResolutionError(
          .containerShutDown, key: requested, path: graph.path(to: requested),
          message: "\(requested) is forwarded to \(sourceKey) of another container, which has been shut down: its "
            + "instances are disposed and it resolves nothing.",
          remedy: "Shut the container that registered \(sourceKey) down only after this one, or register "
            + "\(sourceKey) here.")
      }
      owner = container
    }
    guard let source = owner.forwardingSource(sourceKey, in: graph.snapshot(of:)) else {
      if let decoration = key.tag?.value as? DecorationTag {
        throw graph.decoratedDefinitionRemoved(sourceKey, decorated: decoration.decorated, requested: requested)
      }
      throw graph.notFound(sourceKey, in: owner, forwardedFrom: requested)
    }
    // NB: a scope's observer (the only one that does not trace building) records no forwarding.
    if graph.tracesBuilding { graph.observer?.forwarded(requested, to: sourceKey, weakly: forwardsWeakly) }
    return source
  }

  /// The error resolving this forwarding would throw for `instance`, the source's new instance,
  /// if it is not a `Forwarded`: checked before the source's blocks run (see ``ForwardCheck``).
  func typeError(handingOut instance: Any, in graph: Graph, requested: DefinitionKey, depth: Int) -> ResolutionError? {
    let handedOut = wrap.map { $0(instance) } ?? instance
    guard !(handedOut is Forwarded) else { return nil }
    return graph.invalidType(requested: requested, instance: handedOut, source: sourceKey, depth: depth)
  }

  /// Checks that the source's instance is a `Forwarded`, or wraps it and runs this forwarding's
  /// blocks (``wrapAndRunBlocks(_:in:requested:lookup:)``).
  private func finish(
    _ produced: Produced, in graph: Graph, requested: DefinitionKey, lookup: Container, checksType: Bool = true
  ) throws(ResolutionError) -> Produced {
    guard handsOutSource else { return try wrapAndRunBlocks(produced, in: graph, requested: requested, lookup: lookup) }
    guard !checksType || produced.instance is Forwarded else {
      throw graph.invalidType(requested: requested, instance: produced.instance, source: sourceKey)
    }
    return produced
  }

  /// Casts the source's instance, wrapped when this forwarding wraps it, to the forwarded type and
  /// runs this forwarding's blocks.
  ///
  /// NB: out of line: its optional `Forwarded` made every forwarded request fetch that type's
  /// metadata (about 325 instructions), blocks or not.
  @inline(never)
  private func wrapAndRunBlocks(_ produced: Produced, in graph: Graph, requested: DefinitionKey, lookup: Container)
    throws(ResolutionError) -> Produced
  {
    let handedOut = wrap.map { $0(produced.instance) } ?? produced.instance
    guard let instance = handedOut as? Forwarded else {
      throw graph.invalidType(requested: requested, instance: handedOut, source: sourceKey)
    }
    if produced.isNew, !blocks.isEmpty {
      let resolver = Resolver(graph: graph, container: lookup, tagSlot: requested.tagSlot)
      // As the source's own blocks, they wait while a reusable definition is being constructed
      // further up the path, and run once after it, after the source's (see
      // `Registration.waitForConstruction`).
      if let depth = graph.outermostConstruction() {
        graph.postpone(
          Graph.Postponed(
            target: graph.frames[depth].id, depth: depth,
            run: { () throws(ResolutionError) in
              try self.runBlocks(on: instance, resolver: resolver, in: graph, requested: requested)
            }))
      } else {
        try runBlocks(on: instance, resolver: resolver, in: graph, requested: requested)
      }
    }
    return Produced(instance: instance, isNew: produced.isNew)
  }

  /// Runs this forwarding's own blocks on `instance`, in a frame of its own.
  private func runBlocks(on instance: Forwarded, resolver: Resolver, in graph: Graph, requested: DefinitionKey)
    throws(ResolutionError)
  {
    graph.push(Graph.Frame(key: requested, id: id))
    graph.markConstructed()  // the instance exists: this frame only runs the forwarding's blocks
    defer { graph.pop() }
    do {
      for block in blocks { try block(resolver, instance) }
    } catch {
      throw graph.wrap(error, code: .propertyInjectionFailed, key: requested)
    }
  }
}

/// A forwarding whose source is being made for it (``Graph/forwardChecker``): the source checks
/// its new instance against the forwarded type before running its blocks, so a configuration
/// error (`invalidType`) is reported before a block's own failure, as Dip reports it.
@usableFromInline
protocol ForwardTypeChecking: AnyObject {
  func typeError(handingOut instance: Any, in graph: Graph, requested: DefinitionKey, depth: Int) -> ResolutionError?
}

extension Forwarding: ForwardTypeChecking {}
