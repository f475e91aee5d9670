import Surrogate

/// The container's semantics as a plain interpreter over a ``GraphSpec``: no types, locks,
/// snapshots, caches or fast paths, just the rules.
///
/// - Lookup: the exact key (type, tag, argument type), then the untagged key; a forwarded type
///   resolves its source registration and must be implemented by the instance (`invalidType`,
///   checked as soon as a new instance is made, before its blocks run).
/// - Reuse: `.shared` and singleton scopes reuse the graph's instance; singletons reuse the
///   published one (a weak singleton only while something else keeps it alive).
/// - Cycles: asking for a registration already on the path is `circularDependency`; a path
///   `maximumDepth` long is `depthLimitExceeded`. The `resolvingProperties` blocks of an instance
///   made while a reusable registration's factory is running wait until the outermost such factory
///   has returned, and then run once, in the order their instances were made, before that
///   registration's own blocks; if it fails, they never run.
/// - Publication: a singleton is published when its graph ends. If the graph failed, a singleton
///   that used an unfinished instance, or whose blocks waited for a construction, is not
///   published; one complete on its own is. An instance is unfinished while its registration is on
///   the path, when its blocks wait, and when it was made from an unfinished one (a registration
///   once so in a graph stays so for it). Errors carry the requested key and the path of requested
///   keys.
final class ReferenceModel {
  struct Object {
    let kind: Int
    let argument: Int?
    let constructor: [Int?]
    var properties: [Int?] = []
  }

  struct Failure: Error, Equatable, CustomStringConvertible {
    let code: ResolutionError.Code
    let key: ModelKey
    let path: [ModelKey]

    var description: String { "\(code) for \(key) along \(path.map(\.description).joined(separator: " → "))" }
  }

  private struct Frame {
    let key: ModelKey
    let registration: Int
    let isReusable: Bool
    var isConstructing = true
  }

  /// The blocks of an instance, waiting for the construction at `depth` of the path.
  private struct Waiting {
    let registration: Int
    let object: Int
    let frame: Frame
    let depth: Int
  }

  private enum Found {
    case registration(Int)
    case forwarding(source: ModelKey, proto: Int)
  }

  let spec: GraphSpec
  private(set) var objects: [Object] = []
  /// Instances whose blocks had to wait for a factory, over the model's life (for coverage).
  private(set) var postponements = 0
  private var registrations: [ModelKey: Int] = [:]
  private var forwardings: [ModelKey: (source: ModelKey, proto: Int)] = [:]
  private var published: [Int: Int] = [:]
  private var roots: [Int] = []

  // The current top-level resolution.
  private var shared: [SharedKey: Int] = [:]

  /// What a graph reuses an instance by: its registration, and the requested tag when an untagged
  /// `.shared` registration answers a tagged request (an instance is never handed to another tag).
  private struct SharedKey: Hashable {
    let registration: Int
    let tag: TagSpec?
  }

  private func sharedKey(_ index: Int, requested: ModelKey) -> SharedKey {
    let registration = spec.registrations[index]
    let byTag = registration.scope == .shared && registration.key.tag == nil
    return SharedKey(registration: index, tag: byTag ? requested.tag : nil)
  }
  private var frames: [Frame] = []
  private var waiting: [Waiting] = []
  /// Requests answered with an unfinished instance (see the type's documentation).
  private var unfinishedReads = 0
  /// Registrations whose instance in this graph is complete only if the graph succeeds.
  private var pendingRegistrations: Set<Int> = []
  /// Singletons made in this graph, published when it ends (`conditional` ones only if it succeeded).
  private var pending: [(index: Int, object: Int, conditional: Bool)] = []
  private var alive: Set<Int> = []

  init(_ spec: GraphSpec) {
    self.spec = spec
    // Registering a key again replaces it (forwardings to it follow); last forwarding wins.
    for (index, registration) in spec.registrations.enumerated() {
      registrations[registration.key] = index
      for forward in registration.forwards {
        let key = ModelKey(target: .proto(forward.proto), tag: forward.tag, hasArgument: registration.takesArgument)
        forwardings[key] = (registration.key, forward.proto)
      }
    }
  }

  // MARK: - Top level

  /// `bootstrap()`: every eager singleton without arguments, in key order, until one fails.
  func bootstrap() -> Failure? {
    let eager = registrations.filter { key, index in
      spec.registrations[index].scope == .eagerSingleton && !key.hasArgument
    }
    .keys.sorted { RandomNodes.definitionKey($0).description < RandomNodes.definitionKey($1).description }
    for key in eager {
      if case .failure(let failure) = resolveTopLevel(
        Request(target: key.target, tag: key.tag, argument: nil, isOptional: false))
      {
        return failure
      }
    }
    return nil
  }

  /// One `container.resolve(...)`: a new graph.
  func resolveTopLevel(_ request: Request) -> Result<Int?, Failure> {
    alive = liveObjects()
    shared = [:]
    frames = []
    waiting = []
    unfinishedReads = 0
    pendingRegistrations = []
    pending = []
    do throws(Failure) {
      let result = try resolve(request)
      for publication in pending { published[publication.index] = publication.object }
      return .success(result)
    } catch {
      for publication in pending where !publication.conditional { published[publication.index] = publication.object }
      return .failure(error)
    }
  }

  /// The caller keeps this result alive (as the test keeps the real one).
  func keep(_ object: Int?) {
    if let object { roots.append(object) }
  }

  // MARK: - Resolution

  private func lookup(_ key: ModelKey) -> Found? {
    for candidate in key.tag == nil ? [key] : [key, key.untagged] {
      if let index = registrations[candidate] { return .registration(index) }
      if let forwarding = forwardings[candidate] {
        return .forwarding(source: forwarding.source, proto: forwarding.proto)
      }
    }
    return nil
  }

  private func path(to key: ModelKey) -> [ModelKey] { frames.map(\.key) + [key] }

  private func isRegisteredWithArgument(_ target: Target) -> Bool {
    registrations.keys.contains { $0.target == target && $0.hasArgument }
      || forwardings.keys.contains { $0.target == target && $0.hasArgument }
  }

  private func isRegisteredUntaggedWithoutArgument(_ target: Target) -> Bool {
    registrations.keys.contains { $0.target == target && !$0.hasArgument && $0.tag == nil }
      || forwardings.keys.contains { $0.target == target && !$0.hasArgument && $0.tag == nil }
  }

  private func resolve(_ request: Request) throws(Failure) -> Int? {
    let key = request.key
    switch lookup(key) {
    case nil:
      // `T?` is `nil` only when no definition of `T` takes arguments either, nor, for a request
      // with an argument, is registered untagged without one: otherwise its arguments are wrong.
      if request.isOptional, !isRegisteredWithArgument(key.target),
        !(key.hasArgument && isRegisteredUntaggedWithoutArgument(key.target))
      {
        return nil
      }
      throw Failure(code: .definitionNotFound, key: key, path: path(to: key))
    case .registration(let index):
      return try produce(index, requested: key, argument: request.argument)
    case .forwarding(let source, let proto):
      let object = try produce(
        registrations[source]!, requested: key, argument: request.argument, forwardedAs: (proto, frames.count))
      guard RandomNodes.conforms(kind: objects[object].kind, to: proto) else {
        throw Failure(code: .invalidType, key: key, path: path(to: key))
      }
      return object
    }
  }

  /// - Parameter forwardedAs: The protocol a forwarding asks the instance for, and the path's
  ///   length at that request: a new instance that lacks it is `invalidType` before its blocks run.
  private func produce(
    _ index: Int, requested: ModelKey, argument: Int?, forwardedAs: (proto: Int, depth: Int)? = nil
  ) throws(Failure) -> Int {
    let registration = spec.registrations[index]
    let isReusable = registration.scope != .unique
    if isReusable, let object = shared[sharedKey(index, requested: requested)] {
      if frames.contains(where: { $0.registration == index }) || pendingRegistrations.contains(index) {
        unfinishedReads += 1
      }
      return object
    }
    if registration.scope.isSingleton, let object = published[index],
      registration.scope != .weakSingleton || alive.contains(object)
    {
      return object
    }
    // An untagged `.shared` definition asked for under another tag is another instance, not a cycle.
    let reuse = sharedKey(index, requested: requested)
    if frames.contains(where: { $0.registration == index && sharedKey(index, requested: $0.key) == reuse }) {
      throw Failure(code: .circularDependency, key: requested, path: path(to: requested))
    }
    if frames.count >= spec.maximumDepth {
      throw Failure(code: .depthLimitExceeded, key: requested, path: path(to: requested))
    }
    frames.append(Frame(key: requested, registration: index, isReusable: isReusable))
    defer { frames.removeLast() }
    let readsBefore = unfinishedReads
    let pendingBefore = pending.count
    let depth = frames.count - 1
    var constructor: [Int?] = []
    do throws(Failure) {
      for request in registration.constructor { constructor.append(try resolve(request)) }
    } catch {
      waiting.removeAll { $0.depth == depth }  // what waited for this factory never runs
      throw error
    }
    let object = objects.count
    objects.append(Object(kind: registration.kind, argument: argument, constructor: constructor))
    frames[depth].isConstructing = false
    if isReusable { shared[sharedKey(index, requested: requested)] = object }
    do throws(Failure) {
      if let forwardedAs, !RandomNodes.conforms(kind: registration.kind, to: forwardedAs.proto) {
        throw Failure(
          code: .invalidType, key: requested, path: frames.prefix(forwardedAs.depth).map(\.key) + [requested])
      }
      try runWaiting(at: depth)
      if !registration.properties.isEmpty, let target = frames.firstIndex(where: { $0.isConstructing && $0.isReusable })
      {
        postponements += 1
        pendingRegistrations.insert(index)
        unfinishedReads += 1
        waiting.append(Waiting(registration: index, object: object, frame: frames[depth], depth: target))
      } else {
        try runBlocks(of: index, on: object, frame: frames[depth])
        publish(index, object, conditional: false)
      }
    } catch {
      waiting.removeAll { $0.depth == depth }
      throw error
    }
    if unfinishedReads != readsBefore {
      pendingRegistrations.insert(index)
      for position in pending.indices.dropFirst(pendingBefore) where pending[position].index == index {
        pending[position].conditional = true
      }
    }
    return object
  }

  private func runBlocks(of index: Int, on object: Int, frame: Frame) throws(Failure) {
    for request in spec.registrations[index].properties {
      do throws(Failure) {
        objects[object].properties.append(try resolve(request))
      } catch {
        shared[sharedKey(index, requested: frame.key)] = nil
        throw error
      }
    }
  }

  /// Runs the blocks that waited for the construction at `depth`, which has just finished; the
  /// singletons among their instances are published only if the graph succeeds.
  private func runWaiting(at depth: Int) throws(Failure) {
    let entries = waiting.filter { $0.depth == depth }
    waiting.removeAll { $0.depth == depth }
    for entry in entries {
      frames.append(entry.frame)
      defer { frames.removeLast() }
      try runBlocks(of: entry.registration, on: entry.object, frame: entry.frame)
      publish(entry.registration, entry.object, conditional: true)
    }
  }

  private func publish(_ index: Int, _ object: Int, conditional: Bool) {
    if spec.registrations[index].scope.isSingleton { pending.append((index, object, conditional)) }
  }

  // MARK: - Memory

  /// What reference counting keeps alive: the kept roots, the strong singletons, and every object
  /// on (or reachable from) a reference cycle.
  private func liveObjects() -> Set<Int> {
    func edges(_ object: Int) -> [Int] { (objects[object].constructor + objects[object].properties).compactMap { $0 } }
    func reachable(from starts: [Int]) -> Set<Int> {
      var seen = Set<Int>()
      var stack = starts
      while let next = stack.popLast() {
        if seen.insert(next).inserted { stack.append(contentsOf: edges(next)) }
      }
      return seen
    }
    let strongSingletons = published.filter { spec.registrations[$0.key].scope != .weakSingleton }.map(\.value)
    let onCycles = objects.indices.filter { reachable(from: edges($0)).contains($0) }
    return reachable(from: roots + strongSingletons + onCycles)
  }

  // MARK: - Comparison

  /// How many instances of each kind the factories made.
  var creations: [Int: Int] {
    objects.reduce(into: [:]) { counts, object in counts[object.kind, default: 0] += 1 }
  }

  /// The kept roots as a canonical string (see ``CanonicalGraph``).
  func canonicalRoots(_ results: [Int?]) -> String {
    CanonicalGraph.describe(results, identity: { $0 }) { object in
      let o = objects[object]
      return (o.kind, o.argument, o.constructor, o.properties)
    }
  }
}

/// Writes an object graph as text in which each object gets a number at its first visit, so that
/// two graphs give the same text exactly when they have the same shape and the same sharing.
enum CanonicalGraph {
  static func describe<Node>(
    _ roots: [Node?], identity: (Node) -> AnyHashable,
    contents: (Node) -> (kind: Int, argument: Int?, constructor: [Node?], properties: [Node?])
  ) -> String {
    var numbers: [AnyHashable: Int] = [:]
    var lines: [String] = []
    func visit(_ node: Node?) -> String {
      guard let node else { return "nil" }
      if let number = numbers[identity(node)] { return "#\(number)" }
      let number = numbers.count
      numbers[identity(node)] = number
      let (kind, argument, constructor, properties) = contents(node)
      let made = constructor.map(visit).joined(separator: ", ")
      let set = properties.map(visit).joined(separator: ", ")
      lines.append("#\(number) = N\(kind)" + (argument.map { "(\($0))" } ?? "") + " init[\(made)] properties[\(set)]")
      return "#\(number)"
    }
    let top = roots.map(visit)
    return (["roots [\(top.joined(separator: ", "))]"] + lines.sorted()).joined(separator: "\n")
  }
}
