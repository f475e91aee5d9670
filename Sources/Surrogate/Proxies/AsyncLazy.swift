import Synchronization

/// Resolves `T` on first access, once, awaiting `async` factories: ``Lazy`` for a definition made
/// by an `async` factory or on the main actor, read from `async` code.
///
/// ```swift
/// final class SearchService: Sendable {
///   let index: AsyncLazy<SearchIndex>
///   init(index: AsyncLazy<SearchIndex>) { self.index = index }
///   func search(_ text: String) async throws -> [Hit] { try await index.value.search(text) }
/// }
/// container.register { _ async throws in try await SearchIndex.load() }
/// container.autowire(SearchService.init)   // AsyncLazy<SearchIndex> comes for free
/// ```
///
/// The first access resolves `T` as `try await container.resolve(T.self)` does (with the tag it was
/// requested with); tasks that read it meanwhile wait for that resolution instead of starting
/// their own. A failure is not kept: the access that resolved gets the error, and the tasks that
/// waited start again (one resolves, the others wait for it), as does the next access.
///
/// `T` is `Sendable`: every task that reads the lazy gets the same instance.
public final class AsyncLazy<T: Sendable>: Sendable {
  private let container: Container
  private let tag: DefinitionTag?
  /// The overrides it was made under (see `OverridesAtCreation`).
  private let overrides: OverridesAtCreation
  private let state = Mutex(State.idle)

  /// Where the first access is.
  private enum State {
    /// Nothing resolved, and no access resolving.
    case idle
    /// An access is resolving; the tasks waiting for it.
    case resolving(waiting: [CheckedContinuation<Void, Never>])
    /// Resolved: every later access returns it.
    case resolved(T)
  }

  /// What an access does, decided under the lock.
  private enum Step {
    case done(T)
    case resolve
    case wait
  }

  init(container: Container, tag: DefinitionTag?, overrides: OverridesAtCreation) {
    self.container = container
    self.tag = tag
    self.overrides = overrides
  }

  /// The instance, resolved on the first access, once.
  ///
  /// ```swift
  /// let index = try await searchIndex.value
  /// ```
  ///
  /// - Throws: ``ResolutionError``, or `CancellationError` when the task is cancelled while
  ///   waiting for a singleton another task is creating. A failure is not kept: the accesses that
  ///   waited for the failed one, and later ones, try again.
  public var value: T {
    get async throws {
      while true {
        switch step() {
        case .done(let value): return value
        case .resolve: return try await resolveOnFirstAccess()
        case .wait:
          await withCheckedContinuation { continuation in
            let waits = state.withLock(owner: self) { state -> Bool in
              guard case .resolving(var waiting) = state else { return false }
              waiting.append(continuation)
              state = .resolving(waiting: waiting)
              return true
            }
            if !waits { continuation.resume() }
          }
        }
      }
    }
  }

  /// Whether ``value`` has been resolved.
  ///
  /// ```swift
  /// #expect(!service.index.isResolved)
  /// ```
  public var isResolved: Bool { resolvedSubject != nil }

  /// The resolved instance, or `nil` before it is resolved; never resolves (for leak checks).
  var resolvedSubject: T? {
    state.withLock(owner: self) { state -> T? in
      guard case .resolved(let value) = state else { return nil }
      return value
    }
  }

  /// The resolved value, or whether this access resolves or waits.
  private func step() -> Step {
    state.withLock(owner: self) { state -> Step in
      switch state {
      case .resolved(let value): return .done(value)
      case .resolving: return .wait
      case .idle:
        state = .resolving(waiting: [])
        return .resolve
      }
    }
  }

  /// Resolves the instance, then publishes it (or, on failure, lets the next access try again)
  /// and wakes the accesses that waited.
  private func resolveOnFirstAccess() async throws -> T {
    let outcome: Result<T, any Error>
    do {
      outcome = .success(try await container.resolveLater(T.self, tag: tag, overrides: overrides))
    } catch let error as ResolutionError {
      outcome = .failure(error.outsideScope(through: "AsyncLazy", of: T.self, from: container) ?? error)
    } catch {
      outcome = .failure(error)
    }
    let waiting = state.withLock(owner: self) { state -> [CheckedContinuation<Void, Never>] in
      guard case .resolving(let waiting) = state else { return [] }
      switch outcome {
      case .success(let value): state = .resolved(value)
      case .failure: state = .idle
      }
      return waiting
    }
    for continuation in waiting { continuation.resume() }
    return try outcome.get()
  }
}

extension AsyncLazy: ContainerInjectable {
  static func make(_ key: DefinitionKey, in graph: Graph, from container: Container) throws(ResolutionError) -> Any {
    try checkRegistered(T.self, key, in: graph, from: container, wrapper: "AsyncLazy")
    return AsyncLazy(container: container, tag: key.tag, overrides: graph.overridesForLater(from: container))
  }
}

extension AsyncLazy: LeakCheckTransparent {
  /// The resolved instance, once resolved.
  package var strongContentsForLeakCheck: [Any]? {
    guard let subject = resolvedSubject else { return [] }
    return [subject]
  }
}
