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
public final class WeakRefProxy<T: AnyObject>: Proxy {
  /// The object, while something else keeps it alive.
  public weak let object: T?

  /// Wraps an object weakly.
  ///
  /// ```swift
  /// let view = WeakRefProxy(controller)
  /// ```
  public init(_ object: T) { self.object = object }

  /// Calls `body` with the object while it is alive.
  @inlinable @inline(__always) @discardableResult
  public func withSubject(for access: ProxyAccess, _ body: (T) throws -> Void) rethrows -> Bool {
    guard let object else { return false }
    try body(object)
    return true
  }

  /// The object, or ``ProxyError/Code/subjectReleased``.
  @inlinable @inline(__always)
  public func requireSubject(for access: ProxyAccess) throws(ProxyError) -> T {
    guard let object else { throw released(access) }
    return object
  }

  /// The error of a call made after the subject was released.
  @usableFromInline
  func released(_ access: ProxyAccess) -> ProxyError {
    ProxyError(.subjectReleased, access: access, message: "\(T.self) has been released")
  }

  /// `true`.
  public static var holdsSubjectWeakly: Bool { true }
}

extension WeakRefProxy: Sendable where T: Sendable {}
