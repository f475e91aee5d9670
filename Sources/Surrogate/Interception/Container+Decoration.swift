extension Container {
  /// Wraps every instance of `type` that this container hands out in what `decorator` makes of
  /// it: a caching, logging or protection proxy put in front of a service, in the container.
  ///
  /// ```swift
  /// container.register(.singleton) { RemoteCocktailService(baseURL: url) }.implements((any CocktailService).self)
  /// container.decorate((any CocktailService).self) { r, inner in CachingCocktailService(upstream: inner) }
  /// container.decorate((any CocktailService).self) { r, inner in ProtectionProxy(inner, policy: policy) }
  /// // any CocktailService → ProtectionProxy → CachingCocktailService → RemoteCocktailService
  /// ```
  ///
  /// - The last decorator applied is the outermost, as in Autofac.
  /// - The chain shares the decorated definition's scope: a decorated singleton is decorated once,
  ///   whatever tag asks for it (forwarded under several tags and decorated without one, it has
  ///   one decorated instance), a `.shared` one once per graph, a `.unique` one every time.
  /// - The decorated definition keeps its disposal (``Definition/disposing(_:)-5um1z``, given
  ///   before or after decorating): it runs on the instance the definition made, once per instance
  ///   kept, when the container or scope keeping it ends. A decorator's instance is another one:
  ///   without a disposal of its own, it is disposed only if it conforms to ``Disposable``, before
  ///   the instance it wraps (so its `dispose()` must not dispose that one too).
  /// - The decorated definition keeps working, whichever order the calls are made in: its
  ///   `resolvingProperties` blocks and auto-injection apply to the instance it makes (the one the
  ///   decorators wrap); a list it joins (``Definition/contributes(to:)``) and a service it
  ///   declares (``Definition/runsAsService()``) get `type`'s instance, decorated, as `resolve`
  ///   hands it out; ``remove(_:)`` removes it with its decorators; and after ``bootstrap(isolation:)``
  ///   a change to it is rejected and listed in ``rejectedChanges``, as for any definition.
  /// - `tag` decorates that tag's definition only; without one, every definition of `type`
  ///   registered in this container so far (or, when it has none, the one it inherits). A tag
  ///   with no definition of its own decorates what its requests find, the untagged definition,
  ///   for that tag's requests only.
  /// - A definition that takes runtime arguments is decorated too: the arguments reach it, and the
  ///   decorator wraps what it made (`resolve(T.self, arguments: ...)` and auto-wiring alike).
  /// - Decorating is registering: any number of threads may decorate at once, and every decorator
  ///   lands exactly once (in the order their calls took the container's lock).
  /// - Decorate after registering: a definition registered later is not decorated, and a
  ///   decoration that finds nothing to decorate is reported by ``validate()``
  ///   (``ValidationWarning/Kind/ineffectiveChange``).
  /// - Decorating in a child container leaves the parent's definition as it is. The child's
  ///   decorator wraps what a request to the parent finds when the decorator runs: a definition
  ///   the parent registered in the decorated one's place, the parent's own decoration made
  ///   later, an override installed with ``withOverrides(_:operation:)-(_,()->Result)`` (a
  ///   decorated singleton is made once, and ignores overrides, as any singleton does).
  /// - Decorating a concrete type decorates requests for that type: types forwarded from its
  ///   registration (`.implements(...)`, before or after decorating, or `register(_:type:)` in
  ///   another container, a child or not) hand out the undecorated instance.
  /// - The decorator's instance must be a `type`; otherwise resolving `type` throws
  ///   ``ResolutionError/Code/invalidType``. A dependency it resolves through `r` is validated and
  ///   drawn in the graph export like any other, and an error's path names the decorator where it
  ///   asked for it: `Accountant → AuditedLedger (decorating Ledger) → AuditLog`.
  ///
  /// - Parameters:
  ///   - type: The type to decorate, as it is resolved (usually a protocol).
  ///   - tag: The tag of the definition to decorate; every tag when `nil`.
  ///   - decorator: Makes the outer instance from the inner one.
  /// - Returns: This container, for chaining.
  @discardableResult
  public func decorate<T, Decorator>(
    _ type: T.Type, tag: (any Hashable & Sendable)? = nil,
    with decorator: @escaping @Sendable (Resolver, T) throws -> Decorator
  ) -> Container {
    decorate(type, tag: tag, DecoratorBody.anywhere(decorator))
  }

  /// Wraps every instance of `type` that this container hands out in what a main-actor
  /// `decorator` makes of it: a wrapper that is itself a `@MainActor` class, such as a view
  /// decorated with a badge.
  ///
  /// ```swift
  /// container.register { @MainActor _ in BadgeView() }.implements((any BadgeShowing).self)
  /// container.decorate((any BadgeShowing).self) { @MainActor _, inner in CountingBadge(inner: inner) }
  ///
  /// @MainActor func showBadge() throws {
  ///   let badge = try container.resolve((any BadgeShowing).self)  // CountingBadge around BadgeView
  /// }
  /// ```
  ///
  /// Everything ``decorate(_:tag:with:)`` says holds, and the decorator runs on the main actor
  /// whatever it decorates, as a main-actor factory does: a request made with `try await`, from
  /// any task, runs it there; a synchronous one must be made on the main actor, or it throws
  /// ``ResolutionError/Code/requiresMainActor``.
  ///
  /// - Parameters:
  ///   - type: The type to decorate, as it is resolved (usually a protocol).
  ///   - tag: The tag of the definition to decorate; every tag when `nil`.
  ///   - decorator: Makes the outer instance from the inner one, on the main actor.
  /// - Returns: This container, for chaining.
  @discardableResult
  public func decorate<T, Decorator>(
    _ type: T.Type, tag: (any Hashable & Sendable)? = nil,
    mainActorDecorator decorator: @escaping @MainActor @Sendable (Resolver, T) throws -> Decorator
  ) -> Container {
    decorate(type, tag: tag, DecoratorBody.onMainActor(decorator))
  }

  private func decorate<T, Decorator>(
    _ type: T.Type, tag: (any Hashable & Sendable)?, _ decorator: DecoratorBody<T, Decorator>
  ) -> Container {
    let wanted = DefinitionTag.wrap(tag)
    // NB: not a collection's members registered with `register(into:)`: they are not requests for
    // `type` (decorate a member's own definition and contribute that).
    let own = snapshot().registry.entries.map(\.key).filter { key in
      key.type == T.self && !DecorationTag.isDecoration(key.tag) && !ContributionTag.isMember(key)
        && (wanted == nil || key.tag == wanted)
    }
    let keys = own.isEmpty ? [DefinitionKey(type: T.self, tag: wanted)] : own
    // Keys this call decorates that reach one singleton (a type forwarded under several tags)
    // share the decorator's store: one decorated instance, whatever tag asks.
    var storesBySource: [RegistrationID: AnyObject] = [:]
    for key in keys { decorate(key, T.self, decorator, storesBySource: &storesBySource) }
    return self
  }

  /// Moves the definition `key` resolves to under a hidden key, and makes `key` resolve to the
  /// decorator's instance of it.
  ///
  /// The definition to wrap is looked up in the same critical section that replaces it: a
  /// decorator applied meanwhile on another thread is what this one wraps, never lost. The
  /// ancestors' registries are read before (their locks are never taken under this one).
  private func decorate<T, Decorator>(
    _ key: DefinitionKey, _ type: T.Type, _ body: DecoratorBody<T, Decorator>,
    storesBySource: inout [RegistrationID: AnyObject]
  ) {
    var ancestors: [(container: Container, snapshot: RegistrySnapshot)] = []
    var ancestor = parent
    while let current = ancestor {
      ancestors.append((current, current.snapshot()))
      ancestor = current.parent
    }
    write { registry in
      let current = RegistrySnapshot(registry)
      let snapshot = { (container: Container) -> RegistrySnapshot in
        container === self ? current : ancestors.first { $0.container === container }?.snapshot ?? current
      }
      guard let found = lookup(key, in: snapshot) else {
        registry.noteIneffective(IneffectiveChange(kind: .decorationOfNothing, key: key))
        return
      }
      let scope = scope(of: found, in: snapshot)
      guard registry.admits(RejectedChange(kind: .decoration, key: key)) else { return }
      var store: SingletonStore<Decorator>?
      if scope.isSingleton, !key.hasArguments, let source = definitionID(of: found, in: snapshot) {
        store = storesBySource[source] as? SingletonStore<Decorator>
        if store == nil {
          store = SingletonStore(isWeak: scope.kind == .weakSingleton)
          storesBySource[source] = store
        }
      }
      let serial = registry.makeSerial()
      let outer = DecorationTag(serial: serial, role: .decorator, decorated: key, container: ObjectIdentifier(self))
      // A definition that takes runtime arguments keeps them: the decorator's registration takes
      // the same ones and hands them on to the definition it wraps.
      let innerKey = outer.innerKey
      let decoratorKey = DefinitionKey(
        type: Decorator.self, argumentsType: key.argumentsType, tag: DefinitionTag(outer))
      func id() -> RegistrationID { RegistrationID(container: ObjectIdentifier(self), serial: registry.makeSerial()) }
      // The decorated definition, under its hidden key: this container's own moves; an
      // inherited one, or the untagged one a tag without a definition falls back to (which
      // untagged requests still get, undecorated), is forwarded to where it lives.
      if found.owner === self, found.entry.key == key, let movable = found.entry as? any MovableEntry {
        _ = registry.remove(found.entry.key, id: found.entry.id)
        // It keeps its id: what was declared for it by id (its disposal) stays its own, and its
        // definition can still be given one (see `Registry.registers(_:as:)`).
        registry.insert(movable.moved(to: innerKey, id: found.entry.id))
        // Types forwarded from a moved registration keep resolving it, undecorated: a forwarding
        // needs a registration as its source, and what it hands out is decorated on its own
        // type, if at all.
        if !found.entry.isForwarding {
          for forwarding in registry.entries where forwarding.isForwarding && forwarding.sourceKey == key {
            guard let repointable = forwarding as? any RepointableEntry else { continue }
            _ = registry.remove(forwarding.key, id: forwarding.id)
            registry.insert(repointable.repointed(to: innerKey))
          }
        }
      } else if let forwarding = found.entry as? any MovableEntry, found.entry.isForwarding {
        registry.insert(forwarding.moved(to: innerKey, id: id(), foreign: found.owner))
      } else {
        registry.insert(
          Forwarding<T>(
            id: id(), key: innerKey, sourceKey: found.entry.key,
            foreignSource: Forwarding<T>.ForeignContainer(found.owner)))
      }
      // Auto-wiring (a request without arguments) reaches the decorator's registration, which
      // resolves the arguments as the decorated one would.
      let decorated =
        (found.entry as? any Autowirable) ?? found.owner.forwardingSource(found.entry.sourceKey, in: snapshot)?.entry
        as? any Autowirable
      // A decorator of a main-actor definition runs where its factory does, on the main actor,
      // however the request was made (under `try await` from another task it ran off it); so
      // does a main-actor decorator of any definition.
      let decoratedEntry =
        found.entry.isForwarding
        ? found.owner.forwardingSource(found.entry.sourceKey, in: snapshot)?.entry : found.entry
      let onMainActor = (decoratedEntry?.isMainActorIsolated ?? false) || body.isMainActor
      func decoration<Arguments>(taking _: Arguments.Type) -> any Entry {
        let factory: Registration<Decorator, Arguments>.Factory
        let asyncFactory: Registration<Decorator, Arguments>.AsyncFactory
        // Each runs in `decorating(as:)`: what fails in the wrapped definition or the decorator's
        // closure is on a path that names the decorator, not only the type it decorates.
        if case .anywhere(let decorator) = body, !onMainActor {
          factory = { r, arguments in
            try r.decorating(as: decoratorKey) {
              let inner: T = try r.resolveDecorated(innerKey, arguments: arguments)
              return r.noting(try decorator(r, inner), around: inner)
            }
          }
          asyncFactory = { r, arguments in
            try await r.decorating(as: decoratorKey) {
              let inner: T = try await r.resolveDecoratedAsync(innerKey, arguments: arguments)
              return r.noting(try decorator(r, inner), around: inner)
            }
          }
        } else {
          let decorator = body.onTheMainActor
          factory = { r, arguments in
            try r.decorating(as: decoratorKey) {
              let inner: T = try r.resolveDecorated(innerKey, arguments: arguments)
              return r.noting(
                try r.onMainActor(decoratorKey, with: inner) { @MainActor r, inner in try decorator(r, inner) },
                around: inner)
            }
          }
          asyncFactory = { r, arguments in
            try await r.decorating(as: decoratorKey) {
              let inner: T = try await r.resolveDecoratedAsync(innerKey, arguments: arguments)
              let outer = try await MainActorHop.runSynchronously(r.graph, (r, inner)) {
                @MainActor (input: (Resolver, T)) throws -> Decorator in try decorator(input.0, input.1)
              }
              return r.noting(outer, around: inner)
            }
          }
        }
        return Registration<Decorator, Arguments>(
          id: id(), key: decoratorKey, scope: scope, factory: factory, asyncFactory: asyncFactory,
          isMainActor: onMainActor, resolveArguments: decorated?.argumentResolver(for: Arguments.self),
          resolveArgumentsAsync: decorated?.asyncArgumentResolver(for: Arguments.self),
          argumentTypes: decorated?.argumentTypes ?? [], store: store)
      }
      registry.insert(decoration(taking: key.argumentsType))
      registry.insert(Forwarding<T>(id: id(), key: key, sourceKey: decoratorKey))
    }
  }

  /// The type that `type` decorates, when it is registered in these registries only as a
  /// decorator (for the not-found remedy).
  static func decoratedType(madeBy type: Any.Type, in snapshots: [RegistrySnapshot]) -> DefinitionKey? {
    for snapshot in snapshots {
      for entry in snapshot.registry.entries where entry.key.type == type {
        if let tag = entry.key.tag?.value as? DecorationTag, tag.role == .decorator { return tag.decorated }
      }
    }
    return nil
  }

  /// The id of the definition that makes the instances of `found`: its own, or a forwarding's
  /// source's.
  private func definitionID(
    of found: (entry: any Entry, owner: Container), in snapshot: (Container) -> RegistrySnapshot
  ) -> RegistrationID? {
    guard found.entry.isForwarding else { return found.entry.id }
    return found.owner.forwardingSource(found.entry.sourceKey, in: snapshot)?.entry.id
  }

  /// The scope of the definition `found` is (a forwarding's source's).
  private func scope(
    of found: (entry: any Entry, owner: Container), in snapshot: (Container) -> RegistrySnapshot
  ) -> Scope {
    if let scoped = found.entry as? any ScopedEntry { return scoped.scope }
    let source = found.owner.forwardingSource(found.entry.sourceKey, in: snapshot)
    return (source?.entry as? any ScopedEntry)?.scope ?? .shared
  }
}

/// The hidden tags of a decoration: the decorated definition moves under `inner`, the
/// decorator's registration is under `decorator`.
struct DecorationTag: Hashable, Sendable, CustomStringConvertible {
  enum Role: Hashable, Sendable { case inner, decorator }

  let serial: Int
  let role: Role
  let decorated: DefinitionKey
  /// The container that decorated: serials are numbered per registry, and a decorator resolves
  /// what it wraps along its request's lookup chain, which can hold a decoration of the same key
  /// by a child (whose hidden keys must then differ from the parent's).
  let container: ObjectIdentifier

  /// Hashes the serial and role only: equal tags have equal serials, and a decoration's two tags
  /// differ in role (two containers' decorations with one serial are told apart by `==`).
  func hash(into hasher: inout Hasher) {
    hasher.combine(serial)
    hasher.combine(role)
  }

  /// The hash a registry lookup of a decorated key takes (through `AnyHashable`, see
  /// ``DefinitionTag/cheapHash``): the serial and role mixed, without SipHash.
  ///
  /// NB: the synthesized hash ran SipHash over the decorated key too, at every lookup of a decorated
  /// definition: about 1,400 instructions of a server request (server-flat, callgrind).
  func _rawHashValue(seed: Int) -> Int {
    var value = (serial &* 2 &+ (role == .inner ? 0 : 1)) ^ seed
    value &*= 0x5851_F42D_4C95_7F2D
    return value ^ (value >> 29)
  }

  var description: String {
    switch role {
    case .inner: "decorated \(decorated)"
    case .decorator: "decorating \(decorated)"
    }
  }

  static func isDecoration(_ tag: DefinitionTag?) -> Bool { tag?.value is DecorationTag }

  /// A hidden key of a decoration as a reader knows it, for ``DefinitionKey/description``: the
  /// decorator's, `LoggingStore (decorating Store)`, and the wrapped definition's, `Store
  /// (undecorated)`.
  static func describe(_ key: DefinitionKey) -> String? {
    guard let decoration = key.tag?.value as? DecorationTag else { return nil }
    switch decoration.role {
    case .decorator: return "\(typeName(key.type)) (decorating \(decoration.decorated))"
    case .inner: return "\(decoration.decorated) (undecorated)"
    }
  }

  /// The hidden key the definition this decoration wraps was moved under (or forwarded from).
  var innerKey: DefinitionKey {
    DefinitionKey(
      type: decorated.type, argumentsType: decorated.argumentsType,
      tag: DefinitionTag(DecorationTag(serial: serial, role: .inner, decorated: decorated, container: container)))
  }

  /// Whether `tag` is the hidden tag of a decorator's registration.
  static func isDecorator(_ tag: DefinitionTag?) -> Bool { (tag?.value as? DecorationTag)?.role == .decorator }
}

/// An entry that a decoration can move under another key (see ``Container/decorate(_:tag:with:)``).
protocol MovableEntry: Entry {
  /// A copy under `key` with a new `id`; a forwarding's source then lives in `foreign` (when
  /// given), unless it already forwarded to another container's definition, which it keeps.
  func moved(to key: DefinitionKey, id: RegistrationID, foreign: Container?) -> any Entry
}

extension MovableEntry {
  func moved(to key: DefinitionKey, id: RegistrationID) -> any Entry { moved(to: key, id: id, foreign: nil) }
}

extension Registration: MovableEntry {
  func moved(to key: DefinitionKey, id: RegistrationID, foreign: Container?) -> any Entry {
    Registration(
      id: id, key: key, scope: scope, factory: factory, asyncFactory: asyncFactory,
      factoryIsAsync: extras?.factoryIsAsync ?? false, isMainActor: isMainActor, blocks: blocks,
      asyncBlocks: extras?.asyncBlocks ?? [], blockIsolations: extras?.blockIsolations ?? [],
      resolveArguments: resolveArguments, resolveArgumentsAsync: resolveArgumentsAsync, argumentTypes: argumentTypes,
      store: scope.isSingleton ? obtainStore() : nil, producer: producer, autoInjects: extras?.autoInjects)
  }
}

extension Registry {
  /// The entries a request for `key` goes through to the definition registered under it,
  /// outermost first: the entry under `key`, then, while it forwards to a decorator of `key`, the
  /// entry that decoration moved under its hidden key. The last one is the definition as it was
  /// registered (a decoration moves it keeping its id); empty when nothing is registered under
  /// `key`.
  func decorationChain(from key: DefinitionKey) -> [any Entry] {
    var chain: [any Entry] = []
    var current = entry(for: key)
    while let entry = current {
      chain.append(entry)
      guard entry.isForwarding, let decoration = entry.sourceKey.tag?.value as? DecorationTag,
        decoration.role == .decorator, decoration.decorated == key
      else { break }
      current = self.entry(for: decoration.innerKey)
    }
    return chain
  }

  /// The entry registered under `key` as it was registered: the one under `key`, or, when this
  /// registry decorated `key`, the one its innermost decoration moved under a hidden key (a
  /// forwarding, when what it decorated was one, or inherited). Unlike ``decorationChain(from:)``
  /// it allocates nothing.
  func undecoratedEntry(for key: DefinitionKey) -> (any Entry)? {
    var current = entry(for: key)
    while let entry = current, entry.isForwarding, let decoration = entry.sourceKey.tag?.value as? DecorationTag,
      decoration.role == .decorator, decoration.decorated == key
    {
      current = self.entry(for: decoration.innerKey)
    }
    return current
  }

  /// The entry of the definition `id`, registered under `key`, if it is still registered here:
  /// under `key`, or, once decorated, under the hidden key of the decoration that wraps it (`key`
  /// then forwards to the outermost decorator).
  func entry(_ id: RegistrationID, registeredAs key: DefinitionKey) -> (any Entry)? {
    if let entry = entry(for: key), entry.id == id { return entry }
    return decorationChain(from: key).last { $0.id == id }
  }

  /// Whether the definition `id`, registered under `key`, is still registered here (see
  /// ``entry(_:registeredAs:)``).
  func registers(_ id: RegistrationID, as key: DefinitionKey) -> Bool { entry(id, registeredAs: key) != nil }

  /// Removes the definition `id`, registered under `key`, with the decorations of `key` that wrap
  /// it: each one's forwarding (under `key`, or, for an outer decoration's, the hidden key the next
  /// one moved it under) and its decorator's registration. Returns the definition's entry, or
  /// `nil` (removing nothing) when `key` does not lead to it.
  mutating func removeDecorated(_ key: DefinitionKey, id: RegistrationID) -> (any Entry)? {
    let chain = decorationChain(from: key)
    guard let registered = chain.last, registered.id == id else { return nil }
    for link in chain.dropLast() {
      remove(link.key, id: link.id)
      if let decorator = entry(for: link.sourceKey) { remove(decorator.key, id: decorator.id) }
    }
    remove(registered.key, id: registered.id)
    return registered
  }

  /// Where the instances of the definition `id`, registered under `key`, come from now: the key
  /// its registration is stored under (a decoration moved it under a hidden key), or, for a
  /// forwarding, the key it forwards to (which that decoration repointed); `nil` when the
  /// definition is no longer registered here.
  func currentSourceKey(of id: RegistrationID, registeredAs key: DefinitionKey) -> DefinitionKey? {
    guard let entry = entry(id, registeredAs: key) else { return nil }
    return entry.isForwarding ? entry.sourceKey : entry.key
  }
}

/// A forwarding whose source a decoration moves (see ``Container/decorate(_:tag:with:)``).
protocol RepointableEntry: Entry {
  /// A copy that forwards to `sourceKey`.
  func repointed(to sourceKey: DefinitionKey) -> any Entry
}

extension Forwarding: RepointableEntry {
  func repointed(to sourceKey: DefinitionKey) -> any Entry {
    Forwarding(
      id: id, key: key, sourceKey: sourceKey, blocks: blocks, forwardsWeakly: forwardsWeakly, wrap: wrap,
      foreignSource: foreignSource, makeUnbound: makeUnbound)
  }
}

extension Forwarding: MovableEntry {
  func moved(to key: DefinitionKey, id: RegistrationID, foreign: Container?) -> any Entry {
    Forwarding(
      id: id, key: key, sourceKey: sourceKey, blocks: blocks, forwardsWeakly: forwardsWeakly, wrap: wrap,
      foreignSource: foreignSource ?? foreign.map(ForeignContainer.init), makeUnbound: makeUnbound)
  }
}

extension DecorationTag {
  /// The key a user wrote for `key`: the decorated key for a decoration's hidden one.
  static func userKey(of key: DefinitionKey) -> DefinitionKey {
    (key.tag?.value as? DecorationTag)?.decorated ?? key
  }

  /// The key a decorator's registration decorates, or `nil` when `key` is not a decorator's.
  static func decorated(byDecorator key: DefinitionKey) -> DefinitionKey? {
    guard let tag = key.tag?.value as? DecorationTag, tag.role == .decorator else { return nil }
    return tag.decorated
  }

  /// How the graph export names each definition: as the user wrote it, never with a hidden tag.
  /// A decorator is its type (`CachingAccounts`), a decorated definition moved under a hidden key
  /// is the key it was registered with; a name two definitions share is numbered, the
  /// undecorated one first, then in the order the decorators were applied (`CachingAccounts #2`).
  /// `madeTypes`: the name of the type each decorator made, when the export saw it: a closure that
  /// returns the decorated existential (`as any Accounts`) does not name it.
  static func nodeNames(of keys: [DefinitionKey], madeTypes: [DefinitionKey: String] = [:]) -> [DefinitionKey: String] {
    var byName: [String: [DefinitionKey]] = [:]
    for key in keys {
      let name: String
      switch (key.tag?.value as? DecorationTag)?.role {
      case nil: name = key.description
      case .decorator: name = madeTypes[key] ?? typeName(key.type)
      case .inner: name = userKey(of: key).description
      }
      byName[name, default: []].append(key)
    }
    var names: [DefinitionKey: String] = [:]
    for (name, sharing) in byName {
      let ordered = sharing.sorted { lhs, rhs in
        let (left, right) = ((lhs.tag?.value as? DecorationTag)?.serial, (rhs.tag?.value as? DecorationTag)?.serial)
        return (left ?? -1, lhs.description) < (right ?? -1, rhs.description)
      }
      for (index, key) in ordered.enumerated() { names[key] = index == 0 ? name : "\(name) #\(index + 1)" }
    }
    return names
  }
}

extension Graph {
  /// Resolves the definition stored under a decoration's hidden key `inner` (what a decorator
  /// wraps), requested as `requested`: the key the decoration serves, with the request's tag.
  /// The wrapped definition's frame, its reuse within the graph and its dependencies' tag are
  /// then those of the request, as before it was decorated.
  func resolve<T, Arguments>(
    _ inner: DefinitionKey, requestedAs requested: DefinitionKey, arguments: Arguments, from container: Container
  ) throws(ResolutionError) -> T {
    // NB: the hidden key exactly, never the untagged definition a tagged lookup falls back to:
    // that is the decorated key itself (the decorator again: a false cycle) or another
    // definition, wrapped as if it were the decorated one.
    guard let found = lookup(inner, from: container), found.entry.key == inner else {
      let decorated = DecorationTag.userKey(of: inner)
      throw decoratedDefinitionRemoved(decorated, decorated: decorated, requested: requested, isInherited: false)
    }
    let source =
      found.entry.isForwarding
      ? try inheritedDefinition(wrappedBy: found, inner, from: container, requested: requested) ?? found : found
    // A registration of the decorated type makes a `T`: its specialized producer builds it
    // straight into memory for one. NB: the erased `produce` boxed it, and the cast back to a
    // decorated protocol was a conformance lookup (server-flat, callgrind: about 300 instructions).
    if !source.entry.isForwarding, let producer = source.entry.producer {
      let (entry, owner) = source
      return try makingValue(of: T.self) { out throws(ResolutionError) in
        _ = try producer(entry, out, arguments, self, requested, owner, container)
      }
    }
    return try source.entry.produce(
      arguments: arguments, in: self, requested: requested, owner: source.owner, lookup: container
    ).instance as! T
  }

  /// ``resolve(_:requestedAs:arguments:from:)`` in an async resolution: what the decorator wraps
  /// is made with `await`, in its own isolation, before the decorator runs once.
  func resolveAsync<T, Arguments>(
    _ inner: DefinitionKey, requestedAs requested: DefinitionKey, arguments: Arguments, from container: Container
  ) async throws -> T {
    isAsync = true
    guard let found = lookup(inner, from: container), found.entry.key == inner else {
      let decorated = DecorationTag.userKey(of: inner)
      throw decoratedDefinitionRemoved(decorated, decorated: decorated, requested: requested, isInherited: false)
    }
    let source =
      found.entry.isForwarding
      ? try inheritedDefinition(wrappedBy: found, inner, from: container, requested: requested) ?? found : found
    return try await source.entry.produceAsync(
      arguments: arguments, in: self, requested: requested, owner: source.owner, lookup: container
    ).instance as! T
  }

  /// What the decoration a child container made of a definition it inherits wraps (`found`, the
  /// forwarding stored under its hidden key `inner`): what a request for the decorated key finds
  /// from the child's parent now, through the overrides this graph's lookups honour. So it wraps
  /// an override of the parent's definition, a definition the parent registered in its place and
  /// the parent's own decoration made since, as a request the child did not decorate gets them.
  /// `nil` for any other decoration. Throws when the parent hands out nothing for the decorated key
  /// now: the stored forwarding's source may be registered again without forwarding that key,
  /// and wrapping it would answer for a type the parent no longer has (outside client 37).
  private func inheritedDefinition(
    wrappedBy found: (entry: any Entry, owner: Container), _ inner: DefinitionKey, from container: Container,
    requested: DefinitionKey
  ) throws(ResolutionError) -> (entry: any Entry, owner: Container)? {
    guard let decoration = inner.tag?.value as? DecorationTag, let parent = found.owner.parent,
      let foreign = (found.entry as? any ForeignSourcedEntry)?.foreignContainer, parent.isSelfOrAncestor(foreign)
    else { return nil }
    let chain = lookupChain(from: container)
    guard let index = chain.firstIndex(where: { $0 === found.owner }) else { return nil }
    guard let now = Container.lookup(decoration.decorated, along: Array(chain[(index + 1)...]), in: snapshot(of:))
    else {
      throw decoratedDefinitionRemoved(found.entry.sourceKey, decorated: decoration.decorated, requested: requested)
    }
    return now
  }
}

/// A forwarding to another container's definition (see ``Container/decorate(_:tag:with:)``).
protocol ForeignSourcedEntry: Entry {
  /// The container whose definition it forwards to, if it is not its own (or an ancestor's, found
  /// by key) and still alive.
  var foreignContainer: Container? { get }
}

extension Forwarding: ForeignSourcedEntry {
  var foreignContainer: Container? { foreignSource?.container }
}

/// A decorator's closure, and whether it is isolated to the main actor (then its decoration runs
/// there whatever it decorates).
enum DecoratorBody<T, Decorator>: Sendable {
  case anywhere(@Sendable (Resolver, T) throws -> Decorator)
  case onMainActor(@MainActor @Sendable (Resolver, T) throws -> Decorator)

  var isMainActor: Bool {
    if case .onMainActor = self { true } else { false }
  }

  /// The closure, called on the main actor: a decoration runs there when the definition it
  /// decorates or its own closure is isolated to it.
  var onTheMainActor: @MainActor @Sendable (Resolver, T) throws -> Decorator {
    switch self {
    case .anywhere(let decorator): decorator
    case .onMainActor(let decorator): decorator
    }
  }
}
