/// A proxy that holds its object weakly, so that whoever holds the proxy does not keep the object
/// alive.
///
/// The composition root, not the presenter, decides who holds whom: the presenter keeps a plain
/// strong `let view: any ListView`, and the root hands it a `WeakRefProxy` of the view controller.
///
/// ```swift
/// extension WeakRefProxy: ListView where T: ListView {}   // forwarding from @Proxyable
///
/// let presenter = ListPresenter(view: WeakRefProxy(controller))
/// controller.presenter = presenter        // no cycle: the presenter holds the proxy
/// ```
///
/// With the container, forward the view type through it:
///
/// ```swift
/// container.register(.shared) { ListViewController() }
///   .implements((any ListView).self, through: WeakRefProxy.init)
/// ```
///
/// When the object is gone, forwarded `Void` calls do nothing, `Optional` results are `nil`, and
/// `throws` calls throw ``ProxyError/Code/subjectReleased``.
///
/// The container may hand out a proxy that is not bound yet, to break a cycle between two
/// initializers (see <doc:Proxies#Two-initializers-that-need-each-other>); until it is bound,
/// calls behave as for a released object, and `throws` calls throw
/// ``ProxyError/Code/subjectNotBound``.
public final class WeakRefProxy<T: AnyObject>: Proxy {
  /// The object, bound at creation.
  @usableFromInline weak let bound: T?
  /// The object of a proxy made unbound, bound later; `nil` for a proxy made with an object.
  @usableFromInline let late: LateBinding<T>?

  /// The object, while something else keeps it alive (`nil` before a late-bound proxy is bound).
  ///
  /// ```swift
  /// if proxy.object == nil { print("the view is gone") }
  /// ```
  @inlinable public var object: T? {
    if let late { return late.object }
    return bound
  }

  /// Creates a proxy of `object`, held weakly.
  ///
  /// ```swift
  /// let view = WeakRefProxy(controller)
  /// ```
  public init(_ object: T) {
    self.bound = object
    self.late = nil
  }

  /// A proxy whose object comes later, from ``bind(_:)``: for a cycle between initializers.
  init(unbound: Void) {
    self.bound = nil
    self.late = LateBinding()
  }

  /// Binds a proxy made unbound to its object, once.
  func bind(_ object: T) { late?.bind(object) }

  /// Runs `body` with the object if it is still alive; `false` otherwise.
  ///
  /// ```swift
  /// view.withSubject(for: ProxyAccess("show(_:)")) { $0.show(items) }
  /// ```
  @inlinable @inline(__always) @discardableResult
  public func withSubject(for access: ProxyAccess, _ body: (T) throws -> Void) rethrows -> Bool {
    guard let object else { return false }
    try body(object)
    return true
  }

  /// The object, or ``ProxyError/Code/subjectReleased`` when it is gone
  /// (``ProxyError/Code/subjectNotBound`` before a late-bound proxy is bound).
  ///
  /// ```swift
  /// let controller = try view.requireSubject(for: ProxyAccess("reload()"))
  /// ```
  @inlinable @inline(__always)
  public func requireSubject(for access: ProxyAccess) throws(ProxyError) -> T {
    guard let object else { throw released(access) }
    return object
  }

  @usableFromInline
  func released(_ access: ProxyAccess) -> ProxyError {
    if let late, !late.isBound {
      return ProxyError(
        .subjectNotBound, access: access,
        message: "\(T.self) is still being built: this proxy is bound to it once its initializer returns")
    }
    return ProxyError(.subjectReleased, access: access, message: "\(T.self) has been released")
  }

  /// `true`: the proxy never keeps its object alive.
  ///
  /// ```swift
  /// print(WeakRefProxy<ListViewController>.holdsSubjectWeakly)  // true
  /// ```
  public static var holdsSubjectWeakly: Bool { true }
}

extension WeakRefProxy: Sendable where T: Sendable {}

extension WeakRefProxy: LateBindableProxy {
  static func makeUnbound() -> WeakRefProxy { WeakRefProxy(unbound: ()) }
  func bind(erased object: Any) { bind(object as! T) }
}
