/// A weak stored property the container fills in after the factory returns: for back references
/// (a delegate, a view's presenter's view) that must not keep their target alive.
///
/// ```swift
/// final class OrderView {
///   @InjectedWeak var presenter: OrderPresenting?
/// }
///
/// container.register(.shared) { OrderPresenter() }.implements(OrderPresenting.self)
/// container.register(.shared) { OrderView() }
/// ```
///
/// Everything ``Injected`` says about when and how properties are injected holds here too, and
/// the property is optional like `@Injected var x: T?`: `nil` when nothing is registered for its
/// type, while a registered type whose factory fails still fails the resolution (unless
/// `required: false`). The resolved instance must be a class instance (an existential of a class,
/// too): anything else fails the resolution with ``ResolutionError/Code/propertyInjectionFailed``,
/// since a weak reference to a value would be `nil` at once. The property reads `nil` once its
/// target is released, and before the container injected it.
@propertyWrapper
public struct InjectedWeak<Value> {
  weak var object: AnyObject?
  /// A proxy that holds its object weakly (``WeakRefProxy``, what a type forwarded `through:
  /// WeakRefProxy.init` resolves to), held strongly: nothing else keeps the fresh proxy, so a weak
  /// reference to it would read `nil` at once, and it is already the weak reference the property
  /// stands for.
  var weakProxy: (any WeakReferencingProxy)?
  var isInjected = false
  let tag: InjectionTag
  let isRequired: Bool
  let didInject: ((Value) -> Void)?

  /// A weak property resolved with its owner's tag: `nil` when nothing is registered for its
  /// type; with `required: false`, any failure to resolve it leaves it `nil`.
  ///
  /// ```swift
  /// @InjectedWeak var delegate: CheckoutDelegate?
  /// @InjectedWeak(required: false) var tracker: Tracker?
  /// ```
  ///
  /// - Parameters:
  ///   - required: Whether a failure to resolve the property fails the resolution.
  ///   - didInject: Called with the value once it is injected.
  public init(required: Bool = true, didInject: ((Value) -> Void)? = nil) {
    self.tag = .inherited
    self.isRequired = required
    self.didInject = didInject
  }

  /// A weak property resolved with `tag` (falling back to the untagged definition); `nil` asks
  /// for the untagged one. It is `nil` when neither is registered.
  ///
  /// ```swift
  /// @InjectedWeak(tag: "checkout") var delegate: CheckoutDelegate?
  /// ```
  ///
  /// - Parameters:
  ///   - tag: The tag to resolve the property with.
  ///   - required: Whether a failure to resolve the property fails the resolution.
  ///   - didInject: Called with the value once it is injected.
  public init(tag: (any Hashable & Sendable)?, required: Bool = true, didInject: ((Value) -> Void)? = nil) {
    self.tag = .explicit(DefinitionTag.wrap(tag))
    self.isRequired = required
    self.didInject = didInject
  }

  /// The injected object while it is alive, else `nil`.
  ///
  /// ```swift
  /// view.presenter?.viewDidLoad()
  /// ```
  public var wrappedValue: Value? {
    get {
      if let weakProxy { return weakProxy.isReferenceAlive ? weakProxy as? Value : nil }
      return object.flatMap { $0 as? Value }
    }
    set {
      hold(newValue.map { $0 as AnyObject })
      isInjected = true
    }
  }

  /// Holds `newObject` weakly, or a proxy that holds its object weakly strongly (see
  /// ``weakProxy``).
  mutating func hold(_ newObject: AnyObject?) {
    weakProxy = newObject as? any WeakReferencingProxy
    object = weakProxy == nil ? newObject : nil
  }

  /// The wrapper itself, for ``value``: `$presenter.value`.
  ///
  /// ```swift
  /// let presenter = view.$presenter.value
  /// ```
  public var projectedValue: InjectedWeak<Value> { self }

  /// The injected object while it is alive, else `nil`.
  ///
  /// ```swift
  /// let presenter: OrderPresenting? = view.$presenter.value
  /// ```
  public var value: Value? { wrappedValue }
}

/// A proxy that holds its object weakly: an ``InjectedWeak`` property holds such a proxy strongly,
/// and reads `nil` once its object is gone.
protocol WeakReferencingProxy: AnyObject {
  /// Whether the proxy's object is alive (and bound, for a proxy made unbound).
  var isReferenceAlive: Bool { get }
}

extension WeakRefProxy: WeakReferencingProxy {
  var isReferenceAlive: Bool { object != nil }
}
