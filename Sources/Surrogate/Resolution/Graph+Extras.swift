import Synchronization

extension Graph {
  /// Work that waits for a definition's construction: the blocks of an instance made while it was
  /// being constructed, or the binding of a late-bound proxy.
  struct Postponed {
    /// The definition whose construction the work waits for.
    let target: RegistrationID
    /// For blocks, the depth of that definition's frame in the path: they wait for that
    /// construction (the outermost one), not for any of the definition (see
    /// ``Graph/outermostConstruction()``). `nil` for a late binding.
    var depth: Int? = nil
    let run: () throws(ResolutionError) -> Void
    /// What undoes the wait when the definition is never built, if anything must be undone.
    ///
    /// NB: optional, so that work with nothing to undo waits with one closure context instead of
    /// two (one allocation fewer).
    var abandon: (() -> Void)? = nil
    /// How an async resolution runs it, when it waits there: its blocks may be `async` or
    /// main-actor isolated.
    var runAsync: (() async throws -> Void)? = nil
  }

  /// A singleton made in this graph, waiting for the graph to finish.
  struct Publication {
    let id: RegistrationID
    let fulfil: () -> Void
    /// Gives the singleton up: other graphs make it again.
    let abandon: () -> Void
    /// Whether the singleton used an instance of this graph that was still under construction:
    /// then it is abandoned if the graph fails.
    var isConditional: Bool
  }

  /// What only some graphs need (other containers' snapshots, waiting blocks, held weak
  /// singletons, validation findings), allocated on first use so that a plain graph is small to
  /// make and to destroy.
  final class Extras {
    /// The snapshots of containers other than the root that this graph read: its parent's, in a
    /// child's graph, and collaborators'.
    ///
    /// NB: a list searched by identity, not a dictionary: a graph reads a handful at most (a
    /// child's parent and grandparent), and hashing the key cost every lookup that fell through
    /// to the parent about 480 instructions (surrogate-bench server-child, ten such lookups a
    /// request: 51,271 -> 48,971 instructions a request).
    var otherSnapshots: [(container: ObjectIdentifier, snapshot: RegistrySnapshot)] = []

    /// The snapshot of `container` this graph read, if any.
    @inline(__always)
    func otherSnapshot(of container: ObjectIdentifier) -> RegistrySnapshot? {
      for entry in otherSnapshots where entry.container == container { return entry.snapshot }
      return nil
    }

    /// Sets the snapshot of `container`, replacing the one the graph read before.
    func setOtherSnapshot(_ snapshot: RegistrySnapshot, of container: ObjectIdentifier) {
      if let index = otherSnapshots.firstIndex(where: { $0.container == container }) {
        otherSnapshots[index].snapshot = snapshot
      } else {
        otherSnapshots.append((container, snapshot))
      }
    }
    /// The reset generation of each family other than the root's as this graph noted it before
    /// it first read one of the family's registries (see ``Graph/snapshotNotingResets(of:)``).
    var resetGenerations: [(family: ObjectIdentifier, generation: Int)] = []
    /// Root snapshots replaced by newer ones during the graph: registrations found in them may
    /// still be in use further up the stack.
    var supersededSnapshots: [RegistrySnapshot] = []
    /// Work waiting for a definition's construction, in the order it started waiting.
    ///
    /// NB: a list, not a dictionary by definition: a graph rarely has more than one definition
    /// waited for, and the dictionary cost a waiting block an allocation and a hash (with the
    /// path written into one array: S7c 13,419 → 11,324 instructions a resolve).
    var postponed: [Postponed] = []
    /// The definition whose frame closed the last cycle detected, for a forwarding through a weak
    /// proxy that breaks it (see `Forwarding.swift`).
    var lastCycleTarget: CycleTarget?
    var held: [AnyObject] = []
    /// Containers other than the root whose `resolve` joined this graph (a child's, inside a
    /// parent's factory): resolvers made for them refer to them unretained.
    var joined: [Container] = []
    /// Filled by validation: optional requests that came back `nil`.
    var nilOptionals: [NilOptional] = []
    /// Filled by validation: what it checks and finds of lists and maps (see `CollectionChecks`).
    /// NB: one optional reference, `nil` in every other graph.
    var collectionChecks: CollectionChecks?
    /// Filled by validation: the singletons this graph made (kept in ``Graph/shared``), which the
    /// later checks of the same `validate()` reuse if this one succeeds.
    var validationSingletons: [RegistrationID] = []
    /// Those of ``validationSingletons`` that need `await` or the main actor to make and that
    /// `bootstrap()` does not make: a validation's later checks make them again rather than reuse
    /// them, since synchronous code that asks for one finds it at run time only if something made
    /// it before, so it is checked as if nothing had.
    var validationSingletonsNeedingIsolation: Set<RegistrationID> = []
    /// In an awaited validation's check, such singletons made by the checks before: async code
    /// that asks for one reuses it (the graph keeps it from then on), synchronous code does not
    /// see it (see ``Registration/produceAsyncHere(_:in:requested:owner:lookup:isNew:)``).
    var keptIsolatedSingletons: [RegistrationID: AnyObject] = [:]
    /// Filled by validation: the disposals of the throwaway instances this graph made, oldest
    /// first, which `validate()` runs before it returns.
    var validationDisposals: [ThrowawayDisposal] = []
    /// A validation outside a scope stopped at this type, declared provided by each scope: not a
    /// problem (see `Graph.scopeProvidedMissing`).
    var scopeProvidedStop: DefinitionKey?
    /// The disposals of instances made outside a scope that nobody receives if the graph fails,
    /// oldest first (see `Graph+Unreceived.swift`).
    var unreceived: [TrackedDisposal] = []
    /// The disposals of `.shared` and `.unique` instances made while a singleton (or a custom
    /// scope's instance) was built, with that singleton's registration: its own if it is made,
    /// nobody's if its factory throws (see ``Graph/singletonFailed(_:)``).
    var madeForSingletons: [(singleton: RegistrationID, disposal: TrackedDisposal)] = []
    /// The instance each decorator instance of this graph decorates, when it is another object: a
    /// singleton that takes the decorator takes what it decorates too (see
    /// ``Graph/noteDecoration(_:around:)``).
    var decorated: [ObjectIdentifier: ObjectIdentifier] = [:]
    /// A request whose instance's keeper (a container, a scope) ended while this graph made it.
    var endedWhileMaking: DefinitionKey?
    var owner: GraphOwner?
    /// Tags of resolvers made in this graph beyond `keptTag`, which they hold unretained.
    var keptTags: [TagSlot] = []
    /// The `.shared` instances of untagged definitions made for tagged requests, by definition and
    /// tag (see ``Registration/reusable(in:requested:)``).
    var sharedForTags: [TaggedInstanceKey: AnyObject] = [:]
    var task: UnsafeCurrentTask?
    /// Singletons made in this graph, published to other graphs when it is finished.
    var publications: [Publication] = []
    /// The gate of another graph's singleton that this graph must wait for before it starts
    /// again: waiting for it would have closed a cycle of waiting threads (see
    /// ``waitForCreation(by:gate:requested:)``).
    var retryAfter: Gate?
    /// Set when the graph backed off from the main actor, where a synchronous resolution waited
    /// for what it was making: it starts again once the main actor has run that resolution (see
    /// ``beginMainActorHop()``).
    var retriesAfterTheMainActor = false
    /// The path's length when the innermost synchronous factory or block of an async resolution
    /// started (see ``runningSynchronously(_:)``): the frames below it were pushed by
    /// async code, which runs the blocks that wait for them (`async` ones too).
    var synchronousRunDepth = 0
    /// Whether an async graph is running a main-actor factory or block right now (set by
    /// ``MainActorHop``, cleared while a resolver's `await` resolves off the main actor): then a
    /// synchronous request in it may run main-actor code.
    var runsOnMainActor = false
    /// ``Resolvable`` instances made in this graph, in order of creation: told when it is complete.
    var resolvables: [any Resolvable] = []
    /// Whether one of ``resolvables`` is a main-actor instance (see ``Graph/finishResolvablesAsync()``).
    var hasMainActorResolvables = false
    /// The auto-injected property being resolved, and the path depth of its owner's frame.
    var injecting: (property: InjectedProperty, ownerDepth: Int)?
    /// Collaborating containers this graph resolved in: kept alive while it may use them.
    var collaborators: [Container] = []
    /// In an observed graph, the untagged requests made by definitions requested with a tag whose
    /// subtrees are being built: the tag (`nil` for an `@Injected(tag: nil)` property, untagged on
    /// purpose) and the request's index in the path (see ``Graph/noteRequest(_:definition:scope:lookup:observer:)``).
    var tagStops: [(tag: DefinitionTag?, depth: Int)] = []
  }
}

/// What the graph keeps in its extras as it makes instances: `.shared` instances made for tagged
/// requests, weak singletons held for the graph's life, and what observers and validation note.
extension Graph {
  /// The `.shared` instance of untagged definition `id` made for a request tagged `tag`.
  @usableFromInline
  func sharedForTag(_ id: RegistrationID, _ tag: TagSlot) -> AnyObject? {
    extrasStorage?.sharedForTags[TaggedInstanceKey(id: id, tag: tag)]
  }

  @usableFromInline
  func setSharedForTag(_ object: AnyObject?, _ id: RegistrationID, _ tag: TagSlot) {
    extras.sharedForTags[TaggedInstanceKey(id: id, tag: tag)] = object
  }

  @usableFromInline
  func hold(_ instance: Any) {
    if Swift.type(of: instance) is AnyClass { extras.held.append(instance as AnyObject) }
  }

  /// - Parameter needsIsolation: Whether the definition has an `async` or main-actor factory or
  ///   block: then a validation's later checks do not reuse its singleton (see
  ///   ``Extras/validationSingletonsNeedingIsolation``).
  @usableFromInline
  func recordCreation(
    of instance: Any, key: DefinitionKey, definedAs definition: DefinitionKey, scope: Scope, id: RegistrationID,
    plainType: borrowing Atomic<ObjectIdentifier?>, needsIsolation: Bool
  ) {
    if let disposals = observer as? ScopeDisposals {
      disposals.made(
        instance, requested: key, definedAs: definition, scope: scope, id: id, plainType: plainType, in: self)
      return
    }
    observer?.created(instance, requested: key, scope: scope, path: frames.map(\.key))
    if isValidation {
      if scope.isSingleton {
        extras.validationSingletons.append(id)
        if needsIsolation, scope.kind != .eagerSingleton { extras.validationSingletonsNeedingIsolation.insert(id) }
      }
      noteValidationDisposal(of: instance, key: key, definedAs: definition, scope: scope, id: id, plainType: plainType)
    }
  }

  @usableFromInline
  func noteNilOptional(_ key: DefinitionKey) {
    if isValidation { extras.nilOptionals.append(NilOptional(path: path(to: key), property: nil)) }
  }

  /// Names `property` as the asker of the `nil` noted last for `key` from the current frame, if
  /// one was.
  func nameNilOptional(_ key: DefinitionKey, property: NilOptional.Property) {
    guard let last = extrasStorage?.nilOptionals.last, last.property == nil, last.path.last == key,
      last.path.count == frameCount + 1
    else { return }
    extras.nilOptionals[extras.nilOptionals.count - 1] = NilOptional(path: last.path, property: property)
  }

  /// ``noteNilOptional(_:)`` for an auto-injected property: the warning's advice is then its
  /// declaration (see ``NilOptional/property``).
  func noteNilOptional(_ key: DefinitionKey, property: NilOptional.Property) {
    if isValidation { extras.nilOptionals.append(NilOptional(path: path(to: key), property: property)) }
  }
}
