/// The error ending a container or a scope throws: which disposals failed, each with the
/// definition that made the instance and the error it threw.
///
/// Every disposal runs, whatever the others throw; the failures are collected here, in the order
/// the disposals ran (dependents first).
///
/// ```swift
/// do {
///   try await app.shutdown()
/// } catch {
///   for failure in error.failures { print(failure.key, failure.error) }
/// }
/// ```
public struct DisposalError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  public let code: Code
  /// The disposals that failed, in the order they ran; empty for ``Code/alreadyEnded``.
  public let failures: [Failure]
  /// What went wrong, in one sentence.
  public let message: String
  /// How to fix it, in one sentence.
  public let remedy: String

  /// One disposal that failed.
  ///
  /// ```swift
  /// print(failure.key)    // DefinitionKey of the instance's definition
  /// print(failure.error)  // what its disposal threw
  /// ```
  public struct Failure: Sendable, CustomStringConvertible {
    /// The definition that made the instance.
    public let key: DefinitionKey
    /// What the disposal threw; a ``DisposalError`` with ``Code/requiresAwait`` when an `async`
    /// disposal could not run in a synchronous scope.
    public let error: any Error
    /// How far below the container that ended the instance's container is: `0` for its own, `1`
    /// for a child container's, `2` for a grandchild's. A parent's ``Container/shutdown()`` ends
    /// its children too, and a key may be registered at several levels.
    ///
    /// ```swift
    /// print(failure.containerDepth)  // 1: the instance was a child container's
    /// ```
    public let containerDepth: Int

    init(key: DefinitionKey, error: any Error, containerDepth: Int = 0) {
      self.key = key
      self.error = error
      self.containerDepth = containerDepth
    }

    /// The failure as text: `DatabaseSession: closed twice`, or, for an instance of a container
    /// below the one that ended, `DatabaseSession (in a child container): closed twice`.
    public var description: String {
      let container =
        switch containerDepth {
        case ...0: ""
        case 1: " (in a child container)"
        case 2: " (in a grandchild container)"
        default: " (in a container \(containerDepth) levels down)"
        }
      return "\(key)\(container): \(error)"
    }
  }

  /// The kinds of disposal errors.
  ///
  /// ```swift
  /// if error.code == .disposalFailed { print(error.failures) }
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    enum Value: String, Hashable, Sendable {
      case disposalFailed, alreadyEnded, requiresAwait
    }

    let value: Value

    /// One or more disposals threw; ``DisposalError/failures`` lists them.
    ///
    /// ```swift
    /// error.code == .disposalFailed
    /// ```
    public static let disposalFailed = Code(value: .disposalFailed)
    /// ``Container/shutdown()`` was called on a container that had already been shut down (or on
    /// a scope that has ended): nothing was disposed a second time.
    ///
    /// ```swift
    /// error.code == .alreadyEnded
    /// ```
    public static let alreadyEnded = Code(value: .alreadyEnded)
    /// An `async` disposal (an `async` `.disposing` block, or ``Disposable``) met a scope that
    /// ends synchronously: it did not run. The code of each such failure in
    /// ``DisposalError/failures``, and of the error itself when no other disposal failed (one
    /// that threw makes it ``disposalFailed``).
    ///
    /// ```swift
    /// error.code == .requiresAwait  // use `try await container.withScope { ... }`
    /// ```
    public static let requiresAwait = Code(value: .requiresAwait)

    /// The code's name: `disposalFailed`.
    public var description: String { value.rawValue }
  }

  init(_ code: Code, failures: [Failure] = [], message: String, remedy: String) {
    self.code = code
    self.failures = failures
    self.message = message
    self.remedy = remedy
  }

  /// The error for disposals that threw, or `nil` when none did: ``Code/requiresAwait`` when
  /// every failure is an `async` disposal a synchronous scope could not run, else
  /// ``Code/disposalFailed``.
  static func failed(_ failures: [Failure], when what: String, overrides: Bool = false) -> DisposalError? {
    guard !failures.isEmpty else { return nil }
    // A failure's own description ends its sentences: no second period after the list. An
    // `async` disposal that could not run is listed by its message: the remedy below gives the
    // advice its own remedy would repeat.
    var list = failures.map { failure in
      guard let notRun = failure.error as? DisposalError, notRun.code == .requiresAwait else {
        return failure.description
      }
      return notRun.message
    }
    .joined(separator: "; ")
    if !list.hasSuffix(".") { list += "." }
    let notRun = failures.filter { ($0.error as? DisposalError)?.code == .requiresAwait }.count
    let count = "\(failures.count) disposal\(failures.count == 1 ? "" : "s")"
    if notRun == failures.count {
      return DisposalError(
        .requiresAwait, failures: failures,
        message: "\(count) could not run when \(what) synchronously: \(list)",
        remedy: "Every synchronous disposal ran; \(Self.awaitedEnd(overrides: overrides)) to run the async ones too, "
          + "or give \(notRun == 1 ? "that definition a synchronous" : "those definitions synchronous") "
          + "`.disposing { ... }` \(notRun == 1 ? "block" : "blocks").")
    }
    return DisposalError(
      .disposalFailed, failures: failures,
      message: "\(count) failed when \(what): \(list)",
      remedy: notRun == 0
        ? "Every other instance was disposed; fix the failing disposal, or catch its error inside it if it is expected."
        : "Every other synchronous disposal ran; fix the failing disposal, and "
          + "\(Self.awaitedEnd(overrides: overrides)) to run the async ones (or give them synchronous "
          + "`.disposing { ... }` blocks).")
  }

  /// `overrides`: the synchronous `withOverrides` ended, not a synchronous `withScope`.
  static func requiresAwait(_ key: DefinitionKey, overrides: Bool = false) -> DisposalError {
    let synchronous = overrides ? "a synchronous `withOverrides`" : "a synchronous `withScope`"
    return DisposalError(
      .requiresAwait,
      message: "\(key) has an async disposal, which \(synchronous) cannot run; it was not disposed.",
      remedy: "\(Self.awaitedEnd(overrides: overrides).capitalizedFirst), or give \(key) a synchronous "
        + "`.disposing { ... }` block.")
  }

  /// How to end what ended synchronously so that `async` disposals run.
  private static func awaitedEnd(overrides: Bool) -> String {
    overrides
      ? "use `try await container.withOverrides({ ... }) { ... }`, whose end awaits them"
      : "end the scope with `try await container.withScope { ... }`"
  }

  /// The error as one line: code, message and remedy.
  ///
  /// ```swift
  /// print(error)  // disposalFailed: 1 disposal failed when the scope ended: ...
  /// ```
  public var description: String { "\(code): \(message) \(remedy)" }
}

extension String {
  /// The string with its first letter in upper case.
  fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
