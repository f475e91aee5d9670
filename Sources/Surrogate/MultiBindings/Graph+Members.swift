extension Graph {
  /// The contributions to `collection` that a request from `requester` sees, in order: its
  /// ancestors' first (the root-most first), then its own; with the container that made each.
  ///
  /// Read from this graph's snapshots, like every lookup of the graph, and through the same
  /// containers: inside `withOverrides`, an overridden ancestor's override contributes after the
  /// ancestor (see ``lookupChain(from:)``).
  func contributions(to collection: DefinitionKey, from requester: Container)
    -> [(contribution: Contribution, owner: Container)]
  {
    let chain = lookupChain(from: requester)
    var found: [(contribution: Contribution, owner: Container)] = []
    for container in chain.reversed() {
      for contribution in snapshot(of: container).registry.contributions.list(for: collection) {
        found.append((contribution, container))
      }
    }
    return found
  }

  /// Builds one member of `collection` in this graph, as an `Element`.
  ///
  /// A closure registered with `register(into:)` is requested as its element type, untagged, so
  /// that it resolves what it needs as any `.shared` definition of the graph does; a failure names
  /// the member itself in its path. A definition that contributes itself is requested by its key,
  /// like any dependency: a `.shared` one is the instance the rest of the graph gets.
  func member<Element>(
    _ contribution: Contribution, of owner: Container, as _: Element.Type, in collection: DefinitionKey,
    from requester: Container
  ) throws(ResolutionError) -> Element {
    let instance: Any
    if contribution.isOwnRegistration {
      instance = try produceMember(contribution.member, of: owner, from: requester)
    } else {
      instance = try resolveErased(contribution.member, arguments: (), from: requester)
    }
    guard let element = instance as? Element else {
      throw notAnElement(instance, member: contribution.member, of: collection, elementType: Element.self)
    }
    return element
  }

  /// ``member(_:of:as:in:from:)`` in an async resolution: the member is made with `await`, in
  /// its own isolation (an `async` member awaited, a main-actor one on the main actor), so the
  /// collection's factory runs once whatever its members need.
  ///
  /// ```swift
  /// members.append(try await graph.memberAsync(contribution, of: owner, as: Element.self, in: key, from: requester))
  /// ```
  func memberAsync<Element>(
    _ contribution: Contribution, of owner: Container, as _: Element.Type, in collection: DefinitionKey,
    from requester: Container
  ) async throws -> Element {
    let instance: Any
    if contribution.isOwnRegistration {
      instance = try await produceMemberAsync(contribution.member, of: owner, from: requester)
    } else {
      instance = try await resolveErasedAsync(contribution.member, arguments: (), from: requester)
    }
    guard let element = instance as? Element else {
      throw notAnElement(instance, member: contribution.member, of: collection, elementType: Element.self)
    }
    return element
  }

  /// Produces the registration of `register(into:)` under the hidden key `member` (in `owner`),
  /// requested as its element type; an error's path names the member where the request stands.
  func produceMember(_ member: DefinitionKey, of owner: Container, from requester: Container)
    throws(ResolutionError) -> Any
  {
    guard let entry = snapshot(of: owner).entry(for: member) else { throw notFound(member, in: owner) }
    let requested = DefinitionKey(type: member.type)
    let depth = frameCount
    do {
      return try entry.produce(arguments: (), in: self, requested: requested, owner: owner, lookup: requester).instance
    } catch {
      throw error.naming(member, requestedAs: requested, at: depth)
    }
  }

  /// ``produceMember(_:of:from:)`` in an async resolution.
  func produceMemberAsync(_ member: DefinitionKey, of owner: Container, from requester: Container) async throws -> Any {
    isAsync = true
    guard let entry = snapshot(of: owner).entry(for: member) else { throw notFound(member, in: owner) }
    let requested = DefinitionKey(type: member.type)
    let depth = frameCount
    do {
      let produced = try await entry.produceAsync(
        arguments: (), in: self, requested: requested, owner: owner, lookup: requester)
      return produced.instance
    } catch let error as ResolutionError {
      throw error.naming(member, requestedAs: requested, at: depth)
    }
  }

  /// A contributed definition whose instance is not of the collection's element type.
  func notAnElement(_ instance: Any, member: DefinitionKey, of collection: DefinitionKey, elementType: Any.Type)
    -> ResolutionError
  {
    let made = typeName(Swift.type(of: instance))
    let wanted = typeName(elementType)
    return ResolutionError(
      .invalidType, key: member, path: path(to: member),
      message: "\(member) is contributed to \(collection), but its instance of type \(made) is not a \(wanted).",
      remedy: "Make \(made) conform to \(wanted), or remove `.contributes(to:)` from the registration of \(member).",
      nearby: [collection])
  }

  /// Two contributions to the map `collection` under one key.
  func duplicateKey(_ mapKey: DefinitionTag, in collection: DefinitionKey, first: DefinitionKey, second: DefinitionKey)
    -> ResolutionError
  {
    ResolutionError(
      .duplicateCollectionKey, key: second, path: path(to: second),
      message: "\(collection) has two members under key \(mapKey): \(first) and \(second).",
      remedy: "Give each member of \(typeName(collection.type)) a key of its own, or remove one of them: a map holds "
        + "one member per key, and a child container's members join its parent's.",
      nearby: [first, second])
  }

  /// Nothing is contributed to `key`, a collection type nothing else answers: it is empty, and a
  /// validation notes where it was asked for. A contribution turned away after `bootstrap()` is
  /// that error instead.
  func emptyCollection(_ collection: any ResolvableCollection.Type, _ key: DefinitionKey, from container: Container)
    throws(ResolutionError) -> Any
  {
    if let rejected = container.rejectedDefinition(of: key, path: path(to: key)) { throw rejected }
    noteEmptyCollection(path: path(to: key))
    return collection.empty
  }
}

extension ResolutionError {
  /// This error with step `index` of its path, a member requested as its element type
  /// (`requested`), named as the member: `Array<HealthCheck> → HealthCheck #2 of … → Pool`. When the
  /// member itself failed, its key and message name it too.
  func naming(_ member: DefinitionKey, requestedAs requested: DefinitionKey, at index: Int) -> ResolutionError {
    guard path.indices.contains(index), path[index] == requested else { return self }
    var path = self.path
    path[index] = member
    let isMember = index == path.count - 1 && key == requested
    var text = self.text
    if isMember, case .written(let message) = text {
      text = .written(message.replacing(requested.description, with: member.description, maxReplacements: 1))
    }
    return ResolutionError(
      code, key: isMember ? member : key, path: path, text: text, remedy: writtenRemedy, cause: cause,
      nearby: details?.nearby ?? [], properties: properties, askers: askers)
  }
}
