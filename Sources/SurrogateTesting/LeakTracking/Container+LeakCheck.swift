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
  /// The disposals that failed when the check disposed what it made and nobody keeps (its
  /// `.shared` and `.unique` instances with a `.disposing` block or a `Disposable`
  /// conformance), or `nil`; a synchronous check reports an `async` one as
  /// `DisposalError.Code.requiresAwait`.
  ///
  /// ```swift
  /// let report = try await screen.checkForLeaks(resolving: OrderListView.self)
  /// for failure in report.disposalError?.failures ?? [] { print(failure.key, failure.error) }
  /// ```
  public let disposalError: DisposalError?
  /// What the container kept, by scope: `1 singleton and 2 "session" instances`.
  let keptSummary: String

  /// Whether everything was released, and what had a disposal was disposed.
  public var isReleased: Bool { leaks.isEmpty && disposalError == nil }

  /// `ListViewController released: 3 objects, 0 leaked`, then what the container kept (`(1
  /// singleton and 2 "session" instances kept by the container)`), then one line per leak, then
  /// the disposals that failed, if any.
  public var description: String {
    let verb = isReleased ? "released" : "NOT released"
    let kept = keptSummary.isEmpty ? "" : " (\(keptSummary) kept by the container)"
    return
      (["\(root) \(verb): \(checked.count) object\(checked.count == 1 ? "" : "s"), \(leaks.count) leaked\(kept)"]
      + leaks.map { "  \($0)" } + (disposalError.map { ["  \($0)"] } ?? [])).joined(separator: "\n")
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
  /// What the check made and nobody keeps (`.shared` and `.unique` instances; not a singleton, nor
  /// what a scope's `.scoped` instance holds) is disposed when it ends, once the releases were
  /// checked (so a disposal cannot hide a leak): a database session the screen opened is closed.
  /// An instance that leaked is not disposed. This form runs synchronous disposals only, and
  /// reports an `async` one (or a `Disposable` conformance) in ``ContainerLeakReport/disposalError``;
  /// check with `try await` then. A failed resolution disposes what it made before it throws.
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
    let found = findings(on: recording, options: options)
    let disposalError = recording.disposeMadeSynchronously(sparing: found.leaked)
    return report(
      on: recording, found, root: DefinitionKey(type: T.self, tag: tag.map(DefinitionTag.init)), options: options,
      disposalError: disposalError)
  }

  /// Checks for leaks like ``checkForLeaks(resolving:tag:arguments:options:isolation:)``, resolving
  /// as `try await resolve` does: `async` factories and blocks awaited, main-actor ones on the main
  /// actor. Works from any task. Waits up to the options' grace period (a second by default) for
  /// the instances to be released before reporting those still alive; it does not wait when every
  /// instance still alive is of a type kept on purpose or is held by one the container keeps
  /// (waiting cannot release those). Then it disposes what it made and nobody keeps, as the
  /// synchronous form does, `async` disposals and `Disposable` conformances included.
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
    let found = findings(on: recording, options: options)
    let disposalError = await recording.disposeMade(sparing: found.leaked)
    if !found.pending.isEmpty {
      await waitUntil(upTo: options.gracePeriod) { found.pending.allSatisfy { $0.object == nil } }
    }
    return report(
      on: recording, found, root: DefinitionKey(type: T.self, tag: tag.map(DefinitionTag.init)), options: options,
      disposalError: disposalError)
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
  /// type kept on purpose, or is held by an instance the container keeps, or by the check until it
  /// disposes it.
  private static func survivorsAreExplained(_ recording: ResolutionRecording, options: LeakCheckOptions) -> Bool {
    let held = recording.heldForDisposal
    let survivors = checked(recording).filter { !held.contains($0.objectID) }.compactMap(\.object).filter {
      !options.keepsIntentionally($0)
    }
    guard !survivors.isEmpty else { return true }
    let keptObjects = kept(recording).compactMap(\.object) + heldForDisposal(recording)
    guard !keptObjects.isEmpty else { return false }
    return survivors.allSatisfy {
      LeakFinder.findPath(from: keptObjects, to: $0, limit: options.searchLimit).steps != nil
    }
  }

  /// The objects the check holds until it disposes them (see
  /// ``ResolutionRecording/disposeMade(sparing:)``).
  private static func heldForDisposal(_ recording: ResolutionRecording) -> [AnyObject] {
    let held = recording.heldForDisposal
    guard !held.isEmpty else { return [] }
    return recording.instances.filter { held.contains($0.objectID) }.compactMap(\.object)
  }

  /// What the check found before it disposes what it made: the leaks, and the instances alive
  /// only, as far as can be seen, because the check holds them (or what they hold) for disposal:
  /// those are leaks only if still alive once they were disposed and let go of.
  struct Findings {
    var leaks: [Leak] = []
    /// The leaked objects: not disposed.
    var leaked: Set<ObjectIdentifier> = []
    var pending: [ResolutionRecording.Instance] = []
    var heldByScoped = 0
  }

  private func findings(on recording: ResolutionRecording, options: LeakCheckOptions) -> Findings {
    let definitions = Dictionary(
      recording.instances.map { ($0.objectID, $0.definition) }, uniquingKeysWith: { first, _ in first })
    let kept = Self.kept(recording).compactMap { instance in instance.object.map { ($0, instance.scope) } }
    // A `.scoped` instance lives until its scope ends, and so does what it holds: kept, not leaked
    // (`validate()` sees no captive dependency there), unless it is on a reference cycle, which
    // outlives the scope: then it is a leak, and so is what it holds.
    var scopedObjects: [AnyObject] = []
    var scopedOnCycles: [AnyObject] = []
    var found = Findings()
    for instance in Self.kept(recording) where instance.scope == .scoped {
      guard let object = instance.object else { continue }
      guard !options.keepsIntentionally(object),
        LeakFinder.findPath(from: [object], to: object, limit: options.searchLimit).steps != nil
      else {
        scopedObjects.append(object)
        continue
      }
      scopedOnCycles.append(object)
      found.leaks.append(
        LeakFinder.leak(of: object, options: options) { cycle in
          Self.suggestion(for: cycle, leaked: object, definitions: definitions, requests: recording.requests)
        })
      found.leaked.insert(instance.objectID)
    }
    let heldIDs = recording.heldForDisposal
    let held = Self.heldForDisposal(recording)
    let checkedOnCycles = LeakFinder.onCycles(
      Self.checked(recording).compactMap(\.object).filter { !options.keepsIntentionally($0) }, options: options)
    for instance in Self.checked(recording) {
      guard let object = instance.object, !options.keepsIntentionally(object) else { continue }
      let leak = LeakFinder.leak(of: object, options: options) { cycle in
        Self.keptStepSuggestion(for: cycle, kept: kept.filter { $0.1 != .scoped })
          ?? Self.suggestion(for: cycle, leaked: object, definitions: definitions, requests: recording.requests)
      } explainUnknown: { _ in
        Self.scopedCycleHolding(object, scopedOnCycles: scopedOnCycles, options: options)
          ?? Self.keptInstanceHolding(
            object, kept: kept.filter { $0.1 != .scoped }, definitions: definitions, requests: recording.requests,
            options: options)
          ?? LeakFinder.heldByLeakedCycle(object, onCycles: checkedOnCycles, options: options)
      }
      if leak.cycle.isEmpty, leak.holderPath.isEmpty {
        if !scopedObjects.isEmpty,
          LeakFinder.findPath(from: scopedObjects, to: object, limit: options.searchLimit).steps != nil
        {
          found.heldByScoped += 1
          continue
        }
        if heldIDs.contains(instance.objectID)
          || (!held.isEmpty && LeakFinder.findPath(from: held, to: object, limit: options.searchLimit).steps != nil)
        {
          found.pending.append(instance)
          continue
        }
      }
      found.leaks.append(leak)
      found.leaked.insert(instance.objectID)
    }
    return found
  }

  /// The report: the leaks found before the disposals, and the instances the check held for them
  /// that are still alive now that they were disposed and let go of.
  private func report(
    on recording: ResolutionRecording, _ found: Findings, root: DefinitionKey, options: LeakCheckOptions,
    disposalError: DisposalError?
  ) -> ContainerLeakReport {
    // A `.scoped` instance on a reference cycle was checked, and leaked: not kept.
    let checked = recording.instances.filter { !$0.scope.isKeptByContainer || found.leaked.contains($0.objectID) }
    let keptInstances = Self.kept(recording).filter { !found.leaked.contains($0.objectID) }
    let stillAlive = found.pending.compactMap { instance in
      instance.object.map { LeakFinder.leak(of: $0, options: options) }
    }
    return ContainerLeakReport(
      root: root, checked: checked.map(\.key), retainedByContainer: keptInstances.count + found.heldByScoped,
      leaks: found.leaks + stillAlive, disposalError: disposalError,
      keptSummary: ContainerLeakReport.summary(ofKept: keptInstances.map(\.scope), heldByScoped: found.heldByScoped))
  }

  /// Names the reference to make weak: the cycle step that points back to an instance that (as
  /// the resolution asked) holds its owner, as a presenter's view does. Requested through a
  /// forwarded type, it is handed out weakly by forwarding that type through `WeakRefProxy`;
  /// otherwise (a delegate set in a block, or a block's request for what asked for its instance
  /// first) the property itself is made weak. A step that points
  /// down the graph (a screen's feed, a decorator's inner instance) is never named: weakening it
  /// releases what the graph still needs.
  private static func suggestion(
    for cycle: [LeakFinder.Step], leaked: AnyObject,
    definitions: [ObjectIdentifier: DefinitionKey],
    requests: [(from: DefinitionKey, requested: DefinitionKey, to: DefinitionKey)]
  ) -> String? {
    let targets = cycle.dropFirst().map(\.owner) + [leaked]
    let backSteps = zip(cycle, targets).compactMap {
      step, target -> (LeakFinder.Step, AnyObject, DefinitionKey, DefinitionKey)? in
      guard let from = definitions[ObjectIdentifier(step.owner)], let to = definitions[ObjectIdentifier(target)],
        from != to, reaches(from: to, to: from, through: requests)
      else { return nil }
      return (step, target, from, to)
    }
    // First a reference requested through a forwarded type, which the container can hand out weakly.
    for (step, _, from, to) in backSteps {
      guard let request = requests.first(where: { $0.from == from && $0.to == to && $0.requested.type != to.type })
      else { continue }
      let holder = Surrogate.typeName(Swift.type(of: step.owner))
      let forwarded = request.requested.description
      return "\(step.description) holds \(to) through \(forwarded): forward \(forwarded) through WeakRefProxy, "
        + "so \(holder) holds it weakly while the composition root decides who owns whom."
    }
    // Then one the resolution did not make (a delegate set in a block): what asked for an instance
    // owns it. Then one each side asked for (a child's block resolving the parent that is making
    // it): the request that came after the other side's, which closed the cycle, set the
    // reference back.
    func makeWeak(_ step: LeakFinder.Step, pointingBackTo target: AnyObject, because: (String) -> String) -> String {
      let targetName = Surrogate.typeName(Swift.type(of: target))
      return "Make \(step.description) weak (or clear it when \(targetName) goes away): it points back to "
        + "\(targetName), \(because(Surrogate.typeName(Swift.type(of: step.owner))))."
    }
    for (step, target, from, to) in backSteps where !requests.contains(where: { $0.from == from && $0.to == to }) {
      return makeWeak(step, pointingBackTo: target) { "which the resolution made to hold \($0)" }
    }
    for (step, target, from, to) in backSteps {
      guard let forward = requests.firstIndex(where: { $0.from == from && $0.to == to }),
        let reverse = requests.firstIndex(where: {
          $0.from == to && ($0.to == from || reaches(from: $0.to, to: from, through: requests))
        }),
        forward > reverse
      else { continue }
      return makeWeak(step, pointingBackTo: target) { "which asked for \($0) first and holds it" }
    }
    return nil
  }

  /// Whether the resolution's requests lead from `start` to `end`: `start` asked for `end`, or for
  /// something that did.
  private static func reaches(
    from start: DefinitionKey, to end: DefinitionKey,
    through requests: [(from: DefinitionKey, requested: DefinitionKey, to: DefinitionKey)]
  ) -> Bool {
    var seen: Set<DefinitionKey> = [start]
    var queue = [start]
    while let next = queue.popLast() {
      for request in requests where request.from == next {
        if request.to == end { return true }
        if seen.insert(request.to).inserted { queue.append(request.to) }
      }
    }
    return false
  }

  /// What to do about a cycle through an instance the container keeps (a singleton, a custom
  /// scope's): that instance's reference is the one to break, since weakening any other leaves
  /// the rest held by it; `nil` when no step of the cycle starts at one.
  private static func keptStepSuggestion(for cycle: [LeakFinder.Step], kept: [(AnyObject, Scope)]) -> String? {
    for step in cycle {
      guard let scope = kept.first(where: { $0.0 === step.owner })?.1 else { continue }
      let holder = Surrogate.typeName(Swift.type(of: step.owner))
      let life = scope.customName.map { "in scope \"\($0)\" until that scope's `reset(_:)`" } ?? "for the app's life"
      return "\(holder) is kept by the container \(life), so weakening another reference of the cycle leaves the "
        + "rest held by it: make \(step.description) weak, or clear it when the screen goes away."
    }
    return nil
  }

  /// The `.scoped` instance on a reference cycle that holds a leaked instance (one not on a cycle
  /// itself), the path from it, and what to do; `nil` when none reaches it.
  private static func scopedCycleHolding(
    _ leaked: AnyObject, scopedOnCycles: [AnyObject], options: LeakCheckOptions
  ) -> (holderPath: [String], suggestion: String)? {
    guard !scopedOnCycles.isEmpty,
      let steps = LeakFinder.findPath(from: scopedOnCycles, to: leaked, limit: options.searchLimit).steps,
      let holder = steps.first?.owner
    else { return nil }
    let holderName = Surrogate.typeName(Swift.type(of: holder))
    return (
      steps.map(\.description) + [Surrogate.typeName(Swift.type(of: leaked))],
      "\(holderName) is a `.scoped` instance on a reference cycle, which outlives the scope, and it holds "
        + "\(Surrogate.typeName(Swift.type(of: leaked))): break \(holderName)'s cycle (its own leak shows it)."
    )
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
    let path = steps.map(\.description) + [Surrogate.typeName(Swift.type(of: leaked))]
    let holderName = Surrogate.typeName(Swift.type(of: holder))
    let name = Surrogate.typeName(Swift.type(of: leaked))
    let scope = kept.first { $0.object === holder }?.scope
    let leakedDefinition = definitions[ObjectIdentifier(leaked)]
    let isCaptive = requests.contains { request in
      request.from == definitions[ObjectIdentifier(holder)] && request.to == leakedDefinition
    }
    // The definition, with its tag: the type's untagged definition may be a singleton already.
    let definition = leakedDefinition?.description ?? name
    let provider = "`Provider<\(name)>`" + (leakedDefinition?.tag.map { " (resolved with `tag: \($0)`)" } ?? "")
    guard let scopeName = scope?.customName else {
      if isCaptive {
        return (
          path,
          "The singleton \(holderName) holds it: a captive dependency, which `validate()` reports as "
            + "`captiveDependency`. Give \(definition) a singleton scope, inject a \(provider), or make "
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
          + "Give \(definition) the same scope, inject a \(provider), or make \(holderName) shorter-lived."
      )
    }
    return (
      path,
      "\(holderDescription) holds it: remove it from \(holderName) when it is done, or hold it weakly there."
    )
  }
}
