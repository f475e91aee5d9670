/// The one error the container throws: what failed, along which resolution path, and how to fix it.
///
/// ```swift
/// do {
///   let presenter = try container.resolve(ListPresenter.self)
/// } catch {
///   print(error)            // one line: code, message, path and remedy
///   print(error.path)       // [ListPresenter, ListView]
///   if error.code == .definitionNotFound { ... }
/// }
/// ```
///
/// `resolve` throws it as a typed error, so `catch` binds it without a cast.
///
/// What to log: ``description``, one line with everything (code, message, path, fix), is what
/// `print(error)` and string interpolation write, and what a log line should hold. For a person at
/// a console, ``detailedDescription`` draws the path as a tree with the nearby registrations and
/// the cause. ``code``, ``message``, ``remedy`` and ``path`` are the parts, for structured logging
/// or a UI; ``pathDescription`` is the path alone, as one line.
public struct ResolutionError: Error, Sendable, CustomStringConvertible {
  /// What kind of failure this is.
  public let code: Code
  /// The definition that could not be produced.
  public let key: DefinitionKey
  /// The chain of definitions being resolved when it failed, outermost first, ending with ``key``.
  public let path: [DefinitionKey]
  /// The error a factory or `resolvingProperties` block threw, for ``Code/factoryFailed`` and
  /// ``Code/propertyInjectionFailed``.
  public let cause: (any Error)?
  /// What went wrong, in one sentence.
  public var message: String {
    switch text {
    case .written(let message): message
    case .cycle(let start):
      // Closed through a forwarded type (`PView`), the path's last step is the first again.
      "Circular dependency: \(path[start...].map(\.description).joined(separator: " → "))"
        + (path.count > start + 1 && path[path.count - 1] != path[start] ? ", which is \(path[start]) again." : ".")
    case .notFound(let explanation): explanation.message
    }
  }
  /// How to fix it, in one sentence.
  public var remedy: String {
    if case .notFound(let explanation) = text, writtenRemedy.isEmpty { return explanation.remedy }
    return writtenRemedy
  }
  /// The remedy as written when the error was made; empty when it is worked out when read.
  let writtenRemedy: String
  /// Registrations close to what was asked for: the same type under another tag or argument list,
  /// the candidates of an ambiguity. The message names the first few; this lists them all.
  public var nearby: [DefinitionKey] {
    if case .notFound(let explanation) = text { return explanation.nearby }
    return details?.nearby ?? []
  }
  /// How ``message`` is made.
  let text: Text

  /// A message, or what to write it from when it is read.
  ///
  /// NB: a cycle's message is written only when it is read: a forwarding through a weak proxy
  /// recovers from a `circularDependency` without reading it, and describing every key of the
  /// cycle was 65% of a resolve that met one each time (callgrind, S7c in `surrogate-bench` when
  /// its block still met the cycle: 40,688 instructions a resolve before, 13,419 after).
  enum Text: Sendable {
    case written(String)
    /// "Circular dependency: " and the keys of ``path`` from `start` on.
    case cycle(start: Int)
    /// Nothing is registered for the key: what is near it is found when first read (a miss
    /// costs what a lookup costs).
    case notFound(NotFoundExplanation)
  }

  /// Whether `key`'s type is registered, near the missing key, with other runtime arguments than
  /// `key` has, or without any when it has some: the request's arguments are wrong. Asked without
  /// working out the nearby registrations of a `definitionNotFound` error.
  func namesOtherArguments(than key: DefinitionKey) -> Bool {
    if case .notFound(let explanation) = text, explanation.key.type == key.type {
      return explanation.hasArgumentVariant || explanation.hasPlainVariant
    }
    return nearby.contains { $0.type == key.type && $0.argumentsType != key.argumentsType }
  }

  /// The auto-injected property each step of ``path`` was resolving, by index (see
  /// ``pathDescription``).
  var properties: [Int: String] { details?.properties ?? [:] }

  /// The definition that made a step's next request where it is not the step's own key, by the
  /// index of the step of ``path``: ``pathDescription`` names it there. A decorator
  /// (`Accountant → AuditedLedger (decorating Ledger) → AuditLog`: the type's own definition never
  /// asked for what the decorator did) or the definition a forwarded type resolves to
  /// (`Consumer → Server (as Pingable) → API`: a protocol asks for nothing).
  var askers: [Int: String] { details?.askers ?? [:] }

  /// What only some errors have, in one reference: `nil` for most.
  ///
  /// NB: every function that throws this type typed passes room for it, so its size costs every
  /// resolve: a separate `properties` field made S1 100 instructions a resolve dearer.
  let details: Details?

  final class Details: Sendable {
    let nearby: [DefinitionKey]
    let properties: [Int: String]
    let askers: [Int: String]
    init(nearby: [DefinitionKey], properties: [Int: String], askers: [Int: String]) {
      self.nearby = nearby
      self.properties = properties
      self.askers = askers
    }
  }

  init(
    _ code: Code, key: DefinitionKey, path: [DefinitionKey], message: String, remedy: String,
    cause: (any Error)? = nil, nearby: [DefinitionKey] = [], properties: [Int: String] = [:],
    askers: [Int: String] = [:]
  ) {
    self.init(
      code, key: key, path: path, text: .written(message), remedy: remedy, cause: cause, nearby: nearby,
      properties: properties, askers: askers)
  }

  init(
    _ code: Code, key: DefinitionKey, path: [DefinitionKey], text: Text, remedy: String,
    cause: (any Error)? = nil, nearby: [DefinitionKey] = [], properties: [Int: String] = [:],
    askers: [Int: String] = [:]
  ) {
    self.code = code
    self.key = key
    self.path = path
    self.text = text
    self.writtenRemedy = remedy
    self.cause = cause
    self.details =
      nearby.isEmpty && properties.isEmpty && askers.isEmpty
      ? nil : Details(nearby: nearby, properties: properties, askers: askers)
  }

  /// This error with another remedy.
  func with(remedy: String) -> ResolutionError {
    ResolutionError(
      code, key: key, path: path, text: text, remedy: remedy, cause: cause, nearby: details?.nearby ?? [],
      properties: properties, askers: askers)
  }

  /// This error, met by a request `decorator` made from the step `index` of ``path`` (for what it
  /// wraps, or in its closure): the decorator named at that step, when it asked for the type it
  /// decorates (see ``named(asker:at:)``).
  func named(decorator: DefinitionKey, at index: Int) -> ResolutionError {
    guard let decorated = DecorationTag.decorated(byDecorator: decorator), path.indices.contains(index),
      path[index].type == decorated.type
    else { return self }
    return named(asker: decorator.description, at: index)
  }

  /// This error, met by a request the definition `source` made from the step `index` of ``path``,
  /// where a type forwarded to it was requested: `Server (as Pingable)` named at that step.
  func named(forwardedTo source: DefinitionKey, at index: Int) -> ResolutionError {
    guard path.indices.contains(index) else { return self }
    return named(asker: "\(source) (as \(path[index]))", at: index)
  }

  /// This error with `asker` named at the step `index` of ``path``: unchanged unless a later step
  /// failed, or when an asker is named there already (the innermost that ran). A cycle passes
  /// unchanged, as it does through a property (its text is its keys).
  private func named(asker: String, at index: Int) -> ResolutionError {
    guard code != .circularDependency, path.indices.contains(index), index < path.count - 1, askers[index] == nil
    else { return self }
    var askers = askers
    askers[index] = asker
    return ResolutionError(
      code, key: key, path: path, text: text, remedy: writtenRemedy, cause: cause,
      nearby: details?.nearby ?? [], properties: properties, askers: askers)
  }

  /// A step of ``path`` as text: the key (or the definition that asked from it, see ``askers``),
  /// and the auto-injected property it was resolving.
  func step(_ index: Int) -> String {
    let name = askers[index] ?? path[index].description
    return properties[index].map { "\(name).\($0)" } ?? name
  }

  /// The resolution path as text: `ListViewController → ListPresenter → ListView`. A step that
  /// was auto-injecting a property names it: `OrderPresenter.logger → Logger`. A step whose
  /// decorator made the next request names the decorator: `AuditedLedger (decorating Ledger) →
  /// AuditLog`; one that was a forwarded type names the definition it resolved to:
  /// `Server (as Pingable) → API`. Three or more equal steps in a row are written once with their count,
  /// `Repository (×75)`: a long chain of decorators of one type, or a runtime argument's recursion.
  ///
  /// ```swift
  /// print(error.pathDescription)
  /// ```
  public var pathDescription: String {
    var runs: [(step: String, count: Int)] = []
    for index in path.indices {
      let step = step(index)
      if let last = runs.last, last.step == step {
        runs[runs.count - 1].count += 1
      } else {
        runs.append((step, 1))
      }
    }
    return runs.flatMap { run in
      run.count >= 3 ? ["\(run.step) (×\(run.count))"] : Array(repeating: run.step, count: run.count)
    }
    .joined(separator: " → ")
  }

  /// One line: `definitionNotFound: No definition for HTTPClient. Path: A → HTTPClient. Fix: …`.
  ///
  /// ```swift
  /// print(error.description)
  /// ```
  public var description: String {
    "\(code): \(message) Path: \(pathDescription). Fix: \(remedy)"
  }

  /// A multi-line form that prints the path as a tree, the nearby registrations and the cause.
  ///
  /// ```swift
  /// print(error.detailedDescription)
  /// // definitionNotFound: No definition for HTTPClient.
  /// //   ListViewController
  /// //   └─ ListPresenter
  /// //      └─ HTTPClient   ← failed here
  /// // ...
  /// ```
  public var detailedDescription: String {
    var lines = ["\(code): \(message)"]
    for depth in path.indices {
      let indent = String(repeating: "   ", count: max(0, depth - 1))
      let branch = depth == 0 ? "" : "└─ "
      let marker = depth == path.count - 1 ? "   ← failed here" : ""
      lines.append("  \(indent)\(branch)\(step(depth))\(marker)")
    }
    let nearby = nearby
    if !nearby.isEmpty {
      lines.append("Registered nearby:")
      lines += nearby.prefix(NotFoundExplanation.namedInMessage).map { "  - \($0)" }
      if nearby.count > NotFoundExplanation.namedInMessage {
        lines.append("  … and \(nearby.count - NotFoundExplanation.namedInMessage) more")
      }
    }
    if let cause { lines.append("Cause: \(cause)") }
    lines.append("Fix: \(remedy)")
    return lines.joined(separator: "\n")
  }
}

extension ResolutionError {
  /// A kind of resolution failure. New codes may be added; switch with a `default`.
  ///
  /// ```swift
  /// if error.code == .circularDependency { print(error.pathDescription) }
  /// ```
  public struct Code: Hashable, Sendable, CustomStringConvertible {
    enum Value: String, Hashable, Sendable {
      case definitionNotFound, invalidType, circularDependency, factoryFailed
      case propertyInjectionFailed, ambiguousAutowiring, depthLimitExceeded, requiresAwait, requiresMainActor
      case modifiedAfterBootstrap, duplicateCollectionKey, outsideScope, containerShutDown, misdeclaredService
    }

    let value: Value

    /// Nothing is registered for the requested type, tag and argument types, in this container
    /// or its parents.
    ///
    /// ```swift
    /// error.code == .definitionNotFound
    /// ```
    public static let definitionNotFound = Code(value: .definitionNotFound)
    /// A forwarded type was requested, but the instance the definition made does not conform to it.
    ///
    /// ```swift
    /// error.code == .invalidType
    /// ```
    public static let invalidType = Code(value: .invalidType)
    /// A definition needs itself while it is being constructed (or a `.unique` definition is part
    /// of a cycle). The path names the whole cycle.
    ///
    /// ```swift
    /// error.code == .circularDependency
    /// ```
    public static let circularDependency = Code(value: .circularDependency)
    /// A factory closure threw; ``ResolutionError/cause`` holds its error. (A `CancellationError`
    /// from an `async` factory or block, its task cancelled, is not wrapped: `try await resolve`
    /// rethrows it as it is, as Swift code expects of a cancelled call.)
    ///
    /// ```swift
    /// error.code == .factoryFailed
    /// ```
    public static let factoryFailed = Code(value: .factoryFailed)
    /// A `resolvingProperties` block threw; ``ResolutionError/cause`` holds its error.
    ///
    /// ```swift
    /// error.code == .propertyInjectionFailed
    /// ```
    public static let propertyInjectionFailed = Code(value: .propertyInjectionFailed)
    /// Auto-wiring found more than one factory it could satisfy equally well.
    ///
    /// ```swift
    /// error.code == .ambiguousAutowiring
    /// ```
    public static let ambiguousAutowiring = Code(value: .ambiguousAutowiring)
    /// The object graph is deeper than the container's `maximumDepth`.
    ///
    /// ```swift
    /// error.code == .depthLimitExceeded
    /// ```
    public static let depthLimitExceeded = Code(value: .depthLimitExceeded)

    /// The definition has an `async` factory but was resolved synchronously.
    ///
    /// ```swift
    /// error.code == .requiresAwait // use `try await container.resolve(...)`
    /// ```
    public static let requiresAwait = Code(value: .requiresAwait)

    /// The definition's factory (or a `resolvingProperties` block) is `@MainActor`, but the
    /// resolution did not start on the main actor.
    ///
    /// ```swift
    /// error.code == .requiresMainActor // resolve from @MainActor code, or with `await`
    /// ```
    public static let requiresMainActor = Code(value: .requiresMainActor)

    /// A definition was registered, forwarded, decorated, removed or given a block after
    /// ``Container/bootstrap(isolation:)``, which froze the container's definitions: the change was
    /// not applied. A request that only the rejected registration could have answered throws it,
    /// and ``Container/validate()`` and ``Container/rejectedChanges`` list every rejected change.
    ///
    /// ```swift
    /// error.code == .modifiedAfterBootstrap // register before bootstrap(), or in a child container
    /// ```
    public static let modifiedAfterBootstrap = Code(value: .modifiedAfterBootstrap)

    /// Two members of a map (``Container/register(_:into:key:fileID:line:factory:)-(_,_,_,_,_,(Resolver)->Element)``,
    /// ``Definition/contributes(to:key:)``) have the same key, in one container or in a container
    /// and its ancestor. The message names both; the map is not built.
    ///
    /// ```swift
    /// error.code == .duplicateCollectionKey // give each member its own key
    /// ```
    public static let duplicateCollectionKey = Code(value: .duplicateCollectionKey)

    /// A ``Scope/scoped`` definition was resolved where no scope is open: from the container that
    /// registered it, or for a singleton (which resolves its dependencies in its own container).
    ///
    /// ```swift
    /// error.code == .outsideScope  // resolve it inside `container.withScope { scope in ... }`
    /// ```
    public static let outsideScope = Code(value: .outsideScope)

    /// The container was shut down with ``Container/shutdown()``, or the scope it belongs to has
    /// ended: it resolves nothing more, and registering into it is not applied. `withScope` on
    /// such a container throws it too, before its body runs.
    ///
    /// ```swift
    /// error.code == .containerShutDown  // resolve before `shutdown()`, or in a scope that is open
    /// ```
    public static let containerShutDown = Code(value: .containerShutDown)

    /// A definition declared a service (``Definition/runsAsService()``) cannot run as one: its
    /// scope is not a singleton's, or services depend on each other in a cycle.
    /// ``Container/validate()`` reports it; ``ResolutionError/cause`` is the ``ServiceError`` that
    /// ``Container/resolveServices()`` throws for it.
    ///
    /// ```swift
    /// error.code == .misdeclaredService  // register it `.singleton`, or break the cycle
    /// ```
    public static let misdeclaredService = Code(value: .misdeclaredService)
    /// The code's name: `definitionNotFound`.
    ///
    /// ```swift
    /// print(ResolutionError.Code.invalidType) // invalidType
    /// ```
    public var description: String { value.rawValue }
  }
}
