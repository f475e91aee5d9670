// Unchecked code: values cross to the main actor and back without `Sendable` checks.
//
// Invariant: the values are a resolution's own (its resolver, graph, arguments and the instance
// being made) and an async resolution is one task: while the main actor runs `body`, the task
// that awaits it runs nothing else, so no two threads use them at once. `hop` is the only way
// they cross.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Moves values a task owns across an isolation boundary it is about to await.
///
/// NB: unchecked by design (see the invariant above); not a lock.
@usableFromInline
struct TaskOwned<Value>: @unchecked Sendable {
  @usableFromInline let value: Value
  @usableFromInline init(value: Value) { self.value = value }
}

enum MainActorHop {
  /// Runs `body` on the main actor with `input`, and returns its result, for an async resolution.
  static func run<Input, Output>(
    _ input: Input, _ body: @escaping @MainActor @Sendable (Input) async throws -> Output
  ) async throws -> Output {
    let input = TaskOwned(value: input)
    let output = try await runOnMain(input, body)
    return output.value
  }

  @MainActor
  private static func runOnMain<Input, Output>(
    _ input: TaskOwned<Input>, _ body: @MainActor @Sendable (Input) async throws -> Output
  ) async throws -> TaskOwned<Output> {
    TaskOwned(value: try await body(input.value))
  }

  /// Whether this thread is the main thread, where the main actor runs: a synchronous request in
  /// an async resolution that a main-actor factory or block made runs there.
  static var isMainThread: Bool {
    #if canImport(Darwin)
      pthread_main_np() != 0
    #else
      linuxThreadID() == getpid()
    #endif
  }
}

#if !canImport(Darwin)
  /// The calling thread's kernel id (glibc's `gettid`, which the Glibc module does not import).
  @_silgen_name("gettid")
  private func linuxThreadID() -> pid_t
#endif
