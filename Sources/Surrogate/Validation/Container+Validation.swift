extension Container {
  /// Resolves every definition of this container in a throwaway graph and reports every problem
  /// at once, each with its resolution path: a definition that cannot be made is reported with the
  /// first dependency its factory misses (the factory stops there).
  ///
  /// In a scope's container (see ``withScope(isolation:reportingDisposalFailures:_:)``) it checks
  /// the scoped graph as a whole: every definition the scope resolves, its ancestors' too, resolved
  /// as the scope resolves them (a singleton that needs a ``Scope/scoped`` definition is an
  /// ``ResolutionError/Code/outsideScope`` problem there), and a type declared with
  /// ``declareScopeProvided(_:tag:fileID:line:)`` that the scope does not register is a problem.
  /// Outside a scope, a `.scoped` definition is checked as a scope would resolve it, and a declared
  /// type is taken as provided (what needs it is not reported broken).
  ///
  /// Inside ``withOverrides(_:operation:)-(_,()->Result)`` it checks what `resolve` makes for the
  /// current task: the overrides' definitions, and this container's own that they do not replace,
  /// each resolved with the overrides (as `resolve` there does); a scope or a child container of an
  /// overridden one resolves through the overrides too.
  ///
  /// Singletons made while validating are not kept. What validation made that has a disposal (its
  /// singletons, `.scoped` instances, and the `.shared` and `.unique` ones no singleton holds, which
  /// nobody receives) is disposed before it returns, newest first, each once; a disposal that throws is a
  /// ``ValidationWarning/Kind/disposalFailed`` warning. An object that something besides
  /// validation still holds then is not validation's to dispose: a factory that hands out an
  /// object made before (`{ sharedPool }`) gave validation the app's own, and it is left alone.
  /// This synchronous form runs synchronous
  /// disposals only, and reports each instance with an `async` one as
  /// ``ValidationWarning/Kind/disposalRequiresAwait``. A definition that takes runtime arguments is
  /// checked when the container can supply every argument (as auto-wiring would); otherwise it is
  /// listed in ``ValidationReport/skippedDefinitions`` with the reason (pass argument sets with
  /// ``validate(arguments:isolation:)`` to check it too).
  ///
  /// This synchronous form cannot run an `async` factory or block, nor a main-actor one unless it
  /// is called on the main actor: a definition that needs one is skipped with that reason, not
  /// reported as a problem. `await container.validate()` checks those too.
  ///
  /// Only the container's own errors are problems. A factory or block that throws an error of its
  /// own (no network in a test run, say) is a ``ValidationWarning/Kind/factoryThrew`` warning
  /// that names the error: the graph is wired correctly, the environment is missing.
  ///
  /// Changes made to the definitions after ``bootstrap(isolation:)``, which were not applied, are
  /// problems (``ResolutionError/Code/modifiedAfterBootstrap``).
  ///
  /// Other warnings: optional requests that came back `nil` (an `Optional` property filled with
  /// `try r.resolve()` is `nil`, silently, when its type is not registered), lists and maps that
  /// resolved empty because nothing is contributed to them
  /// (``ValidationWarning/Kind/emptyCollection``) or that leave out members a collaborating
  /// container holds (``ValidationWarning/Kind/collaboratorMembersLeftOut``), captive dependencies (a singleton that keeps an
  /// instance of a `.unique` or `.shared` definition alive for its whole life), tagged requests
  /// answered by an untagged singleton while other tags of that type are registered, a tagged
  /// request's tag stopping at a `resolve` without `tag:`
  /// (``ValidationWarning/Kind/tagNotPassedOn``), a `Lazy` or `Provider` of a definition that
  /// needs `await` (``ValidationWarning/Kind/laterRequiresAwait``), and instances only a weak proxy
  /// holds (``ValidationWarning/Kind/heldOnlyWeakly``).
  ///
  /// ```swift
  /// let report = container.validate()
  /// #expect(report.problems.isEmpty, "\(report)")
  /// ```
  ///
  /// - Parameter isolation: The caller's actor, filled in by `#isolation`: main-actor definitions
  ///   are checked when it is the main actor.
  /// - Returns: The problems, warnings, and what was checked and skipped.
  public func validate(isolation: isolated (any Actor)? = #isolation) -> ValidationReport {
    validate(argumentSets: [], isolation: isolation)
  }

  /// Validates like ``validate(isolation:)``, and checks each definition that takes runtime
  /// arguments with every given argument set of exactly its argument types.
  ///
  /// An argument set is one value for a definition of one argument, or a tuple of values for
  /// more; its types must match the registered ones exactly, as in `resolve(_:arguments:)`.
  ///
  /// ```swift
  /// container.register { (r, customerID: String) in OrderPresenter(id: customerID, orders: try r.resolve()) }
  /// container.register { (r, host: String, port: Int) in Client(host: host, port: port) }
  /// let report = container.validate(arguments: "c42", ("example.com", 443))
  /// #expect(report.skippedDefinitions.isEmpty)
  /// ```
  ///
  /// - Parameters:
  ///   - arguments: Argument sets to try.
  ///   - isolation: The caller's actor, filled in by `#isolation`.
  /// - Returns: The problems, warnings, and what was checked and skipped.
  public func validate(arguments: Any..., isolation: isolated (any Actor)? = #isolation) -> ValidationReport {
    validate(argumentSets: arguments, isolation: isolation)
  }

  /// Validates like ``validate(isolation:)``, and runs `async` and main-actor factories and blocks
  /// as `try await resolve` does: every definition is checked, and every throwaway instance it made
  /// that has a disposal is disposed (`async` ones too) before it returns.
  ///
  /// ```swift
  /// let report = await container.validate()
  /// #expect(report.isValid, "\(report)")
  /// ```
  ///
  /// - Returns: The problems, warnings, and what was checked and skipped.
  public func validate() async -> ValidationReport {
    await validateAsync(argumentSets: [])
  }

  /// Validates like ``validate()``, and checks each definition that takes runtime arguments
  /// with every given argument set of exactly its argument types.
  ///
  /// ```swift
  /// let report = await screen.validate(arguments: "c42")
  /// #expect(report.isValid && report.skippedDefinitions.isEmpty, "\(report)")
  /// ```
  ///
  /// - Parameter arguments: Argument sets to try.
  /// - Returns: The problems, warnings, and what was checked and skipped.
  public func validate(arguments: Any...) async -> ValidationReport {
    await validateAsync(argumentSets: arguments)
  }

  private func validate(argumentSets: [Any], isolation: (any Actor)?) -> ValidationReport {
    var validation = Validation(container: self, argumentSets: argumentSets, isAsync: false)
    let root = validation.root
    for entry in validation.entries {
      for attempt in validation.attempts(for: entry) {
        let owner = validation.owner(of: entry)
        validation.check(entry, in: Graph(container: root, isolation: isolation, isValidation: true)) {
          graph throws(ResolutionError) in
          try root.run(attempt, for: entry.key, registeredIn: owner, in: graph)
        }
      }
    }
    validation.disposeSynchronously()
    return validation.report()
  }

  private func validateAsync(argumentSets: [Any]) async -> ValidationReport {
    var validation = Validation(container: self, argumentSets: argumentSets, isAsync: true)
    let root = validation.root
    // A scope checks its ancestors' definitions as its own (see `Validation.init`).
    if !opensScope {
      for key in ancestorsEagerSingletonKeys() { await validation.keepMadeFirst(key) }
    }
    for entry in validation.entries {
      for attempt in validation.attempts(for: entry) {
        let owner = validation.owner(of: entry)
        await validation.checkAsync(entry, in: Graph(container: root, isValidation: true)) { graph in
          try await root.runAsync(attempt, for: entry.key, registeredIn: owner, in: graph)
        }
      }
    }
    await validation.dispose()
    return validation.report()
  }

  /// The state of one `validate`: what to check and what was found.
  private struct Validation {
    let container: Container
    /// Where the checks resolve from: the container's override in this task (see
    /// ``withOverrides(_:operation:)-(_,()->Result)``), as `resolve` does, else the container.
    let root: Container
    let argumentSets: [Any]
    /// Whether this is `await validate()`: then nothing is skipped for needing `await` or the
    /// main actor, and such an error is a problem (a factory that resolves synchronously what it
    /// cannot).
    let isAsync: Bool
    let entries: [any Entry]
    /// The ancestors that registered the entries a scope checks for them, by key (the others are
    /// the container's own).
    let ancestorEntries: [DefinitionKey: (owner: Container, contributions: Contributions)]
    /// The container's contributions to collections when the validation started.
    let contributions: Contributions
    var findings = ValidationFindings()
    let recorder = EdgeRecorder()
    /// The singletons made by the checks so far that succeeded, by definition: every later check
    /// starts with them, so a singleton's factory runs at most once per `validate()`, and they are
    /// released with this value when `validate()` returns. The container's own stores are never
    /// read or written.
    var singletons: [RegistrationID: AnyObject] = [:]
    /// The singletons that need `await` or the main actor, made by the checks so far that
    /// succeeded: reused by a later check's async code, not its synchronous code.
    var isolatedSingletons: [RegistrationID: AnyObject] = [:]
    /// The disposals of the throwaway instances the checks made, oldest first: run before
    /// `validate()` returns.
    var disposals: [ThrowawayDisposal] = []

    init(container: Container, argumentSets: [Any], isAsync: Bool) {
      self.container = container
      self.root = container.activeOverride ?? container
      self.argumentSets = argumentSets
      self.isAsync = isAsync
      // Inside `withOverrides`, the overrides' definitions come first and replace the container's
      // own of the same keys. A scope checks the scoped graph as a whole: every definition it
      // resolves, its ancestors' too (the ones it does not replace), as it resolves them, with what
      // only the scope registers. A `.shared` definition of the app that needs a `.scoped` one
      // works only here, and a singleton that needs one fails here as it would in the scope.
      // NB: not a decoration's hidden keys: what a decorator wraps is checked through the key it
      // decorates, requested as that key (see `Resolver.resolveDecorated`).
      var entries: [any Entry] = []
      var ancestorEntries: [DefinitionKey: (owner: Container, contributions: Contributions)] = [:]
      var contributions = Contributions()
      var keys = Set<DefinitionKey>()
      for (owner, registry) in container.registriesInView(throughAncestors: container.opensScope) {
        if owner === container { contributions = registry.contributions }
        for entry in registry.entries
        where !DecorationTag.isDecoration(entry.key.tag) && keys.insert(entry.key).inserted {
          entries.append(entry)
          if owner !== container { ancestorEntries[entry.key] = (owner, registry.contributions) }
        }
      }
      // Eager singletons first: `bootstrap()` makes them before anything asks, so a synchronous
      // factory checked later may take one that needs `await` (see `keepSingletons(of:)`).
      let sorted = entries.sortedByKeyDescription()
      self.entries = sorted.filter(\.isEagerSingleton) + sorted.filter { !$0.isEagerSingleton }
      self.ancestorEntries = ancestorEntries
      self.contributions = contributions
    }

    /// The ways to check `entry`; none (and the entry noted as skipped) when its arguments
    /// cannot be had.
    mutating func attempts(for entry: any Entry) -> [ValidationAttempt] {
      let attempts = root.validationAttempts(
        for: entry, argumentSets: argumentSets,
        contributions: ancestorEntries[entry.key]?.contributions ?? contributions)
      if attempts.isEmpty {
        findings.skipped.append(SkippedDefinition(key: entry.key, reason: root.skipReason(for: entry)))
      } else {
        findings.checked.append(entry.key)
      }
      return attempts
    }

    /// The container that registered `entry`: the validated one, or the scope's ancestor.
    func owner(of entry: any Entry) -> Container { ancestorEntries[entry.key]?.owner ?? container }

    /// Runs one attempt in `graph`, keeps what it made until the graph is released, and notes
    /// what it found.
    ///
    /// NB: `graph` is taken, not borrowed: it must be released before the weak check.
    mutating func check(_ entry: any Entry, in graph: consuming Graph, _ run: (Graph) throws(ResolutionError) -> Any) {
      recorder.startAttempt()
      graph.observer = recorder
      for (id, instance) in singletons { graph.shared[id] = instance }
      for (id, instance) in isolatedSingletons { graph.shared[id] = instance }
      var graph = Optional(graph)
      let root: Any?
      do throws(ResolutionError) {
        root = try run(graph!)
        keepSingletons(of: graph!)
      } catch {
        root = nil
        note(error, checking: entry, in: graph)
      }
      disposals += graph?.extrasStorage?.validationDisposals ?? []
      for unresolved in graph?.nilOptionals ?? [] {
        findings.noteNil(unresolved, registeredAs: self.root.registrations(ofWrapped: unresolved.path.last))
      }
      noteEmptyCollections(of: graph)
      graph = nil
      noteWeaklyHeld(keeping: root)
    }

    mutating func checkAsync(_ entry: any Entry, in graph: consuming Graph, _ run: (Graph) async throws -> Any) async {
      recorder.startAttempt()
      graph.observer = recorder
      graph.isAsync = true
      for (id, instance) in singletons { graph.shared[id] = instance }
      if !isolatedSingletons.isEmpty { graph.extras.keptIsolatedSingletons = isolatedSingletons }
      var graph = Optional(graph)
      let root: Any?
      do {
        let checked = graph!
        root = try await checked.runningAsTaskGraph { () async throws -> Any in try await run(checked) }
        keepSingletons(of: graph!)
      } catch let error as ResolutionError {
        root = nil
        note(error, checking: entry, in: graph)
      } catch {
        root = nil
      }
      disposals += graph?.extrasStorage?.validationDisposals ?? []
      for unresolved in graph?.nilOptionals ?? [] {
        findings.noteNil(unresolved, registeredAs: self.root.registrations(ofWrapped: unresolved.path.last))
      }
      noteEmptyCollections(of: graph)
      graph = nil
      noteWeaklyHeld(keeping: root)
    }

    /// Warns about each collection the check found empty, naming the definitions of its element
    /// type that are registered but not contributed.
    private mutating func noteEmptyCollections(of graph: Graph?) {
      guard let checks = graph?.collectionChecksIfAny else { return }
      for path in checks.emptyCollections {
        let element = path.last.flatMap { ($0.type as? any ResolvableCollection.Type)?.elementType }
        let keys = root.keysOfThisAndAncestors()
        let registered = keys.filter {
          $0.type == element && !ContributionTag.isMember($0) && !DecorationTag.isDecoration($0.tag)
        }
        // Members of the same element contributed to another collection (a list, for a map).
        var elsewhere: [String: Int] = [:]
        for key in keys where key.type == element {
          guard let member = ContributionTag.of(key), member.collection != path.last?.type else { continue }
          elsewhere[typeName(member.collection), default: 0] += 1
        }
        findings.noteEmpty(path, registered: registered, contributedElsewhere: elsewhere)
      }
    }

    /// Keeps the singletons a check that succeeded made, for the checks after it. A check that
    /// failed keeps nothing: what it made may be half-built. A singleton that needs `await` or the
    /// main actor (and that `bootstrap()` does not make) is kept apart, for async code only:
    /// synchronous code that asks for one works at run time only once something made it, so each
    /// awaited check's synchronous code meets it unmade (see
    /// ``Graph/Extras/keptIsolatedSingletons``).
    /// Makes `key`, an ancestor's eager singleton, in a throwaway graph and keeps the singletons it
    /// made for the checks after it, as the ancestor's `bootstrap()` makes it before anything of
    /// this container asks. Its failure is the ancestor's to report (its own `validate()`).
    mutating func keepMadeFirst(_ key: DefinitionKey) async {
      let graph = Graph(container: root, isValidation: true)
      // NB: an observer of its own: what the graph records is the ancestor's, not this check's.
      graph.observer = EdgeRecorder()
      graph.isAsync = true
      for (id, instance) in singletons { graph.shared[id] = instance }
      do {
        _ = try await graph.runningAsTaskGraph { try await graph.resolveErasedAsync(key, arguments: (), from: root) }
        keepSingletons(of: graph)
      } catch {}
      disposals += graph.extrasStorage?.validationDisposals ?? []
    }

    private mutating func keepSingletons(of graph: Graph) {
      guard let extras = graph.extrasStorage else { return }
      for id in extras.validationSingletons {
        guard let instance = graph.shared[id] else { continue }
        if extras.validationSingletonsNeedingIsolation.contains(id) {
          isolatedSingletons[id] = instance
        } else {
          singletons[id] = instance
        }
      }
    }

    /// A definition that needs `await` or the main actor, met by the synchronous form, is
    /// skipped with the reason; anything else is noted.
    private mutating func note(_ error: ResolutionError, checking entry: any Entry, in graph: Graph?) {
      // Outside a scope, a type declared provided by each scope is taken as provided: the check
      // stops there without a problem (what it asked for before is checked, and each other
      // definition is checked on its own).
      // Through an auto-injected property the stop comes wrapped in `propertyInjectionFailed`.
      if let stop = graph?.extrasStorage?.scopeProvidedStop {
        var reached: ResolutionError? = error
        while let wrapped = reached, wrapped.code == .propertyInjectionFailed {
          reached = wrapped.cause as? ResolutionError
        }
        if let reached, reached.key == stop, reached.code == .outsideScope { return }
      }
      guard !isAsync, error.code == .requiresAwait || error.code == .requiresMainActor else {
        findings.note(error, checking: entry.key)
        return
      }
      findings.checked.removeAll { $0 == entry.key }
      guard !findings.skipped.contains(where: { $0.key == entry.key }) else { return }
      let need = error.code == .requiresAwait ? "`await`" : "the main actor"
      findings.skipped.append(
        SkippedDefinition(
          key: entry.key,
          reason: "It needs \(need) (\(error.message)); check it with `await container.validate()`, which "
            + "runs async and main-actor factories and blocks as `try await resolve` does."))
    }

    /// Warns about each instance that only a weak proxy held, now that its graph is gone and the
    /// root is still alive.
    private mutating func noteWeaklyHeld(keeping root: Any?) {
      withExtendedLifetime(root) {
        for made in recorder.weaklyMade where made.object == nil {
          findings.noteWeaklyHeld(
            made.made, from: made.from, property: made.property, taggedRequest: made.taggedRequest,
            madeHoldsAsker: Self.reaches(made.made, made.from, through: recorder.requests))
        }
      }
    }

    /// Whether `start`'s graph asked, directly or through what it made, for `target`.
    private static func reaches(
      _ start: DefinitionKey, _ target: DefinitionKey, through requests: [EdgeRecorder.Request]
    )
      -> Bool
    {
      var visited: Set<DefinitionKey> = [start]
      var pending = [start]
      while let next = pending.popLast() {
        for request in requests where request.from == next {
          if request.to == target { return true }
          if visited.insert(request.to).inserted { pending.append(request.to) }
        }
      }
      return false
    }

    /// Disposes the throwaway instances the checks made, newest first (dependents before what
    /// they depend on), each once; a disposal that fails is a warning. An instance something else
    /// holds (a factory that hands out an object made before, `{ sharedPool }`) is the app's, not
    /// the check's: it is left alone (see ``ThrowawayDisposal``).
    mutating func dispose() async {
      singletons = [:]
      isolatedSingletons = [:]
      let disposals = self.disposals
      self.disposals = []
      for failure in await ThrowawayDisposal.run(disposals) {
        findings.noteDisposalFailed(failure.key, error: failure.error)
      }
    }

    /// `dispose` for the synchronous `validate()`: an `async` disposal cannot run, and is a
    /// warning that says to validate with `await`.
    mutating func disposeSynchronously() {
      singletons = [:]
      isolatedSingletons = [:]
      let disposals = self.disposals
      self.disposals = []
      let (failures, requiringAwait) = ThrowawayDisposal.runSynchronously(disposals)
      for key in requiringAwait { findings.noteDisposalRequiresAwait(key) }
      for failure in failures { findings.noteDisposalFailed(failure.key, error: failure.error) }
    }

    func report() -> ValidationReport {
      var findings = findings
      if let ended = container.shutDownAncestor() {
        findings.noteRejected([Self.shutDown(ended, validating: container)])
      }
      findings.noteRejected(container.rejectedChanges)
      findings.noteRejected(container.serviceProblems(recordedBy: recorder))
      findings.noteIneffective(container.snapshot().registry.ineffectiveChanges)
      if root.isInScope { findings.noteUnprovided(root.unprovidedScopeTypes()) }
      findings.noteCaptives(recorder)
      findings.noteTagFallbacks(recorder, keys: root.keysOfThisAndAncestors())
      findings.noteStoppedTags(recorder)
      findings.noteLaterNeedingAwait(recorder)
      findings.noteMembersLeftOut(root.membersLeftOut(of: collectionsAsked()))
      return findings.report
    }

    /// The problem of a `validate()` of `container`, which `ended` (itself or an ancestor) ended:
    /// it resolves nothing, however many definitions it had.
    private static func shutDown(_ ended: Container, validating container: Container) -> ResolutionError {
      let key = DefinitionKey(type: Container.self)
      let what =
        ended.opensScope
        ? "a scope that has ended"
        : ended === container
          ? "a container that has been shut down"
          : "a child of a container that has been shut down"
      return ResolutionError(
        .containerShutDown, key: key, path: [key],
        message: "`validate()` was called on \(what): it resolves nothing, so nothing was checked.",
        remedy: "Validate before `shutdown()` (or inside the scope), while the container still resolves.")
    }

    /// The lists and maps the checks resolved from the container: its own (and its ancestors')
    /// definitions of one, and those its definitions asked for.
    private func collectionsAsked() -> [DefinitionKey] {
      (entries.map(\.key) + recorder.requests.map(\.requested)).filter {
        !$0.isTagged && !$0.hasArguments && $0.type is any ResolvableCollection.Type
      }
    }
  }

  /// One way to check a definition.
  fileprivate enum ValidationAttempt {
    /// Resolve it as it is (no runtime arguments).
    case plain
    /// Resolve a collection building only its member at this index: each member is checked, not
    /// only the first that fails.
    case member(Int)
    /// Resolve it with an argument set the caller gave.
    case arguments(Any)
    /// Resolve it auto-wired: the container supplies its arguments.
    case autowired(any Autowirable)
  }

  /// The ways to check `entry`: once without arguments, once per matching argument set, or once
  /// auto-wired; none when its arguments cannot be had.
  fileprivate func validationAttempts(for entry: any Entry, argumentSets: [Any], contributions: Contributions)
    -> [ValidationAttempt]
  {
    guard entry.key.hasArguments else {
      guard let members = membersToValidate(entry, contributions: contributions) else { return [.plain] }
      return (0..<members).map { ValidationAttempt.member($0) }
    }
    let matching = argumentSets.filter { Swift.type(of: $0) == entry.key.argumentsType }
    if !matching.isEmpty { return matching.map { .arguments($0) } }
    guard let autowirable = entry as? any Autowirable, unsuppliedArguments(of: autowirable).isEmpty else { return [] }
    return [.autowired(autowirable)]
  }

  private func run(_ attempt: ValidationAttempt, for key: DefinitionKey, registeredIn owner: Container, in graph: Graph)
    throws(ResolutionError) -> Any
  {
    switch attempt {
    case .plain where ContributionTag.isMember(key):
      // A collection's member, checked as its collection requests it.
      return try graph.produceMember(key, of: owner, from: self)
    case .plain:
      return try graph.resolveErased(key, arguments: (), from: self)
    case .member(let index):
      graph.collectionChecks.validatedMember = index
      return try graph.resolveErased(key, arguments: (), from: self)
    case .arguments(let arguments):
      return try graph.resolveErased(key, arguments: arguments, from: self)
    case .autowired(let entry):
      return try entry.produceAutowired(in: graph, requested: key.withoutArguments, owner: owner, lookup: self)?
        .instance
        as Any
    }
  }

  private func runAsync(
    _ attempt: ValidationAttempt, for key: DefinitionKey, registeredIn owner: Container, in graph: Graph
  ) async throws -> Any {
    switch attempt {
    case .plain where ContributionTag.isMember(key):
      return try await graph.produceMemberAsync(key, of: owner, from: self)
    case .plain:
      return try await graph.resolveErasedAsync(key, arguments: (), from: self)
    case .member(let index):
      graph.collectionChecks.validatedMember = index
      return try await graph.resolveErasedAsync(key, arguments: (), from: self)
    case .arguments(let arguments):
      return try await graph.resolveErasedAsync(key, arguments: arguments, from: self)
    case .autowired(let entry):
      return try await entry.produceAutowiredAsync(
        in: graph, requested: key.withoutArguments, owner: owner, lookup: self)?.instance as Any
    }
  }

  /// The keys the type an optional `key` wraps is registered under, when the optional resolved to
  /// `nil`: registered under another tag, the request lost its tag (`vc.presenter = try
  /// r.resolve()` for a presenter registered with one).
  fileprivate func registrations(ofWrapped key: DefinitionKey?) -> [DefinitionKey] {
    guard let key, let optional = key.type as? any OptionalValue.Type else { return [] }
    let wrapped = optional.wrappedType
    return snapshotChain().flatMap { $0.registry.entries.map(\.key) }.filter { registered in
      registered.type == wrapped && !DecorationTag.isDecoration(registered.tag) && !ContributionTag.isMember(registered)
    }
  }

  /// The argument types of `entry` that the container cannot resolve.
  fileprivate func unsuppliedArguments(of entry: any Autowirable) -> [Any.Type] {
    entry.argumentTypes.filter { type in
      !(type is any OptionalResolvable.Type)
        && lookupHonoringOverrides(DefinitionKey(type: type, tag: entry.key.tag)) == nil
    }
  }

  fileprivate func skipReason(for entry: any Entry) -> String {
    let arguments = typeName(entry.key.argumentsType)
    let pass = "pass an argument set of these types with `validate(arguments:)` to check it"
    guard let autowirable = entry as? any Autowirable else {
      return "It needs runtime arguments \(arguments); \(pass)."
    }
    let missing = unsuppliedArguments(of: autowirable).map { typeName($0) }.joined(separator: ", ")
    return "It needs runtime arguments \(arguments) and the container cannot supply \(missing); \(pass)."
  }

  /// The keys registered in this container and its ancestors (and in the overrides installed for
  /// them in this task, see ``lookupChain()``).
  fileprivate func keysOfThisAndAncestors() -> [DefinitionKey] {
    lookupChain().flatMap { $0.snapshot().registry.entries.map(\.key) }
  }
}

extension Array where Element == any Entry {
  /// The entries in the order of their keys' descriptions (so reports read the same on every run).
  ///
  /// NB: each description is written once, not in every comparison: sorting 1,000 definitions
  /// wrote about 20,000 descriptions, nine tenths of a `validate()` (callgrind, `surrogate-bench
  /// profile validate`: 316.5 million instructions before, 25.7 million after; resolving each
  /// definition once is 5.0 million).
  func sortedByKeyDescription() -> [any Entry] {
    map { (description: $0.key.description, entry: $0) }.sorted { $0.description < $1.description }.map(\.entry)
  }
}

/// An entry with a scope of its own (registrations; forwardings share their source's).
protocol ScopedEntry: Entry {
  var scope: Scope { get }
}

extension Registration: ScopedEntry {}
