/// One definition declared a service (``Definition/runsAsService()``): the registration that makes
/// its instance, and how to run it.
struct ServiceDeclaration: Sendable {
  /// The registration that makes the instance (a forwarding's source).
  let id: RegistrationID
  /// That registration's key.
  let key: DefinitionKey
  /// Its scope, checked when the services are resolved: a singleton scope only.
  let scope: Scope
  /// Runs the instance, passed as `Any`.
  let run: @Sendable (Any) async throws -> Void

  /// Whether one instance lives for the container's life, as a service's must.
  var hasSingletonScope: Bool { scope == .singleton || scope == .eagerSingleton }
}

extension Container {
  /// Declares a service of this container; a second declaration of the same registration replaces
  /// the first, keeping its place in the order of declaration.
  func declareService(_ declaration: ServiceDeclaration) {
    links.withLock(owner: self) { links in
      if let index = links.serviceDeclarations.firstIndex(where: { $0.id == declaration.id }) {
        links.serviceDeclarations[index] = declaration
      } else {
        links.serviceDeclarations.append(declaration)
      }
    }
  }

  /// The declared services whose registration is still the container's (a definition registered
  /// again under the same key is a new one, not a service until declared; a decorated one still
  /// is, resolved decorated), in the order declared.
  func currentServiceDeclarations() -> [ServiceDeclaration] {
    let declarations = links.withLock(owner: self) { $0.serviceDeclarations }
    let registry = snapshot().registry
    return declarations.filter { registry.registers($0.id, as: $0.key) }
  }
}
