// INVARIANT: an object's address is an identity for the search, never dereferenced; the search
// holds every object it names.

import Surrogate

/// An object that was still alive when it should have been released, and why, when that can be
/// seen.
///
/// ```swift
/// for leak in report.leaks {
///   print(leak) // ListPresenter leaked: ListPresenter.view → ListViewController.presenter → ListPresenter
/// }
/// ```
public struct Leak: Sendable, CustomStringConvertible {
  /// The leaked object's type name.
  public let typeName: String
  /// Where it was tracked, for tracker-based checks.
  public let location: TrackingLocation?
  /// The strong reference cycle that keeps it alive, as steps `Type.property`, ending back at
  /// the object: `["ListViewController.presenter", "ListPresenter.view", "ListViewController"]`.
  /// A step through one of the package's proxies is the proxy alone (`LazyProxy<Index>`).
  /// Empty when no cycle could be seen.
  public let cycle: [String]
  /// When no cycle holds it but a singleton of the container does: the path from that singleton,
  /// `["Hub.listeners[0]", "Listener"]`.
  public let holderPath: [String]
  /// Properties the check could not look into (closures it cannot read, tasks, pointers), when
  /// the cycle is unknown.
  public let opaqueProperties: [String]
  /// Whether the search for a cycle stopped at ``LeakCheckOptions/searchLimit`` before finding one.
  public let hitSearchLimit: Bool
  /// What to change.
  public let suggestion: String

  /// The cycle as one line, `A.b → B.a → A`; a cycle of more than 11 steps shows its first and
  /// last five and how many are left out (``fullCycleDescription`` has them all).
  ///
  /// ```swift
  /// leak.cycleDescription // "ListViewController.presenter → ListPresenter.view → ListViewController"
  /// ```
  public var cycleDescription: String {
    guard cycle.count > 11 else { return fullCycleDescription }
    let hidden = cycle.count - 10
    return (cycle.prefix(5) + ["… \(hidden) more steps …"] + cycle.suffix(5)).joined(separator: " → ")
  }

  /// The whole cycle as one line, however long.
  ///
  /// ```swift
  /// leak.fullCycleDescription // "RingNode.next → RingNode.next → … → RingNode"
  /// ```
  public var fullCycleDescription: String { cycle.joined(separator: " → ") }

  /// One line: what leaked, the cycle (or what holds it, or that it is unknown), and the
  /// suggestion.
  public var description: String {
    let at = location.map { " (tracked at \($0))" } ?? ""
    return "\(typeName) leaked\(at): \(how). \(suggestion)"
  }

  private var how: String {
    if !cycle.isEmpty { return cycleDescription }
    if !holderPath.isEmpty { return holderPath.joined(separator: " → ") }
    return unknownPath
  }

  /// Why the path is unknown, said when neither a cycle nor a holder was found.
  let unknownPath: String
}

/// Finds why an object is still alive: a strong reference cycle back to it, by breadth-first
/// search over strong stored properties, closure captures and the package's proxies.
enum LeakFinder {
  /// One step of a path: `owner` holds the next object through `path`.
  struct Step {
    let owner: AnyObject
    let path: String
    let isClosureCapture: Bool

    var description: String {
      let type = Surrogate.typeName(Swift.type(of: owner))
      return path.isEmpty ? type : "\(type).\(path)"
    }
  }

  /// What a search found.
  struct Search {
    /// The steps from a root to the target, when found.
    var steps: [Step]?
    var opaque: [String] = []
    var closures: [String] = []
    var tasks: [String] = []
    var hitLimit = false
  }

  static func leak(
    of object: AnyObject, location: TrackingLocation? = nil, options: LeakCheckOptions = LeakCheckOptions(),
    suggest: (_ cycle: [Step]) -> String? = { _ in nil },
    explainUnknown: (_ search: Search) -> (holderPath: [String], suggestion: String)? = { _ in nil }
  ) -> Leak {
    let name = Surrogate.typeName(Swift.type(of: object))
    let search = findPath(from: [object], to: object, limit: options.searchLimit)
    if let cycle = search.steps {
      let steps = cycle.map(\.description) + [name]
      let suggestion = suggest(cycle) ?? closureSuggestion(cycle, leaked: name) ?? defaultSuggestion
      return Leak(
        typeName: name, location: location, cycle: steps, holderPath: [], opaqueProperties: [],
        hitSearchLimit: false, suggestion: suggestion, unknownPath: "")
    }
    let opaque = search.opaque
    if let (holderPath, suggestion) = explainUnknown(search) {
      return Leak(
        typeName: name, location: location, cycle: [], holderPath: holderPath, opaqueProperties: opaque,
        hitSearchLimit: search.hitLimit, suggestion: suggestion, unknownPath: "")
    }
    let (unknownPath, suggestion) = unknown(search, name: name, limit: options.searchLimit)
    return Leak(
      typeName: name, location: location, cycle: [], holderPath: [], opaqueProperties: opaque,
      hitSearchLimit: search.hitLimit, suggestion: suggestion, unknownPath: unknownPath)
  }

  /// The path to `leaked` from another leaked object that is on a reference cycle (`onCycles`), and
  /// what to do: `leaked` is on no cycle itself, and goes when that cycle is broken. `nil` when none
  /// reaches it.
  static func heldByLeakedCycle(
    _ leaked: AnyObject, onCycles: [AnyObject], options: LeakCheckOptions
  ) -> (holderPath: [String], suggestion: String)? {
    let others = onCycles.filter { $0 !== leaked }
    guard !others.isEmpty, let steps = findPath(from: others, to: leaked, limit: options.searchLimit).steps,
      let holder = steps.first?.owner
    else { return nil }
    let name = Surrogate.typeName(Swift.type(of: leaked))
    let holderName = Surrogate.typeName(Swift.type(of: holder))
    return (
      steps.map(\.description) + [name],
      "\(holderName) holds it, and leaks on a reference cycle of its own: break that cycle (\(holderName)'s leak "
        + "shows it), and \(name) is released with it."
    )
  }

  /// The objects of `objects` that are on a reference cycle: a path of strong references leads
  /// from each back to itself.
  static func onCycles(_ objects: [AnyObject], options: LeakCheckOptions) -> [AnyObject] {
    objects.filter { findPath(from: [$0], to: $0, limit: options.searchLimit).steps != nil }
  }

  private static let defaultSuggestion =
    "Break the cycle: make one of these references weak, or hold it through a `WeakRefProxy`."

  private static func closureSuggestion(_ cycle: [Step], leaked: String) -> String? {
    guard let index = cycle.firstIndex(where: \.isClosureCapture) else { return nil }
    let captured = index + 1 < cycle.count ? Surrogate.typeName(Swift.type(of: cycle[index + 1].owner)) : leaked
    return "The closure in \(cycle[index].description) captures \(captured) strongly: capture it weakly, "
      + "`{ [weak self] in ... }`."
  }

  /// What to say when no path was found, and what to do.
  private static func unknown(_ search: Search, name: String, limit: Int) -> (String, String) {
    if search.hitLimit {
      return (
        "path unknown: the search stopped at its limit of \(limit) objects before finding a way back to it",
        "Raise the limit with `LeakCheckOptions(searchLimit:)` to see the path."
      )
    }
    let unknownPath = "path unknown (not visible: \(search.opaque.joined(separator: ", ")))"
    if let task = search.tasks.first {
      return (
        unknownPath,
        "\(task) holds a Task, and a running task keeps what its operation captures alive: capture self weakly "
          + "in it, `Task { [weak self] in ... }`, or cancel it when the work is no longer needed."
      )
    }
    if let closure = search.closures.first {
      return (
        unknownPath,
        "The cycle most likely goes through the closure in \(closure), which cannot be read: if it captures self, "
          + "capture it weakly, `{ [weak self] in ... }`."
      )
    }
    let outside =
      "something outside the object graph holds it (a global, a singleton, a notification center, a running task)"
    if search.opaque.isEmpty {
      return (
        "no strong cycle leads back to it, so \(outside)",
        "If that is on purpose, list \(name) in `LeakCheckOptions(intentionallyKept:)`."
      )
    }
    return (unknownPath, "Either one of those holds it, or \(outside).")
  }

  /// The shortest path of strong references from one of `roots` to `target` (from `target` back
  /// to itself when it is the only root), visiting at most `limit` objects.
  static func findPath(from roots: [AnyObject], to target: AnyObject, limit: Int) -> Search {
    let targetID = ObjectIdentifier(target)
    let rootIDs = Set(roots.map(ObjectIdentifier.init))
    var previous: [ObjectIdentifier: Step] = [:]
    var seen: [UInt: AnyObject] = [:]
    for root in roots { seen[address(of: root)] = root }
    seen[address(of: target)] = target
    var queue = roots
    var search = Search()
    var index = 0
    while index < queue.count {
      guard index < limit else {
        search.hitLimit = true
        break
      }
      let current = queue[index]
      index += 1
      let found = ReferenceWalker.references(from: current) { seen[$0] }
      let owner = Surrogate.typeName(Swift.type(of: current))
      search.opaque += found.opaque.map { joinedName(owner, $0) }
      search.closures += found.closures.map { joinedName(owner, $0) }
      search.tasks += found.tasks.map { joinedName(owner, $0) }
      for reference in found.references {
        let step = Step(owner: current, path: reference.path, isClosureCapture: reference.isClosureCapture)
        let id = ObjectIdentifier(reference.object)
        if id == targetID {
          var steps = [step]
          var cursor = ObjectIdentifier(current)
          while !rootIDs.contains(cursor), let back = previous[cursor] {
            steps.append(back)
            cursor = ObjectIdentifier(back.owner)
          }
          search.steps = steps.reversed()
          return search
        }
        if previous[id] == nil, !rootIDs.contains(id) {
          previous[id] = step
          seen[address(of: reference.object)] = reference.object
          queue.append(reference.object)
        }
      }
    }
    return search
  }

  private static func address(of object: AnyObject) -> UInt {
    UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
  }

  private static func joinedName(_ owner: String, _ path: String) -> String {
    path.isEmpty ? owner : "\(owner).\(path)"
  }
}
