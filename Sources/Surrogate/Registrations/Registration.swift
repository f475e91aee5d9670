import Synchronization

// INVARIANT:
// - `storeReference` holds the `SingletonStore` this registration retains (a `PublishedObject`,
//   Unchecked/AtomicShared.swift): set once, never changed, released with the registration; copies
//   of a registration (`appending`, `autoInjecting`) retain the same store. `published` and
//   `instance(inBox:)` read the store and its box unretained, while the caller holds the
//   registration (a read section or a graph).
// - `injectionWord`: see Registration+AutoInjection.swift.
// - Trusted casts (Unchecked/Trusted.swift) trust the key: a registration stored under
//   `TypeKey(T, Arguments)` is a `Registration<T, Arguments>`; `trustedObject` and
//   `trustedInstance` only when `Instance` is a class.
// - An `ErasedProducer`'s `out` is a `ValueSlot` for one `Instance`, initialized exactly when the
//   producer returns (not when it throws; see Unchecked/TemporaryValue.swift).

/// A registered factory: scope, factory, `resolvingProperties` blocks and, for singleton scopes,
/// the instance store.
@usableFromInline
final class Registration<Instance, Arguments>: Entry {
  @usableFromInline typealias Factory = @Sendable (Resolver, Arguments) throws -> Instance
  @usableFromInline typealias Block = @Sendable (Resolver, Instance) throws -> Void
  @usableFromInline typealias AsyncFactory = @Sendable (Resolver, Arguments) async throws -> Instance
  @usableFromInline typealias AsyncBlock = @Sendable (Resolver, Instance) async throws -> Void
  @usableFromInline typealias ArgumentResolver = @Sendable (Resolver) throws(ResolutionError) -> Arguments
  @usableFromInline typealias AsyncArgumentResolver = @Sendable (Resolver) async throws -> Arguments

  @usableFromInline let id: RegistrationID
  @usableFromInline let key: DefinitionKey
  @usableFromInline let scope: Scope
  /// Whether instances are reused within a graph by requested tag as well as by definition: an
  /// untagged `.shared` definition (see ``reusable(in:requested:)``). Computed once: reading a
  /// key's tag copies it.
  @usableFromInline let reusesByTag: Bool
  /// Whether `blocks` is non-empty, read without loading them.
  @usableFromInline let hasBlocks: Bool
  /// Whether a synchronous resolution cannot always make the instance: the factory or a block is
  /// `async`, or runs on the main actor (see ``isolationError(in:requested:)``).
  @usableFromInline let needsIsolation: Bool
  @usableFromInline let factory: Factory
  /// A singleton scope's store, retained, or nothing until the first resolve needs it: a
  /// container of many singletons that are never resolved pays for none (a store is 64 bytes and
  /// a generic deinit), and a resolved one pays one compare-and-exchange once. Copies made by
  /// `appending` share the original's store.
  @usableFromInline let storeReference: PublishedObject
  /// What few registrations have (blocks, an async factory, runtime-argument auto-wiring, main-actor
  /// isolation), or `nil`: a plain registration stays small, which a container of many pays for.
  @usableFromInline let extras: Extras?
  /// Production for code that knows the types only at run time, specialized where the
  /// registration was made (see ``ErasedProducer``).
  @usableFromInline let producer: ErasedProducer?
  /// The auto-injection cache (see ``injectionPlan(for:)``): 0 before the first instance, the
  /// metadata address of the type this registration makes with bit 0 set when that type needs
  /// no plan, or the retained ``InjectionPlan``'s address with bit 1 set.
  ///
  /// NB: a field of its own costs S6 (a generic chain, in code not specialized for it) 3,300
  /// instructions a resolve (113,504 → 116,859, measured with the field unused), and nothing
  /// measurable elsewhere. Sharing the store's word (which only singletons use) avoided that, but moved
  /// the optimizer's inlining enough to cost S2 4% and S7c 10%: the field was the smaller price.
  @usableFromInline let injectionWord: PublishedMarkOrObject
  /// A dynamic type of this definition's instances known not to be ``Disposable`` (see
  /// ``TrackedDisposal/disposable(_:plainType:definedAs:)``).
  ///
  /// NB: it starts as `Instance` itself when that type is not ``Disposable``: an instance of
  /// exactly that type needs no look at its conformance. A value registered per request (a child
  /// container's or a scope's `register { info }`) was cast to `Disposable` once a request,
  /// about 2,000 instructions (server-child). In code specialized for `Instance` the test is
  /// decided at compile time.
  @usableFromInline let plainInstanceType: Atomic<ObjectIdentifier?>

  /// The reset of its family (``ContainerFamily/resetGeneration``) that renewed this registration,
  /// or 0 for one registered as it is: a graph that read another registry of the family before
  /// that reset does not publish an instance it makes here (see ``isRenewed(after:)``).
  @usableFromInline let renewedAt: Int

  /// What ``plainInstanceType`` starts as.
  @inlinable @inline(__always)
  static var initialPlainType: ObjectIdentifier? {
    Instance.self is any Disposable.Type ? nil : ObjectIdentifier(Instance.self)
  }

  // NB: inlinable so that a registration is built by code specialized for its types; generic, the
  // initializer asked the runtime for the metadata of every generic field type it stores.
  @inlinable
  init(
    id: RegistrationID, key: DefinitionKey, scope: Scope, factory: @escaping Factory,
    asyncFactory: AsyncFactory? = nil, factoryIsAsync: Bool = false, isMainActor: Bool = false, blocks: [Block] = [],
    asyncBlocks: [AsyncBlock?] = [], blockIsolations: [BlockIsolation] = [],
    resolveArguments: ArgumentResolver?, resolveArgumentsAsync: AsyncArgumentResolver? = nil,
    argumentTypes: [Any.Type], store: SingletonStore<Instance>? = nil, producer: ErasedProducer? = nil,
    autoInjects: Bool? = nil
  ) {
    self.id = id
    self.key = key
    self.scope = scope
    self.reusesByTag = scope.kind == .shared && !key.isTagged
    self.factory = factory
    self.storeReference = PublishedObject(retaining: store)
    self.hasBlocks = !blocks.isEmpty
    let extras =
      blocks.isEmpty && asyncFactory == nil && resolveArguments == nil && resolveArgumentsAsync == nil
        && argumentTypes.isEmpty && !isMainActor && autoInjects == nil
      ? nil
      : Extras(
        blocks: blocks, asyncBlocks: asyncBlocks, blockIsolations: blockIsolations, asyncFactory: asyncFactory,
        factoryIsAsync: factoryIsAsync, resolveArguments: resolveArguments,
        resolveArgumentsAsync: resolveArgumentsAsync, argumentTypes: argumentTypes,
        isMainActor: isMainActor, autoInjects: autoInjects)
    self.extras = extras
    self.needsIsolation = extras?.needsIsolation ?? false
    self.producer = producer
    self.injectionWord = PublishedMarkOrObject()
    self.plainInstanceType = Atomic(Self.initialPlainType)
    self.renewedAt = 0
  }

  /// A plain registration: a scope and a synchronous factory, nothing else (blocks are appended
  /// as copies made by the full initializer).
  ///
  /// NB: the full initializer's optional and array parameters of generic function types made
  /// generic code that registers a type the process had not seen (`register` from a generic
  /// function) instantiate the metadata of each: 39,674 instructions a new type before, 16,241
  /// after (callgrind, `surrogate-bench profile register-types`).
  @inlinable
  init(id: RegistrationID, key: DefinitionKey, scope: Scope, factory: @escaping Factory, producer: ErasedProducer?) {
    self.id = id
    self.key = key
    self.scope = scope
    self.reusesByTag = scope.kind == .shared && !key.isTagged
    self.factory = factory
    self.storeReference = PublishedObject()
    self.hasBlocks = false
    self.extras = nil
    self.needsIsolation = false
    self.producer = producer
    self.injectionWord = PublishedMarkOrObject()
    self.plainInstanceType = Atomic(Self.initialPlainType)
    self.renewedAt = 0
  }

  /// A copy of `other` with an empty singleton store and no auto-injection cache yet: what
  /// ``renewed()`` makes for each scope.
  ///
  /// NB: copies `other`'s fields as they are, its extras by reference. `renewed()` runs in code not
  /// specialized for the registration's types (it is called through ``RenewableEntry``), where
  /// the full initializer asked the runtime for the metadata of each generic field type it
  /// builds: about 5,000 instructions a copy, 15,800 of the 69,800 of a scope that makes three
  /// `.scoped` parts (callgrind, `scope-end-plain`).
  init(renewing other: Registration, at generation: Int) {
    self.id = other.id
    self.key = other.key
    self.scope = other.scope
    self.reusesByTag = other.reusesByTag
    self.factory = other.factory
    self.storeReference = PublishedObject()
    self.hasBlocks = other.hasBlocks
    self.extras = other.extras
    self.needsIsolation = other.needsIsolation
    self.producer = other.producer
    self.injectionWord = PublishedMarkOrObject()
    self.plainInstanceType = Atomic(other.plainInstanceType.load(ordering: .relaxed))
    self.renewedAt = generation
  }

  /// The store whose address `storeReference` holds (not 0), unretained.
  @inlinable @inline(__always)
  static func store(bits: UInt) -> Unretained<SingletonStore<Instance>> {
    Unretained(address: bits)
  }

  /// The singleton store, if a resolve has made it.
  @usableFromInline var store: SingletonStore<Instance>? {
    let bits = storeReference.address
    guard bits != 0 else { return nil }
    return Self.store(bits: bits).object
  }

  /// The singleton store, made now if no resolve has made it yet; one store wins a race.
  @usableFromInline
  func obtainStore() -> SingletonStore<Instance> {
    if let store { return store }
    return storeReference.publish(SingletonStore<Instance>(isWeak: scope.kind == .weakSingleton)).object
  }

  @usableFromInline var blocks: [Block] { extras?.blocks ?? [] }
  var asyncFactory: AsyncFactory? { extras?.asyncFactory }
  var resolveArguments: ArgumentResolver? { extras?.resolveArguments }
  var resolveArgumentsAsync: AsyncArgumentResolver? { extras?.resolveArgumentsAsync }
  var argumentTypes: [Any.Type] { extras?.argumentTypes ?? [] }
  var isMainActor: Bool { extras?.isMainActor ?? false }

  @usableFromInline var sourceKey: DefinitionKey { key }

  @usableFromInline var keepsInstances: Bool { scope.isSingleton || scope.isCustom }
  @usableFromInline var mayNeedAwait: Bool { needsIsolation }

  /// A made strong singleton needs nothing more: its instance is handed out as it is.
  @usableFromInline var needsAwaitNow: Bool {
    guard mayNeedAwait else { return false }
    return !(scope.isSingleton && scope.kind != .weakSingleton && published.box != 0)
  }
  @usableFromInline var isForwarding: Bool { false }
  @usableFromInline var isMainActorIsolated: Bool { isMainActor }

  /// A copy with one more block: `block` is its synchronous form, `asyncBlock` the form an async
  /// resolution runs when it differs (see ``Extras/asyncBlocks``).
  func appending(_ block: @escaping Block, asyncBlock: AsyncBlock? = nil, isolation: BlockIsolation = .plain)
    -> Registration
  {
    let count = blocks.count
    var asyncBlocks = extras?.asyncBlocks ?? []
    var isolations = extras?.blockIsolations ?? []
    if asyncBlock != nil || !asyncBlocks.isEmpty {
      asyncBlocks += Array(repeating: nil, count: count - asyncBlocks.count) + [asyncBlock]
    }
    if isolation != .plain || !isolations.isEmpty {
      isolations += Array(repeating: .plain, count: count - isolations.count) + [isolation]
    }
    return Registration(
      id: id, key: key, scope: scope, factory: factory, asyncFactory: asyncFactory,
      factoryIsAsync: extras?.factoryIsAsync ?? false, isMainActor: isMainActor, blocks: blocks + [block],
      asyncBlocks: asyncBlocks, blockIsolations: isolations,
      resolveArguments: resolveArguments, resolveArgumentsAsync: resolveArgumentsAsync, argumentTypes: argumentTypes,
      store: scope.isSingleton ? obtainStore() : nil, producer: producer, autoInjects: extras?.autoInjects)
  }

  @usableFromInline
  func produce(arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    throws(ResolutionError) -> Produced
  {
    if producer != nil {
      var isNew = false
      let instance = try makingValue(of: Instance.self) { out throws(ResolutionError) in
        isNew = try producer!(self, out, arguments, graph, requested, owner, lookup)
      }
      return Produced(instance: instance, isNew: isNew)
    }
    // The key guarantees the argument type; a mismatch here is a bug in the registry.
    let arguments = arguments as! Arguments
    var isNew = false
    let instance = try produce(arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
    return Produced(instance: instance, isNew: isNew)
  }

  /// A live singleton's instance, read without building a graph or retaining its box: the hot
  /// path of `resolve`.
  @inlinable @inline(__always)
  var cachedValue: Instance? {
    let bits = storeReference.address
    guard bits != 0 else { return nil }
    return Self.store(bits: bits).withObject { $0.cachedValue }
  }

  /// The address of the box a made strong singleton is published in (0 if none), and whether the
  /// registration has a singleton store: the hot path of `resolve`, without an `Instance?`.
  ///
  /// NB: in generic code (`func get<T>() -> T { try container.resolve() }`), `cachedValue`'s
  /// `Instance?` asked the runtime for `Optional<T>`'s metadata on every request, about 650 of a
  /// made singleton's 1,015 instructions (callgrind, `surrogate-bench profile s3g`).
  @inlinable @inline(__always)
  var published: (box: UInt, hasStore: Bool) {
    let bits = storeReference.address
    guard bits != 0 else { return (0, false) }
    return (Self.store(bits: bits).withObject { $0.strong.address }, true)
  }

  /// The instance in the box whose address ``published`` returned (not 0), not retained.
  @inlinable @inline(__always)
  static func instance(inBox bits: UInt) -> Instance {
    Unretained<Shared<Instance>>(address: bits).withObject { $0.value }
  }

  /// Produces the instance for a request in `graph`: reused, or made and stored.
  ///
  /// NB: `isNew` is an `inout` rather than part of a tuple result: a tuple of a generic type costs
  /// a metadata lookup on every call in unspecialized code.
  @inlinable
  func produce(
    _ arguments: Arguments, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container,
    isNew: inout Bool
  ) throws(ResolutionError) -> Instance {
    if graph.tracesBuilding, let observer = graph.observer {
      noteRequest(requested, in: graph, lookup: lookup, observer: observer)
    }
    // NB: no `Instance?` in this function: in unspecialized code (a generic chain, auto-wiring) a
    // value of that type makes the function ask the runtime for `Optional`'s metadata on entry,
    // about 550 instructions per request (measured on S6). The singleton path, which needs one,
    // is out of line.
    if scope.kind != .unique, let object = reusable(in: graph, requested: requested) {
      graph.noteReuse(of: id, object)
      return Self.instance(stored: object)
    }
    if scope.kind.isStored {
      return try produceStored(arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
    }
    // NB: the cycle first: a request for an async definition still being built is a cycle, like
    // any other.
    try graph.checkCycleAndDepth(id: id, requested: requested)
    if needsIsolation {
      return try makeIsolated(arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
    }
    return try make(arguments, in: graph, requested: requested, owner: owner, lookup: lookup, gate: nil, isNew: &isNew)
  }

  /// `make` for a definition with an `async` or main-actor factory or block: checks that it can
  /// be made here first (see ``checkIsolation(in:requested:)``).
  ///
  /// NB: out of line, so that `produce` keeps no `Instance?` (see the note there).
  @inlinable @inline(never)
  func makeIsolated(
    _ arguments: Arguments, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container,
    isNew: inout Bool
  ) throws(ResolutionError) -> Instance {
    try checkIsolation(in: graph, requested: requested)
    return try make(arguments, in: graph, requested: requested, owner: owner, lookup: lookup, gate: nil, isNew: &isNew)
  }

  /// `produce` for a singleton scope: the stored instance, or a new one made once across threads;
  /// for `.scoped`, the scope's instance (see ``produceScoped(_:in:requested:owner:lookup:isNew:)``).
  @inlinable @inline(never)
  func produceStored(
    _ arguments: Arguments, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container,
    isNew: inout Bool
  ) throws(ResolutionError) -> Instance {
    if let instance = existingInStore(in: graph) { return instance }
    // NB: after the store's read: a `.scoped` registration has no store of its own, so a made
    // singleton pays nothing for this test.
    if scope.kind == .scoped {
      return try produceScoped(arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
    }
    return try claimAndMake(arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
  }

  /// Makes the instance of a store that holds none: once across threads (the store's gate), or in
  /// a validation graph, without the store.
  @inlinable
  func claimAndMake(
    _ arguments: Arguments, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container,
    isNew: inout Bool
  ) throws(ResolutionError) -> Instance {
    try graph.checkCycleAndDepth(id: id, requested: requested)
    if needsIsolation { try checkIsolation(in: graph, requested: requested) }
    var gate: Gate?
    if !graph.isValidation, renewedAt == 0 || !graph.makesUnpublished(renewedAt: renewedAt, owner: owner) {
      switch try obtainStore().claim(in: graph, requested: requested) {
      case .ready(let instance):
        if scope.kind == .weakSingleton { graph.hold(instance) }
        return instance
      case .create(let claimed):
        gate = claimed
      case .retired:
        throw graph.resetWhileResolving(requested, scope: scope)
      }
    }
    let instance = try make(
      arguments, in: graph, requested: requested, owner: owner, lookup: lookup, gate: gate, isNew: &isNew)
    // Once per singleton (or per scope): the disposal of what it made, if it has one. A `.shared`
    // or `.unique` instance made in a scope is the scope's observer's (see `ScopeDisposals`).
    try trackDisposal(of: instance, in: graph, requested: requested, owner: owner, lookup: lookup)
    return instance
  }

  /// Runs the factory in a new frame of `graph`, then stores the instance and runs its blocks.
  @inlinable
  func make(
    _ arguments: Arguments, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container,
    gate: Gate?, isNew: inout Bool
  ) throws(ResolutionError) -> Instance {
    graph.push(frame(for: requested))
    if graph.tracesBuilding { graph.observer?.startedBuilding(key) }
    defer {
      if graph.tracesBuilding { graph.observer?.finishedBuilding(key) }
      graph.pop()
    }
    let resolver = makeResolver(in: graph, requested: requested, owner: owner, lookup: lookup)
    let unfinishedReads = graph.unfinishedReads
    let instance: Instance
    do {
      instance = try factory(resolver, arguments)
    } catch {
      if let gate { giveUpCreation(gate: gate, in: graph) }
      if graph.hasPostponed { graph.abandonPostponed(for: id) }
      throw graph.wrap(error, code: .factoryFailed, key: requested)
    }
    // NB: read once, here, for auto-injection, a scope's observer and disposal: generic code
    // opens an existential through a copy into `Any`. Read at each, S1 (three opaque existentials)
    // took 8,657 instructions a resolve instead of 6,776, server-scope 30,544 instead of 29,576.
    let instanceType = dynamicType(of: instance)
    try finish(instance, type: instanceType, resolver: resolver, in: graph, requested: requested, gate: gate)
    // An instance that used an unfinished one is complete only if the graph succeeds; a
    // singleton's publication waits for that success.
    if graph.unfinishedReads != unfinishedReads { graph.madeFromUnfinished(id: id, isStored: scope.kind.isStored) }
    if gate != nil, graph.isAsync { graph.publishBeforeSuspending(id) }
    if graph.observer == nil || graph.keepsMadeDisposals, mayNeedDisposal(type: instanceType, owner: owner) {
      graph.keepUnreceived(
        instance, key: requested, definedAs: key, scope: scope, id: id, owner: owner, plainType: plainInstanceType)
    }
    isNew = true
    return instance
  }

  /// The instance this graph (`.shared`) or the singleton store already holds, if any.
  @inlinable
  func existing(in graph: Graph, requested: DefinitionKey) -> Instance? {
    if scope.kind != .unique, let object = reusable(in: graph, requested: requested) {
      graph.noteReuse(of: id, object)
      return Self.instance(stored: object)
    }
    return existingInStore(in: graph)
  }

  /// What the graph keeps of this registration for `requested`: an instance is reused for the
  /// same definition *and* the same requested tag (Dip's rule: type and tag), since a factory may
  /// wire a tagged request differently (`r.tag`, auto-wiring). A singleton is one instance
  /// whatever tag asks for it.
  ///
  /// NB: only an untagged `.shared` definition reached by a tagged request (the fallback) looks
  /// further than `shared`: a tagged definition is only ever reached with its own tag.
  @inlinable @inline(__always)
  func reusable(in graph: Graph, requested: DefinitionKey) -> AnyObject? {
    if reusesByTag, requested.isTagged { return graph.sharedForTag(id, requested.tagSlot) }
    return graph.shared[id]
  }

  /// Keeps (or with `nil`, forgets) the graph's instance of this registration for `requested`.
  @inlinable
  func setReusable(_ object: AnyObject?, in graph: Graph, requested: DefinitionKey) {
    if reusesByTag, requested.isTagged {
      graph.setSharedForTag(object, id, requested.tagSlot)
    } else {
      graph.shared[id] = object
    }
  }

  /// An instance `storeAndRunBlocks` kept in a graph under this registration's id: the instance
  /// itself when `Instance` is a class, else a `Shared<Instance>` box.
  @inlinable
  static func instance(stored object: AnyObject) -> Instance {
    if Instance.self is AnyObject.Type { return trustedInstance(object, as: Instance.self) }
    return trustedDowncast(object, to: Shared<Instance>.self).value
  }

  /// The singleton store's live instance, if any (none in a validation graph).
  @inlinable
  func existingInStore(in graph: Graph) -> Instance? {
    if !graph.isValidation, let cached = cachedValue {
      if scope.kind == .weakSingleton { graph.hold(cached) }
      return cached
    }
    return nil
  }

  /// A singleton resolves its dependencies in the container that owns it, so that it never
  /// captures a child container's registrations and stays the same for every child.
  @inlinable
  func makeResolver(in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container) -> Resolver {
    Resolver(graph: graph, container: scope.isSingleton ? owner : lookup, tagSlot: requested.tagSlot)
  }

  /// The factory has returned `instance`: stores it, runs the blocks that waited for this
  /// construction, then its own blocks (or has them wait for a construction further up the path),
  /// publishes a singleton, and binds the late-bound proxies that waited for it. When any of that
  /// fails, what still waits will never run: it is abandoned, releasing the singletons it holds.
  @inlinable
  func finish(
    _ instance: Instance, type: Any.Type, resolver: Resolver, in graph: Graph, requested: DefinitionKey, gate: Gate?
  ) throws(ResolutionError) {
    graph.markConstructed()
    do throws(ResolutionError) {
      try storeAndRunBlocks(instance, type: type, resolver: resolver, in: graph, requested: requested, gate: gate)
      if graph.hasPostponed { try graph.runPostponed(for: id) }
    } catch {
      if graph.hasPostponed { graph.abandonPostponed(for: id) }
      // Its blocks failed: nobody gets it, a singleton's store included.
      graph.keepDiscarded(
        instance, key: requested, definedAs: key, id: id, isStored: scope.kind.isStored, plainType: plainInstanceType)
      throw error
    }
  }

  /// Stores a new instance where its scope says, runs the blocks that waited for it, runs its own
  /// `resolvingProperties` blocks (or has them wait, see ``injectAndRunBlocks(_:type:resolver:in:requested:gate:)``),
  /// and publishes a singleton.
  @inlinable
  func storeAndRunBlocks(
    _ instance: Instance, type: Any.Type, resolver: Resolver, in graph: Graph, requested: DefinitionKey, gate: Gate?
  )
    throws(ResolutionError)
  {
    // NB: the body of `keep`, written out: the sync path's code as it was measured (a call, even
    // always inlined, cost S7 3% more instructions).
    if scope.kind != .unique {
      // NB: a class instance needs no box (checked at compile time in specialized code).
      setReusable(
        Instance.self is AnyObject.Type ? trustedObject(instance) : Shared(instance), in: graph,
        requested: requested)
    }
    if scope.kind == .weakSingleton { graph.hold(instance) }
    // NB: checked here, not inside: passing a protocol-typed instance as `Any` boxes it on the heap.
    // A scope keeps the disposal of an instance with blocks or auto-injected properties once they
    // ran (also when they fail): what they make is disposed before it, dependents first.
    if graph.observer != nil {
      if !graph.tracesBuilding, hasBlocks || mayInject(type: type) {
        return try runRecordingAfterwards(
          instance, type: type, resolver: resolver, in: graph, requested: requested, gate: gate)
      }
      record(instance, type: type, in: graph, requested: requested)
    }
    try runAfterConstruction(instance, type: type, resolver: resolver, in: graph, requested: requested, gate: gate)
  }

  /// ``runAfterConstruction(_:type:resolver:in:requested:gate:)``, then records the instance for
  /// the scope, also when it throws.
  ///
  /// NB: out of line, and the steps always inlined into both paths: with the recording deferred
  /// in `storeAndRunBlocks` itself, a request in a scope cost about 400 instructions more
  /// (server-scope 29,125 -> 29,517, server-child 29,006 -> 29,298); this way 29,242 and 29,045,
  /// within the hundred or so a build moves them (callgrind, 2026-11-27).
  @usableFromInline @inline(never)
  func runRecordingAfterwards(
    _ instance: Instance, type: Any.Type, resolver: Resolver, in graph: Graph, requested: DefinitionKey, gate: Gate?
  ) throws(ResolutionError) {
    defer { record(instance, type: type, in: graph, requested: requested) }
    try runAfterConstruction(instance, type: type, resolver: resolver, in: graph, requested: requested, gate: gate)
  }

  /// What ``storeAndRunBlocks(_:type:resolver:in:requested:gate:)`` does once the instance is
  /// kept: checks a forwarded type, runs the blocks that waited for it and its own, publishes a
  /// singleton.
  @inlinable @inline(__always)
  func runAfterConstruction(
    _ instance: Instance, type: Any.Type, resolver: Resolver, in graph: Graph, requested: DefinitionKey, gate: Gate?
  ) throws(ResolutionError) {
    // NB: only when something runs before the forwarding's own cast (blocks, auto-injection, the
    // blocks that waited) or a singleton would be published; otherwise that cast reports the same
    // error, and this one cost a decorated request about 800 instructions (server-flat, callgrind).
    if graph.forwardChecker != nil, gate != nil || hasBlocks || graph.hasPostponed || mayInject(type: type) {
      try checkForwardedType(of: instance, in: graph, requested: requested, gate: gate)
    }
    // The blocks of the instances made while this one was constructed, when it was the outermost
    // construction, run now: before its own.
    if graph.hasPostponed { try runWaitingBlocks(in: graph, requested: requested, gate: gate) }
    // NB: one comparison for a type without auto-injected properties (see `mayInject(type:)`); the
    // rest out of line, blocks included.
    if hasBlocks || mayInject(type: type) {
      if try injectAndRunBlocks(instance, type: type, resolver: resolver, in: graph, requested: requested, gate: gate) {
        return  // the blocks wait for a construction further up the path; they publish later
      }
    }
    if let gate { publish(instance, gate: gate, in: graph) }
  }

  /// Keeps a new instance where its scope says, in the graph, before its blocks run, and reports
  /// it to the graph's observer as of dynamic type `type` when given: for an async resolution (the
  /// synchronous one has this body written out in `storeAndRunBlocks`).
  func keep(_ instance: Instance, in graph: Graph, requested: DefinitionKey, recordingAs type: Any.Type?) {
    if scope.kind != .unique {
      // NB: a class instance needs no box (checked at compile time in specialized code).
      setReusable(
        Instance.self is AnyObject.Type ? trustedObject(instance) : Shared(instance), in: graph,
        requested: requested)
    }
    if scope.kind == .weakSingleton { graph.hold(instance) }
    // NB: checked here, not inside: passing a protocol-typed instance as `Any` boxes it on the heap.
    if let type { record(instance, type: type, in: graph, requested: requested) }
  }

  /// Runs the blocks from `start` on; from ``injectionStep``, the instance's auto-injection
  /// first. The first that fails fails the definition (see ``blockFailed(_:in:requested:gate:)``).
  ///
  /// NB: inlinable so that the loop is specialized: unspecialized, every access to `blocks` asks
  /// the runtime for the metadata of the block's function type.
  @inlinable
  func runBlocks(
    from start: Int, on instance: Instance, resolver: Resolver, in graph: Graph, requested: DefinitionKey, gate: Gate?
  ) throws(ResolutionError) {
    let blocks = hasBlocks ? extras!.blocks : []
    var index = start
    while index < blocks.count {
      do {
        if index == Self.injectionStep {
          try injectProperties(of: instance, resolver: resolver)
        } else {
          try blocks[index](resolver, instance)
        }
      } catch {
        throw blockFailed(error, in: graph, requested: requested, gate: gate)
      }
      index += 1
    }
  }

  /// The path frame of a request for this definition.
  @inlinable @inline(__always)
  func frame(for requested: DefinitionKey) -> Graph.Frame {
    Graph.Frame(
      key: requested, id: id, scopeKind: scope.kind, reusesByTag: reusesByTag)
  }
}
