import SuiteSupport
import Surrogate

/// What every random node records: its kind, its runtime argument, and what its factory and its
/// `resolvingProperties` blocks resolved (`nil` for an optional that came back empty).
class RandomNode {
  let kind: Int
  let argument: Int?
  let constructorDependencies: [AnyObject?]
  var propertyDependencies: [AnyObject?] = []

  required init(kind: Int, argument: Int?, constructorDependencies: [AnyObject?]) {
    self.kind = kind
    self.argument = argument
    self.constructorDependencies = constructorDependencies
  }
}

protocol RandomP0: AnyObject {}
protocol RandomP1: AnyObject {}
protocol RandomP2: AnyObject {}

// NB: keep in step with `RandomNodes.conforms`; a test checks the two agree.
final class RandomN0: RandomNode, RandomP0 {}
final class RandomN1: RandomNode, RandomP1 {}
final class RandomN2: RandomNode, RandomP0, RandomP1 {}
final class RandomN3: RandomNode, RandomP2 {}
final class RandomN4: RandomNode {}
final class RandomN5: RandomNode, RandomP0, RandomP2 {}

/// Maps the random specs onto real types, registrations and `resolve` calls.
enum RandomNodes {
  /// Which node kind conforms to which protocol, as the model sees it.
  static func conforms(kind: Int, to proto: Int) -> Bool {
    switch (kind, proto) {
    case (0, 0), (1, 1), (2, 0), (2, 1), (3, 2), (5, 0), (5, 2): true
    default: false
    }
  }

  static func type(of target: Target) -> Any.Type {
    switch target {
    case .node(0): RandomN0.self
    case .node(1): RandomN1.self
    case .node(2): RandomN2.self
    case .node(3): RandomN3.self
    case .node(4): RandomN4.self
    case .node(5): RandomN5.self
    case .proto(0): (any RandomP0).self
    case .proto(1): (any RandomP1).self
    case .proto(2): (any RandomP2).self
    default: fatalError("no type for \(target)")
    }
  }

  /// The key the container reports for a model key.
  static func definitionKey(_ key: ModelKey) -> DefinitionKey {
    DefinitionKey(
      type: type(of: key.target), argumentsType: key.hasArgument ? Int.self : Void.self,
      tag: key.tag.map { DefinitionTag($0.value) })
  }

  // MARK: - Resolving

  static func fetch(_ request: Request, from resolver: some NodeResolving) throws(ResolutionError) -> AnyObject? {
    switch request.target {
    case .node(0): try fetch(RandomN0.self, request, resolver)
    case .node(1): try fetch(RandomN1.self, request, resolver)
    case .node(2): try fetch(RandomN2.self, request, resolver)
    case .node(3): try fetch(RandomN3.self, request, resolver)
    case .node(4): try fetch(RandomN4.self, request, resolver)
    case .node(5): try fetch(RandomN5.self, request, resolver)
    case .proto(0): try fetch((any RandomP0).self, request, resolver)
    case .proto(1): try fetch((any RandomP1).self, request, resolver)
    case .proto(2): try fetch((any RandomP2).self, request, resolver)
    default: fatalError("no type for \(request.target)")
    }
  }

  private static func fetch<T>(_ type: T.Type, _ request: Request, _ resolver: some NodeResolving)
    throws(ResolutionError) -> AnyObject?
  {
    if request.isOptional {
      return try resolver.resolveNode(T?.self, tag: request.tag, argument: request.argument).map { $0 as AnyObject }
    }
    return try resolver.resolveNode(T.self, tag: request.tag, argument: request.argument) as AnyObject
  }

  // MARK: - Registering

  static func register(_ spec: RegistrationSpec, in container: Container, creations: Locked<[Int: Int]>) {
    switch spec.kind {
    case 0: register(RandomN0.self, spec, container, creations)
    case 1: register(RandomN1.self, spec, container, creations)
    case 2: register(RandomN2.self, spec, container, creations)
    case 3: register(RandomN3.self, spec, container, creations)
    case 4: register(RandomN4.self, spec, container, creations)
    case 5: register(RandomN5.self, spec, container, creations)
    default: fatalError("no node kind \(spec.kind)")
    }
  }

  private static func register<N: RandomNode>(
    _ type: N.Type, _ spec: RegistrationSpec, _ container: Container, _ creations: Locked<[Int: Int]>
  ) {
    @Sendable func make(_ r: Resolver, _ argument: Int?) throws(ResolutionError) -> N {
      var dependencies: [AnyObject?] = []
      for request in spec.constructor { dependencies.append(try fetch(request, from: r)) }
      creations.withLock { $0[spec.kind, default: 0] += 1 }
      return N(kind: spec.kind, argument: argument, constructorDependencies: dependencies)
    }
    if spec.takesArgument {
      configure(container.register(spec.scope.scope, tag: spec.tag?.value) { (r, x: Int) in try make(r, x) }, spec)
    } else {
      configure(container.register(spec.scope.scope, tag: spec.tag?.value) { r in try make(r, nil) }, spec)
    }
  }

  private static func configure<N: RandomNode, Arguments>(
    _ definition: Definition<N, Arguments>, _ spec: RegistrationSpec
  ) {
    for forward in spec.forwards {
      switch forward.proto {
      case 0: definition.implements((any RandomP0).self, tag: forward.tag?.value)
      case 1: definition.implements((any RandomP1).self, tag: forward.tag?.value)
      default: definition.implements((any RandomP2).self, tag: forward.tag?.value)
      }
    }
    for request in spec.properties {
      definition.resolvingProperties { r, node in node.propertyDependencies.append(try fetch(request, from: r)) }
    }
  }
}

/// A container or a factory's resolver: where a random request is resolved.
protocol NodeResolving {
  func resolveNode<T>(_ type: T.Type, tag: TagSpec?, argument: Int?) throws(ResolutionError) -> T
}

extension Resolver: NodeResolving {
  func resolveNode<T>(_ type: T.Type, tag: TagSpec?, argument: Int?) throws(ResolutionError) -> T {
    if let argument { return try resolve(type, tag: tag?.value, arguments: argument) }
    return try resolve(type, tag: tag?.value)
  }
}

extension Container: NodeResolving {
  func resolveNode<T>(_ type: T.Type, tag: TagSpec?, argument: Int?) throws(ResolutionError) -> T {
    if let argument { return try resolve(type, tag: tag?.value, arguments: argument) }
    return try resolve(type, tag: tag?.value)
  }
}
