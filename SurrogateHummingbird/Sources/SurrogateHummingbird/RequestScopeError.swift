/// What went wrong with a request's scope.
///
/// ```swift
/// do {
///   _ = try context.requestScope.container
/// } catch {
///   print(error.code)  // noScope
/// }
/// ```
public struct RequestScopeError: Error, CustomStringConvertible, Sendable {
  /// The kind of failure; a struct, so that kinds can be added.
  ///
  /// ```swift
  /// if error.code == .noScope { print(error.remedy) }
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable { case noScope }
    private let kind: Kind

    /// The context holds no scope: no ``RequestScopeMiddleware`` ran before the handler.
    ///
    /// ```swift
    /// print(RequestScopeError.Code.noScope)  // noScope
    /// ```
    public static let noScope = Code(kind: .noScope)

    /// The code's name.
    ///
    /// ```swift
    /// print(RequestScopeError.Code.noScope.description)  // noScope
    /// ```
    public var description: String {
      switch kind {
      case .noScope: "noScope"
      }
    }
  }

  /// The kind of failure.
  ///
  /// ```swift
  /// print(error.code)  // noScope
  /// ```
  public let code: Code
  /// What failed.
  ///
  /// ```swift
  /// print(error.message)
  /// ```
  public let message: String
  /// How to fix it.
  ///
  /// ```swift
  /// print(error.remedy)
  /// ```
  public let remedy: String

  /// One line: the code, what failed and how to fix it.
  ///
  /// ```swift
  /// print(error)
  /// ```
  public var description: String { "\(code): \(message) \(remedy)" }

  static func noScope() -> RequestScopeError {
    RequestScopeError(
      code: .noScope,
      message: "The request context holds no container scope: no RequestScopeMiddleware ran before this handler.",
      remedy:
        "Add `router.add(middleware: RequestScopeMiddleware(container: app))` before the routes that resolve from `context.requestScope`."
    )
  }
}
