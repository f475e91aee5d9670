#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// INVARIANT: the thread-specific value holds the address of a ``Graph``, unretained, that has a
// frame on its path (or is completing: its `Resolvable` callbacks run) and runs on this thread; it
// is set when a synchronous graph pushes its first frame and put back to the graph it replaced when
// that graph pops its last, or, for a graph of a top-level `resolve`, when it has completed (see
// ``Graph/push(_:)`` and ``Graph/complete(succeeded:)``). Such a graph is alive (its caller holds
// it), and no other thread reads this thread's value, so the address is never read after the
// graph is gone. Async graphs are here only while they run synchronous code: a factory or block
// (``Graph/runningAsCurrent(_:)``), or their `Resolvable` callbacks (no suspension, so no other
// thread); otherwise a task may move between threads while its graph has frames, and they are
// found through ``AsyncGraphScope`` instead. The tests `ContainerInsideFactoryTests`,
// `ContainerInsideFactoryAwaitedTests` and `AwaitedDipIdiomStressTests` break if the value outlives
// its graph's path or its synchronous code (a resolve on another thread or task, or after a
// failure, joins a stale graph). `currentThreadID()` turns the thread's `pthread_t` into an
// integer by its bit pattern: an identity to compare, never turned back into a pointer.

/// The synchronous graph the calling thread is resolving right now, so that a `container.resolve`
/// made inside a factory joins it (Dip's idiom) instead of starting a graph of its own.
///
/// ```swift
/// container.register { Client(server: try container.resolve(Server.self)) }  // joins the graph
/// ```
///
/// NB: one thread-specific value, read and written with `pthread_getspecific` and
/// `pthread_setspecific`. A word allocated per thread that graphs wrote directly spared each
/// top-level `resolve` about 130 instructions (S1 5,283 against 5,414, callgrind, 2026-11-26), and
/// the realistic graphs less than 0.5% (`server-flat` 23,006 against 23,053): under #34's rule
/// (keep such machinery only if removing it costs a realistic graph 3% of its instructions, or a
/// made singleton 10%), it went.
@usableFromInline
enum ThreadGraph {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed (\(status))")
    return key
  }()

  /// The address of the thread's current graph, or `nil`.
  @usableFromInline
  static var current: UnsafeMutableRawPointer? {
    get { pthread_getspecific(key) }
    set { pthread_setspecific(key, newValue) }
  }

  /// Runs `body` with `graph` as the thread's current graph, then puts the previous one back, also
  /// when `body` throws: for an async graph's synchronous code (``Graph/runningAsCurrent(_:)``).
  static func running<Result, Failure>(as graph: Graph, _ body: () throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    let outer = current
    current = Unmanaged.passUnretained(graph).toOpaque()
    defer { current = outer }
    return try body()
  }

  /// The graph a synchronous `resolve` from `container` on this thread joins: the thread's current
  /// graph, if it resolves for the same family of containers (a container, its ancestors and
  /// children share one ``ContainerFamily``); `nil` starts a graph of its own.
  @usableFromInline
  static func joinable(from container: Container) -> Graph? {
    guard let address = current else { return nil }
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

  /// The async graph of this task that is running while `graph` starts (its factory resolves
  /// from a container of another family), or `nil`: the graph `graph` is nested in.
  static func enclosing(of graph: Graph) -> Graph? {
    guard let enclosing = current?.graph, enclosing !== graph, enclosing.isActive, let task = enclosing.task,
      withUnsafeCurrentTask(body: { $0 == task })
    else { return nil }
    return enclosing
  }

  /// Whether a graph is running on this thread or in this task: a graph that starts now is nested
  /// in it, and must not wait for another graph to finish while the one it is nested in holds what
  /// it has claimed.
  static var isNested: Bool { ThreadGraph.current != nil || current?.graph.isActive == true }
}

/// The calling thread's `pthread_t`, as an integer.
///
/// NB: overloads, not `#if`: `pthread_t` is an integer in Glibc, a typed pointer in Darwin and an
/// opaque pointer in Musl (where `UInt(pthread_self())` did not compile), and the compiler picks
/// the conversion that fits.
func currentThreadID() -> UInt { threadID(pthread_self()) }

private func threadID(_ thread: UInt) -> UInt { thread }
private func threadID(_ thread: OpaquePointer) -> UInt { UInt(bitPattern: thread) }
private func threadID<Pointee>(_ thread: UnsafeMutablePointer<Pointee>) -> UInt { UInt(bitPattern: thread) }
