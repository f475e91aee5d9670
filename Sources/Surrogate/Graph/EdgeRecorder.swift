/// Records, for a graph export or a validation, which definition asked for which.
final class EdgeRecorder: GraphObserver {
  /// Set by the graph export (see ``GraphObserver/distinguishesHiddenDefinitions``).
  let distinguishesHiddenDefinitions: Bool

  init(distinguishesHiddenDefinitions: Bool = false) {
    self.distinguishesHiddenDefinitions = distinguishesHiddenDefinitions
  }
  struct Request: Hashable {
    let from: DefinitionKey
    let to: DefinitionKey
    let requested: DefinitionKey
    let isWeak: Bool
    /// The scope of the definition that answered, when it was told: ``scopes`` holds one per key,
    /// and two definitions may answer one key in one validation (a singleton takes its own
    /// container's, ignoring an override that the other definitions get).
    var scope: Scope? = nil
    /// The scope of the definition that asked, when it was told, for the same reason: a child's
    /// `.unique` definition of a key its parent registers `.singleton` asks for what the parent's
    /// singleton asks for too, and only the singleton keeps it.
    var fromScope: Scope? = nil
  }

  private(set) var requests: [Request] = []
  /// What the definitions took as a `Lazy`, a `Provider` or their `async` forms: drawn, but apart
  /// from ``requests``, which captive-dependency and leak checks read as what a definition holds.
  private(set) var laterRequests: [LaterRequest] = []

  /// A request made through a `Lazy`, `Provider` or their `async` forms (`wrapper`), answered by a
  /// definition of `scope` (when known).
  struct LaterRequest {
    let request: Request
    let scope: Scope?
    let wrapper: String
    /// Whether calling a synchronous wrapper cannot make the definition (see
    /// ``GraphObserver/requestedLater(_:definition:scope:wrapper:needsAwait:)``).
    var needsAwait = false
  }
  private(set) var scopes: [DefinitionKey: Scope] = [:]
  /// The name of the type each decorator made, which its key's type (what its closure returns,
  /// perhaps the decorated existential) may not say.
  private(set) var decoratorTypes: [DefinitionKey: String] = [:]
  /// The definition that first answered each requested key (a forwarded type, a tag fallback, the
  /// outermost decorator of a decorated type).
  private var answered: [DefinitionKey: DefinitionKey] = [:]
  /// The definitions being built, innermost last, each with its scope when the request that
  /// built it said it (not a postponed block's frame).
  private var building: [(definition: DefinitionKey, scope: Scope?)] = []
  /// The definition the last request was answered by, and its scope: the one ``startedBuilding(_:)``
  /// builds next, if it builds one.
  private var lastAnswered: (definition: DefinitionKey, scope: Scope)?
  /// Requests that hand their instance out weakly, with the weak property that asked, if any.
  private var weakRequests: [DefinitionKey: String?] = [:]
  /// Definitions requested weakly (a weak forwarding, an `@InjectedWeak` property) that are not
  /// built yet, with who asked.
  private var pendingWeak: [DefinitionKey: (from: DefinitionKey, requested: DefinitionKey, property: String?)] = [:]
  /// Instances made because a weak forwarding or an `@InjectedWeak` property asked for them (see
  /// ``WeaklyMade``), since the last ``startAttempt()``.
  private(set) var weaklyMade: [WeaklyMade] = []
  /// Untagged requests whose type is registered with a tag that stopped above them: the tag, the
  /// path, and the index in the path of the request where it stopped.
  private(set) var stoppedTags: [(tag: DefinitionTag, path: [DefinitionKey], stoppedAt: Int)] = []

  /// An instance whose first holder in its graph holds it weakly: if nothing else holds it, it
  /// is released as soon as the graph is.
  struct WeaklyMade {
    weak var object: AnyObject?
    let made: DefinitionKey
    let from: DefinitionKey
    /// The `@InjectedWeak` property that holds it, or `nil` for a weak forwarding.
    let property: String?
    /// The request, when a `.shared` instance was made for one with a tag its definition does not
    /// have (a forwarding's own): reuse is per requested tag, so it is another instance than the
    /// definition's untagged request makes.
    var taggedRequest: DefinitionKey? = nil
  }

  /// A new top-level resolution starts: forgets the weakly made instances of the last one, and
  /// the weak requests it announced but did not make (a forwarding whose source was built later,
  /// or not at all): left over, they marked the next resolution's request of that type weak.
  func startAttempt() {
    weaklyMade = []
    pendingWeak = [:]
    weakRequests = [:]
  }

  /// Adds what `other` recorded below those of `roots` that this recorder reached: the subtrees
  /// of instances made before its resolution (eager singletons) that the resolution reused.
  ///
  /// ```swift
  /// recorder.absorb(eagerRecorder, below: eagerKeys)
  /// ```
  func absorb(_ other: EdgeRecorder, below roots: [DefinitionKey]) {
    var queue = roots.filter { scopes[$0] != nil }
    var seen = Set(queue)
    while let next = queue.popLast() {
      laterRequests += other.laterRequests.filter { $0.request.from == next }
      for request in other.requests where request.from == next {
        requests.append(request)
        if scopes[request.to] == nil { scopes[request.to] = other.scopes[request.to] }
        if seen.insert(request.to).inserted { queue.append(request.to) }
      }
    }
  }

  /// The definition that answered a request for `requested`, if one was made.
  func definition(requestedAs requested: DefinitionKey) -> DefinitionKey? { answered[requested] }

  func requested(_ requested: DefinitionKey, definition: DefinitionKey, scope: Scope) {
    scopes[definition] = scope
    lastAnswered = (definition, scope)
    // The first answer: a decorated type is answered by its outermost decorator, which then asks
    // for the same key again (the instance it decorates); an error's path names the decorator.
    if answered[requested] == nil { answered[requested] = definition }
    guard let (from, fromScope) = building.last else { return }
    let weak = weakRequests.removeValue(forKey: requested)
    let isWeak = weak != nil
    if let weak { pendingWeak[definition] = (from, requested, weak) }
    requests.append(
      Request(
        from: from, to: definition, requested: requested, isWeak: isWeak, scope: scope,
        fromScope: fromScope))
  }

  func requestedLateBound(_ requested: DefinitionKey, definition: DefinitionKey) {
    guard let (from, fromScope) = building.last else { return }
    answered[requested] = definition
    requests.append(
      Request(from: from, to: definition, requested: requested, isWeak: true, fromScope: fromScope))
  }

  func requestedLater(
    _ requested: DefinitionKey, definition: DefinitionKey, scope: Scope?, wrapper: String, needsAwait: Bool
  ) {
    guard let (from, fromScope) = building.last else { return }
    laterRequests.append(
      LaterRequest(
        request: Request(
          from: from, to: definition, requested: requested, isWeak: false, fromScope: fromScope),
        scope: scope,
        wrapper: wrapper, needsAwait: needsAwait))
  }

  /// `definition` is a definition's key, or, for a postponed request (a deferred weak proxy's
  /// source built later), the key the asking frame was requested with: then the definition that
  /// answered it (a decorator asked for as the type it decorates), so that the edge starts at a node.
  func startedBuilding(_ definition: DefinitionKey) {
    let built = answered[definition] ?? definition
    building.append((built, lastAnswered?.definition == built ? lastAnswered?.scope : nil))
    lastAnswered = nil
  }

  func finishedBuilding(_ definition: DefinitionKey) {
    building.removeLast()
  }

  func forwarded(_ requested: DefinitionKey, to source: DefinitionKey, weakly: Bool) {
    if weakly { weakRequests[requested] = .some(nil) }
  }

  func injectsWeakly(_ requested: DefinitionKey, property: String, isStarting: Bool) {
    if isStarting {
      weakRequests[requested] = .some(property)
    } else {
      weakRequests[requested] = nil
    }
  }

  func tagStopped(_ tag: DefinitionTag, path: [DefinitionKey], stoppedAt: Int) {
    stoppedTags.append((tag, path, stoppedAt))
  }

  func created(_ instance: Any, requested: DefinitionKey, scope: Scope, path: [DefinitionKey]) {
    if let definition = building.last?.definition, DecorationTag.decorated(byDecorator: definition) != nil {
      decoratorTypes[definition] = typeName(type(of: instance))
    }
    guard let definition = building.last?.definition, let asked = pendingWeak.removeValue(forKey: definition),
      type(of: instance) is AnyClass,
      // The container keeps what a singleton or custom scope makes (validation does not, but a
      // resolution does), so a weak holder is not its only one; a weak singleton it does not keep.
      !scope.isSingleton || scope.kind == .weakSingleton
    else { return }
    let tagged = asked.requested.tag != nil && asked.requested.tag != definition.tag && scope.kind == .shared
    weaklyMade.append(
      WeaklyMade(
        object: instance as AnyObject, made: definition, from: asked.from, property: asked.property,
        taggedRequest: tagged ? asked.requested : nil))
  }
}
