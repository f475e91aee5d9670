// INVARIANT: see Graph.swift (a graph's unretained root and snapshot) and Container.swift (snapshot
// reading): an entry found in the root snapshot is used unretained while the graph is active.
// `trustedDowncast` trusts the key (see Unchecked/Trusted.swift); `out` as in Registration.swift.

extension Graph {
  /// Resolves `key` for a caller that knows the instance and argument types statically.
  @inlinable
  func resolve<T, Arguments>(_ key: DefinitionKey, arguments: Arguments, from container: Container)
    throws(ResolutionError) -> T
  {
    // The common nested request: untagged, from the graph's own container, with no parent.
    if !key.isTagged, isRoot(container), rootIsTopLevel {
      let bits = rootSnapshotReference.withObject { $0.untaggedBits(key.typeKey) }
      if let bits, bits & 1 == 0 {
        // A registration. NB: the graph's root snapshot holds it for as long as the graph may use it.
        let entry = Registry.entry(bits: bits)
        do {
          return try entry.withObject { object throws -> T in
            var isNew = false
            return try trustedDowncast(object, to: Registration<T, Arguments>.self).produce(
              arguments, in: self, requested: key, owner: container, lookup: container, isNew: &isNew)
          }
        } catch {
          throw error as! ResolutionError
        }
      }
      // Nothing registered under an optional type (`parent.child = try r.resolve()` into a
      // `Child?`): straight to the wrapped type. NB: decided at compile time in specialized code.
      if bits == nil, let optional = T.self as? any OptionalResolvable.Type {
        return try resolveOptional(optional, key, arguments: arguments, from: container)
      }
    }
    // The same request from a child container's (or a scope's) graph: the root's snapshot, then
    // its parent's. NB: a lookup that falls through the root took about 750 instructions on the
    // general path (retains of the containers and snapshots, the graph's list of other
    // snapshots), 13 times in a server request through a child (server-child).
    if !key.isTagged, isRoot(container), let parent = topLevelParentReference {
      if let found = childFastLookup(key.typeKey) {
        return try produce(
          found.entry, owner: found.inRoot ? Unretained(container) : parent, key, arguments: arguments, from: container)
      }
    }
    return try resolveFound(key, arguments: arguments, from: container)
  }

  /// Produces the instance of `entry`, a registration of `owner` found unretained (the root's or
  /// its parent's, see ``childFastLookup(_:)``), for a request from `container`, the root.
  ///
  /// NB: out of line, and the owner borrowed, as the entry is (both alive, see Graph.swift): the
  /// two borrows inlined into every resolve made a flat graph's dearer (server-flat, callgrind:
  /// about 100 instructions a request).
  @inlinable @inline(never)
  func produce<T, Arguments>(
    _ entry: Unretained<AnyObject>, owner: Unretained<Container>, _ key: DefinitionKey, arguments: Arguments,
    from container: Container
  ) throws(ResolutionError) -> T {
    do {
      return try owner.withObject { owner throws -> T in
        try entry.withObject { object throws -> T in
          var isNew = false
          return try trustedDowncast(object, to: Registration<T, Arguments>.self).produce(
            arguments, in: self, requested: key, owner: owner, lookup: container, isNew: &isNew)
        }
      }
    } catch {
      throw error as! ResolutionError
    }
  }

  /// The registration an untagged request from the root of a child's graph finds in the root's
  /// snapshot, or else in its parent's, unretained (each snapshot holds its entries for as long as
  /// the graph may use them); `nil` when the first found is a forwarding, or neither has one.
  @inlinable
  func childFastLookup(_ key: TypeKey) -> (entry: Unretained<AnyObject>, inRoot: Bool)? {
    // NB: one hash for both registries.
    let hash = Registry.hash(key)
    // NB: the registry's own lookup, which tests its sole entry inline: a scope's root registry
    // holds its value there, and the snapshot's lookup, which tests it out of line for flat
    // graphs, paid a call on each of a scope's lookups that fell through (server-scope).
    if let bits = rootSnapshotReference.withObject({ $0.registry.untaggedBits(key, hash: hash) }) {
      return bits & 1 == 0 ? (Registry.entry(bits: bits), true) : nil
    }
    // NB: the stored snapshot read in place once taken: through `topLevelParentSnapshot` (a call
    // that returns it retained), each lookup that fell through a scope's or a child's root paid a
    // call, a retain and a release (server-scope, 13 lookups a request).
    let parentBits = parentSnapshot?.untaggedBits(key, hash: hash) ?? takeParentSnapshotBits(key)
    guard let bits = parentBits, bits & 1 == 0 else { return nil }
    return (Registry.entry(bits: bits), false)
  }

  @inlinable
  func resolveFound<T, Arguments>(_ key: DefinitionKey, arguments: Arguments, from container: Container)
    throws(ResolutionError) -> T
  {
    // NB: in code specialized for an optional `T` this cast is decided at compile time. An
    // `Optional` is rarely registered itself, so its key is looked up in the graph's snapshots
    // only; the miss path of `lookup(_:from:)` re-reads every container's live registry under
    // its lock, which each `vc.presenter = try r.resolve()` into an optional property paid.
    // The wrapped type's own lookup still sees what was registered while the graph was built.
    if let optional = T.self as? any OptionalResolvable.Type, !hasDefinition(key, from: container) {
      return try resolveOptional(optional, key, arguments: arguments, from: container)
    }
    if let found = lookup(key, from: container) {
      if !found.entry.isForwarding {
        // A registration stored under a key always has the key's instance and argument types.
        let registration = trustedDowncast(found.entry as AnyObject, to: Registration<T, Arguments>.self)
        var isNew = false
        return try registration.produce(
          arguments, in: self, requested: key, owner: found.owner, lookup: container, isNew: &isNew)
      }
      // A forwarding stored under the key forwards to `T`: its instance is checked once, here.
      let produced = try found.entry.produceForTypedCaller(
        arguments: arguments, in: self, requested: key, owner: found.owner, lookup: container)
      if let instance = produced.instance as? T { return instance }
      throw invalidType(requested: key, instance: produced.instance, source: found.entry.sourceKey)
    }
    // NB: in code specialized for an optional `T` this cast is decided at compile time, and the
    // wrapped type then resolves through specialized code too.
    if let optional = T.self as? any OptionalResolvable.Type {
      return try resolveOptional(optional, key, arguments: arguments, from: container)
    }
    return try resolveMissing(key, arguments: arguments, from: container) as! T
  }

  /// Whether the graph's snapshots hold a definition for `key`; for an untagged key in a root
  /// container without a parent, one hash lookup that copies nothing.
  @inlinable
  func hasDefinition(_ key: DefinitionKey, from container: Container) -> Bool {
    if !key.isTagged, isRoot(container), rootIsTopLevel {
      return rootSnapshotReference.withObject { $0.registry.containsUntagged(key.typeKey) }
    }
    if container.family.hasOverrides { return lookupInSnapshots(key, from: container) != nil }
    return container.lookup(key, in: snapshot(of:)) != nil
  }

  @inlinable
  func resolveOptional<O: OptionalResolvable, T, Arguments>(
    _ optional: O.Type, _ key: DefinitionKey, arguments: Arguments, from container: Container
  ) throws(ResolutionError) -> T {
    try O.resolveTyped(key, arguments: arguments, in: self, from: container) as! T
  }

  /// Produces the instance of a registration found in the root snapshot (so used unretained)
  /// through its specialized producer, straight into stack memory for `T`: the registration under
  /// `T`'s key makes a `T`.
  @inlinable
  func produce<T>(_ type: T.Type, entry: Unretained<AnyObject>, with producer: ErasedProducer, requested: DefinitionKey)
    throws(ResolutionError) -> T
  {
    try makingValue(of: T.self) { out throws(ResolutionError) in
      try produce(entry, with: producer, into: out, requested: requested)
    }
  }

  @usableFromInline
  func produce(
    _ entry: Unretained<AnyObject>, with producer: ErasedProducer, into out: ValueSlot,
    requested: DefinitionKey
  ) throws(ResolutionError) {
    do {
      // NB: the root is used through a guaranteed reference: passing the unretained field on
      // would retain it.
      _ = try rootReference.withObject { root throws -> Bool in
        try entry.withObject { object throws -> Bool in
          try producer(object, out, (), self, requested, root, root)
        }
      }
    } catch {
      throw error as! ResolutionError
    }
  }

  /// Resolves `key` with the instance type known only at run time.
  @usableFromInline
  func resolveErased(_ key: DefinitionKey, arguments: Any, from container: Container) throws(ResolutionError) -> Any {
    if let found = lookup(key, from: container) {
      return try found.entry.produce(
        arguments: arguments, in: self, requested: key, owner: found.owner, lookup: container
      ).instance
    }
    return try resolveMissing(key, arguments: arguments, from: container)
  }

  /// Nothing is registered under the key: an optional, an injectable wrapper, auto-wiring, a
  /// collaborator or the graph that asked may still answer, and a collection type is empty;
  /// otherwise `definitionNotFound`.
  @usableFromInline
  func resolveMissing(_ key: DefinitionKey, arguments: Any, from container: Container)
    throws(ResolutionError) -> Any
  {
    if let optional = key.type as? any OptionalResolvable.Type {
      return try optional.resolveWrapped(key, arguments: arguments, in: self, from: container)
    }
    if let injectable = key.type as? any ContainerInjectable.Type, !key.hasArguments {
      return try injectable.make(key, in: self, from: container)
    }
    if !key.hasArguments, let produced = try autowire(key, from: container) {
      return produced
    }
    // NB: after auto-wiring, as in Dip: a container wires what it can itself before it asks.
    if let produced = try resolveInCollaborators(key, arguments: arguments, from: container) {
      return produced
    }
    // NB: last, so that only a request that would fail finds something here.
    if let produced = try resolveInAskingGraph(key, arguments: arguments, from: container) {
      return produced
    }
    // A list or map nothing is contributed to is empty, as an optional is `nil`.
    if !key.hasArguments, let collection = key.type as? any ResolvableCollection.Type {
      return try emptyCollection(collection, key, from: container)
    }
    throw notFound(key, in: container)
  }

  /// Dip-style auto-wiring: a request without arguments may use a factory that takes runtime
  /// arguments if every argument type can be resolved. Factories registered under the request's
  /// own tag come first, untagged ones only when none of those fits; among them, the one with
  /// the most arguments wins, and two equally good ones are an error, never a guess.
  func autowire(_ key: DefinitionKey, from container: Container) throws(ResolutionError) -> Any? {
    guard let chosen = try autowireChoice(key, from: container) else { return nil }
    return try chosen.entry.produceAutowired(in: self, requested: key, owner: chosen.owner, lookup: container)?.instance
  }

  /// The factory with runtime arguments that ``autowire(_:from:)`` uses for `key`, if any fits.
  func autowireChoice(_ key: DefinitionKey, from container: Container) throws(ResolutionError)
    -> (entry: any Autowirable, owner: Container)?
  {
    let candidates = container.autowireCandidates(for: key, along: lookupChain(from: container))
    guard !candidates.isEmpty else { return nil }
    var viable = candidates.filter { candidate in
      candidate.entry.argumentTypes.allSatisfy { type in
        type is any OptionalResolvable.Type || container.canFind(DefinitionKey(type: type, tag: key.tag))
      }
    }
    // A tagged candidate was found under the request's own tag (lookups fall back to untagged).
    if key.isTagged, viable.contains(where: { $0.entry.key.isTagged }) {
      viable.removeAll { !$0.entry.key.isTagged }
    }
    guard let arity = viable.map(\.entry.argumentTypes.count).max() else { return nil }
    let best = viable.filter { $0.entry.argumentTypes.count == arity }
    guard best.count == 1, let chosen = best.first else {
      throw ResolutionError(
        .ambiguousAutowiring, key: key, path: path(to: key),
        message: "Cannot auto-wire \(key): \(best.count) factories with \(arity) resolvable "
          + (arity == 1 ? "argument" : "arguments") + " fit equally well: "
          + best.map(\.entry.key.description).sorted().joined(separator: ", ") + ".",
        remedy:
          "Register a factory for \(typeName(key.type)) without runtime arguments, or resolve it with explicit `arguments:`.",
        nearby: best.map(\.entry.key))
    }
    return chosen
  }
}

extension Graph {
  /// Whether `error`, from resolving the type an optional wraps, means the optional is `nil`: no
  /// definition of the wrapped type itself (a missing dependency of it is still an error), and
  /// none of it with other runtime arguments either (or, for a request with arguments, without
  /// any): then the request forgot its arguments or got their types wrong (an `Int64` for an
  /// `Int`), and `nil` would hide that.
  @usableFromInline
  func meansNil(_ error: ResolutionError, for wrappedKey: DefinitionKey) -> Bool {
    error.code == .definitionNotFound && error.key == wrappedKey && error.path.count == frameCount + 1
      && !error.namesOtherArguments(than: wrappedKey)
  }
}

/// Lets `resolve(T?.self)` answer `nil` when nothing is registered for `T`, in O(1).
@usableFromInline
protocol OptionalResolvable {
  /// The typed form, for code that knows the optional type statically.
  static func resolveTyped<Arguments>(
    _ key: DefinitionKey, arguments: Arguments, in graph: Graph, from container: Container
  ) throws(ResolutionError) -> Self

  static func resolveWrapped(_ key: DefinitionKey, arguments: Any, in graph: Graph, from container: Container)
    throws(ResolutionError) -> Any
  static func resolveWrappedAsync(_ key: DefinitionKey, arguments: Any, in graph: Graph, from container: Container)
    async throws -> Any
}

extension Optional: OptionalResolvable {
  // NB: the protocol is `@usableFromInline`, so every witness must be too.
  @inlinable
  static func resolveTyped<Arguments>(
    _ key: DefinitionKey, arguments: Arguments, in graph: Graph, from container: Container
  ) throws(ResolutionError) -> Self {
    let wrappedKey = key.with(type: Wrapped.self)
    do {
      return .some(try graph.resolve(wrappedKey, arguments: arguments, from: container) as Wrapped)
    } catch  where graph.meansNil(error, for: wrappedKey) {
      // Only a missing definition of `Wrapped` itself means `nil`; a missing dependency of it
      // is still an error.
      graph.noteNilOptional(key)
      return nil
    }
  }

  @usableFromInline
  static func resolveWrapped(_ key: DefinitionKey, arguments: Any, in graph: Graph, from container: Container)
    throws(ResolutionError) -> Any
  {
    let wrappedKey = key.with(type: Wrapped.self)
    do {
      let instance = try graph.resolveErased(wrappedKey, arguments: arguments, from: container)
      return Optional(instance as! Wrapped) as Any
    } catch  where graph.meansNil(error, for: wrappedKey) {
      // Only a missing definition of `Wrapped` itself means `nil`; a missing dependency of it
      // is still an error.
      graph.noteNilOptional(key)
      return Self.none as Any
    }
  }
}

/// A type the container can make without a registration of its own, from a registration of the
/// type it wraps (`Lazy<T>`, `Provider<T>`).
protocol ContainerInjectable {
  static func make(_ key: DefinitionKey, in graph: Graph, from container: Container) throws(ResolutionError) -> Any
}
