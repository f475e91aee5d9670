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
  /// The definitions of the objects the resolution created, except those the container keeps on
  /// purpose (singletons and custom scopes' instances).
  public let checked: [DefinitionKey]
  /// How many instances the resolution created or used that the container keeps on purpose: singletons,
  /// until their definition or the container ends, and custom scopes' instances, until the
  /// scope's `Container.reset(_:)`.
  public let retainedByContainer: Int
  /// The objects still alive after the root was dropped.
  public let leaks: [Leak]
  /// What the container kept, by scope: `1 singleton and 2 "session" instances`.
  let keptSummary: String

  /// Whether everything was released.
  public var isReleased: Bool { leaks.isEmpty }

  /// `ListViewController released: 3 objects, 0 leaked`, then what the container kept (`(1
  /// singleton and 2 "session" instances kept by the container)`), then one line per leak.
  public var description: String {
    let verb = leaks.isEmpty ? "released" : "NOT released"
    let kept = keptSummary.isEmpty ? "" : " (\(keptSummary) kept by the container)"
    return
      (["\(root) \(verb): \(checked.count) object\(checked.count == 1 ? "" : "s"), \(leaks.count) leaked\(kept)"]
      + leaks.map { "  \($0)" }).joined(separator: "\n")
  }

  /// `1 singleton and 2 "session" instances`: the kept instances counted by scope, singletons
  /// first, then custom scopes in the order they were first made, then `.scoped` instances and
  /// what they hold (`1 scoped instance and 1 object it holds`).
  static func summary(ofKept scopes: [Scope], heldByScoped: Int = 0) -> String {
    var names: [String] = []
    var counts: [String: Int] = [:]
    for scope in scopes where scope != .scoped {
      let name = scope.customName.map { "\"\($0)\"" } ?? ""
      if counts[name] == nil { names.append(name) }
      counts[name, default: 0] += 1
    }
    var parts = names.sorted { $0.isEmpty && !$1.isEmpty }.map { name in
      let count = counts[name] ?? 0
      return name.isEmpty
        ? "\(count) singleton\(count == 1 ? "" : "s")" : "\(count) \(name) instance\(count == 1 ? "" : "s")"
    }
    let scoped = scopes.count { $0 == .scoped }
    if scoped > 0 { parts.append("\(scoped) scoped instance\(scoped == 1 ? "" : "s")") }
    if heldByScoped > 0 {
      parts.append("\(heldByScoped) object\(heldByScoped == 1 ? "" : "s") \(scoped == 1 ? "it holds" : "they hold")")
    }
    guard let last = parts.last else { return "" }
    return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
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
  /// ListViewController through ListView: forward ListView through WeakRefProxy". Singletons and
  /// custom scopes' instances are kept by the container on purpose and are not leaks. Weak and unowned stored properties are
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
  /// the instances to be released before reporting those still alive; it does not wait when every
  /// instance still alive is of a type kept on purpose or is held by one the container keeps
  /// (waiting cannot release those).
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
    await waitUntil(upTo: options.gracePeriod) { Self.survivorsAreExplained(recording, options: options) }
    return report(on: recording, root: DefinitionKey(type: T.self, tag: tag.map(DefinitionTag.init)), options: options)
  }

  /// The instances to check: all but those the container keeps on purpose.
  private static func checked(_ recording: ResolutionRecording) -> [ResolutionRecording.Instance] {
    recording.instances.filter { !$0.scope.isKeptByContainer }
  }

  /// The instances the container keeps on purpose: singletons and custom scopes' instances.
  private static func kept(_ recording: ResolutionRecording) -> [ResolutionRecording.Instance] {
    recording.instances.filter(\.scope.isKeptByContainer)
  }

  /// Whether waiting could not release anything more: every checked instance still alive is of a
  /// type kept on purpose, or is held by an instance the container keeps.
  private static func survivorsAreExplained(_ recording: ResolutionRecording, options: LeakCheckOptions) -> Bool {
    let survivors = checked(recording).compactMap(\.object).filter { !options.keepsIntentionally($0) }
    guard !survivors.isEmpty else { return true }
    let keptObjects = kept(recording).compactMap(\.object)
    guard !keptObjects.isEmpty else { return false }
    return survivors.allSatisfy {
      LeakFinder.findPath(from: keptObjects, to: $0, limit: options.searchLimit).steps != nil
    }
  }

  private func report(on recording: ResolutionRecording, root: DefinitionKey, options: LeakCheckOptions)
    -> ContainerLeakReport
  {
    let checked = Self.checked(recording)
    let keptInstances = Self.kept(recording)
    let definitions = Dictionary(
      recording.instances.map { ($0.objectID, $0.definition) }, uniquingKeysWith: { first, _ in first })
    let kept = keptInstances.compactMap { instance in instance.object.map { ($0, instance.scope) } }
    // A `.scoped` instance lives until its scope ends, and so does what it holds: kept, not leaked
    // (`validate()` sees no captive dependency there), unless it is on a cycle of its own.
    let scopedObjects = kept.filter { $0.1 == .scoped }.map(\.0)
    var heldByScoped = 0
    let leaks = checked.compactMap { instance -> Leak? in
      guard let object = instance.object, !options.keepsIntentionally(object) else { return nil }
      let leak = LeakFinder.leak(of: object, options: options) { cycle in
        Self.suggestion(for: cycle, leaked: object, definitions: definitions, requests: recording.requests)
      } explainUnknown: { _ in
        Self.keptInstanceHolding(
          object, kept: kept.filter { $0.1 != .scoped }, definitions: definitions, requests: recording.requests,
          options: options)
      }
      if leak.cycle.isEmpty, leak.holderPath.isEmpty, !scopedObjects.isEmpty,
        LeakFinder.findPath(from: scopedObjects, to: object, limit: options.searchLimit).steps != nil
      {
        heldByScoped += 1
        return nil
      }
      return leak
    }
    return ContainerLeakReport(
      root: root, checked: checked.map(\.key), retainedByContainer: keptInstances.count + heldByScoped, leaks: leaks,
      keptSummary: ContainerLeakReport.summary(ofKept: keptInstances.map(\.scope), heldByScoped: heldByScoped))
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

  /// The kept instance (a singleton, or a custom scope's) that holds a leaked instance, the path
  /// from it, and what to do; `nil` when no kept instance of the resolution reaches it.
  private static func keptInstanceHolding(
    _ leaked: AnyObject, kept: [(object: AnyObject, scope: Scope)], definitions: [ObjectIdentifier: DefinitionKey],
    requests: [(from: DefinitionKey, requested: DefinitionKey, to: DefinitionKey)], options: LeakCheckOptions
  ) -> (holderPath: [String], suggestion: String)? {
    guard !kept.isEmpty,
      let steps = LeakFinder.findPath(from: kept.map(\.object), to: leaked, limit: options.searchLimit).steps,
      let holder = steps.first?.owner
    else { return nil }
    let path = steps.map(\.description) + [String(describing: type(of: leaked))]
    let holderName = String(describing: type(of: holder))
    let name = String(describing: type(of: leaked))
    let scope = kept.first { $0.object === holder }?.scope
    let leakedDefinition = definitions[ObjectIdentifier(leaked)]
    let isCaptive = requests.contains { request in
      request.from == definitions[ObjectIdentifier(holder)] && request.to == leakedDefinition
    }
    guard let scopeName = scope?.customName else {
      if isCaptive {
        return (
          path,
          "The singleton \(holderName) holds it: a captive dependency, which `validate()` reports as "
            + "`captiveDependency`. Give \(name) a singleton scope, inject a `Provider<\(name)>`, or make "
            + "\(holderName) shorter-lived."
        )
      }
      return (
        path,
        "The singleton \(holderName) holds it, and the container keeps \(holderName) alive: remove it from "
          + "\(holderName) when it is done, or hold it weakly there."
      )
    }
    let holderDescription =
      "\(holderName), kept by the container in scope \"\(scopeName)\" until that scope's `reset(_:)`,"
    if isCaptive {
      return (
        path,
        "\(holderDescription) holds it: a captive dependency, which `validate()` reports as `captiveDependency`. "
          + "Give \(name) the same scope, inject a `Provider<\(name)>`, or make \(holderName) shorter-lived."
      )
    }
    return (
      path,
      "\(holderDescription) holds it: remove it from \(holderName) when it is done, or hold it weakly there."
    )
  }
}
