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

  /// A weak reference to another container.
  final class ForeignContainer: Sendable {
    weak let container: Container?
    init(_ container: Container) { self.container = container }
  }

  init(
    id: RegistrationID, key: DefinitionKey, sourceKey: DefinitionKey, blocks: [Block] = [],
    forwardsWeakly: Bool = false, wrap: (@Sendable (Any) -> Any)? = nil, foreignSource: ForeignContainer? = nil
  ) {
    self.id = id
    self.key = key
    self.sourceKey = sourceKey
    self.blocks = blocks
    self.forwardsWeakly = forwardsWeakly
    self.wrap = wrap
    self.foreignSource = foreignSource
  }

  var isForwarding: Bool { true }
  var implementationType: Any.Type? { nil }

  func appending(_ block: @escaping Block) -> Forwarding {
    Forwarding(
      id: id, key: key, sourceKey: sourceKey, blocks: blocks + [block], forwardsWeakly: forwardsWeakly, wrap: wrap,
      foreignSource: foreignSource)
  }

  func produce(arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    throws(ResolutionError) -> Produced
  {
    let source = try self.source(in: graph, requested: requested, owner: owner)
    let produced = try source.entry.produce(
      arguments: arguments, in: graph, requested: requested, owner: source.owner, lookup: lookup)
    return try finish(produced, in: graph, requested: requested, lookup: lookup)
  }

  func produceAsync(arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    async throws -> Produced
  {
    let source = try self.source(in: graph, requested: requested, owner: owner)
    let produced = try await source.entry.produceAsync(
      arguments: arguments, in: graph, requested: requested, owner: source.owner, lookup: lookup)
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
          remedy: "Keep the container that registered \(sourceKey) alive as long as this one, or register \(sourceKey) here.",
          nearby: [sourceKey])
      }
      owner = container
    }
    guard let source = owner.forwardingSource(sourceKey, in: graph.snapshot(of:)) else {
      throw graph.notFound(sourceKey, in: owner, forwardedFrom: requested)
    }
    graph.observer?.forwarded(requested, to: sourceKey, weakly: forwardsWeakly)
    return source
  }

  /// Casts the source's instance to the forwarded type and runs this forwarding's blocks.
  private func finish(_ produced: Produced, in graph: Graph, requested: DefinitionKey, lookup: Container)
    throws(ResolutionError) -> Produced
  {
    let handedOut = wrap.map { $0(produced.instance) } ?? produced.instance
    guard let instance = handedOut as? Forwarded else {
      throw graph.invalidType(requested: requested, instance: handedOut, source: sourceKey)
    }
    if produced.isNew, !blocks.isEmpty {
      let resolver = Resolver(graph: graph, container: lookup, tagSlot: requested.tagSlot)
      graph.push(Graph.Frame(key: requested, id: id))
      graph.markConstructed()  // the instance exists: this frame only runs the forwarding's blocks
      defer { graph.pop() }
      do {
        for block in blocks { try block(resolver, instance) }
      } catch {
        throw graph.wrap(error, code: .propertyInjectionFailed, key: requested)
      }
    }
    return Produced(instance: instance, isNew: produced.isNew)
  }
}
