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
  /// Empty when no cycle could be seen.
  public let cycle: [String]
  /// Properties the check could not look into (closure captures, pointers), when the cycle is
  /// unknown.
  public let opaqueProperties: [String]
  /// What to change.
  public let suggestion: String

  /// The cycle as one line: `A.b → B.a → A`.
  ///
  /// ```swift
  /// leak.cycleDescription // "ListViewController.presenter → ListPresenter.view → ListViewController"
  /// ```
  public var cycleDescription: String { cycle.joined(separator: " → ") }

  /// One line: what leaked, the cycle (or that it is unknown), and the suggestion.
  public var description: String {
    let how =
      cycle.isEmpty
      ? "path unknown" + (opaqueProperties.isEmpty ? "" : " (not visible: \(opaqueProperties.joined(separator: ", ")))")
      : cycleDescription
    let at = location.map { " (tracked at \($0))" } ?? ""
    return "\(typeName) leaked\(at): \(how). \(suggestion)"
  }
}

/// Finds why an object is still alive: a strong reference cycle back to it, by breadth-first
/// search over strong stored properties.
enum LeakFinder {
  static let searchLimit = 10_000

  static func leak(
    of object: AnyObject, location: TrackingLocation? = nil,
    suggest: (_ cycle: [(owner: AnyObject, path: String)]) -> String? = { _ in nil }
  ) -> Leak {
    let name = String(describing: type(of: object))
    let (cycle, opaque) = findCycle(from: object)
    if let cycle {
      let steps = cycle.map { "\(String(describing: type(of: $0.owner))).\($0.path)" } + [name]
      let suggestion =
        suggest(cycle)
        ?? "Break the cycle: make one of these references weak, or hold it through a `WeakRefProxy`."
      return Leak(typeName: name, location: location, cycle: steps, opaqueProperties: [], suggestion: suggestion)
    }
    return Leak(
      typeName: name, location: location, cycle: [], opaqueProperties: opaque,
      suggestion: "Something outside its stored properties keeps it alive (a closure capture, a global, another owner).")
  }

  /// The shortest cycle of strong references from `start` back to `start`, as (owner, property)
  /// steps; and the opaque properties met on the way.
  static func findCycle(from start: AnyObject) -> ([(owner: AnyObject, path: String)]?, [String]) {
    let startID = ObjectIdentifier(start)
    var previous: [ObjectIdentifier: (owner: AnyObject, path: String)] = [:]
    var queue: [AnyObject] = [start]
    var opaque: [String] = []
    var index = 0
    while index < queue.count, index < searchLimit {
      let current = queue[index]
      index += 1
      let found = ReferenceWalker.references(from: current)
      opaque += found.opaque.map { "\(String(describing: type(of: current))).\($0)" }
      for reference in found.references {
        let id = ObjectIdentifier(reference.object)
        if id == startID {
          var steps = [(owner: current, path: reference.path)]
          var cursor = ObjectIdentifier(current)
          while cursor != startID, let step = previous[cursor] {
            steps.insert(step, at: 0)
            cursor = ObjectIdentifier(step.owner)
          }
          return (steps, opaque)
        }
        if previous[id] == nil {
          previous[id] = (current, reference.path)
          queue.append(reference.object)
        }
      }
    }
    return (nil, opaque)
  }
}
