import Synchronization

// INVARIANT: one graph, one thread (or, for an async graph, one task) at a time: hence
// `@exclusivity(unchecked)` and no lock. NB: it pays (#34's rule): with the dynamic checks, S1
// took 13,425 instructions instead of 5,301, server-flat 43,734 instead of 22,599, screen 47,956
// instead of 32,040 (callgrind, release, 2026-11-26). It is the one reason this file is outside
// the Unchecked/ room (see .ci/unchecked-outside-room.txt); its fields would move there with it.
// - `rootReference`, `topLevelParentReference` and `rootSnapshotReference` are unretained; the root
//   holds its parent (`Container.parent`, a `let`), so the parent lives as long as the root. A graph of a top-level `resolve`
//   (`init(reading:of:isolation:)`) lives inside that call's read section (see Container.swift,
//   snapshot reading), whose caller holds the container and which holds the snapshot. Every other graph retains both
//   (`retainedRoot`, `retainedSnapshot`); a live snapshot a miss reads is kept until it ends
//   (`supersededSnapshots`), since entries found in it may still be in use.
// - A graph a resolver keeps past its call retains its root from then on (`keepRootAlive`), not its
//   snapshot: it has no frames any more, and a resolver of an inactive graph starts a new graph
//   instead of reading it (see Resolver.swift).
// - The path: frames `0..<frameCount` at `frameBase` are initialized; the buffer is the caller's
//   stack (`withFrameBuffer`) or a heap buffer it allocated (`growFrames`), and `leaveFrameBuffer`
//   empties the path and forgets the buffer before the call that lent it returns. A frame's key is
//   borrowed (see BorrowedKey.swift).
// - `outerThreadGraph`: see ThreadGraph.swift.

/// The state of one top-level `resolve`: the path being resolved, the `.shared` instances made so
/// far, and the weak singletons held until it ends.
///
/// A graph belongs to the thread that called `resolve` and never escapes it, except through a
/// ``Resolver`` that a factory keeps (which then starts a new graph; see ``Resolver``).
@usableFromInline
final class Graph {
  @usableFromInline
  struct Frame {
    /// The key the definition was requested with, borrowed from the call that pushed the frame.
    @usableFromInline let requested: BorrowedKey
    @usableFromInline let id: RegistrationID
    /// The definition's scope. NB: the kind itself, not flags derived from it: a push copies one
    /// byte, and only the rare readers (cycles, a miss) derive what they need.
    @usableFromInline let scopeKind: Scope.Kind
    /// Whether the definition's instances are reused by requested tag (an untagged `.shared`
    /// definition): then only a request with the frame's tag closes a cycle on it.
    @usableFromInline let reusesByTag: Bool
    /// Whether the definition's factory is still running (its instance does not exist yet).
    @usableFromInline var isConstructing = true
    /// Whether pushing this frame set its registration's bit in ``Graph/pathBits``: then popping
    /// it clears the bit (no frame below has it).
    @usableFromInline var ownsPathBit = false

    @inlinable
    init(key: borrowing DefinitionKey, id: RegistrationID, scopeKind: Scope.Kind = .unique, reusesByTag: Bool = false) {
      self.requested = BorrowedKey(key)
      self.id = id
      self.scopeKind = scopeKind
      self.reusesByTag = reusesByTag
    }

    /// Whether the definition's instance can be reused within the graph (not `.unique`).
    @usableFromInline var isReusable: Bool { scopeKind != .unique }
    /// Whether the definition is a singleton (of any singleton scope): what it resolves must not
    /// depend on the graph that asked (see ``Graph/resolveInAskingGraph(_:arguments:from:)``).
    var isSingleton: Bool { scopeKind.isSingleton }

    /// Whether a request for this frame's definition with `requested`'s tag closes a cycle.
    func isCycle(with requested: DefinitionKey) -> Bool {
      !reusesByTag || key.tagSlot == requested.tagSlot
    }

    /// The requested key, retained: read it only while the frame is on the path.
    var key: DefinitionKey { requested.key }
  }

  /// A definition a detected cycle closed on: its frame's state, without the frame's borrowed key.
  struct CycleTarget {
    let id: RegistrationID
    let isConstructing: Bool
    let isReusable: Bool
  }

  /// See ``Extras/runsOnMainActor``. NB: in the extras, which only some graphs allocate: a field
  /// of every graph cost each top-level `resolve` its initialization.
  var runsOnMainActor: Bool {
    get { extrasStorage?.runsOnMainActor ?? false }
    set { if newValue || extrasStorage != nil { extras.runsOnMainActor = newValue } }
  }

  /// A definition and the tag it was requested with.
  struct TaggedInstanceKey: Hashable {
    let id: RegistrationID
    let tag: TagSlot
  }

  /// The container the graph was started from, and its registry as of then.
  ///
  /// NB: both unretained, to spare a top-level `resolve` four atomic operations on objects every
  /// thread shares. A graph that a top-level `resolve` makes lives inside that call's read section
  /// (see ``Container/reading(_:)``): the caller holds the container and the section holds the
  /// snapshot it took. If a resolver outlives the call, the graph retains its root then
  /// (``keepRootAlive()``); every other graph retains both from the start.
  @usableFromInline let rootReference: Unretained<Container>
  @usableFromInline @exclusivity(unchecked) var rootSnapshotReference: Unretained<RegistrySnapshot>
  @exclusivity(unchecked) var retainedRoot: Container?
  @exclusivity(unchecked) var retainedSnapshot: RegistrySnapshot?
  @usableFromInline let maximumDepth: Int
  /// The depth from which each deeper request checks the stack left on its thread (see
  /// ``StackBounds``): a shallow graph never looks.
  @usableFromInline @exclusivity(unchecked) var stackCheckDepth: Int
  /// Whether the root container has no parent: then the root snapshot alone answers an untagged
  /// lookup from the root.
  @usableFromInline let rootIsTopLevel: Bool
  /// The root's parent when it has no parent itself (a child container's or a scope's graph): an
  /// untagged lookup from the root reads the root's snapshot, then this parent's (see
  /// ``parentSnapshot``), before the general path. `nil` in a family that has had overrides
  /// (see ``fastParent(of:)``).
  ///
  /// NB: unretained, as the root is (the root holds it): each lookup that fell through the root
  /// read the strong field, a retain and a release, 13 of them in a server request through a
  /// scope or a child, and the graph retained and released it besides (server-scope and
  /// server-child, callgrind: about 340 instructions a request).
  @usableFromInline let topLevelParentReference: Unretained<Container>?
  /// ``topLevelParentReference``, retained: for the general paths.
  @usableFromInline var topLevelParent: Container? { topLevelParentReference?.object }
  /// The snapshot of ``topLevelParent`` this graph reads, taken on the first lookup that falls
  /// through the root (a miss also reads the live registry, see `lookupInLiveRegistries`).
  @usableFromInline @exclusivity(unchecked) var parentSnapshot: RegistrySnapshot?
  @usableFromInline let isValidation: Bool
  // NB: a graph never leaves its thread, so the dynamic exclusivity checks on these (a runtime
  // call per access) buy nothing.
  /// The resolution path: a stack of frames in a buffer the top-level `resolve` usually puts on
  /// its own stack (see ``withFrameBuffer(_:)``), moved to the heap only when it grows past it.
  @usableFromInline @exclusivity(unchecked) var frameBase: UnsafeMutablePointer<Frame>?
  @usableFromInline @exclusivity(unchecked) var frameCount = 0
  @usableFromInline @exclusivity(unchecked) var frameCapacity = 0
  /// Bit `serial % 64` set for every registration with a frame on the path: a request whose bit
  /// is clear cannot close a cycle, so only a request whose bit is set scans the path (see
  /// ``checkCycleAndDepth(id:requested:)``).
  ///
  /// NB: serials are given out in registration order, so a chain of up to 64 definitions
  /// registered together never scans; a scan that finds nothing is only a wasted scan.
  @usableFromInline @exclusivity(unchecked) var pathBits: UInt64 = 0
  @exclusivity(unchecked) var framesOnHeap = false
  /// The graph's `.shared` (and new singleton) instances, each in a `Shared<Instance>` box: read
  /// back with an unchecked downcast instead of a dynamic cast from `Any`.
  @usableFromInline @exclusivity(unchecked) var shared = SharedInstances()
  @usableFromInline @exclusivity(unchecked) var hasPostponed = false
  /// Whether singletons made in this graph wait to be published (``publishWhenFinished(_:abandon:)``).
  @usableFromInline @exclusivity(unchecked) var hasPublications = false
  /// Set by a top-level `resolve` that completes the graph itself (``complete(succeeded:)``):
  /// then an empty path neither publishes nor leaves the thread.
  @usableFromInline @exclusivity(unchecked) var completesExplicitly = false
  /// The forwarding whose source is being made, if any, and the path's length when it asked for
  /// its source (the source's frame is the next; see ``ForwardTypeChecking``).
  @usableFromInline @exclusivity(unchecked) var forwardChecker: (any ForwardTypeChecking)?
  @usableFromInline @exclusivity(unchecked) var forwardCheckDepth = 0
  /// Set while ``complete(succeeded:)`` runs the graph's `Resolvable` callbacks.
  @usableFromInline @exclusivity(unchecked) var isCompleting = false
  /// How many requests were answered with an instance whose definition was still on the path (a
  /// cycle: its factory or blocks had not finished). A singleton made while this grew depends on
  /// the graph's success (see ``complete(succeeded:)``).
  @usableFromInline @exclusivity(unchecked) var unfinishedReads = 0
  /// The reset generation of the root's family when the graph first read one of its registries
  /// other than the root's, or -1 before (see ``snapshotNotingResets(of:)``).
  @usableFromInline @exclusivity(unchecked) var rootFamilyResetGeneration = -1
  /// Bit `serial % 64` (as in ``pathBits``) set for every registration whose instance in this
  /// graph is complete only if the graph succeeds: its blocks wait for a construction further up
  /// the path, or it used an unfinished instance. A request answered with such an instance reads
  /// an unfinished one too (see ``noteReuse(of:_:)``), so that a singleton made from it is not
  /// published if the graph fails and gives that instance up.
  @usableFromInline @exclusivity(unchecked) var pendingBits: UInt64 = 0
  @exclusivity(unchecked) var extrasStorage: Extras?
  /// Observes every instance the graph creates (leak checks, graph export).
  @usableFromInline @exclusivity(unchecked) var observer: (any GraphObserver)? {
    didSet { tracesBuilding = observer.map { !($0 is ScopeDisposals) } ?? false }
  }
  /// Whether ``observer`` wants every request and every factory's start and end: any observer but
  /// a scope's (``ScopeDisposals``), which only keeps disposals. So an observer that does not
  /// trace building is the scope's one the graph started with, the only ``ScopeDisposals`` a
  /// graph is given (see ``Registration/mayNeedRecording(type:in:)``).
  ///
  /// NB: a `Bool` tested before those calls: a scope's graph made them all, each retaining the
  /// observer, to reach empty methods (server-scope, callgrind: about 1,000 instructions a
  /// request).
  @usableFromInline @exclusivity(unchecked) var tracesBuilding = false
  /// The actor the top-level `resolve` was called on (`#isolation`): main-actor factories run
  /// only in a graph started on the main actor.
  @usableFromInline @exclusivity(unchecked) var isolation: (any Actor)?
  /// Whether this graph runs in an async resolution (tasks, not threads, wait for each other).
  @usableFromInline @exclusivity(unchecked) var isAsync = false
  /// Whether this graph keeps the disposals of the `.shared` and `.unique` instances it makes
  /// although it has an observer: a leak check's, which disposes them when it ends (see
  /// `Container+Recording.swift`).
  @usableFromInline @exclusivity(unchecked) var keepsMadeDisposals = false
  /// Whether the disposal of a `.shared` or `.unique` instance this graph made is kept for the
  /// scope, or in case the graph fails: a singleton that takes that instance later takes its
  /// disposal too (see ``handOverIfKept(_:)``).
  @usableFromInline @exclusivity(unchecked) var keepsDisposalsOfMade = false

  /// Whether this graph is its thread's current one (``ThreadGraph``), and the graph it replaced.
  @usableFromInline @exclusivity(unchecked) var isThreadCurrent = false
  @exclusivity(unchecked) var outerThreadGraph: UnsafeMutableRawPointer?
  /// The task that started this async graph: the only one that joins it (``AsyncGraphScope``).
  /// NB: kept in the extras, which only some graphs allocate: an optional `UnsafeCurrentTask`
  /// field cost every graph outlined value-witness calls to make and destroy.
  var task: UnsafeCurrentTask? {
    get { extrasStorage?.task }
    set { extras.task = newValue }
  }
  /// The tag of the tagged resolvers made in this graph, which hold its bits unretained (see
  /// ``keep(_:)``). Auto-wiring passes one request's tag on to every dependency, so a graph
  /// rarely sees a second one.
  @exclusivity(unchecked) var keptTag = TagSlot.none

  /// The family of the container the graph started from: a `resolve` from the same family joins it.
  var family: ContainerFamily { root.family }

  var extras: Extras {
    if let extrasStorage { return extrasStorage }
    let extras = Extras()
    extrasStorage = extras
    return extras
  }

  var lastCycleTarget: CycleTarget? { extrasStorage?.lastCycleTarget }
  var nilOptionals: [NilOptional] { extrasStorage?.nilOptionals ?? [] }

  /// A graph that retains its container and a snapshot of its registry: it may outlive the call
  /// that makes it.
  @usableFromInline
  init(container: Container, isolation: (any Actor)? = nil, isValidation: Bool = false) {
    let snapshot = container.snapshot()
    self.isolation = isolation
    self.rootReference = Unretained(container)
    self.retainedRoot = container
    self.rootSnapshotReference = Unretained(snapshot)
    self.retainedSnapshot = snapshot
    self.maximumDepth = container.maximumDepth
    self.stackCheckDepth = min(container.maximumDepth, StackBounds.firstCheckedDepth)
    self.rootIsTopLevel = container.parent == nil
    self.topLevelParentReference = Self.fastParent(of: container).map(Unretained.init)
    self.isValidation = isValidation
    if !isValidation, container.isInScope {
      observer = container.scopeDisposals()
    }
  }

  /// A graph for a top-level `resolve` reading `snapshot` inside its read section: it retains
  /// neither the container nor the snapshot.
  ///
  /// NB: always inlined so that the caller does not retain the container to pass it in.
  @inlinable @inline(__always)
  init(reading snapshot: Unretained<RegistrySnapshot>, of container: Container, isolation: (any Actor)?) {
    self.isolation = isolation
    self.rootReference = Unretained(container)
    self.rootSnapshotReference = snapshot
    self.maximumDepth = container.maximumDepth
    self.stackCheckDepth = min(container.maximumDepth, StackBounds.firstCheckedDepth)
    self.rootIsTopLevel = container.parent == nil
    self.topLevelParentReference = Self.fastParent(of: container).map(Unretained.init)
    self.isValidation = false
    if container.isInScope {
      observer = container.scopeDisposals()
    }
  }

  /// The ``topLevelParent`` of a graph started from `container`: its parent when that has none,
  /// and no container of the family has had overrides (a lookup that falls through to the parent
  /// may have to read its override first: the general path does).
  @inlinable @inline(__always)
  static func fastParent(of container: Container) -> Container? {
    container.parent.flatMap { $0.parent == nil && !$0.family.hasOverrides ? $0 : nil }
  }

  /// The container the graph was started from, retained: for the general path.
  @usableFromInline var root: Container { rootReference.object }

  /// Whether `container` is the graph's root, compared without retaining either.
  @inlinable @inline(__always)
  func isRoot(_ container: Container) -> Bool {
    rootReference.refers(to: container)
  }

  /// Whether `container` is the graph's root, compared without retaining either.
  @inlinable @inline(__always)
  func isRoot(_ container: Unretained<Container>) -> Bool {
    rootReference == container
  }

  /// The root snapshot, retained: for the general lookup path.
  var rootSnapshot: RegistrySnapshot { rootSnapshotReference.object }

  /// `container`, not the root, joins this graph: keeps it alive as long as the graph, since a
  /// resolver made for it (which a factory may keep) refers to it unretained (see Resolver.swift).
  ///
  /// NB: the root and its ancestors are alive already; a child that joins a parent's graph was
  /// not, and a kept resolver then read a released container.
  @usableFromInline
  func keepJoined(_ container: Container) {
    guard !extras.joined.contains(where: { $0 === container }) else { return }
    extras.joined.append(container)
  }

  /// The top-level call that made this graph returns while a resolver still refers to it: the
  /// resolver's container (the root or an ancestor) must stay alive with it.
  @usableFromInline
  func keepRootAlive() {
    if retainedRoot == nil { retainedRoot = root }
  }

  deinit {
    if hasPublications { publish() }
    if let frameBase {
      frameBase.deinitialize(count: frameCount)
      if framesOnHeap { frameBase.deallocate() }
    }
  }

  /// Runs `body` with this graph's path in `buffer` (stack memory of the caller's), and moves the
  /// path out of it before returning: a resolver kept past the call must not see the buffer.
  @usableFromInline @inline(__always)
  func withFrameBuffer<Result>(
    _ buffer: UnsafeMutableBufferPointer<Frame>, _ body: () throws(ResolutionError) -> Result
  ) throws(ResolutionError) -> Result {
    frameBase = buffer.baseAddress
    frameCapacity = buffer.count
    defer { leaveFrameBuffer() }
    return try completing(body)
  }

  @usableFromInline
  func leaveFrameBuffer() {
    guard let frameBase else { return }
    frameBase.deinitialize(count: frameCount)
    if isThreadCurrent || hasPublications { pathEmptied() }
    // NB: a heap path is freed now, not when the graph is released: a resolver kept past this
    // call starts a graph of its own.
    if framesOnHeap { frameBase.deallocate() }
    framesOnHeap = false
    self.frameBase = nil
    frameCount = 0
    pathBits = 0
    frameCapacity = 0
  }

  /// The resolution path, outermost request first.
  @usableFromInline var frames: UnsafeMutableBufferPointer<Frame> {
    UnsafeMutableBufferPointer(start: frameBase, count: frameCount)
  }

  /// Whether requests join this graph: while its path is not empty, and while it completes
  /// (its callbacks run).
  @usableFromInline var isActive: Bool { frameCount != 0 || isCompleting }

  // MARK: - Path

  @inlinable @inline(__always)
  func push(_ frame: Frame) {
    if frameCount == 0 { becomeThreadCurrent() }
    if frameCount == frameCapacity { growFrames() }
    var frame = frame
    let bit = Self.pathBit(of: frame.id)
    frame.ownsPathBit = pathBits & bit == 0
    pathBits |= bit
    (frameBase.unsafelyUnwrapped + frameCount).initialize(to: frame)
    frameCount += 1
  }

  @inlinable @inline(__always)
  func pop() {
    frameCount -= 1
    let top = frameBase.unsafelyUnwrapped + frameCount
    if top.pointee.ownsPathBit { pathBits &= ~Self.pathBit(of: top.pointee.id) }
    top.deinitialize(count: 1)
    if frameCount == 0, isThreadCurrent || hasPublications { pathEmptied() }
  }

  /// The path is empty: the graph is finished for now. Publishes its singletons, and stops
  /// being its thread's current graph.
  @usableFromInline
  func pathEmptied() {
    guard !completesExplicitly else { return }
    if isThreadCurrent { resignThreadCurrent() }
    if hasPublications { publish() }
  }

  /// The path gets its first frame: a synchronous graph becomes its thread's current one, so
  /// that a `container.resolve` inside a factory joins it.
  @usableFromInline
  func becomeThreadCurrent() {
    // NB: a graph that completes explicitly stays current while its path is empty (its
    // callbacks' requests join it): a new first frame then finds it current already.
    guard !isAsync, !isThreadCurrent else { return }
    outerThreadGraph = ThreadGraph.current
    ThreadGraph.current = Unmanaged.passUnretained(self).toOpaque()
    isThreadCurrent = true
  }

  /// The path is empty again: the thread's current graph is the one this one replaced.
  @usableFromInline
  func resignThreadCurrent() {
    ThreadGraph.current = outerThreadGraph
    outerThreadGraph = nil
    isThreadCurrent = false
  }

  /// The bit of ``pathBits`` that frames of registration `id` set.
  @inlinable @inline(__always)
  static func pathBit(of id: RegistrationID) -> UInt64 {
    1 &<< UInt64(truncatingIfNeeded: id.serial & 63)
  }

  /// Moves the path to a heap buffer twice as large.
  @usableFromInline
  func growFrames() {
    // NB: a path that outgrows the stack buffer is usually a long chain: one step to 64 frames
    // spares it a second allocation and copy at 32.
    let capacity = max(64, frameCapacity * 2)
    let buffer = UnsafeMutablePointer<Frame>.allocate(capacity: capacity)
    if let frameBase {
      buffer.moveInitialize(from: frameBase, count: frameCount)
      if framesOnHeap { frameBase.deallocate() }
    }
    frameBase = buffer
    frameCapacity = capacity
    framesOnHeap = true
  }

  /// The current definition's factory has returned: its instance exists.
  @inlinable func markConstructed() { frameBase.unsafelyUnwrapped[frameCount - 1].isConstructing = false }

  /// The keys of the path and `key` after them.
  ///
  /// NB: written into one array of the final size: `frames.map(\.key) + [key]` made three arrays
  /// (about 1,250 instructions of a cycle 1 frame deep, measured when S7c met one).
  func path(to key: DefinitionKey) -> [DefinitionKey] {
    let frames = frames
    return [DefinitionKey](unsafeUninitializedCapacity: frames.count + 1) { buffer, count in
      let base = buffer.baseAddress.unsafelyUnwrapped
      for (index, frame) in frames.enumerated() { (base + index).initialize(to: frame.key) }
      (base + frames.count).initialize(to: key)
      count = frames.count + 1
    }
  }

  /// Throws `circularDependency` when a frame of `id` is on the path, or `depthLimitExceeded`
  /// when the path is as deep as allowed: inline, so that a request whose registration's path bit
  /// is clear (the common case) costs a test and no call.
  @inlinable @inline(__always)
  func checkCycleAndDepth(id: RegistrationID, requested: DefinitionKey) throws(ResolutionError) {
    if pathBits & Self.pathBit(of: id) != 0 || frameCount >= stackCheckDepth {
      try checkPath(id: id, requested: requested)
    }
  }

  /// The scan behind ``checkCycleAndDepth(id:requested:)``, and the depth and stack checks of a
  /// deep path.
  @usableFromInline
  func checkPath(id: RegistrationID, requested: DefinitionKey) throws(ResolutionError) {
    if pathBits & Self.pathBit(of: id) != 0,
      let start = frames.firstIndex(where: { $0.id == id && $0.isCycle(with: requested) })
    {
      let target = frames[start]
      extras.lastCycleTarget = CycleTarget(
        id: target.id, isConstructing: target.isConstructing, isReusable: target.isReusable)
      throw circularDependency(from: start, requested: requested)
    }
    if frames.count >= maximumDepth {
      throw ResolutionError(
        .depthLimitExceeded, key: requested, path: path(to: requested),
        message: "Resolving \(requested) needs an object graph deeper than \(maximumDepth) definitions.",
        remedy:
          "Look for an unbounded chain of definitions in the path, or create the container with a larger `maximumDepth`."
      )
    }
    if frames.count >= stackCheckDepth {
      stackCheckDepth = frames.count + 1
      if let left = StackBounds.bytesLeftWithinReserve() {
        throw ResolutionError(
          .depthLimitExceeded, key: requested, path: path(to: requested),
          message: "Resolving \(requested) needs an object graph deeper than this thread's stack allows: "
            + "\(frames.count) definitions deep, \(max(left, 0) / 1024) KiB of stack left.",
          remedy:
            "Look for an unbounded chain of definitions in the path, or resolve it on a thread with a larger stack.")
      }
    }
  }

  /// Keeps `tag` alive as long as this graph: a ``Resolver`` holds its tag's bits unretained.
  /// The same bits are the same storage, kept once.
  @usableFromInline
  func keep(_ tag: TagSlot) {
    if keptTag.isNone {
      keptTag = tag
    } else if keptTag.borrowedBits != tag.borrowedBits {
      extras.keptTags.append(tag)
    }
  }
}
