extension Container {
  /// Whether ``bootstrap(isolation:)`` has frozen this container's definitions (until ``removeAll()``).
  ///
  /// ```swift
  /// try container.bootstrap()
  /// container.isBootstrapped // true
  /// ```
  public var isBootstrapped: Bool { snapshot().registry.freeze.isFrozen }

  /// The changes to this container's definitions that were made after ``bootstrap(isolation:)`` and
  /// not applied, oldest first, each as a ``ResolutionError/Code/modifiedAfterBootstrap`` error
  /// that says what was changed and how to fix it.
  ///
  /// ``validate()`` reports them as problems too; this is the cheap check for a test or a debug
  /// assertion after the app has started.
  ///
  /// ```swift
  /// try container.bootstrap()
  /// container.register { FeatureFlags() }  // too late: not applied
  /// #expect(container.rejectedChanges.isEmpty, "\(container.rejectedChanges)") // fails, naming FeatureFlags
  /// ```
  public var rejectedChanges: [ResolutionError] {
    snapshot().registry.freeze.rejected.map { $0.error() }
  }

  /// Freezes the definitions, in one critical section with every registration: one that takes
  /// the lock first is applied (and, if eager, made by the bootstrap that follows), any later one
  /// is rejected.
  func freezeDefinitions() {
    guard !isBootstrapped else { return }
    write { $0.freezeDefinitions() }
  }

  /// The rejected change that would have defined `key` here or in an ancestor, as the error for
  /// a request along `path` that found no definition.
  func rejectedDefinition(of key: DefinitionKey, path: [DefinitionKey]) -> ResolutionError? {
    var container: Container? = self
    while let current = container {
      let freeze = current.snapshot().registry.freeze
      if let change = freeze.rejectedDefinition(of: key) {
        return change.error(path: path)
      }
      container = current.parent
    }
    return nil
  }
}
