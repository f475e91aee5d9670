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
    // What this graph already made for the request is reused before the arguments are resolved.
    if resolveArguments != nil, let instance = existing(in: graph, requested: requested) {
      return Produced(instance: instance, isNew: false)
    }
    guard let arguments = try autowiredArguments(in: graph, requested: requested, lookup: lookup) else { return nil }
    var isNew = false
    let instance = try produce(arguments, in: graph, requested: requested, owner: owner, lookup: lookup, isNew: &isNew)
    return Produced(instance: instance, isNew: isNew)
  }
}
