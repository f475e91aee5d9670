/// How a `Provider` or `Lazy` was used when the graph it started met a `@MainActor` definition off
/// the main actor, or an `async` one: its ``ResolutionError/Code/requiresMainActor`` or
/// ``ResolutionError/Code/requiresAwait`` error then says what its holder can do, instead of what a
/// caller of `container.resolve` can.
///
/// ```swift
/// throw MainActorAccessor.provider.explain(error, of: T.self, from: container)
/// ```
enum MainActorAccessor {
  /// `try provider()`.
  case provider
  /// `try lazy()`.
  case call
  /// `try lazy.value`: a property, which cannot learn its caller's actor.
  case value

  /// `error` with a message and remedy for this accessor of a `T`, when it is a
  /// `requiresMainActor` or `requiresAwait` of the graph the accessor started; any other error as
  /// it is.
  ///
  /// NB: a `Provider` or `Lazy` used inside a factory joins the graph that runs it (see
  /// `Container.withGraph`): that graph's isolation decided, and its error stays as it is.
  func explain<T>(_ error: ResolutionError, of type: T.Type, from container: Container) -> ResolutionError {
    if let explained = error.outsideScope(through: self == .provider ? "Provider" : "Lazy", of: T.self, from: container)
    {
      return explained
    }
    guard error.code == .requiresMainActor || error.code == .requiresAwait, ThreadGraph.joinable(from: container) == nil
    else { return error }
    let name = typeName(T.self)
    let message: String
    let remedy: String
    switch self {
    case _ where error.code == .requiresAwait:
      let (holder, asyncHolder) =
        self == .provider ? ("Provider<\(name)>", "AsyncProvider<\(name)>") : ("Lazy<\(name)>", "AsyncLazy<\(name)>")
      message =
        "\(error.key) is made by async code (a factory or block), but this \(holder) resolves synchronously and "
        + "cannot await it."
      remedy =
        "Inject \(asyncHolder) instead and read it from async code with `try await`: it awaits async factories and "
        + "runs main-actor ones on the main actor."
    case .provider, .call:
      let holder = self == .provider ? "Provider<\(name)>" : "Lazy<\(name)>"
      let call = self == .provider ? "provider" : "lazy"
      message = "\(error.key) is registered for the main actor, but this \(holder) was called off the main actor."
      remedy =
        "Call the \(holder) from @MainActor code: it resolves in its caller's isolation (from async code, "
        + "`try await MainActor.run { try \(call)() }`). Or resolve \(name) with `try await container.resolve(...)`, "
        + "which runs main-actor factories and blocks on the main actor wherever they are in the graph."
    case .value:
      message =
        "\(error.key) is registered for the main actor, but `Lazy<\(name)>.value` resolves without its caller's "
        + "isolation."
      remedy =
        "`Lazy.value` cannot learn its caller's actor: call the lazy instead, `try lazy()`, from @MainActor code "
        + "(from async code, `try await MainActor.run { try lazy() }`); it resolves once, and `value` then reads "
        + "the instance anywhere."
    }
    return ResolutionError(
      error.code, key: error.key, path: error.path, message: message, remedy: remedy, cause: error.cause,
      nearby: error.nearby, properties: error.properties, askers: error.askers)
  }
}

extension ResolutionError {
  /// An ``Code/outsideScope`` met by a `wrapper` (`Provider`, `Lazy` or their `async` forms) of
  /// `T` made outside any scope, explained: it resolves where it was made, also when it is called
  /// inside `withScope` (a singleton's resolves in the singleton's container); `nil` for another
  /// error, or a wrapper made in a scope.
  func outsideScope<T>(through wrapper: String, of type: T.Type, from container: Container) -> ResolutionError? {
    guard code == .outsideScope, !container.isInScope else { return nil }
    let holder = "\(wrapper)<\(typeName(T.self))>"
    let missing = typeName(key.type)
    return ResolutionError(
      .outsideScope, key: key, path: path,
      message: "\(key) is `.scoped`, and this \(holder) was made outside any scope (by a singleton, say, which "
        + "resolves in its own container): it resolves where it was made, outside any scope, wherever it is "
        + "called, inside `withScope` too.",
      remedy: "Resolve \(missing) in the scope and pass it where it is needed (`try scope.resolve(\(missing).self)` "
        + "inside `withScope`), or make the definition that holds the \(holder) `.scoped`, so that each scope "
        + "makes one whose \(wrapper) resolves in the scope. `validate()` reports it as `captiveDependency`.",
      cause: cause)
  }
}
