// NB: Swift Testing ships with the toolchains this package supports, but not with every SDK a
// client may build for; without it, the traits are left out and the rest of the module builds.
#if canImport(Testing)
  import Surrogate
  import Testing

  /// A test trait that runs each test with a container's registrations overridden, in a scope of
  /// the test's own: tests that run in parallel never see each other's overrides.
  ///
  /// ```swift
  /// @Test(.overriding(AppContainer.shared) { $0.register { MockClient() as HTTPClient } })
  /// func listShowsCachedItemsOffline() async throws {
  ///   let presenter = try await AppContainer.shared.resolve(ListPresenter.self)  // gets the mock
  /// }
  /// ```
  ///
  /// The overrides reach what `Container.withOverrides(_:operation:)` reaches: scopes of the
  /// container and containers below it, and the container's `validate()`, `dependencyGraph()` and
  /// leak checks.
  public struct OverridingTrait: TestTrait, SuiteTrait, TestScoping {
    let container: Container
    let configure: @Sendable (Container) -> Void

    /// Applies to each test of a suite when attached to the suite.
    public var isRecursive: Bool { true }

    /// Runs the test inside `Container.withOverrides(_:operation:)`.
    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      try await container.withOverrides(configure) { try await function() }
    }
  }

  extension Trait where Self == OverridingTrait {
    /// Overrides registrations of `container` for the duration of each test.
    ///
    /// ```swift
    /// @Test(.overriding(app) { $0.register { StubClock() as Clock } }) func timerFires() { ... }
    /// ```
    ///
    /// - Parameters:
    ///   - container: The container whose resolutions, and those of its scopes and of the
    ///     containers below it, see the overrides.
    ///   - configure: Registers the overrides.
    public static func overriding(_ container: Container, _ configure: @escaping @Sendable (Container) -> Void) -> Self
    {
      Self(container: container, configure: configure)
    }
  }
#endif
