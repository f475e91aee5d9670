/// A registered factory: scope, factory, `resolvingProperties` blocks and, for singleton scopes,
/// the instance store.
final class Registration<Instance, Arguments>: Entry {
  typealias Factory = @Sendable (Resolver, Arguments) throws -> Instance
  typealias Block = @Sendable (Resolver, Instance) throws -> Void
  typealias ArgumentResolver = @Sendable (Resolver) throws(ResolutionError) -> Arguments

  let id: RegistrationID
  let key: DefinitionKey
  let scope: Scope
  let factory: Factory
  let blocks: [Block]
  /// Resolves the runtime arguments from the container, for auto-wiring a request without them.
  let resolveArguments: ArgumentResolver?
  let argumentTypes: [Any.Type]
  let store: SingletonStore<Instance>?

  init(
    id: RegistrationID, key: DefinitionKey, scope: Scope, factory: @escaping Factory, blocks: [Block] = [],
    resolveArguments: ArgumentResolver?, argumentTypes: [Any.Type], store: SingletonStore<Instance>? = nil
  ) {
    self.id = id
    self.key = key
    self.scope = scope
    self.factory = factory
    self.blocks = blocks
    self.resolveArguments = resolveArguments
    self.argumentTypes = argumentTypes
    self.store = store ?? (scope.isSingleton ? SingletonStore(key: key) : nil)
  }

  var sourceKey: DefinitionKey { key }
  var isForwarding: Bool { false }
  var implementationType: Any.Type? { Instance.self }

  func appending(_ block: @escaping Block) -> Registration {
    Registration(
      id: id, key: key, scope: scope, factory: factory, blocks: blocks + [block],
      resolveArguments: resolveArguments, argumentTypes: argumentTypes, store: store)
  }

  func produce(arguments: Any, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    throws(ResolutionError) -> Produced
  {
    // The key guarantees the argument type; a mismatch here is a bug in the registry.
    let arguments = arguments as! Arguments
    let (instance, isNew) = try produce(arguments, in: graph, requested: requested, owner: owner, lookup: lookup)
    return Produced(instance: instance, isNew: isNew)
  }

  /// Returns a live singleton without building a graph: the hot path of `resolve`.
  @inline(__always)
  var cachedInstance: Instance? { store?.cachedInstance }

  func produce(_ arguments: Arguments, in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    throws(ResolutionError) -> (Instance, isNew: Bool)
  {
    if scope.kind != .unique, let existing = graph.shared[id] {
      return (existing as! Instance, false)
    }
    if !graph.isValidation, let cached = store?.cachedInstance {
      if scope.kind == .weakSingleton { graph.hold(cached) }
      return (cached, false)
    }
    try graph.checkCycleAndDepth(id: id, requested: requested)

    var claim: SingletonStore<Instance>.Claim?
    if let store, !graph.isValidation {
      switch try store.claim(in: graph, requested: requested) {
      case .ready(let instance):
        if scope.kind == .weakSingleton { graph.hold(instance) }
        return (instance, false)
      case .create(let newClaim):
        claim = newClaim
      }
    }

    // A singleton resolves its dependencies in the container that owns it, so that it never
    // captures a child container's registrations and stays the same for every child.
    let dependencies = scope.isSingleton ? owner : lookup
    let resolver = Resolver(graph: graph, container: dependencies, tag: requested.tag)
    graph.push(Graph.Frame(key: requested, id: id))
    defer { graph.pop() }

    let instance: Instance
    do {
      instance = try factory(resolver, arguments)
    } catch {
      claim?.abandon()
      throw graph.wrap(error, code: .factoryFailed, key: requested)
    }
    if scope.kind != .unique { graph.shared[id] = instance }
    if scope.kind == .weakSingleton { graph.hold(instance) }
    graph.recordCreation(of: instance, key: requested, scope: scope)
    do {
      for block in blocks { try block(resolver, instance) }
    } catch {
      graph.shared[id] = nil
      claim?.abandon()
      throw graph.wrap(error, code: .propertyInjectionFailed, key: requested)
    }
    claim?.fulfil(instance, weakly: scope.kind == .weakSingleton)
    return (instance, true)
  }

  /// Auto-wiring: resolves this registration's runtime arguments from the container.
  func autowiredArguments(in graph: Graph, requested: DefinitionKey, lookup: Container)
    throws(ResolutionError) -> Arguments?
  {
    guard let resolveArguments else { return nil }
    return try resolveArguments(Resolver(graph: graph, container: lookup, tag: requested.tag))
  }
}

/// Type-erased access to a registration's auto-wiring, for requests without runtime arguments.
protocol Autowirable: Entry {
  var argumentTypes: [Any.Type] { get }
  func produceAutowired(in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    throws(ResolutionError) -> Produced?
}

extension Registration: Autowirable {
  func produceAutowired(in graph: Graph, requested: DefinitionKey, owner: Container, lookup: Container)
    throws(ResolutionError) -> Produced?
  {
    guard let arguments = try autowiredArguments(in: graph, requested: requested, lookup: lookup) else { return nil }
    let (instance, isNew) = try produce(arguments, in: graph, requested: requested, owner: owner, lookup: lookup)
    return Produced(instance: instance, isNew: isNew)
  }
}
