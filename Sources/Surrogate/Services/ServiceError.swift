/// The error a container's services throw: a service declared on a scope that cannot run one, a
/// cycle between services, a service that could not be made, or services that failed while
/// running.
///
/// ```swift
/// do {
///   try await app.runServices()
/// } catch {
///   print(error)  // notASingleton: Purger is declared a service but its scope is .shared; ...
///   for failure in error.failures { print(failure.key, failure.error) }
/// }
/// ```
public struct ServiceError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  public let code: Code
  /// The service concerned: the misdeclared one, the first on a cycle, the one that could not be
  /// made, the first that failed, or the first of those already running.
  public let key: DefinitionKey
  /// For ``Code/dependencyCycle``, the services on the cycle, each depending on the next and the
  /// last on the first; for ``Code/alreadyRunning``, the services already running; otherwise
  /// `[key]`.
  public let path: [DefinitionKey]
  /// The services that failed while running, in the order they failed, for
  /// ``Code/serviceFailed``; empty otherwise.
  public let failures: [Failure]
  /// For ``Code/resolutionFailed``: the ``ResolutionError``, or `CancellationError` when the task
  /// was cancelled while it made the services.
  public let cause: (any Error)?
  /// What went wrong, in one sentence.
  public let message: String
  /// How to fix it, in one sentence.
  public let remedy: String

  /// One service that threw while running.
  ///
  /// ```swift
  /// print(failure)  // Purger: connection refused
  /// ```
  public struct Failure: Sendable, CustomStringConvertible {
    /// The service's definition.
    public let key: DefinitionKey
    /// What its `run` threw.
    public let error: any Error

    /// The failure as text: `Purger: connection refused`.
    public var description: String { "\(key): \(error)" }
  }

  /// The kinds of service errors.
  ///
  /// ```swift
  /// if error.code == .dependencyCycle { print(error.path) }
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    enum Value: String, Hashable, Sendable {
      case notASingleton, dependencyCycle, resolutionFailed, serviceFailed, containerShutDown, alreadyRunning
    }

    let value: Value

    /// A definition declared a service has a scope other than ``Scope/singleton`` or
    /// ``Scope/eagerSingleton``: there is no one instance to run for the container's life.
    ///
    /// ```swift
    /// error.code == .notASingleton
    /// ```
    public static let notASingleton = Code(value: .notASingleton)
    /// Two or more services depend on each other: none can start first.
    ///
    /// ```swift
    /// error.code == .dependencyCycle  // error.path lists the cycle
    /// ```
    public static let dependencyCycle = Code(value: .dependencyCycle)
    /// A service could not be resolved; ``ServiceError/cause`` is the ``ResolutionError``. No
    /// service was started.
    ///
    /// ```swift
    /// error.code == .resolutionFailed
    /// ```
    public static let resolutionFailed = Code(value: .resolutionFailed)
    /// One or more services threw while running (``ServiceError/failures``); the others were
    /// stopped, dependents first.
    ///
    /// ```swift
    /// error.code == .serviceFailed
    /// ```
    public static let serviceFailed = Code(value: .serviceFailed)
    /// The container was shut down (``Container/shutdown()``): its services were disposed and
    /// none is made or run again.
    ///
    /// ```swift
    /// error.code == .containerShutDown
    /// ```
    public static let containerShutDown = Code(value: .containerShutDown)
    /// ``Container/runServices()`` was called while an earlier call was running the services: a
    /// service is one instance, run once at a time. The running services were left alone; once
    /// that call has returned, the services may be run again.
    ///
    /// ```swift
    /// error.code == .alreadyRunning  // error.path lists the running services
    /// ```
    public static let alreadyRunning = Code(value: .alreadyRunning)

    /// The code's name: `serviceFailed`.
    public var description: String { value.rawValue }
  }

  init(
    _ code: Code, key: DefinitionKey, path: [DefinitionKey]? = nil, failures: [Failure] = [],
    cause: (any Error)? = nil, message: String, remedy: String
  ) {
    self.code = code
    self.key = key
    self.path = path ?? [key]
    self.failures = failures
    self.cause = cause
    self.message = message
    self.remedy = remedy
  }

  /// The error as one line: code, message and remedy.
  ///
  /// ```swift
  /// print(error)  // dependencyCycle: The services Mailer → Queue → Mailer depend on each other; ...
  /// ```
  public var description: String { "\(code): \(message) \(remedy)" }

  // MARK: - The errors

  static func notASingleton(_ key: DefinitionKey, scope: Scope) -> ServiceError {
    ServiceError(
      .notASingleton, key: key,
      message: "\(key) is declared a service but its scope is \(scope); a service needs one instance for the "
        + "container's life.",
      remedy: "Register \(key) with `.singleton` or `.eagerSingleton`, or remove `.runsAsService()`.")
  }

  static func dependencyCycle(_ cycle: [DefinitionKey]) -> ServiceError {
    let names = (cycle + cycle.prefix(1)).map(\.description).joined(separator: " → ")
    return ServiceError(
      .dependencyCycle, key: cycle[0], path: cycle,
      message: "The services \(names) depend on each other, so none of them can start first.",
      remedy: "Let one of them take the other as `Lazy<T>` (resolved on first use, it sets no order), or make one "
        + "of them not a service.")
  }

  static func resolutionFailed(_ key: DefinitionKey, _ error: any Error) -> ServiceError {
    if error is CancellationError {
      return ServiceError(
        .resolutionFailed, key: key, cause: error,
        message: "The task making the services was cancelled while it made \(key). No service was started.",
        remedy: "Nothing to fix when the services were being stopped (a SIGTERM during start-up): `runServices()` "
          + "returns then, and `shutdown()` disposes what was made. Otherwise, cancel the task only once the "
          + "services have started.")
    }
    // A resolution error's own message, without its remedy: the remedy here is the service's.
    let resolution = error as? ResolutionError
    var reason = resolution.map { "\($0.code): \($0.message)" } ?? "\(error)"
    while reason.hasSuffix(".") { reason.removeLast() }
    let isCycle = resolution?.code == .circularDependency
    // The path, unless the reason (a cycle) already lists it.
    let path = resolution.map { isCycle || $0.path.count < 2 ? "" : " (path: \($0.pathDescription))" } ?? ""
    return ServiceError(
      .resolutionFailed, key: key, path: resolution?.path, cause: error,
      message: "The service \(key) could not be made: \(reason)\(path). No service was started.",
      remedy: isCycle
        ? "Services cannot take each other in their initializers (a service must stay `.singleton`): let one of "
          + "them take the other as `Lazy<T>`, resolved on first use."
        : "Fix the resolution error (`await container.validate()` lists every one).")
  }

  static func containerShutDown(_ key: DefinitionKey) -> ServiceError {
    ServiceError(
      .containerShutDown, key: key,
      message: "The container was shut down: its services were disposed, and none is made or run again.",
      remedy: "Run the services before `shutdown()`; make a new container to run them again.")
  }

  static func parentShutDown(_ key: DefinitionKey) -> ServiceError {
    ServiceError(
      .containerShutDown, key: key,
      message: "A parent of the container was shut down: its instances were disposed, and the container's services "
        + "would use them, so none is made or run again.",
      remedy: "Run a child container's services before its parent's `shutdown()` (which stops them first).")
  }

  static func alreadyRunning(_ keys: [DefinitionKey]) -> ServiceError {
    let names = keys.isEmpty ? "none declared" : keys.map(\.description).joined(separator: ", ")
    return ServiceError(
      .alreadyRunning, key: keys.first ?? DefinitionKey(type: Container.self, tag: nil),
      path: keys.isEmpty ? nil : keys,
      message: "The container's services (\(names)) are already running: `runServices()` was called before an "
        + "earlier call returned, and a service is one instance that runs once at a time. Nothing was started "
        + "or stopped.",
      remedy: "Run them once, from one task (cancel that task to stop them; they may run again after it "
        + "returned), or hand them to one `ServiceGroup` with SurrogateServiceLifecycle's "
        + "`runServiceGroup(logger:)`.")
  }

  static func failed(_ failures: [Failure]) -> ServiceError {
    let list = failures.map(\.description).joined(separator: "; ")
    return ServiceError(
      .serviceFailed, key: failures[0].key, failures: failures,
      message: "\(failures.count) service\(failures.count == 1 ? "" : "s") failed: \(list).",
      remedy: "The other services were stopped, dependents first; fix the failing service, or catch its "
        + "error inside its `run` if it is expected.")
  }

  static func notAnInstance(of key: DefinitionKey, _ instance: Any) -> ServiceError {
    ServiceError(
      .serviceFailed, key: key,
      message: "The service declaration of \(key) was given an instance of \(typeName(type(of: instance))), "
        + "which is not a \(typeName(key.type)); it did not run.",
      remedy: "Declare the service on the definition that makes the instances.")
  }
}
