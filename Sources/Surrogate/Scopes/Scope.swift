/// How long an instance made by a definition lives, and who shares it.
///
/// | scope | instance |
/// | --- | --- |
/// | ``unique`` | a new one every time it is resolved |
/// | ``shared`` (default) | one per top-level `resolve`, shared by everything in that object graph |
/// | ``singleton`` | one for the life of the definition, made on first use |
/// | ``eagerSingleton`` | a singleton made by ``Container/bootstrap(isolation:)`` |
/// | ``weakSingleton`` | shared while someone holds it; made again once it is released |
/// | ``custom(_:)`` | one per definition until ``Container/reset(_:)`` releases it (a "session") |
/// | ``scoped`` | one per ``Container/withScope(isolation:reportingDisposalFailures:_:)`` scope, until it ends |
///
/// ```swift
/// container.register(.singleton) { Analytics() }
/// container.register(.unique) { DateFormatter() }
/// container.register { ListPresenter() } // .shared
/// ```
public struct Scope: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline
  enum Kind: Hashable, Sendable {
    case unique, shared, singleton, eagerSingleton, weakSingleton
    case custom
    case scoped

    /// Whether instances outlive the graph that makes them and are one per definition (every
    /// scope but `unique`, `shared` and `scoped`).
    @usableFromInline var isSingleton: Bool {
      switch self {
      case .singleton, .eagerSingleton, .weakSingleton, .custom: true
      case .unique, .shared, .scoped: false
      }
    }

    /// Whether a store keeps instances beyond their graph: the singleton scopes, and `scoped`
    /// (one store per scope).
    ///
    /// NB: `produce` branches on this rather than on `isSingleton`: the same one-mask test, so a
    /// `.shared` or `.unique` request pays nothing for the `scoped` kind.
    @usableFromInline var isStored: Bool {
      switch self {
      case .singleton, .eagerSingleton, .weakSingleton, .custom, .scoped: true
      case .unique, .shared: false
      }
    }
  }

  /// A custom scope's name; empty for the built-in ones.
  ///
  /// NB: a `StaticString`, not a `String`: a scope is stored in every registration and read on
  /// every resolve, and a `StaticString` keeps it a plain value (no reference to count on a copy).
  let name: StaticString
  @usableFromInline let kind: Kind

  init(kind: Kind, name: StaticString = "") {
    self.name = name
    self.kind = kind
  }

  /// A new instance every time the definition is resolved, even within one object graph.
  ///
  /// ```swift
  /// container.register(.unique) { RequestID() }
  /// ```
  public static let unique = Scope(kind: .unique)

  /// One instance per top-level `resolve` call, reused by every consumer in that object graph,
  /// including consumers that ask for it through a forwarded type.
  ///
  /// This is the default. It is what makes property-injection cycles (view ↔ presenter) work.
  ///
  /// ```swift
  /// container.register(.shared) { ListPresenter() }
  /// ```
  public static let shared = Scope(kind: .shared)

  /// One instance for the life of the definition, created on first use.
  ///
  /// The instance is released when the definition is replaced or removed, or on
  /// ``Container/removeAll()``.
  ///
  /// ```swift
  /// container.register(.singleton) { Analytics() }
  /// ```
  public static let singleton = Scope(kind: .singleton)

  /// A singleton that ``Container/bootstrap(isolation:)`` creates up front.
  ///
  /// ```swift
  /// container.register(.eagerSingleton) { CrashReporter() }
  /// try container.bootstrap()
  /// ```
  public static let eagerSingleton = Scope(kind: .eagerSingleton)

  /// A singleton held weakly: shared while any object holds it, made again once it is released.
  ///
  /// While a graph is being resolved the container holds it strongly, so a graph never sees two
  /// instances. Value types cannot be held weakly; for them this scope behaves like ``shared``.
  ///
  /// ```swift
  /// container.register(.weakSingleton) { ImageCache() }
  /// ```
  public static let weakSingleton = Scope(kind: .weakSingleton)

  /// A scope of your own, named: one instance per definition, shared by every graph, until
  /// ``Container/reset(_:)`` releases the instances of this scope; the next request makes new ones.
  ///
  /// Declare it once, as a static constant, and use it like the built-in scopes. Two custom scopes
  /// with the same name are the same scope.
  ///
  /// ```swift
  /// extension Scope {
  ///   static let session = Scope.custom("session")
  /// }
  ///
  /// container.register(.session) { UserProfileStore() }
  /// // on logout:
  /// container.reset(.session)  // the next resolve makes a new UserProfileStore
  /// ```
  ///
  /// - Parameter name: The scope's name, a literal: it identifies the scope and is what
  ///   diagnostics print.
  /// - Returns: The scope.
  public static func custom(_ name: StaticString) -> Scope {
    Scope(kind: .custom, name: name)
  }

  /// One instance per scope that ``Container/withScope(isolation:reportingDisposalFailures:_:)``
  /// opens, shared by every graph resolved in that scope, and kept until the scope ends (a request,
  /// a unit of work, a connection).
  ///
  /// Register it in the long-lived container; resolve it in a scope. Resolving it where no scope
  /// is open throws ``ResolutionError/Code/outsideScope``, and ``Container/validate()`` reports a
  /// singleton that depends on it as broken, with the
  /// ``ValidationWarning/Kind/captiveDependency`` warning that says why. Its
  /// dependencies are resolved in the scope, so it sees what only the scope registers.
  ///
  /// ```swift
  /// app.register(.scoped) { r in DatabaseSession(pool: try r.resolve()) }
  ///   .disposing { session in await session.close() }
  ///
  /// try await app.withScope { scope in
  ///   scope.register { request }
  ///   let handler = try await scope.resolve(OrderHandler.self)  // one session per request
  ///   return try await handler.handle()
  /// }  // the session is closed here
  /// ```
  public static let scoped = Scope(kind: .scoped)

  @usableFromInline var isSingleton: Bool { kind.isSingleton }

  /// Whether this is a scope made with ``custom(_:)``.
  var isCustom: Bool { kind == .custom }

  /// Whether the container itself keeps this scope's instances alive (singletons until their
  /// definition or the container ends, a custom scope's until its reset), so that a leak check
  /// reports them as kept, never as leaked.
  package var isKeptByContainer: Bool {
    switch kind {
    case .singleton, .eagerSingleton, .custom, .scoped: true
    case .unique, .shared, .weakSingleton: false
    }
  }

  /// A custom scope's name, `nil` for the built-in ones.
  package var customName: String? { isCustom ? name.description : nil }

  /// Whether two scopes are the same: the same built-in scope, or custom scopes of the same name.
  ///
  /// ```swift
  /// Scope.custom("session") == Scope.custom("session") // true
  /// ```
  public static func == (lhs: Scope, rhs: Scope) -> Bool {
    lhs.kind == rhs.kind && (lhs.kind != .custom || lhs.name.description == rhs.name.description)
  }

  /// Hashes the scope consistently with `==`.
  ///
  /// ```swift
  /// let scopes: Set<Scope> = [.singleton, .custom("session")]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    if kind == .custom { hasher.combine(name.description) }
  }

  /// The scope's name as you would write it: `.shared`.
  ///
  /// ```swift
  /// Scope.shared.description // ".shared"
  /// ```
  public var description: String {
    switch kind {
    case .unique: ".unique"
    case .shared: ".shared"
    case .singleton: ".singleton"
    case .eagerSingleton: ".eagerSingleton"
    case .weakSingleton: ".weakSingleton"
    case .custom: ".custom(\"\(name)\")"
    case .scoped: ".scoped"
    }
  }
}
