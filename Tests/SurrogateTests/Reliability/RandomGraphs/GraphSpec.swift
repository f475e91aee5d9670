import SuiteSupport
import Surrogate

/// A tag a random registration or request may carry: two strings and an integer, so that lookups
/// must tell `"a"` from `"b"` and a string from an `Int`.
enum TagSpec: CaseIterable, Hashable, Sendable, CustomStringConvertible {
  case a, b, seven

  var value: any Hashable & Sendable {
    switch self {
    case .a: "a"
    case .b: "b"
    case .seven: 7
    }
  }

  var description: String {
    switch self {
    case .a: "\"a\""
    case .b: "\"b\""
    case .seven: "7"
    }
  }
}

/// What a request asks for: one of the node classes, or one of the protocols they may conform to.
enum Target: Hashable, Sendable, CustomStringConvertible {
  case node(Int)
  case proto(Int)

  var description: String {
    switch self {
    case .node(let kind): "N\(kind)"
    case .proto(let index): "P\(index)"
    }
  }
}

/// A definition key as the model sees it: the target, the tag, and whether it takes an `Int`
/// runtime argument.
struct ModelKey: Hashable, Sendable, CustomStringConvertible {
  let target: Target
  let tag: TagSpec?
  let hasArgument: Bool

  var untagged: ModelKey { ModelKey(target: target, tag: nil, hasArgument: hasArgument) }

  var description: String {
    "\(target)" + (tag.map { "#\($0)" } ?? "") + (hasArgument ? "(Int)" : "")
  }
}

/// One `resolve` call: at the top level, in a factory, or in a `resolvingProperties` block.
struct Request: Sendable, CustomStringConvertible {
  let target: Target
  let tag: TagSpec?
  let argument: Int?
  let isOptional: Bool

  var key: ModelKey { ModelKey(target: target, tag: tag, hasArgument: argument != nil) }

  var description: String {
    "\(target)" + (isOptional ? "?" : "") + (tag.map { "#\($0)" } ?? "") + (argument.map { "(\($0))" } ?? "")
  }
}

enum ScopeSpec: CaseIterable, Sendable, CustomStringConvertible {
  case unique, shared, singleton, eagerSingleton, weakSingleton

  var scope: Scope {
    switch self {
    case .unique: .unique
    case .shared: .shared
    case .singleton: .singleton
    case .eagerSingleton: .eagerSingleton
    case .weakSingleton: .weakSingleton
    }
  }

  var isSingleton: Bool { self == .singleton || self == .eagerSingleton || self == .weakSingleton }

  var description: String { "\(scope)" }
}

/// A forwarded type: `.implements(P<index>.self, tag:)`.
struct ForwardSpec: Sendable, CustomStringConvertible {
  let proto: Int
  let tag: TagSpec?

  var description: String { "P\(proto)" + (tag.map { "#\($0)" } ?? "") }
}

/// One `register` call: a node class under a tag, with or without an `Int` argument, in a scope,
/// whose factory resolves `constructor` (in order) and whose `resolvingProperties` blocks resolve
/// `properties` (one block per request), forwarding `forwards`.
struct RegistrationSpec: Sendable, CustomStringConvertible {
  let kind: Int
  let tag: TagSpec?
  let takesArgument: Bool
  let scope: ScopeSpec
  let constructor: [Request]
  let properties: [Request]
  let forwards: [ForwardSpec]

  var key: ModelKey { ModelKey(target: .node(kind), tag: tag, hasArgument: takesArgument) }

  var description: String {
    "register(\(scope)) \(key) init\(constructor) properties\(properties)"
      + (forwards.isEmpty ? "" : " implements\(forwards)")
  }
}

/// A random registration set, the requests made of it, and the container's depth limit.
struct GraphSpec: Sendable, CustomStringConvertible {
  static let nodeKinds = 6
  static let protocols = 3

  let registrations: [RegistrationSpec]
  let roots: [Request]
  let maximumDepth: Int

  var bootstraps: Bool { registrations.contains { $0.scope == .eagerSingleton } }

  var description: String {
    (["Container(maximumDepth: \(maximumDepth))"] + registrations.map(\.description)
      + (bootstraps ? ["bootstrap()"] : []) + roots.map { "resolve \($0)" })
      .joined(separator: "\n")
  }

  static func random(using generator: inout SeededGenerator) -> GraphSpec {
    var registrations: [RegistrationSpec] = []
    let count = Int.random(in: 1...8, using: &generator)
    // Keys first, so that requests can aim at registered keys most of the time (a random key
    // would almost always be missing).
    var keys: [(kind: Int, tag: TagSpec?, takesArgument: Bool)] = []
    for _ in 0..<count {
      keys.append(
        (
          Int.random(in: 0..<nodeKinds, using: &generator),
          generator.chance(35) ? TagSpec.allCases.randomElement(using: &generator) : nil,
          generator.chance(15)
        ))
    }
    var forwards: [[ForwardSpec]] = []
    for _ in 0..<count {
      forwards.append(
        (0..<Int.random(in: 0...2, using: &generator)).map { _ in
          ForwardSpec(
            proto: Int.random(in: 0..<protocols, using: &generator),
            tag: generator.chance(25) ? TagSpec.allCases.randomElement(using: &generator) : nil)
        })
    }
    func request(_ generator: inout SeededGenerator) -> Request {
      let target: Target
      var tag: TagSpec?
      var hasArgument = false
      let aimed = Int.random(in: 0..<100, using: &generator)
      if aimed < 55 {
        let key = keys.randomElement(using: &generator)!
        target = .node(key.kind)
        tag = key.tag
        hasArgument = key.takesArgument
      } else if aimed < 80, let forward = forwards.joined().randomElement(using: &generator) {
        target = .proto(forward.proto)
        tag = forward.tag
      } else {
        target =
          generator.chance(70)
          ? .node(Int.random(in: 0..<nodeKinds, using: &generator))
          : .proto(Int.random(in: 0..<protocols, using: &generator))
        tag = generator.chance(30) ? TagSpec.allCases.randomElement(using: &generator) : nil
        hasArgument = generator.chance(10)
      }
      // Sometimes ask with another tag than the one registered: exact tag, then untagged.
      if generator.chance(10) { tag = TagSpec.allCases.randomElement(using: &generator) }
      return Request(
        target: target, tag: tag, argument: hasArgument ? Int.random(in: 0..<5, using: &generator) : nil,
        isOptional: generator.chance(15))
    }
    for index in 0..<count {
      let constructor = (0..<Int.random(in: 0...2, using: &generator)).map { _ in request(&generator) }
      let properties = (0..<Int.random(in: 0...2, using: &generator)).map { _ in request(&generator) }
      registrations.append(
        RegistrationSpec(
          kind: keys[index].kind, tag: keys[index].tag, takesArgument: keys[index].takesArgument,
          scope: ScopeSpec.allCases.randomElement(using: &generator)!,
          constructor: constructor, properties: properties, forwards: forwards[index]))
    }
    let roots = (0..<Int.random(in: 1...4, using: &generator)).map { _ in request(&generator) }
    let maximumDepth = generator.chance(20) ? Int.random(in: 1...5, using: &generator) : 500
    return GraphSpec(registrations: registrations, roots: roots, maximumDepth: maximumDepth)
  }
}
