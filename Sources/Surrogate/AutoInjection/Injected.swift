/// A stored property the container fills in after the factory returns: Dip's auto-injection.
///
/// ```swift
/// final class OrderPresenter {
///   @Injected var repository: OrderRepository
///   @Injected(tag: "audit") var logger: Logger
///   @Injected var analytics: Analytics?                      // nil when nothing is registered
///   @Injected(required: false) var crashReporter: CrashReporter?  // nil on any failure
/// }
///
/// container.register { OrderPresenter() }
/// let presenter: OrderPresenter = try container.resolve()  // repository and logger are set
/// ```
///
/// The container injects every `@Injected` and ``InjectedWeak`` property of a class instance it
/// makes, superclass properties first, after the factory returns and before the definition's
/// `resolvingProperties` blocks run, in the same object graph: `.shared` instances are reused and
/// two objects that inject each other work as with blocks. A property without `tag:` is resolved
/// with the tag its owner was requested with (falling back to the untagged definition, as
/// auto-wiring does); `tag: nil` asks for the untagged definition.
///
/// One rule for `@Injected` and ``InjectedWeak``: a property of an optional type (`@Injected var
/// x: T?`, and every `@InjectedWeak` property) is `nil` when nothing is registered for `T`, and
/// ``Container/validate()`` warns about that `nil`; a registered `T` whose factory fails still
/// fails the resolution. With `required: false` it is `nil` whatever fails. A non-optional
/// property is required: when it cannot be resolved the resolution fails with
/// ``ResolutionError/Code/propertyInjectionFailed``, naming the property (`OrderPresenter.logger`),
/// and ``Container/validate()`` reports it the same way.
///
/// Reading a non-optional property before the container injected it (in the owner's
/// initializer, or on an instance made without the container) stops the program with a message
/// naming the property's type (a property wrapper is not told its property's name), in release
/// builds too, as reading an implicitly unwrapped optional would. Read `$property.value` to get
/// `nil` instead.
@propertyWrapper
public struct Injected<Value> {
  /// Whether `storage` holds the injected (or assigned) value.
  ///
  /// NB: a flag of its own, first: `storage != nil` in code not specialized for `Value` asked the
  /// runtime for `Optional<Value>`'s metadata, about 700 instructions a property.
  var isInjected = false
  var storage: Value?
  let tag: InjectionTag
  let isRequired: Bool
  let didInject: ((Value) -> Void)?

  /// A property resolved with its owner's tag.
  ///
  /// ```swift
  /// @Injected var repository: OrderRepository
  /// @Injected(didInject: { print("got \($0)") }) var logger: Logger
  /// ```
  ///
  /// - Parameter didInject: Called with the value once it is injected.
  public init(didInject: ((Value) -> Void)? = nil) {
    self.tag = .inherited
    self.isRequired = true
    self.didInject = didInject
  }

  /// A property resolved with `tag` (falling back to the untagged definition); `nil` asks for
  /// the untagged one.
  ///
  /// ```swift
  /// @Injected(tag: "audit") var logger: Logger
  /// ```
  ///
  /// - Parameters:
  ///   - tag: The tag to resolve the property with.
  ///   - didInject: Called with the value once it is injected.
  public init(tag: (any Hashable & Sendable)?, didInject: ((Value) -> Void)? = nil) {
    self.tag = .explicit(DefinitionTag.wrap(tag))
    self.isRequired = true
    self.didInject = didInject
  }

  /// An optional property; with `required: false`, any failure to resolve it leaves it `nil`.
  ///
  /// ```swift
  /// @Injected(required: false) var crashReporter: CrashReporter?
  /// ```
  ///
  /// An optional property that is required (the default for `@Injected var x: T?`) is `nil` only
  /// when nothing is registered for `T`; a failing factory of `T` still fails the resolution.
  ///
  /// - Parameters:
  ///   - required: Whether a failure to resolve the property fails the resolution.
  ///   - didInject: Called with the value once it is injected.
  public init<Wrapped>(required: Bool, didInject: ((Value) -> Void)? = nil) where Value == Wrapped? {
    self.tag = .inherited
    self.isRequired = required
    self.didInject = didInject
  }

  /// An optional property resolved with `tag`; with `required: false`, any failure to resolve it
  /// leaves it `nil`.
  ///
  /// ```swift
  /// @Injected(tag: "audit", required: false) var auditLog: Logger?
  /// ```
  ///
  /// - Parameters:
  ///   - tag: The tag to resolve the property with; `nil` asks for the untagged definition.
  ///   - required: Whether a failure to resolve the property fails the resolution.
  ///   - didInject: Called with the value once it is injected.
  public init<Wrapped>(tag: (any Hashable & Sendable)?, required: Bool, didInject: ((Value) -> Void)? = nil)
  where Value == Wrapped? {
    self.tag = .explicit(DefinitionTag.wrap(tag))
    self.isRequired = required
    self.didInject = didInject
  }

  /// The injected value.
  ///
  /// ```swift
  /// presenter.repository.load()
  /// presenter.repository = InMemoryRepository()  // replaces it
  /// ```
  public var wrappedValue: Value {
    get {
      if let storage { return storage }
      if let none = InjectionTag.none(of: Value.self) { return none }
      // NB: `fatalError`, not `preconditionFailure`, whose message an optimized build drops.
      fatalError(
        "An @Injected \(typeName(Value.self)) property was read before the container injected it: resolve its owner "
          + "from a container (auto-injection on), or read `$property.value`, which is nil until then.")
    }
    set {
      storage = newValue
      isInjected = true
    }
  }

  /// The wrapper itself, for ``value``: `$repository.value`.
  ///
  /// ```swift
  /// if presenter.$repository.value == nil { print("not injected yet") }
  /// ```
  public var projectedValue: Injected<Value> { self }

  /// The injected value, or `nil` before the container injected it.
  ///
  /// ```swift
  /// let repository: OrderRepository? = presenter.$repository.value
  /// ```
  public var value: Value? { storage }
}

/// Which tag an auto-injected property is resolved with.
enum InjectionTag {
  /// The tag its owner was requested with.
  case inherited
  /// The tag the property names (`nil`: untagged).
  case explicit(DefinitionTag?)

  /// The key an auto-injected property of type `Value` is resolved under, for an owner resolved
  /// by `resolver`.
  func key<Value>(for _: Value.Type, resolver: Resolver) -> DefinitionKey {
    switch self {
    case .inherited: DefinitionKey(type: Value.self, tagSlot: resolver.tagSlot)
    case .explicit(let tag): DefinitionKey(type: Value.self, tag: tag)
    }
  }

  /// `nil` as a `Value`, when `Value` is an optional type.
  static func none<Value>(of _: Value.Type) -> Value? {
    (Value.self as? any ExpressibleByNilLiteral.Type).map { $0.init(nilLiteral: ()) as! Value }
  }
}
