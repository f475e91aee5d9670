import Synchronization

// INVARIANT: see Graph.swift: `disposalMask(ofRegistering:)` reads the graph's unretained
// `rootReference` (`withObject`) while the graph is active, which keeps its root alive.

/// The observer of a graph resolved in a scope: keeps the disposals of the `.shared` and `.unique`
/// instances the graph makes for the scope, so that the scope disposes them when it ends.
///
/// NB: an observer, not a test after every factory: `Registration.produce` tests `graph.observer`
/// already, and a test of its own (`lookup.isInScope`) made it too large to be inlined into
/// `Graph.resolve`, which cost a resolve outside any scope about 200 instructions (server-flat,
/// callgrind: 23,683 -> 23,887 a request). A graph of a scope pays the observer's calls instead.
/// Graphs that record for graph export, leak checks or validation have an observer of their own
/// and keep no disposal.
///
/// It keeps no state: the scope is the graph's root's (``Container/scopeContainer``), where the
/// disposals are kept, so every graph in every scope shares one (``shared``).
/// NB: one for all, not one per graph: making and freeing it for each graph cost a request in a
/// scope about 250 instructions (server-scope, callgrind).
final class ScopeDisposals: GraphObserver, Sendable {
  /// The observer of every graph started in a scope.
  static let shared = ScopeDisposals()

  private init() {}

  /// A new instance of a definition with `scope`, made in `graph`: kept when it is the scope's (a
  /// `.shared` or `.unique` one not made for a singleton outside the scope) and has a disposal.
  ///
  /// `definition` is the key of the definition that made it (a decorator's is hidden), `requested`
  /// the key the disposal is reported under.
  func made(
    _ instance: Any, requested: DefinitionKey, definedAs definition: DefinitionKey, scope: Scope, id: RegistrationID,
    plainType: borrowing Atomic<ObjectIdentifier?>,
    in graph: Graph
  ) {
    guard !scope.kind.isStored, let scopeContainer = graph.root.scopeContainer else { return }
    // Made for a singleton: the singleton's, unless that singleton is the scope's own (registered
    // in the scope), which ends with it: then the scope disposes both, the singleton first.
    if let singleton = graph.innermostSingleton(), !graph.endsWithScope(singleton) {
      return graph.keepMade(
        instance, forSingleton: singleton, key: requested, definedAs: definition, id: id, plainType: plainType)
    }
    let disposer = graph.registeringContainer(of: id)?.declaredDisposer(for: id)
    guard
      let disposal = TrackedDisposal.make(
        for: instance, key: requested, definedAs: definition, disposer: disposer, plainType: plainType)
    else { return }
    // A scope that ended while this graph was making instances for it keeps none: the graph fails
    // with `containerShutDown` and disposes it (see `Graph+Unreceived.swift`).
    if let refused = scopeContainer.withLifetime({ $0.track(disposal) }) {
      graph.keepRefused(refused, requested: requested)
    } else {
      graph.keepsDisposalsOfMade = true
    }
  }

  // MARK: - GraphObserver (nothing else to record)

  func requested(_ requested: DefinitionKey, definition: DefinitionKey, scope: Scope) {}
  func startedBuilding(_ definition: DefinitionKey) {}
  func finishedBuilding(_ definition: DefinitionKey) {}
  func forwarded(_ requested: DefinitionKey, to source: DefinitionKey, weakly: Bool) {}
  func created(_ instance: Any, requested: DefinitionKey, scope: Scope, path: [DefinitionKey]) {}
}

extension Graph {
  /// The registration of the innermost singleton (or custom scope's instance) being built among
  /// the first `depth` frames of the path: below its top (`frameCount - 1`, the default), what an
  /// instance made now is made for, the scope's if none; the whole path (`frameCount`), what
  /// takes an instance reused now.
  func innermostSingleton(within depth: Int? = nil) -> RegistrationID? {
    frames.prefix(max(0, depth ?? frameCount - 1)).last(where: \.isSingleton)?.id
  }

  /// Whether singleton registration `id` is registered in the scope this graph resolves in (the
  /// scope's own, `scope.register(.singleton)`): it ends with that scope, which disposes what it
  /// took after it.
  func endsWithScope(_ id: RegistrationID) -> Bool {
    guard let scopeContainer = root.scopeContainer else { return false }
    return registeringContainer(of: id)?.scopeContainer === scopeContainer
  }
}

extension Container {
  /// The observer for a graph started from this container, which is in a scope (see
  /// ``ScopeDisposals``).
  @usableFromInline
  func scopeDisposals() -> (any GraphObserver)? {
    scopeContainer == nil ? nil : ScopeDisposals.shared
  }
}

extension Registration {
  /// Reports a new instance to `graph`'s observer if it must be: always, unless the observer is
  /// the scope's (``ScopeDisposals``), which keeps only the disposals of the scope's own `.shared`
  /// and `.unique` instances; one that has none (its definition declares no disposal and its
  /// dynamic type is known not to be ``Disposable``) is not reported.
  ///
  /// NB: decided before the instance is passed as `Any` to the observer: the call, the
  /// search for the registering container and the dynamic cast cost about 400 instructions an
  /// instance, 8 of them in a server request in a scope (server-scope, callgrind).
  ///
  /// NB: out of line, called only when the graph has an observer: inlined into
  /// `storeAndRunBlocks`, the check made the code of every resolve larger and S7c about 1,000
  /// instructions dearer (callgrind, 11,632 -> 12,716).
  @inlinable @inline(never)
  func record(_ instance: Instance, type: Any.Type, in graph: Graph, requested: DefinitionKey) {
    if mayNeedRecording(type: type, in: graph) {
      graph.recordCreation(
        of: instance, key: requested, definedAs: key, scope: scope, id: id, plainType: plainInstanceType,
        needsIsolation: needsIsolation)
    }
  }

  /// Whether ``record(_:type:in:requested:)`` reports an instance of dynamic type `type`.
  @inlinable @inline(__always)
  func mayNeedRecording(type: Any.Type, in graph: Graph) -> Bool {
    // NB: the observer is the scope's when it traces no building (see `Graph.tracesBuilding`), a
    // `Bool` read: comparing it with the graph's scope observer retained and released both, about
    // 60 instructions an instance (server-scope, callgrind).
    guard !graph.tracesBuilding else { return true }
    if scope.kind.isStored { return false }
    return mayNeedDisposal(type: type, ownerMask: graph.disposalMask(ofRegistering: id))
  }
}

extension Graph {
  /// The container that registered definition `id`, among those this graph resolves in: the root
  /// and its ancestors (a scope's graph may start in a child of the scope), else a container that
  /// joined the graph or a collaborator it resolved in, or an ancestor of one.
  ///
  /// NB: the joined containers and collaborators only when the root's family did not register
  /// `id`: a graph that reached none of them searches no further than before.
  func registeringContainer(of id: RegistrationID) -> Container? {
    if let found = root.registeringContainer(of: id) { return found }
    guard let extras = extrasStorage else { return nil }
    for container in extras.joined {
      if let found = container.registeringContainer(of: id) { return found }
    }
    for container in extras.collaborators {
      if let found = container.registeringContainer(of: id) { return found }
    }
    return nil
  }

  /// The ``Container/disposalMask`` of the container that registered `id`: the graph's root or
  /// its parent read without retaining them (the walk over retained containers cost a scope's
  /// request about 290 instructions), any other ancestor found by the walk; all bits set when no
  /// ancestor registered it.
  @usableFromInline
  func disposalMask(ofRegistering id: RegistrationID) -> UInt64 {
    if let parent = topLevelParentReference,
      let mask = parent.withObject({
        ObjectIdentifier($0) == id.container ? $0.disposalMask.load(ordering: .relaxed) : nil
      })
    {
      return mask
    }
    return rootReference.withObject { root in
      if ObjectIdentifier(root) == id.container { return root.disposalMask.load(ordering: .relaxed) }
      return root.registeringContainer(of: id)?.disposalMask.load(ordering: .relaxed) ?? ~0
    }
  }
}
