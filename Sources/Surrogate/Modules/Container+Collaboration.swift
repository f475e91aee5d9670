import Synchronization

extension Container {
  /// Lets this container and `containers` resolve what they lack from each other: Dip's
  /// collaborating containers, for a feature module's container and the app's.
  ///
  /// ```swift
  /// let app = Container()
  /// app.register(.singleton) { Analytics() }
  /// let checkout = Container()
  /// checkout.register { r in CheckoutPresenter(analytics: try r.resolve()) }
  /// checkout.collaborate(with: app)
  /// let presenter: CheckoutPresenter = try checkout.resolve()  // Analytics from `app`
  /// ```
  ///
  /// A request that a container (and its ancestors) cannot answer, not even by auto-wiring, is
  /// tried in its collaborators, theirs in turn, each container once. Collaboration goes both
  /// ways: `a.collaborate(with: b)` lets `b` resolve from `a` too. What a collaborator resolves
  /// is resolved there (its dependencies are looked up in the collaborator first), in the same
  /// object graph: `.shared` instances are reused across containers, and a singleton belongs to
  /// the container that registered it. Containers hold their collaborators weakly, so two
  /// collaborating containers never keep each other alive; collaborating with itself (or again
  /// with a collaborator) does nothing. ``validate()`` counts what collaborators provide.
  ///
  /// - Parameter containers: The containers to collaborate with.
  public func collaborate(with containers: Container...) {
    collaborate(with: containers)
  }

  /// Lets this container and `containers` resolve what they lack from each other (see
  /// ``collaborate(with:)-(Container...)``).
  ///
  /// ```swift
  /// checkout.collaborate(with: [app, payments])
  /// ```
  ///
  /// - Parameter containers: The containers to collaborate with.
  public func collaborate(with containers: [Container]) {
    for other in containers where other !== self {
      addCollaborator(other)
      other.addCollaborator(self)
    }
  }

  /// The live containers this one collaborates with.
  ///
  /// ```swift
  /// checkout.collaborate(with: app)
  /// assert(checkout.collaborators.contains { $0 === app })
  /// ```
  public var collaborators: [Container] {
    guard hasCollaborated.load(ordering: .acquiring) else { return [] }
    return links.withLock(owner: self) { $0.collaboration.compactMap(\.container) }
  }

  private func addCollaborator(_ other: Container) {
    links.withLock(owner: self) { links in
      links.collaboration.removeAll { $0.container == nil }
      if !links.collaboration.contains(where: { $0.container === other }) {
        links.collaboration.append(WeakContainer(container: other))
      }
    }
    hasCollaborated.store(true, ordering: .releasing)
  }

  /// How many containers this container or an ancestor collaborated with have been released since
  /// (collaborators are held weakly): a missing type may be one of theirs.
  func releasedCollaboratorCount() -> Int {
    var count = 0
    var current: Container? = self
    while let container = current {
      if container.hasCollaborated.load(ordering: .acquiring) {
        count += container.links.withLock(owner: container) { $0.collaboration.filter { $0.container == nil }.count }
      }
      current = container.parent
    }
    return count
  }

  /// Every container a request this container cannot answer is tried in, nearest first: the
  /// collaborators of this container and its ancestors, then theirs, each once, none of this
  /// container's own family.
  func collaborationNetwork() -> [Container] {
    var family: [Container] = []
    var current: Container? = self
    while let container = current {
      family.append(container)
      current = container.parent
    }
    var network: [Container] = []
    var queue = family.flatMap(\.collaborators)
    while !queue.isEmpty {
      let next = queue.removeFirst()
      guard !family.contains(where: { $0 === next }), !network.contains(where: { $0 === next }) else { continue }
      network.append(next)
      queue += next.collaborators
    }
    return network
  }
}

extension Graph {
  /// The containers requests to `network` resolve in (see ``resolvingContainer(of:)``).
  ///
  /// - Throws: ``ResolutionError/Code/containerShutDown`` when one is an override that has ended (a
  ///   task started inside `withOverrides` that outlived it), as a `resolve` on that collaborator
  ///   throws: the real definitions must not answer in the mocks' place.
  private func overridingContainers(of network: [Container], _ key: DefinitionKey) throws(ResolutionError)
    -> [Container]
  {
    let collaborators = network.map(resolvingContainer(of:))
    for collaborator in collaborators
    where collaborator.isOverride && collaborator.hasShutDown.load(ordering: .acquiring) {
      throw containerShutDown(key, scope: false, overrides: true)
    }
    return collaborators
  }

  /// Resolves a key that `container` cannot answer in its collaborators (see
  /// ``Container/collaborate(with:)-(Container...)``): the first that has a definition for it,
  /// else the first that can auto-wire it.
  func resolveInCollaborators(_ key: DefinitionKey, arguments: Any, from container: Container)
    throws(ResolutionError) -> Any?
  {
    let network = container.collaborationNetwork()
    guard !network.isEmpty else { return nil }
    // Inside `withOverrides` of a collaborator, the request resolves in its override, as a
    // `resolve` on the collaborator would.
    let collaborators = try overridingContainers(of: network, key)
    for collaborator in collaborators {
      if let found = lookupInSnapshots(key, from: collaborator) {
        if isAskingGraphsOwn(collaborator) {
          return try resolveInAskingGraph(key, arguments: arguments, from: container)
        }
        extras.collaborators.append(collaborator)
        return try found.entry.produce(
          arguments: arguments, in: self, requested: key, owner: found.owner, lookup: collaborator
        ).instance
      }
    }
    guard !key.hasArguments else { return nil }
    for collaborator in collaborators {
      extras.collaborators.append(collaborator)
      if let produced = try autowire(key, from: collaborator) { return produced }
      extras.collaborators.removeLast()
    }
    return nil
  }
}

extension Graph {
  /// ``resolveInCollaborators(_:arguments:from:)`` in an async resolution: what a collaborator
  /// has a definition for is made with `await`, in its own isolation.
  ///
  /// ```swift
  /// if let produced = try await resolveInCollaboratorsAsync(key, arguments: arguments, from: container) { ... }
  /// ```
  func resolveInCollaboratorsAsync(_ key: DefinitionKey, arguments: Any, from container: Container) async throws
    -> Any?
  {
    let network = container.collaborationNetwork()
    guard !network.isEmpty else { return nil }
    let collaborators = try overridingContainers(of: network, key)
    for collaborator in collaborators {
      if let found = lookupInSnapshots(key, from: collaborator) {
        if isAskingGraphsOwn(collaborator) {
          return try await resolveInAskingGraphAsync(key, arguments: arguments, from: container)
        }
        extras.collaborators.append(collaborator)
        return try await found.entry.produceAsync(
          arguments: arguments, in: self, requested: key, owner: found.owner, lookup: collaborator
        ).instance
      }
    }
    guard !key.hasArguments else { return nil }
    for collaborator in collaborators {
      extras.collaborators.append(collaborator)
      if let produced = try await autowireAsync(key, from: collaborator) { return produced }
      extras.collaborators.removeLast()
    }
    return nil
  }
}

extension Graph {
  /// Whether `collaborator` is the container the graph started in or one of its ancestors, seen
  /// again through collaboration (a module's definition, resolved in a scope of the app, takes one
  /// of the app's): its definitions are then resolved as the graph's root resolves them, so a
  /// `.scoped` one is the scope's and what the scope registered comes first. Not while a singleton
  /// is made, which must not capture one graph's instances (see
  /// ``resolveInAskingGraph(_:arguments:from:)``).
  private func isAskingGraphsOwn(_ collaborator: Container) -> Bool {
    let root = root
    return root !== collaborator && !isBuildingSingleton && root.isSelfOrAncestor(collaborator)
  }

  /// Resolves a key that `container`, its ancestors and its collaborators cannot answer in the
  /// containers of the graph that asked: the graph's root (where the top-level `resolve` started)
  /// and its ancestors. A collaborator resolves in the same object graph, so what a screen's
  /// graph provides (its presenter) answers a module's definition resolved for that screen.
  ///
  /// Only for a request that reached another family of containers (through collaboration): a
  /// parent never sees its child's definitions. Never while a singleton is being made (a frame of
  /// one on the path): a singleton resolves its dependencies in the container that owns it and
  /// must not capture one graph's instances, in a collaborator as in a parent.
  func resolveInAskingGraph(_ key: DefinitionKey, arguments: Any, from container: Container)
    throws(ResolutionError) -> Any?
  {
    let root = root
    guard container.family !== root.family, !isBuildingSingleton,
      let found = lookup(key, from: root)
    else { return nil }
    return try found.entry.produce(
      arguments: arguments, in: self, requested: key, owner: found.owner, lookup: root
    ).instance
  }

  /// ``resolveInAskingGraph(_:arguments:from:)`` in an async resolution: what the asking graph's
  /// containers have a definition for is made with `await`, in its own isolation.
  func resolveInAskingGraphAsync(_ key: DefinitionKey, arguments: Any, from container: Container) async throws
    -> Any?
  {
    let root = root
    guard container.family !== root.family, !isBuildingSingleton,
      let found = lookup(key, from: root)
    else { return nil }
    return try await found.entry.produceAsync(
      arguments: arguments, in: self, requested: key, owner: found.owner, lookup: root
    ).instance
  }
}

extension Graph {
  /// The scope a `.scoped` definition requested from `lookup` makes its instance for: the scope
  /// `lookup` is in; for a collaborator's definition (a container of another family, reached
  /// through collaboration), the scope the graph started in, as a collaborator's `.shared`
  /// instances are that scope's. None while a singleton is being made: it resolves its
  /// dependencies outside any scope, in a collaborator as in its own container.
  func scopeContainer(forScopedIn lookup: Container) -> Container? {
    if let scope = lookup.scopeContainer { return scope }
    let root = root
    guard lookup.family !== root.family, !isBuildingSingleton else { return nil }
    return root.scopeContainer
  }
}

extension Container {
  /// Whether a definition for `key` exists here, in an ancestor or in a collaborator, for a request
  /// made now in this task (through the overrides installed for them).
  func canFind(_ key: DefinitionKey) -> Bool {
    lookupHonoringOverrides(key) != nil
      || collaborationNetwork().contains { ($0.activeOverride ?? $0).lookupHonoringOverrides(key) != nil }
  }
}
