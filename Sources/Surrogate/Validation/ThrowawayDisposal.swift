import Synchronization

/// The disposal of an instance that a throwaway graph made (``Container/validate()``, the ordering
/// graphs of ``Container/resolveServices()``), run only when nothing but the check holds it.
///
/// A factory may hand out an object made before (`{ worker }`, `{ sharedPool }`): the throwaway
/// graph then got the app's own object, which is not the check's to dispose, even before the
/// container made it for real. Whether anything else holds an object is asked of the object
/// itself, once the graphs, the singletons the checks shared and the newer throwaway instances
/// have let it go. A value (not an object) cannot be asked: it is disposed.
///
/// NB: not `Sendable`: it stays in the task that validates. The object is held in one stored
/// property and asked in place (`isKnownUniquelyReferenced(&holder.object)`): a local copy is a
/// second reference until the end of its scope in a debug build, where every object looked shared.
struct ThrowawayDisposal {
  /// The one place the check holds the instance.
  final class Holder {
    var object: AnyObject?
    var value: Any?

    init(_ instance: Any) {
      if type(of: instance) is AnyObject.Type { object = instance as AnyObject } else { value = instance }
    }
  }

  let key: DefinitionKey
  /// The instance's identity when it is an object: an object noted twice is disposed once.
  let identity: ObjectIdentifier?
  /// The definition's disposal block; `nil`: the instance's ``Disposable`` conformance.
  let disposer: Disposer?
  let holder: Holder

  /// The throwaway disposal of `instance`, or `nil` when it has neither a disposal block nor a
  /// ``Disposable`` conformance.
  static func make(
    for instance: Any, key: DefinitionKey, definedAs definition: DefinitionKey, disposer: Disposer?,
    plainType: borrowing Atomic<ObjectIdentifier?>
  ) -> ThrowawayDisposal? {
    if disposer == nil, TrackedDisposal.disposable(instance, plainType: plainType, definedAs: definition) == nil {
      return nil
    }
    let holder = Holder(instance)
    // Named by the definition that made it, the type to change (not a type it implements), unless
    // that is a decorator's hidden key: then by the type it decorates.
    let name = DecorationTag.isDecoration(definition.tag) ? key : definition
    return ThrowawayDisposal(
      key: name, identity: holder.object.map(ObjectIdentifier.init), disposer: disposer, holder: holder)
  }

  /// Whether the disposal is `async` (a synchronous `validate()` cannot run it).
  var isAsync: Bool {
    switch disposer {
    case .sync?: false
    case .async?, nil: true
    }
  }

  /// The instance, taken out of the holder, when the check is its only holder; `nil` when
  /// something else holds it (it stays in the holder, to be asked again) or it was taken already.
  func takeIfUnshared() -> Any? {
    if holder.object == nil {
      defer { holder.value = nil }
      return holder.value
    }
    guard isKnownUniquelyReferenced(&holder.object) else { return nil }
    defer { holder.object = nil }
    return holder.object
  }

  /// Runs the disposal of `instance`.
  func run(_ instance: Any) async throws {
    switch disposer {
    case .sync(let body)?: try body(instance)
    case .async(let body)?: try await body(instance)
    case nil: try await (instance as? any Disposable)?.dispose()
    }
  }

  /// Runs a synchronous disposal of `instance`.
  func runSynchronously(_ instance: Any) throws {
    if case .sync(let body)? = disposer { try body(instance) }
  }
}

extension ThrowawayDisposal {
  /// `disposals` (oldest first) newest first, one per object (the newest): a duplicate's hold is
  /// let go first, so that it does not count as another holder.
  static func newestFirst(_ disposals: [ThrowawayDisposal]) -> [ThrowawayDisposal] {
    var seen = DisposedObjects(expected: disposals.count)
    var ordered: [ThrowawayDisposal] = []
    ordered.reserveCapacity(disposals.count)
    for disposal in disposals.reversed() {
      if let identity = disposal.identity, !seen.insert(identity) {
        disposal.holder.object = nil
        continue
      }
      ordered.append(disposal)
    }
    return ordered
  }

  /// Runs `disposals` (oldest first) newest first, so that a dependent lets go of what it uses
  /// before that is asked; an instance something else holds is left alone. Returns the failures.
  static func run(_ disposals: [ThrowawayDisposal]) async -> [DisposalError.Failure] {
    var failures: [DisposalError.Failure] = []
    var pending = newestFirst(disposals)
    while true {
      let (ready, held) = takeUnshared(pending)
      if ready.isEmpty { break }
      for (disposal, instance) in ready {
        do {
          try await disposal.run(instance)
        } catch {
          failures.append(DisposalError.Failure(key: disposal.key, error: error))
        }
      }
      pending = held
    }
    return failures
  }

  /// `run` for the synchronous `validate()`: an `async` disposal cannot run, and its key is
  /// returned in `requiringAwait`.
  static func runSynchronously(_ disposals: [ThrowawayDisposal]) -> (
    failures: [DisposalError.Failure], requiringAwait: [DefinitionKey]
  ) {
    var failures: [DisposalError.Failure] = []
    var requiringAwait: [DefinitionKey] = []
    var pending = newestFirst(disposals)
    while true {
      let (ready, held) = takeUnshared(pending)
      if ready.isEmpty { break }
      for (disposal, instance) in ready {
        guard !disposal.isAsync else {
          requiringAwait.append(disposal.key)
          continue
        }
        do {
          try disposal.runSynchronously(instance)
        } catch {
          failures.append(DisposalError.Failure(key: disposal.key, error: error))
        }
      }
      pending = held
    }
    return (failures, requiringAwait)
  }

  /// One pass over `pending`, newest first: the instances the check alone holds, taken (each
  /// released as soon as its disposal has run, so that what it held may be alone in the next
  /// pass), and the disposals of those something else holds. An instance held by an older
  /// throwaway one (a child its parent got through a property) is taken once that one is
  /// disposed and released; what is still held when a pass takes nothing is the app's.
  private static func takeUnshared(_ pending: [ThrowawayDisposal]) -> (
    ready: [(ThrowawayDisposal, Any)], held: [ThrowawayDisposal]
  ) {
    var ready: [(ThrowawayDisposal, Any)] = []
    var held: [ThrowawayDisposal] = []
    for disposal in pending {
      if let instance = disposal.takeIfUnshared() {
        ready.append((disposal, instance))
      } else if disposal.holder.object != nil {
        held.append(disposal)
      }
    }
    return (ready, held)
  }
}
