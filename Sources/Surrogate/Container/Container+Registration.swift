extension Container {
  /// Registers a factory that receives a resolver and any number of runtime arguments.
  ///
  /// The closure's parameter list is the registration's key: `{ r in ... }` takes no runtime
  /// arguments; `{ (r, url: URL, port: Int) in ... }` is resolved with
  /// `resolve(Client.self, arguments: url, 8080)`. Registering the same type, tag and argument
  /// types again replaces the definition (last wins).
  ///
  /// ```swift
  /// container.register { r in Presenter(view: try r.resolve(), loader: try r.resolve()) }
  /// container.register(.singleton, tag: "live") { _ in URLSessionClient() as HTTPClient }
  /// container.register { (r, url: URL, port: Int) in Client(url: url, port: port) }
  /// ```
  ///
  /// - Parameters:
  ///   - scope: How long instances live and who shares them; ``Scope/shared`` by default.
  ///   - type: The type to register under, when it differs from what the factory returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - factory: Makes the instance. Resolve dependencies through its first parameter.
  /// - Returns: The definition, to forward types with ``Definition/implements(_:tag:)`` or add
  ///   ``Definition/resolvingProperties(_:)-6pz6h`` blocks.
  @inlinable @discardableResult
  public func register<T, each Argument>(
    _ scope: Scope = .shared, type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    factory: @escaping @Sendable (Resolver, repeat each Argument) throws -> T
  ) -> Definition<T, (repeat each Argument)> {
    typealias Arguments = (repeat each Argument)
    let key = DefinitionKey(type: T.self, argumentsType: Arguments.self, tag: .wrap(tag))
    var argumentTypes: [Any.Type] = []
    for argumentType in repeat (each Argument).self { argumentTypes.append(argumentType) }
    let resolveArguments = argumentTypes.isEmpty ? nil : Self.argumentResolver(for: repeat (each Argument).self)
    let resolveArgumentsAsync =
      argumentTypes.isEmpty ? nil : Self.asyncArgumentResolver(for: repeat (each Argument).self)
    return insertRegistration(
      scope, key: key, resolveArguments: resolveArguments, resolveArgumentsAsync: resolveArgumentsAsync,
      argumentTypes: argumentTypes
    ) { r, arguments in try factory(r, repeat each arguments) }
  }

  /// Registers a factory that needs nothing from the container.
  ///
  /// ```swift
  /// container.register(.shared) { ListPresenter() }
  /// container.register(.singleton, type: HTTPClient.self) { URLSessionClient() }
  /// ```
  ///
  /// - Parameters:
  ///   - scope: How long instances live and who shares them; ``Scope/shared`` by default.
  ///   - type: The type to register under, when it differs from what the factory returns.
  ///   - tag: A tag that tells this definition apart from others of the same type.
  ///   - factory: Makes the instance.
  /// - Returns: The definition.
  @inlinable @discardableResult
  public func register<T>(
    _ scope: Scope = .shared, type: T.Type = T.self, tag: (any Hashable & Sendable)? = nil,
    factory: @escaping @Sendable () throws -> T
  ) -> Definition<T, Void> {
    // NB: one closure around the factory, not one per overload it could go through.
    insertRegistration(scope, key: DefinitionKey(type: T.self, tag: .wrap(tag)), argumentTypes: []) { _, _ in
      try factory()
    }
  }

  /// Forwards another type to an existing definition: resolving `type` resolves `definition`
  /// (same scope, same instance) and hands it out as `type`.
  ///
  /// ``Definition/implements(_:tag:)`` is the usual spelling: any number of types, chained on the
  /// registration. Use this one, Dip's, for what `implements` cannot do: give the forwarded type
  /// blocks of its own (it returns the forwarded definition), or forward into another container
  /// (`screen.register(presenter, type: ...)` with a definition of `services`).
  ///
  /// When the instance does not conform to `type`, resolving it throws
  /// ``ResolutionError/Code/invalidType`` (and ``validate()`` reports it).
  ///
  /// ```swift
  /// let presenter = container.register(.shared) { ListPresenter() }
  /// container.register(presenter, type: ListInteractorOutput.self)
  /// ```
  ///
  /// - Parameters:
  ///   - definition: The definition that makes the instances.
  ///   - type: The type to forward.
  ///   - tag: The tag the forwarded type is registered under.
  /// - Returns: The forwarded definition, which can have its own `resolvingProperties` blocks
  ///   (they run after the source definition's).
  @discardableResult
  public func register<T, Forwarded, Arguments>(
    _ definition: Definition<T, Arguments>, type: Forwarded.Type, tag: (any Hashable & Sendable)? = nil
  ) -> Definition<Forwarded, Arguments> {
    let source = definition.sourceKey
    let key = DefinitionKey(type: Forwarded.self, argumentsType: source.argumentsType, tag: .wrap(tag))
    let foreign =
      isSelfOrAncestor(definition.container) ? nil : Forwarding<Forwarded>.ForeignContainer(definition.container)
    guard key != source || foreign != nil else {
      return Definition(container: self, id: definition.id, key: key, sourceKey: source, scope: definition.scope)
    }
    let id = insertForwarding(to: definition) { id, current in
      Forwarding<Forwarded>(id: id, key: key, sourceKey: current, foreignSource: foreign)
    }
    return Definition(container: self, id: id, key: key, sourceKey: source, scope: definition.scope)
  }

  /// Whether `container` is this container or one of its ancestors: a definition this container
  /// can already see.
  func isSelfOrAncestor(_ container: Container) -> Bool {
    var current: Container? = self
    while let candidate = current {
      if candidate === container { return true }
      current = candidate.parent
    }
    return false
  }

  /// Removes a definition, the types forwarded to it, its contributions to collections, and its
  /// singleton instance.
  ///
  /// A decorated definition goes with the decorators this container applied to it (see
  /// ``decorate(_:tag:with:)``), and so does a decorated type forwarded to it: their keys are then
  /// unregistered here, as if they had never been registered, and a definition registered under
  /// one later is not decorated. A child container that decorated the definition keeps its
  /// decorator, whose requests then throw ``ResolutionError/Code/definitionNotFound`` (and the
  /// child's ``validate()`` reports it), unless the parent hands out another definition for the
  /// key (an untagged one, for a tag). A singleton that decorator already made is the child's
  /// instance, and the child keeps handing it out.
  ///
  /// ```swift
  /// let analytics = container.register(.singleton) { Analytics() }
  /// container.remove(analytics)
  /// ```
  ///
  /// - Parameter definition: The definition to remove; one that was already replaced or
  ///   removed is left alone. One that another container registered is left alone too, and
  ///   ``validate()`` reports it (``ValidationWarning/Kind/ineffectiveChange``).
  public func remove<T, Arguments>(_ definition: Definition<T, Arguments>) {
    write { registry in
      guard registry.admits(RejectedChange(kind: .removal, key: definition.key)) else { return }
      guard let registered = registry.removeDecorated(definition.key, id: definition.id) else {
        if definition.container !== self {
          registry.noteIneffective(IneffectiveChange(kind: .removalOfAnotherContainersDefinition, key: definition.key))
        }
        return
      }
      registry.contributions.remove(member: definition.key)
      guard definition.key == definition.sourceKey else { return }
      // A type forwarded before the definition was decorated forwards to where the decoration
      // moved it; a forwarded type decorated itself goes with its decorators.
      for entry in registry.entries
      where entry.isForwarding && (entry.sourceKey == definition.key || entry.sourceKey == registered.key) {
        let forwarded = DecorationTag.userKey(of: entry.key)
        if registry.removeDecorated(forwarded, id: entry.id) == nil { registry.remove(entry.key, id: entry.id) }
        registry.contributions.remove(member: forwarded)
      }
    }
  }

  /// Removes every definition and singleton instance from this container (not from its parent).
  ///
  /// This also lifts the freeze of ``bootstrap(isolation:)`` and forgets ``rejectedChanges``: the
  /// container is empty and can be composed and bootstrapped again, as in Dip.
  ///
  /// ```swift
  /// container.removeAll()
  /// ```
  ///
  /// Named apart from ``reset(_:)``, which re-creates one custom scope's instances and keeps the
  /// definitions.
  public func removeAll() {
    write { $0.removeAll() }
  }

  /// Removes every definition: renamed ``removeAll()``, whose name says how much it removes (Dip
  /// calls it `reset()`).
  ///
  /// ```swift
  /// container.removeAll()
  /// ```
  @available(*, deprecated, renamed: "removeAll()")
  public func reset() {
    removeAll()
  }

  // MARK: - Internals

  @inlinable
  static func argumentResolver<each Argument>(for types: repeat (each Argument).Type)
    -> @Sendable (Resolver) throws(ResolutionError) -> (repeat each Argument)
  {
    { (r: Resolver) throws(ResolutionError) -> (repeat each Argument) in
      try r.resolveAll(repeat (each Argument).self)
    }
  }

  /// ``argumentResolver(for:)`` for an async resolution: each argument is made with `await`, in
  /// its own isolation (see ``Resolver/resolveWiredAsync(_:)``).
  ///
  /// ```swift
  /// let resolve = Container.asyncArgumentResolver(for: URL.self, Int.self)
  /// let (url, port) = try await resolve(r)
  /// ```
  @inlinable
  static func asyncArgumentResolver<each Argument>(for types: repeat (each Argument).Type)
    -> @Sendable (Resolver) async throws -> (repeat each Argument)
  {
    { (r: Resolver) async throws -> (repeat each Argument) in
      try await (repeat r.resolveWiredAsync((each Argument).self))
    }
  }

  /// Stores a registration of `factory` under `key` and returns its definition; with
  /// `asyncFactory`, the form of `factory` an async resolution runs instead (see
  /// ``Registration/Extras/asyncFactory``).
  @inlinable
  func insertRegistration<T, Arguments>(
    _ scope: Scope, key: DefinitionKey, resolveArguments: Registration<T, Arguments>.ArgumentResolver? = nil,
    resolveArgumentsAsync: Registration<T, Arguments>.AsyncArgumentResolver? = nil,
    argumentTypes: [Any.Type], asyncFactory: Registration<T, Arguments>.AsyncFactory? = nil,
    factory: @escaping Registration<T, Arguments>.Factory
  ) -> Definition<T, Arguments> {
    let id = insert { id in
      guard resolveArguments != nil || !argumentTypes.isEmpty || asyncFactory != nil else {
        return Registration<T, Arguments>(
          id: id, key: key, scope: scope, factory: factory, producer: Registration<T, Arguments>.specializedProducer())
      }
      return Registration<T, Arguments>(
        id: id, key: key, scope: scope, factory: factory, asyncFactory: asyncFactory,
        resolveArguments: resolveArguments, resolveArgumentsAsync: resolveArgumentsAsync, argumentTypes: argumentTypes,
        producer: Registration<T, Arguments>.specializedProducer())
    }
    return Definition(container: self, id: id, key: key, sourceKey: key, scope: scope)
  }

  /// Numbers a new entry and stores it, in one critical section.
  @usableFromInline
  func insert(making make: (RegistrationID) -> any Entry) -> RegistrationID {
    write { registry in insert(making: make, into: &registry) }
  }

  /// Numbers a forwarding to `definition`'s instances and stores it, in one critical section:
  /// `make` gets the id and the key to forward to, where the definition's source is stored now
  /// (see ``Registry/currentSourceKey(of:registeredAs:)``). A type forwarded once the source is
  /// decorated reaches it undecorated, as one forwarded before the decoration does.
  func insertForwarding<Instance, Arguments>(
    to definition: Definition<Instance, Arguments>, making make: (RegistrationID, DefinitionKey) -> any Entry
  ) -> RegistrationID {
    let (isOwn, id, key) = (definition.container === self, definition.id, definition.key)
    // NB: another container's registry is read before this one's lock is taken: a container's
    // lock is never taken under another's.
    let elsewhere = isOwn ? nil : definition.container.snapshot().registry.currentSourceKey(of: id, registeredAs: key)
    return write { registry in
      let current = isOwn ? registry.currentSourceKey(of: id, registeredAs: key) : elsewhere
      return insert(making: { id in make(id, current ?? definition.sourceKey) }, into: &registry)
    }
  }

  /// Numbers a new entry and stores it in `registry`, this container's, which the caller holds.
  private func insert(making make: (RegistrationID) -> any Entry, into registry: inout Registry) -> RegistrationID {
    let id = RegistrationID(container: ObjectIdentifier(self), serial: registry.makeSerial())
    let entry = make(id)
    // NB: a rejected registration still gets an id of its own, so its definition's chained
    // calls find nothing to change.
    let kind: RejectedChange.Kind = entry.isForwarding ? .forwarding : .registration
    guard registry.admits(RejectedChange(kind: kind, key: entry.key)) else { return id }
    registry.insert(entry)
    return id
  }

  func append<Instance, Arguments>(
    _ block: @escaping @Sendable (Resolver, Instance) throws -> Void,
    asyncBlock: (@Sendable (Resolver, Instance) async throws -> Void)? = nil, isolation: BlockIsolation = .plain,
    to definition: Definition<Instance, Arguments>
  ) {
    write { registry in
      // A definition whose registration was rejected has nothing to add a block to; a decorated
      // one gets it where the decoration moved it.
      guard let current = registry.entry(definition.id, registeredAs: definition.key),
        registry.admits(RejectedChange(kind: .block, key: definition.key))
      else { return }
      registry.update(current.key, id: definition.id) { entry in
        if let registration = entry as? Registration<Instance, Arguments> {
          return registration.appending(block, asyncBlock: asyncBlock, isolation: isolation)
        }
        if let forwarding = entry as? Forwarding<Instance> { return forwarding.appending(block) }
        return nil
      }
    }
  }

  /// Replaces the definition's registration by one that auto-injects or not (see
  /// ``Definition/autoInjectingProperties(_:)``).
  func setAutoInjection<Instance, Arguments>(_ enabled: Bool, of definition: Definition<Instance, Arguments>) {
    write { registry in
      guard let current = registry.entry(definition.id, registeredAs: definition.key),
        registry.admits(RejectedChange(kind: .autoInjection, key: definition.key))
      else { return }
      registry.update(current.key, id: definition.id) { entry in
        (entry as? Registration<Instance, Arguments>)?.autoInjecting(enabled)
      }
    }
  }
}
