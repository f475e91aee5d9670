/// How long an instance made by a definition lives, and who shares it.
///
/// | scope | instance |
/// | --- | --- |
/// | ``unique`` | a new one every time it is resolved |
/// | ``shared`` (default) | one per top-level `resolve`, shared by everything in that object graph |
/// | ``singleton`` | one for the life of the definition, made on first use |
/// | ``eagerSingleton`` | a singleton made by ``Container/bootstrap()-4r7nw`` |
/// | ``weakSingleton`` | shared while someone holds it; made again once it is released |
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
  }

  @usableFromInline let kind: Kind

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
  /// ``Container/reset()``.
  ///
  /// ```swift
  /// container.register(.singleton) { Analytics() }
  /// ```
  public static let singleton = Scope(kind: .singleton)

  /// A singleton that ``Container/bootstrap()-4r7nw`` creates up front.
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

  @usableFromInline var isSingleton: Bool {
    switch kind {
    case .singleton, .eagerSingleton, .weakSingleton: true
    case .unique, .shared: false
    }
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
    }
  }
}
