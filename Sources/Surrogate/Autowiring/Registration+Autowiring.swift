/// Type-erased access to a registration's auto-wiring, for requests without runtime arguments.
protocol Autowirable: Entry {
  var argumentTypes: [Any.Type] { get }
  func produceAutowired(in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    throws(ResolutionError) -> Produced?
  /// How this registration resolves its runtime arguments from the container, typed for a
  /// registration that takes the same ones (a decorator's), or `nil`.
  func argumentResolver<Arguments>(
    for _: Arguments.Type
  ) -> (@Sendable (Resolver) throws(ResolutionError) -> Arguments)?
  /// ``argumentResolver(for:)`` for an async resolution.
  func asyncArgumentResolver<Arguments>(for _: Arguments.Type) -> (@Sendable (Resolver) async throws -> Arguments)?
  /// ``produceAutowired(in:requested:owner:lookup:)`` in an async resolution.
  func produceAutowiredAsync(in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    async throws -> Produced?
}

extension Registration: Autowirable {
  func argumentResolver<Other>(
    for _: Other.Type
  ) -> (@Sendable (Resolver) throws(ResolutionError) -> Other)? {
    resolveArguments as? @Sendable (Resolver) throws(ResolutionError) -> Other
  }

  func asyncArgumentResolver<Other>(for _: Other.Type) -> (@Sendable (Resolver) async throws -> Other)? {
    resolveArgumentsAsync as? @Sendable (Resolver) async throws -> Other
  }

  /// ``produceAutowired(in:requested:owner:lookup:)`` in an async resolution: the runtime
  /// arguments, then the instance, are made with `await`, in their own isolation, so an `async`
  /// argument never makes the arguments before it twice.
  ///
  /// ```swift
  /// container.register { (r, session: Session) in Client(session: session) }
  /// let client = try await container.resolve(Client.self)  // Session awaited, Client made once
  /// ```
  func produceAutowiredAsync(in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    async throws -> Produced?
  {
    if resolveArguments != nil, let instance = existing(in: graph, requested: requested) {
      return Produced(instance: instance, isNew: false)
    }
    guard let arguments = try await autowiredArgumentsAsync(in: graph, requested: requested, lookup: lookup) else {
      return nil
    }
    var isNew = false
    let instance = try await produceAsync(
      arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
    return Produced(instance: instance, isNew: isNew)
  }

  func produceAutowired(in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    throws(ResolutionError) -> Produced?
  {
    // What this graph already made for the request is reused before the arguments are resolved.
    if resolveArguments != nil, let instance = existing(in: graph, requested: requested) {
      return Produced(instance: instance, isNew: false)
    }
    guard let arguments = try autowiredArguments(in: graph, requested: requested, lookup: lookup) else { return nil }
    var isNew = false
    let instance = try produce(arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
    return Produced(instance: instance, isNew: isNew)
  }

  /// Auto-wiring: resolves this registration's runtime arguments from the container, on the path
  /// under the request (so an error names it, and an argument that needs it is a cycle).
  func autowiredArguments(in graph: Graph, requested: DefinitionKey, lookup: Container)
    throws(ResolutionError) -> Arguments?
  {
    guard let resolveArguments else { return nil }
    try graph.checkCycleAndDepth(id: id, requested: requested)
    graph.push(Graph.Frame(key: requested, id: id))
    defer { graph.pop() }
    return try resolveArguments(Resolver(graph: graph, container: lookup, tagSlot: requested.tagSlot))
  }

  /// ``autowiredArguments(in:requested:lookup:)`` in an async resolution.
  func autowiredArgumentsAsync(in graph: Graph, requested: DefinitionKey, lookup: Container) async throws
    -> Arguments?
  {
    guard let resolveArgumentsAsync else { return nil }
    try graph.checkCycleAndDepth(id: id, requested: requested)
    graph.push(Graph.Frame(key: requested, id: id))
    defer { graph.pop() }
    return try await resolveArgumentsAsync(Resolver(graph: graph, container: lookup, tagSlot: requested.tagSlot))
  }
}
