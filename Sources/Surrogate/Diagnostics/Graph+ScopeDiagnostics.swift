extension Graph {
  /// A `.scoped` definition was requested where no scope is open.
  func outsideScope(_ key: DefinitionKey) -> ResolutionError {
    let keeper = frames.last { $0.isSingleton }
    let singleton = keeper.map(\.key)
    let why =
      keeper.map {
        "\($0.key) is \($0.scopeKind == .custom ? "an instance of a custom scope" : "a singleton"), which resolves its "
          + "dependencies in its own container, outside any scope"
      } ?? "it was resolved outside `withScope`"
    return ResolutionError(
      .outsideScope, key: key, path: path(to: key),
      message: "\(key) is registered `.scoped` (one instance per scope), but \(why).",
      remedy: singleton.map {
        // A service must be a singleton: shortening its life is no way out.
        isDeclaredService($0)
          ? "Resolve \(typeName(key.type)) in the scope and pass it to the service's methods: a service is a "
            + "singleton, so making \($0) `.scoped` is no way out."
          : "Make \($0) `.scoped` or shorter-lived, or resolve \(typeName(key.type)) in the scope and pass it to the "
            + "singleton's methods."
      } ?? "Resolve it inside `try await container.withScope { scope in try await scope.resolve(...) }`.")
  }

  /// Whether `key` is declared a service (``Definition/runsAsService()``) in the graph's root or
  /// an ancestor.
  private func isDeclaredService(_ key: DefinitionKey) -> Bool {
    sequence(first: root, next: \.parent).contains { container in
      container.links.withLock(owner: container) { $0.serviceDeclarations.contains { $0.key == key } }
    }
  }

  /// A request reached a container that has been shut down, or whose scope has ended.
  ///
  /// NB: out of line, as an error path: inlined (once it dropped a repeated key from the path), it
  /// made the paths that call it larger and a request dearer (server-flat, callgrind: 19,033 ->
  /// 18,889; server-awaited 21,634 -> 21,442).
  @inline(never)
  func containerShutDown(_ key: DefinitionKey, scope: Bool, overrides: Bool = false, byParent: Bool = false)
    -> ResolutionError
  {
    // Met while its own frame is still open (its instance made, its keeper ended meanwhile): the
    // key ends the path once, not twice as a cycle would.
    var path = path(to: key)
    if path.count > 1, path[path.count - 2] == key { path.removeLast() }
    return ResolutionError.containerShutDown(key, path: path, scope: scope, overrides: overrides, byParent: byParent)
  }
}

extension Graph {
  /// A graph that read a custom scope's registrations before ``Container/resetAndDispose(_:)``
  /// asked for an instance of that scope it had not made yet.
  @usableFromInline
  func resetWhileResolving(_ key: DefinitionKey, scope: Scope) -> ResolutionError {
    ResolutionError(
      .containerShutDown, key: key, path: path(to: key),
      message: "\(key) was requested by a resolve that started before `resetAndDispose(\(scope))`: the \(scope) "
        + "instances it would be made with are disposed, so it is not made.",
      remedy: "Resolve again: a new resolve makes the new \(scope) instances. A resolve that races a reset "
        + "gets the instances from before it, the new ones, or this error.")
  }
}

extension ResolutionError {
  /// A request reached a container that has been shut down, whose scope has ended, or whose
  /// `withOverrides` has returned (`overrides`: a resolver, `Provider` or `Lazy` kept past it).
  static func containerShutDown(
    _ key: DefinitionKey, path: [DefinitionKey], scope: Bool, overrides: Bool = false, byParent: Bool = false
  ) -> ResolutionError {
    if byParent {
      return ResolutionError(
        .containerShutDown, key: key, path: path,
        message: "\(key) was requested from a child container that its parent's `shutdown()` shut down with it: "
          + "its instances, and the parent's they used, are disposed, and it resolves nothing.",
        remedy: "Resolve before the parent's `shutdown()`; a child container lives no longer than its parent.")
    }
    if overrides {
      return ResolutionError(
        .containerShutDown, key: key, path: path,
        message: "\(key) was requested from the overrides of a `withOverrides` call that has returned: they are "
          + "disposed and resolve nothing.",
        remedy: "Resolve inside the `withOverrides` operation, and keep no resolver, `Provider` or `Lazy` made "
          + "there, nor a task started there that resolves, after it returns.")
    }
    return ResolutionError(
      .containerShutDown, key: key, path: path,
      message: scope
        ? "\(key) was requested from a scope that has ended: its instances are disposed and it resolves nothing."
        : "\(key) was requested from a container that has been shut down: its instances are disposed and it "
          + "resolves nothing.",
      remedy: scope
        ? "Resolve inside the `withScope` body, and keep no reference to the scope's container after it returns."
        : "Resolve before `shutdown()`, and shut a container down only once nothing uses it.")
  }
}
