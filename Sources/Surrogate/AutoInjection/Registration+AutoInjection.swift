import Synchronization

extension Registration {
  /// The step of ``runBlocks(from:on:resolver:in:requested:gate:)`` before the first block: the
  /// instance's auto-injected properties and ``Resolvable/resolveDependencies(_:)``.
  @inlinable static var injectionStep: Int { -1 }

  /// The plan for `instance`, or `nil` when its type needs none: one comparison with the
  /// registration's cached word for the type it always makes.
  @inlinable @inline(__always)
  func injectionPlan(for instance: Instance) -> InjectionPlan? {
    // NB: `as Any`, or an existential `Instance` answers its static type.
    let type = Swift.type(of: instance as Any)
    let typeBits = UInt(bitPattern: ObjectIdentifier(type).hashValue)
    if injectionBits.load(ordering: .relaxed) == typeBits | 1 { return nil }
    return lookUpInjectionPlan(for: type, typeBits: typeBits)
  }

  /// The cached plan when `type` is the cached one, else a plan made now (and cached when nothing
  /// is cached yet). A factory that makes instances of several classes makes a plan per instance
  /// for every class but the first: reflection once per instance, never a wrong plan.
  @usableFromInline @inline(never)
  func lookUpInjectionPlan(for type: Any.Type, typeBits: UInt) -> InjectionPlan? {
    let bits = injectionBits.load(ordering: .acquiring)
    if bits != 0 {
      if bits & 1 == 0 {
        let cached = Unmanaged<InjectionPlan>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped)
          .takeUnretainedValue()
        if cached.typeBits == typeBits { return cached }
      }
      return InjectionPlan.make(for: type)
    }
    let plan = InjectionPlan.make(for: type)
    let desired = plan.map { UInt(bitPattern: Unmanaged.passRetained($0).toOpaque()) } ?? typeBits | 1
    let (exchanged, _) = injectionBits.compareExchange(expected: 0, desired: desired, ordering: .acquiringAndReleasing)
    if !exchanged, let plan { Unmanaged.passUnretained(plan).release() }
    return plan
  }

  /// Releases the cached plan (from `deinit`).
  func releaseInjectionPlan() {
    let bits = injectionBits.load(ordering: .acquiring)
    if bits != 0, bits & 1 == 0 {
      Unmanaged<InjectionPlan>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped).release()
    }
  }

  /// Whether this definition's instances get their auto-injected properties filled.
  func autoInjects(with resolver: Resolver) -> Bool {
    extras?.autoInjects ?? resolver.container.autoInjectsProperties
  }

  /// A new instance with a plan: a ``Resolvable`` is noted for the graph's completion. Returns
  /// whether ``injectionStep`` has anything to do.
  @usableFromInline
  func start(_ plan: InjectionPlan, on instance: Instance, resolver: Resolver) -> Bool {
    if plan.isResolvable, let resolvable = instance as AnyObject as? any Resolvable {
      resolver.graph.noteResolvable(resolvable)
    }
    return plan.isResolvable || (!plan.fields.isEmpty && autoInjects(with: resolver))
  }

  /// ``injectionStep``: fills `instance`'s auto-injected properties and lets a ``Resolvable``
  /// resolve its own dependencies.
  @usableFromInline
  func injectProperties(of instance: Instance, resolver: Resolver) throws {
    guard let plan = injectionPlan(for: instance) else { return }
    try plan.run(on: instance as AnyObject, resolver: resolver, autoInjects: autoInjects(with: resolver))
  }

  /// A copy whose instances get their auto-injected properties filled or not, whatever the
  /// container says.
  func autoInjecting(_ enabled: Bool) -> Registration {
    Registration(
      id: id, key: key, scope: scope, factory: factory, asyncFactory: asyncFactory,
      factoryIsAsync: extras?.factoryIsAsync ?? false, isMainActor: isMainActor, blocks: blocks,
      asyncBlocks: extras?.asyncBlocks ?? [], blockIsolations: extras?.blockIsolations ?? [],
      resolveArguments: resolveArguments, argumentTypes: argumentTypes,
      store: scope.isSingleton ? obtainStore() : nil, producer: producer, autoInjects: enabled)
  }
}
