/// Whether a container has been bootstrapped, and the changes to its definitions it turned away
/// since: the decision logic of the freeze, applied under the registry's lock.
struct RegistryFreeze: Sendable {
  private(set) var isFrozen = false
  /// The rejected changes, oldest first.
  private(set) var rejected: [RejectedChange] = []

  /// Whether the container was shut down (see ``Container/shutdown()``): changes are turned away
  /// for that reason, not for `bootstrap()`.
  private(set) var isShutDown = false

  mutating func freeze() { isFrozen = true }

  /// Freezes the definitions of a container that was shut down.
  mutating func freezeForShutdown() {
    isFrozen = true
    isShutDown = true
  }

  /// Whether `change` may be applied; once frozen it may not, and it is noted as rejected.
  ///
  /// A change already noted is noted once: an app that registers late on every screen it opens
  /// keeps one entry per definition, not one per screen.
  mutating func admits(_ change: @autoclosure () -> RejectedChange) -> Bool {
    guard isFrozen else { return true }
    var change = change()
    change.afterShutdown = isShutDown
    if !rejected.contains(change) { rejected.append(change) }
    return false
  }

  /// The rejected change that would have defined `key` (a registration, forwarding or
  /// decoration of exactly that key), if any: why a request for it finds nothing.
  func rejectedDefinition(of key: DefinitionKey) -> RejectedChange? {
    rejected.last { $0.key == key && $0.kind.definesKey }
  }
}

/// A change to a bootstrapped container's definitions that was not applied.
struct RejectedChange: Equatable, Sendable {
  enum Kind: Equatable, Sendable {
    case registration, forwarding, removal, block, decoration, autoInjection, contribution, scopeProvision, disposal
    case service

    /// Whether the change is to what its key resolves to (a registration, forwarding or decoration
    /// of it, its auto-injection, a contribution to it): then it may be why a request for that key
    /// finds nothing. A block, a disposal or a service declaration only adds to a definition.
    var definesKey: Bool {
      switch self {
      case .registration, .forwarding, .decoration, .autoInjection, .contribution: true
      case .removal, .block, .scopeProvision, .disposal, .service: false
      }
    }
  }

  let kind: Kind
  let key: DefinitionKey
  /// Whether it was turned away because the container was shut down, not bootstrapped.
  var afterShutdown = false

  /// The error that reports it: for ``Container/validate()``, ``Container/rejectedChanges`` and a
  /// request the change would have answered.
  func error(path: [DefinitionKey]? = nil) -> ResolutionError {
    if afterShutdown {
      return ResolutionError(
        .containerShutDown, key: key, path: path ?? [key],
        message: "A change to \(key) (\(kind)) was made after the container was shut down (or its scope ended); it "
          + "was not applied.",
        remedy: "Register into a container before `shutdown()`, and into a scope's container only inside its "
          + "`withScope` body.")
    }
    let what: String
    switch kind {
    case .registration: what = "\(key) was registered after `bootstrap()`; the registration was not applied."
    case .forwarding: what = "\(key) was forwarded after `bootstrap()`; the forwarding was not applied."
    case .removal: what = "\(key) was removed after `bootstrap()`; the removal was not applied, so it still resolves."
    case .block: what = "A `resolvingProperties` block was added to \(key) after `bootstrap()`; it was not applied."
    case .decoration: what = "\(key) was decorated after `bootstrap()`; the decoration was not applied."
    case .autoInjection:
      what = "Auto-injection of \(key) was turned on or off after `bootstrap()`; the change was not applied."
    case .contribution:
      what = "A member was contributed to \(key) after `bootstrap()`; the contribution was not applied."
    case .disposal: what = "A disposal was added to \(key) after `bootstrap()`; it was not applied."
    case .service:
      what = "\(key) was declared a service after `bootstrap()`; the declaration was not applied, so it is not run."
    case .scopeProvision:
      what = "\(key) was declared provided by each scope after `bootstrap()`; the declaration was not applied."
    }
    return ResolutionError(
      .modifiedAfterBootstrap, key: key, path: path ?? [key], message: what,
      remedy: "Make every change to a container's definitions before `bootstrap()` (a composition root that "
        + "registers late is a bug); register what a feature adds later in a child container, "
        + "`Container(parent: container)`; in a test, replace a definition for the test's task with "
        + "`try container.withOverrides({ $0.register { ... } }) { ... }` (or the `.overriding` test trait), "
        + "which a bootstrapped container honours; or call `removeAll()` to empty the container and lift the "
        + "freeze.")
  }
}
