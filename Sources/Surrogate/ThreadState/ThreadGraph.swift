#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// INVARIANT: the thread's slot (a word allocated once per thread, whose address the thread-specific
// key holds, freed when the thread exits) holds the address of a ``Graph``, unretained, that has a
// frame on its path (or is completing: its `Resolvable` callbacks run) and runs on this thread; it
// is set when a synchronous graph pushes its first frame and put back to the graph it replaced when
// that graph pops its last, or, for a graph of a top-level `resolve`, when it has completed (see
// ``Graph/push(_:)`` and ``Graph/complete(succeeded:)``). Such a graph is alive (its caller holds
// it), and no other thread reads this thread's value, so the address is never read after the
// graph is gone. Async graphs are here only while their synchronous callbacks run (no suspension,
// so no other thread); otherwise a task may move between threads while its graph has frames, and
// they are found through ``AsyncGraphScope`` instead. The test `ContainerInsideFactoryTests` breaks if the value outlives
// its graph's path (a resolve on another thread or after a failure joins a stale graph).

/// The synchronous graph the calling thread is resolving right now, so that a `container.resolve`
/// made inside a factory joins it (Dip's idiom) instead of starting a graph of its own.
///
/// ```swift
/// container.register { Client(server: try container.resolve(Server.self)) }  // joins the graph
/// ```
@usableFromInline
enum ThreadGraph {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { slot in
      // NB: through an optional, since the parameter is optional in Glibc and not in Darwin.
      let slot: UnsafeMutableRawPointer? = slot
      slot?.deallocate()
    }
    precondition(status == 0, "pthread_key_create failed (\(status))")
    return key
  }()

  /// The address of the thread's current graph, or `nil`.
  static var current: UnsafeMutableRawPointer? {
    pthread_getspecific(key)?.load(as: UnsafeMutableRawPointer?.self)
  }

  /// The calling thread's slot, made on first use.
  ///
  /// NB: a graph writes its thread's slot, not the thread-specific value itself: setting that is a
  /// call that costs about fifty instructions, twice per top-level `resolve`.
  @usableFromInline
  static var slot: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
    if let slot = pthread_getspecific(key) { return slot.assumingMemoryBound(to: UnsafeMutableRawPointer?.self) }
    let slot = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
    slot.initialize(to: nil)
    pthread_setspecific(key, slot)
    return slot
  }

  /// The graph a synchronous `resolve` from `container` on this thread joins: the thread's current
  /// graph, if it resolves for the same family of containers (a container, its ancestors and
  /// children share one ``ContainerFamily``); `nil` starts a graph of its own.
  @usableFromInline
  static func joinable(from container: Container) -> Graph? {
    guard let address = current else { return nil }
    return joinable(address, from: container)
  }

  /// The graph at `address` (the thread's current one), if a `resolve` from `container` joins it.
  @usableFromInline
  static func joinable(_ address: UnsafeMutableRawPointer, from container: Container) -> Graph? {
    let graph = Unmanaged<Graph>.fromOpaque(address).takeUnretainedValue()
    return graph.isActive && graph.family === container.family ? graph : nil
  }
}

/// The async graph the current task is resolving, so that a `try await container.resolve` made
/// inside an async factory joins it.
///
/// Child tasks inherit a task-local value, and may run at the same time as their parent: only the
/// task that started the graph joins it (``Graph/task``), every other task starts its own.
struct AsyncGraphScope: Sendable {
  /// NB: a graph is not `Sendable`. It is used only by the task that started it, which the join
  /// checks before touching anything else of it; other tasks only keep it alive.
  nonisolated(unsafe) let graph: Graph

  @TaskLocal static var current: AsyncGraphScope?

  /// The graph a `try await resolve` from `container` in this task joins, or `nil`.
  static func joinable(from container: Container) -> Graph? {
    guard let graph = current?.graph, graph.isActive, let task = graph.task,
      withUnsafeCurrentTask(body: { $0 == task }), graph.family === container.family
    else { return nil }
    return graph
  }
}
