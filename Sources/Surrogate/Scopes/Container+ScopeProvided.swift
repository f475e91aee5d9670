extension Container {
  /// Declares that each scope provides `type`: a ``withScope(isolation:reportingDisposalFailures:_:)``
  /// body registers it (the request, the signed-in user), and this container does not.
  ///
  /// ``validate()`` of this container, outside a scope, then takes `type` as provided: a definition
  /// that needs it is not reported as missing it, and everything else is still checked (a
  /// singleton that needs it, which resolves outside any scope, is still a problem, as is a
  /// captive dependency). A scope that does not register `type` fails precisely: a `resolve` that
  /// needs it throws ``ResolutionError/Code/definitionNotFound`` naming this declaration and where
  /// it was made, and the scope's `validate()` reports it even when nothing needed it yet.
  ///
  /// A tagged declaration covers that tag; an untagged one also covers tagged requests, as an
  /// untagged definition answers them. Declarations of an ancestor count in its child containers.
  ///
  /// ```swift
  /// app.declareScopeProvided(Request.self)
  /// app.register(.scoped) { r in DatabaseSession(request: try r.resolve()) }
  /// #expect(await app.validate().isValid)
  ///
  /// try await app.withScope { scope in
  ///   scope.register { request }
  ///   _ = try await scope.resolve(DatabaseSession.self)
  /// }
  /// ```
  ///
  /// A declaration is a change to the definitions: after ``bootstrap(isolation:)`` it is not applied
  /// (see ``rejectedChanges``).
  ///
  /// - Parameters:
  ///   - type: The type each scope registers.
  ///   - tag: The tag it is registered with, if any.
  ///   - fileID: Where the declaration is made, for the error of a scope that lacks it.
  ///   - line: The line of the declaration.
  public func declareScopeProvided<T>(
    _ type: T.Type, tag: (any Hashable & Sendable)? = nil, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    let key = DefinitionKey(type: type, tag: .wrap(tag))
    write { registry in
      guard registry.admits(RejectedChange(kind: .scopeProvision, key: key)) else { return }
      registry.scopeProvisions[key] = ScopeProvision(key: key, origin: "\(fileID):\(line)")
    }
  }

  /// The declaration, here or in an ancestor, that a scope provides `key` (or, for a tagged
  /// key, its type untagged).
  func scopeProvision(of key: DefinitionKey) -> ScopeProvision? {
    let untagged = key.tag == nil ? nil : DefinitionKey(type: key.type, argumentsType: key.argumentsType)
    for snapshot in snapshotChain() {
      if let provision = snapshot.registry.scopeProvisions[key] { return provision }
    }
    guard let untagged else { return nil }
    for snapshot in snapshotChain() {
      if let provision = snapshot.registry.scopeProvisions[untagged] { return provision }
    }
    return nil
  }

  /// The declarations of this container and its ancestors, nearest first.
  func scopeProvisions() -> [ScopeProvision] {
    var seen = Set<DefinitionKey>()
    return snapshotChain().flatMap { snapshot in
      snapshot.registry.scopeProvisions.values.sorted { $0.key.description < $1.key.description }
    }.filter { seen.insert($0.key).inserted }
  }
}

/// A type declared with ``Container/declareScopeProvided(_:tag:fileID:line:)``, and where.
struct ScopeProvision: Sendable {
  let key: DefinitionKey
  /// `File.swift:12`, where it was declared.
  let origin: String

  /// How the declaration reads at its call site, and where it is.
  var declaration: String {
    let tag = key.tag.map { ", tag: \($0)" } ?? ""
    return "`declareScopeProvided(\(typeName(key.type)).self\(tag))` at \(origin)"
  }
}

extension Graph {
  /// `key`, declared provided by each scope, was not found: a scope that did not register it, a
  /// singleton that needs it (it resolves outside any scope), or a request outside a scope.
  ///
  /// A validation outside a scope notes the last case on the graph: `validate()` takes the type as
  /// provided and reports no problem for it.
  func scopeProvidedMissing(_ key: DefinitionKey, _ provision: ScopeProvision) -> ResolutionError {
    let name = typeName(key.type)
    let declared = "\(key) is declared provided by each scope (\(provision.declaration))"
    if let singleton = frames.last(where: \.isSingleton)?.key {
      return ResolutionError(
        .outsideScope, key: key, path: path(to: key),
        message: "\(declared), but \(singleton) is a singleton, which resolves its dependencies in its own "
          + "container, outside any scope.",
        remedy: "Make \(singleton) `.scoped` or shorter-lived, or resolve \(name) in the scope and pass it to the "
          + "singleton's methods.")
    }
    if root.isInScope {
      return ResolutionError(
        .definitionNotFound, key: key, path: path(to: key),
        message: "\(declared), but this scope did not register it.",
        remedy: "Register it in the scope before resolving what needs it: "
          + "`container.withScope { scope in scope.register { ... } }` returning \(name); or remove the "
          + "declaration if scopes no longer provide it.")
    }
    if isValidation { extras.scopeProvidedStop = key }
    return ResolutionError(
      .outsideScope, key: key, path: path(to: key),
      message: "\(declared), but it was resolved outside `withScope`.",
      remedy: "Resolve it inside `try await container.withScope { scope in ... }`, after `scope.register` of "
        + "\(name).")
  }
}

extension Container {
  /// For a scope's `validate()`: the types declared provided by each scope that this scope does
  /// not register, each as the error a `resolve` of it throws here.
  func unprovidedScopeTypes() -> [ResolutionError] {
    scopeProvisions().compactMap { provision in
      guard lookupHonoringOverrides(provision.key) == nil else { return nil }
      return Graph(container: self).scopeProvidedMissing(provision.key, provision)
    }
  }
}
