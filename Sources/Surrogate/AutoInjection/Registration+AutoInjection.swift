import Synchronization

// INVARIANT: `injectionWord` holds nothing, the mark of a type's metadata address (that type needs
// no plan), or an `InjectionPlan` the registration retains (a `PublishedMarkOrObject`,
// Unchecked/AtomicShared.swift): set once, never changed, the plan released with the
// registration; a plan read from it is retained by the reader while the registration is alive.
// Tests: AutoInjectionTests.

extension Registration {
  /// The step of ``runBlocks(from:on:resolver:in:requested:gate:)`` before the first block: the
  /// instance's auto-injected properties and ``Resolvable/resolveDependencies(_:)``.
  @inlinable static var injectionStep: Int { -1 }

  /// The plan for `instance`, or `nil` when its type needs none.
  @inlinable @inline(__always)
  func injectionPlan(for instance: Instance) -> InjectionPlan? {
    injectionPlan(forType: dynamicType(of: instance))
  }

  /// The plan for an instance whose dynamic type is `type` (``dynamicType(of:)``), or `nil` when
  /// that type needs none.
  @inlinable @inline(__always)
  func injectionPlan(forType type: Any.Type) -> InjectionPlan? {
    if injectionWord.isMarked(ObjectIdentifier(type).address) { return nil }
    return lookUpInjectionPlan(for: type)
  }

  /// Whether an instance whose dynamic type is `type` (``dynamicType(of:)``) may need
  /// auto-injection or ``Resolvable`` callbacks: `false` after one comparison for the type this
  /// registration always makes when that type needs neither.
  @inlinable @inline(__always)
  func mayInject(type: Any.Type) -> Bool {
    !injectionWord.isMarked(ObjectIdentifier(type).address)
  }

  /// The instance's auto-injection (when its type needs it) and blocks, from `storeAndRunBlocks`:
  /// run now, or, while a reusable definition is being constructed further up the path, once
  /// that construction has finished (see ``Graph/outermostConstruction()``). Returns whether they
  /// wait.
  @inlinable @inline(never)
  func injectAndRunBlocks(
    _ instance: Instance, type: Any.Type, resolver: Resolver, in graph: Graph, requested: DefinitionKey, gate: Gate?
  )
    throws(ResolutionError) -> Bool
  {
    let start = mayInject(type: type) ? injectionStart(instance, type: type, resolver: resolver) : 0
    guard hasBlocks || start != 0 else { return false }
    if let depth = graph.outermostConstruction() {
      // NB: in an async resolution the entry can also run asynchronously, in the blocks' own
      // isolation, when async code finishes that construction (see `blocksWaitForAsyncCode`).
      waitForConstruction(
        at: depth, from: start, on: instance, resolver: resolver, in: graph, requested: requested, gate: gate,
        isAsync: graph.isAsync)
      return true
    }
    try runBlocks(from: start, on: instance, resolver: resolver, in: graph, requested: requested, gate: gate)
    return false
  }

  /// Before the blocks run: when this instance is being made for a forwarded type it is not,
  /// throws `invalidType` now (the configuration error), not a block's failure later.
  @usableFromInline @inline(never)
  func checkForwardedType(of instance: Instance, in graph: Graph, requested: DefinitionKey, gate: Gate?)
    throws(ResolutionError)
  {
    guard let forwarding = graph.forwardChecker, graph.forwardCheckDepth + 1 == graph.frameCount,
      let error = forwarding.typeError(
        handingOut: instance, in: graph, requested: requested, depth: graph.forwardCheckDepth)
    else { return }
    if let gate { store?.abandon(gate: gate) }
    throw error
  }

  /// Where `runBlocks` starts for `instance`: at ``injectionStep`` when its type needs
  /// auto-injection or ``Resolvable`` callbacks, else at the first block.
  @usableFromInline @inline(never)
  func injectionStart(_ instance: Instance, type: Any.Type, resolver: Resolver) -> Int {
    guard let plan = injectionPlan(forType: type), start(plan, on: instance, resolver: resolver) else { return 0 }
    return Self.injectionStep
  }

  /// The cached plan when `type` is the cached type, else a plan made now (and cached when
  /// nothing is cached yet). A factory that makes instances of several classes makes a plan per
  /// instance for every class but the first: reflection once per instance, never a wrong plan.
  @usableFromInline @inline(never)
  func lookUpInjectionPlan(for type: Any.Type) -> InjectionPlan? {
    let typeBits = InjectionPlan.bits(of: type)
    if injectionWord.isPublished {
      if let cached = injectionWord.object(as: InjectionPlan.self)?.object, cached.typeBits == typeBits {
        return cached
      }
      return InjectionPlan.make(for: type)
    }
    let plan = InjectionPlan.make(for: type)
    injectionWord.publish(plan, orMark: typeBits)
    return plan
  }

  /// Caches this registration's plan (or its "no plan" mark) in `other` too, if `other` has
  /// none yet: a `.scoped` definition and the copy each scope makes of it share what the first
  /// copy found (the plan retained once more for `other`, released by its `deinit`).
  ///
  /// NB: each scope's copy (``RenewableEntry/renewed()``) starts with an empty cache; without
  /// this it made the plan again, by reflection, for the first instance of every scope: about
  /// 4,000 instructions per `.scoped` definition a scope (`scope-end-plain`, three of them).
  func shareInjectionPlan(with other: Registration) {
    other.injectionWord.publish(copyOf: injectionWord)
  }

  /// Whether this definition's instances get their auto-injected properties filled.
  func autoInjects(with resolver: Resolver) -> Bool {
    extras?.autoInjects ?? resolver.container.autoInjectsProperties
  }

  /// A new instance with a plan: a ``Resolvable`` is noted for the graph's completion. Returns
  /// whether ``injectionStep`` has anything to do.
  @usableFromInline
  func start(_ plan: InjectionPlan, on instance: Instance, resolver: Resolver) -> Bool {
    if plan.isResolvable, let resolvable = object(of: instance) as? any Resolvable {
      resolver.graph.noteResolvable(resolvable, onMainActor: isMainActor)
    }
    return plan.isResolvable || (!plan.fields.isEmpty && autoInjects(with: resolver))
  }

  /// ``injectionStep``: fills `instance`'s auto-injected properties and lets a ``Resolvable``
  /// resolve its own dependencies.
  @usableFromInline
  func injectProperties(of instance: Instance, resolver: Resolver) throws {
    guard let plan = injectionPlan(for: instance) else { return }
    guard let object = object(of: instance) else { return }
    try plan.run(on: object, resolver: resolver, autoInjects: autoInjects(with: resolver))
  }

  /// ``injectProperties(of:resolver:)`` in an async resolution: each property is made with
  /// `await`, so a property whose definition is `async` or main-actor never makes the properties
  /// before it twice.
  ///
  /// ```swift
  /// if index == Self.injectionStep { try await injectPropertiesAsync(of: instance, resolver: resolver) }
  /// ```
  func injectPropertiesAsync(of instance: Instance, resolver: Resolver) async throws {
    guard let plan = injectionPlan(for: instance), let object = object(of: instance) else { return }
    // A main-actor instance's properties are its isolated state: read and written, and its
    // `resolveDependencies(_:)` called, on the main actor, where its factory ran.
    try await plan.runAsync(
      on: object, resolver: resolver, autoInjects: autoInjects(with: resolver), onMainActor: isMainActor)
  }

  /// A copy whose instances get their auto-injected properties filled or not, whatever the
  /// container says.
  func autoInjecting(_ enabled: Bool) -> Registration {
    Registration(
      id: id, key: key, scope: scope, factory: factory, asyncFactory: asyncFactory,
      factoryIsAsync: extras?.factoryIsAsync ?? false, isMainActor: isMainActor, blocks: blocks,
      asyncBlocks: extras?.asyncBlocks ?? [], blockIsolations: extras?.blockIsolations ?? [],
      resolveArguments: resolveArguments, resolveArgumentsAsync: resolveArgumentsAsync, argumentTypes: argumentTypes,
      store: scope.isSingleton ? obtainStore() : nil, producer: producer, autoInjects: enabled)
  }
}
