import Surrogate

/// The result of ``Surrogate/Container/checkForLeaks(resolving:tag:arguments:options:isolation:)``.
///
/// ```swift
/// let report = try container.checkForLeaks(resolving: ListViewController.self)
/// print(report) // ListViewController released: 2 objects, 0 leaked
/// #expect(report.leaks.isEmpty, "\(report)")
/// ```
public struct ContainerLeakReport: Sendable, CustomStringConvertible {
  /// The root that was resolved and dropped.
  public let root: DefinitionKey
  /// The definitions of the objects the resolution created (singletons excluded).
  public let checked: [DefinitionKey]
  /// How many singletons the resolution created; the container keeps them on purpose.
  public let retainedByContainer: Int
  /// The objects still alive after the root was dropped.
  public let leaks: [Leak]

  /// Whether everything was released.
  public var isReleased: Bool { leaks.isEmpty }

  /// `ListViewController released: 3 objects, 0 leaked`, then one line per leak.
  public var description: String {
    let verb = leaks.isEmpty ? "released" : "NOT released"
    let singletons = retainedByContainer > 0 ? " (\(retainedByContainer) singletons kept by the container)" : ""
    return
      (["\(root) \(verb): \(checked.count) objects, \(leaks.count) leaked\(singletons)"]
      + leaks.map { "  \($0)" }).joined(separator: "\n")
  }
}

extension Container {
  /// Resolves `type` in a fresh graph, drops it, and reports every object the container created
  /// for it that is still alive, with the strong reference cycle that keeps it alive.
  ///
  /// ```swift
  /// @Test func listScreenIsReleased() throws {
  ///   let report = try AppContainer.make().checkForLeaks(resolving: ListViewController.self)
  ///   #expect(report.isReleased, "\(report)")
  /// }
  /// ```
  ///
  /// A leak through a forwarded type names the forwarding to change, e.g. "ListPresenter holds
  /// ListViewController through ListView: forward ListView through WeakRefProxy". Singletons are
  /// kept by the container on purpose and are not leaks. Weak and unowned stored properties are
  /// never counted as strong references. From a `@MainActor` test it builds main-actor
  /// definitions; a screen with `async` factories or blocks is checked with `try await`.
  ///
  /// - Parameters:
  ///   - type: The root of the screen or feature.
  ///   - tag: The root's tag.
  ///   - arguments: The root's runtime arguments.
  ///   - options: The search limit and the types kept alive on purpose; this form checks at once,
  ///     without a grace period.
  ///   - isolation: The caller's actor, filled in by `#isolation`.
  /// - Returns: The report.
  /// - Throws: The `ResolutionError` of the resolution.
  public func checkForLeaks<T, each Argument>(
    resolving type: T.Type, tag: (any Hashable & Sendable)? = nil, arguments: repeat each Argument,
    options: LeakCheckOptions = LeakCheckOptions(), isolation: isolated (any Actor)? = #isolation
  ) throws(ResolutionError) -> ContainerLeakReport {
    let recording = try resolveRecording(T.self, tag: tag, arguments: repeat each arguments, isolation: isolation)
    return report(on: recording, root: DefinitionKey(type: T.self, tag: tag.map(DefinitionTag.init)), options: options)
  }

  /// Checks for leaks like ``checkForLeaks(resolving:tag:arguments:options:isolation:)``, resolving
  /// as `try await resolve` does: `async` factories and blocks awaited, main-actor ones on the main
  /// actor. Works from any task. Waits up to the options' grace period (a second by default) for
  /// the instances to be released before reporting those still alive.
  ///
  /// ```swift
  /// @Test func orderHistoryIsReleased() async throws {
  ///   let report = try await screen.checkForLeaks(resolving: OrderHistoryViewController.self, arguments: "c42")
  ///   #expect(report.isReleased, "\(report)")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: The root of the screen or feature.
  ///   - tag: The root's tag.
  ///   - arguments: The root's runtime arguments.
  ///   - options: The grace period, the search limit and the types kept alive on purpose.
  /// - Returns: The report.
  /// - Throws: The `ResolutionError` of the resolution, or `CancellationError`.
  public func checkForLeaks<T, each Argument>(
    resolving type: T.Type, tag: (any Hashable & Sendable)? = nil, arguments: repeat each Argument,
    options: LeakCheckOptions = LeakCheckOptions()
  ) async throws -> ContainerLeakReport {
    let recording = try await resolveRecording(T.self, tag: tag, arguments: repeat each arguments)
    await waitUntil(upTo: options.gracePeriod) { Self.checked(recording).allSatisfy { $0.object == nil } }
    return report(on: recording, root: DefinitionKey(type: T.self, tag: tag.map(DefinitionTag.init)), options: options)
  }

  private static let singletonScopes: Set<Scope> = [.singleton, .eagerSingleton]

  /// The instances to check: all but the singletons, which the container keeps on purpose.
  private static func checked(_ recording: ResolutionRecording) -> [ResolutionRecording.Instance] {
    recording.instances.filter { !singletonScopes.contains($0.scope) }
  }

  private func report(on recording: ResolutionRecording, root: DefinitionKey, options: LeakCheckOptions)
    -> ContainerLeakReport
  {
    let checked = Self.checked(recording)
    let definitions = Dictionary(
      recording.instances.map { ($0.objectID, $0.definition) }, uniquingKeysWith: { first, _ in first })
    let singletons = recording.instances.filter { Self.singletonScopes.contains($0.scope) }.compactMap(\.object)
    let leaks = checked.compactMap { instance -> Leak? in
      guard let object = instance.object, !options.keepsIntentionally(object) else { return nil }
      return LeakFinder.leak(of: object, options: options) { cycle in
        Self.suggestion(for: cycle, leaked: object, definitions: definitions, requests: recording.requests)
      } explainUnknown: { _ in
        Self.singletonHolding(
          object, singletons: singletons, definitions: definitions, requests: recording.requests, options: options)
      }
    }
    return ContainerLeakReport(
      root: root, checked: checked.map(\.key), retainedByContainer: recording.instances.count - checked.count,
      leaks: leaks)
  }

  /// Names the forwarded type to hand out weakly: the cycle step whose target was requested
  /// through a forwarded type.
  private static func suggestion(
    for cycle: [LeakFinder.Step], leaked: AnyObject,
    definitions: [ObjectIdentifier: DefinitionKey],
    requests: [(from: DefinitionKey, requested: DefinitionKey, to: DefinitionKey)]
  ) -> String? {
    let targets = cycle.dropFirst().map(\.owner) + [leaked]
    for (step, target) in zip(cycle, targets) {
      guard let from = definitions[ObjectIdentifier(step.owner)], let to = definitions[ObjectIdentifier(target)],
        let request = requests.first(where: { $0.from == from && $0.to == to && $0.requested.type != to.type })
      else { continue }
      let holder = String(describing: type(of: step.owner))
      let forwarded = request.requested.description
      return "\(step.description) holds \(to) through \(forwarded): forward \(forwarded) through WeakRefProxy, "
        + "so \(holder) holds it weakly while the composition root decides who owns whom."
    }
    return nil
  }

  /// The singleton that holds a leaked instance, the path from it, and what to do; `nil` when no
  /// singleton of the resolution reaches it.
  private static func singletonHolding(
    _ leaked: AnyObject, singletons: [AnyObject], definitions: [ObjectIdentifier: DefinitionKey],
    requests: [(from: DefinitionKey, requested: DefinitionKey, to: DefinitionKey)], options: LeakCheckOptions
  ) -> (holderPath: [String], suggestion: String)? {
    guard !singletons.isEmpty,
      let steps = LeakFinder.findPath(from: singletons, to: leaked, limit: options.searchLimit).steps,
      let holder = steps.first?.owner
    else { return nil }
    let path = steps.map(\.description) + [String(describing: type(of: leaked))]
    let singleton = String(describing: type(of: holder))
    let name = String(describing: type(of: leaked))
    let leakedDefinition = definitions[ObjectIdentifier(leaked)]
    let isCaptive = requests.contains { request in
      request.from == definitions[ObjectIdentifier(holder)] && request.to == leakedDefinition
    }
    if isCaptive {
      return (
        path,
        "The singleton \(singleton) holds it: a captive dependency, which `validate()` reports as "
          + "`captiveDependency`. Give \(name) a singleton scope, inject a `Provider<\(name)>`, or make "
          + "\(singleton) shorter-lived."
      )
    }
    return (
      path,
      "The singleton \(singleton) holds it, and the container keeps \(singleton) alive: remove it from "
        + "\(singleton) when it is done, or hold it weakly there."
    )
  }
}
