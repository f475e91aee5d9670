/// A container's links to other containers, its services and what it disposes, behind one lock
/// (``Container/links``): its children and scopes, the containers it collaborates with, its
/// declared services and their runs, and its ``Lifetime``.
///
/// NB: one mutex for what used to take five. Every container, a scope's among them, made and
/// destroyed each mutex, and a mutex's value is destroyed through its type's value witnesses (the
/// mutex stores it in raw memory): about 70 instructions each, for lists that a scope's container
/// leaves empty (issue #36). None of these critical sections takes another of the same container's
/// locks; a child's may take its parent's (a service run checks its ancestors' shutdown), never the
/// other way round.
///
/// ```swift
/// let alive = container.links.withLock(owner: container) { $0.children.alive }
/// ```
struct ContainerLinks {
  /// The child containers made with this one as parent, held weakly, and its open scopes: for
  /// ``Container/reset(_:)`` and the shutdown.
  var children = ChildList()
  /// The containers asked for what this one and its ancestors lack (see
  /// ``Container/collaborate(with:)``), held weakly.
  var collaboration: [WeakContainer] = []
  /// The definitions declared services (``Definition/runsAsService()``), in the order declared.
  var serviceDeclarations: [ServiceDeclaration] = []
  /// The run of the services (``Container/runServices()``), if one is going on, and whether
  /// ``Container/shutdown()`` has begun.
  var serviceRuns = ServiceRunState()
  /// The disposals to run when the container ends, and a scope's `.scoped` instances (see
  /// ``Lifetime``); `nil` until the first is kept (see ``Container/withLifetime(_:)``).
  ///
  /// NB: optional so that a container that never keeps one (a child per request) makes and
  /// destroys no collections for it.
  var lifetime: Lifetime?
  /// Whether the container ended while ``lifetime`` was `nil`: a lifetime made later starts ended.
  var endedWithoutLifetime = false
  /// Whether an ancestor's ``Container/shutdown()`` ended this container (a child that kept
  /// instances of its own): its own `shutdown()` then has nothing left to do.
  var endedByAncestor = false
  /// Whether the disposals of the container's end (its own shutdown's, or an ancestor's) are still
  /// running; a scope's end does not say (nothing else ends a scope).
  var isDisposing = false
  /// Opened when they have run: what a second `shutdown()`, or a parent's, waits on (made by the
  /// first that waits).
  var disposed: Gate?
}
