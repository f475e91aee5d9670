/// What a validation has found so far; ``report`` is the result.
struct ValidationFindings {
  var problems: [ResolutionError] = []
  var warnings: [ValidationWarning] = []
  var checked: [DefinitionKey] = []
  var skipped: [SkippedDefinition] = []
  /// What was reported already: a cycle or a missing dependency is met from many definitions.
  private var seen = Set<String>()
  /// For each problem (by position), the definitions whose check failed with it.
  private var brokenBy: [[DefinitionKey]] = []
  private var problemIndex: [String: Int] = [:]

  var report: ValidationReport {
    let grouped = zip(problems, brokenBy).map { problem, definitions in Self.grouping(problem, definitions) }
    var broken: [DefinitionKey] = []
    var brokenSeen = Set<DefinitionKey>()
    for key in brokenBy.joined() where brokenSeen.insert(key).inserted { broken.append(key) }
    return ValidationReport(
      problems: grouped, warnings: warnings, checked: checked, brokenDefinitions: broken, skippedDefinitions: skipped)
  }

  /// A resolution of `definition` failed: a problem, or a warning when only the user's own
  /// closure threw. A problem met again from another definition is reported once, and says how
  /// many definitions it breaks.
  mutating func note(_ error: ResolutionError, checking definition: DefinitionKey) {
    // Through an auto-injected property, the factory's own error comes wrapped in
    // `propertyInjectionFailed`: judged by what it wraps, as through an initializer's argument.
    var reached = error
    while reached.code == .propertyInjectionFailed, let inner = reached.cause as? ResolutionError { reached = inner }
    if let cause = reached.cause, !(cause is ResolutionError),
      reached.code == .factoryFailed || reached.code == .propertyInjectionFailed
    {
      if seen.insert("threw|\(reached.key)|\(reached.message)").inserted {
        warnings.append(.factoryThrew(reached, reachedAs: error))
      }
      return
    }
    let identity = Self.identity(of: error)
    if let index = problemIndex[identity] {
      if !brokenBy[index].contains(definition) { brokenBy[index].append(definition) }
      // The same synchronous code asked for what needs `await` or the main actor from further up:
      // its remedy names every synchronous factory from there down, the one to show (checked
      // first, the inner definition's named only its own).
      if error.code == .requiresAwait || error.code == .requiresMainActor,
        error.path.count > problems[index].path.count
      {
        problems[index] = error
      }
      return
    }
    problemIndex[identity] = problems.count
    problems.append(error)
    brokenBy.append([definition])
  }

  /// What makes two errors one problem: the same code, key and message, or, for a cycle, the same
  /// definitions in the same order from whichever of them it was met (`A → B → A` and `B → A → B`
  /// are one cycle, which breaks both).
  private static func identity(of error: ResolutionError) -> String {
    if error.code == .circularDependency, case .cycle(let start) = error.text, start < error.path.count - 1 {
      let members = error.path[start..<(error.path.count - 1)].map(\.description)
      let first = members.indices.min { members[$0] < members[$1] } ?? members.startIndex
      return "cycle|" + (members[first...] + members[..<first]).joined(separator: " → ")
    }
    return "\(error.code)|\(error.key)|\(error.message)"
  }

  /// The scope does not register these types, declared provided by each scope: a problem each,
  /// even when nothing the scope resolves needs them yet.
  mutating func noteUnprovided(_ errors: [ResolutionError]) {
    for error in errors {
      let identity = "\(error.code)|\(error.key)|\(error.message)"
      guard problemIndex[identity] == nil else { continue }
      problemIndex[identity] = problems.count
      problems.append(error)
      brokenBy.append([])
    }
  }

  /// `problem`, saying which definitions it breaks when that is more than one.
  private static func grouping(_ problem: ResolutionError, _ definitions: [DefinitionKey]) -> ResolutionError {
    guard definitions.count > 1 else { return problem }
    let shown = definitions.prefix(3).map(\.description).joined(separator: ", ")
    let more = definitions.count > 3 ? ", … (and \(definitions.count - 3) more)" : ""
    return ResolutionError(
      problem.code, key: problem.key, path: problem.path,
      message: problem.message + " It breaks \(definitions.count) definitions: \(shown)\(more).",
      remedy: problem.remedy, cause: problem.cause, nearby: problem.nearby, properties: problem.properties,
      askers: problem.askers)
  }

  mutating func noteWeaklyHeld(
    _ made: DefinitionKey, from: DefinitionKey, property: String?, taggedRequest: DefinitionKey?, madeHoldsAsker: Bool
  ) {
    guard seen.insert("weak|\(made)|\(from)|\(property ?? "")").inserted else { return }
    warnings.append(
      .heldOnlyWeakly(
        made, from: from, property: property, taggedRequest: taggedRequest, madeHoldsAsker: madeHoldsAsker))
  }

  mutating func noteNil(_ unresolved: NilOptional, registeredAs registered: [DefinitionKey]) {
    if seen.insert("nil|\(unresolved.path)").inserted {
      warnings.append(
        .optionalResolvedToNil(path: unresolved.path, registeredAs: registered, property: unresolved.property))
    }
  }

  /// A collection along `path` resolved empty; `registered` are definitions of its element type
  /// that are not contributed to it.
  mutating func noteEmpty(_ path: [DefinitionKey], registered: [DefinitionKey], contributedElsewhere: [String: Int]) {
    guard seen.insert("empty|\(path)").inserted else { return }
    warnings.append(.emptyCollection(path: path, registered: registered, contributedElsewhere: contributedElsewhere))
  }

  /// Members of collections that collaborating containers hold and the resolved list leaves out.
  mutating func noteMembersLeftOut(_ found: [(collection: DefinitionKey, members: [DefinitionKey])]) {
    for (collection, members) in found where seen.insert("leftOut|\(collection)").inserted {
      warnings.append(.collaboratorMembersLeftOut(collection, members: members))
    }
  }

  /// The disposal of a throwaway instance that validation made threw.
  mutating func noteDisposalFailed(_ key: DefinitionKey, error: any Error) {
    if seen.insert("disposal|\(key)|\(error)").inserted { warnings.append(.disposalFailed(key, error: error)) }
  }

  /// Changes that did nothing (see `IneffectiveChange`).
  mutating func noteIneffective(_ changes: [IneffectiveChange]) {
    for change in changes where seen.insert("ineffective|\(change.kind)|\(change.key)").inserted {
      warnings.append(change.warning)
    }
  }

  /// A throwaway instance that the synchronous `validate()` made has an `async` disposal.
  mutating func noteDisposalRequiresAwait(_ key: DefinitionKey) {
    if seen.insert("disposalAwait|\(key)").inserted { warnings.append(.disposalRequiresAwait(key)) }
  }

  /// Changes rejected after `bootstrap()`: problems that break no definition (they were not
  /// applied), each listed once.
  mutating func noteRejected(_ errors: [ResolutionError]) {
    for error in errors {
      let identity = "\(error.code)|\(error.key)|\(error.message)"
      guard problemIndex[identity] == nil else { continue }
      problemIndex[identity] = problems.count
      problems.append(error)
      brokenBy.append([])
    }
  }

  /// Singletons that keep an instance of a shorter-lived scope: a `.unique` or `.shared` one, or
  /// one of a custom scope other than their own (which `reset(_:)` releases while the singleton
  /// keeps it).
  mutating func noteCaptives(_ recorder: EdgeRecorder) {
    for request in recorder.requests {
      // NB: the asking definition's own scope where the request said it: two definitions of one
      // key (a parent's singleton, a child's `.unique` one) may both ask in one validation.
      guard let owner = request.fromScope ?? recorder.scopes[request.from], owner.isSingleton else { continue }
      // A list or map is a value made again for each request: the singleton keeps its members,
      // so what it captures is a member that is shorter-lived than it, one registered with
      // `register(into:)` (a hidden member key) or a definition that `contributes(to:)`, requested
      // by its own key.
      let members =
        request.to.type is any ResolvableCollection.Type ? recorder.requests.filter { $0.from == request.to } : []
      // Each with the scope of the definition that answered it (see `EdgeRecorder.Request.scope`).
      let captured =
        members.isEmpty
        ? [(key: request.to, requested: request.requested, scope: request.scope)]
        : members.map {
          (key: $0.to, requested: ContributionTag.isMember($0.to) ? $0.to : $0.requested, scope: $0.scope)
        }
      for (key, requested, scope) in captured {
        guard let captive = scope ?? recorder.scopes[key],
          !captive.isSingleton || (captive.isCustom && captive != owner),
          seen.insert("captive|\(request.from)|\(key)").inserted
        else { continue }
        warnings.append(
          .captiveDependency(
            singleton: request.from, scope: owner, captured: requested, capturedScope: captive,
            memberOf: members.isEmpty ? nil : request.requested))
      }
    }
    // What a singleton takes later resolves in its container too: a `.scoped` definition fails
    // there on every use (the other scopes are what `Lazy` and `Provider` are for).
    for later in recorder.laterRequests {
      let request = later.request
      guard let owner = request.fromScope ?? recorder.scopes[request.from], owner.isSingleton, later.scope == .scoped,
        seen.insert("captive|\(request.from)|\(request.to)|\(later.wrapper)").inserted
      else { continue }
      warnings.append(
        .captiveDependency(
          singleton: request.from, scope: owner, captured: request.requested, capturedScope: .scoped,
          through: later.wrapper))
    }
  }

  /// What is taken through a synchronous `Lazy` or `Provider` but needs `await` to be made: each
  /// call of the wrapper throws `requiresAwait`.
  mutating func noteLaterNeedingAwait(_ recorder: EdgeRecorder) {
    for later in recorder.laterRequests
    where later.needsAwait && (later.wrapper == "Lazy" || later.wrapper == "Provider") {
      let request = later.request
      guard seen.insert("laterAwait|\(request.from)|\(request.requested)|\(later.wrapper)").inserted else { continue }
      warnings.append(
        .laterRequiresAwait(
          from: request.from, requested: request.requested, definition: request.to, wrapper: later.wrapper))
    }
  }

  /// Untagged requests for a type registered with a tag that stopped above them on the path.
  mutating func noteStoppedTags(_ recorder: EdgeRecorder) {
    for stopped in recorder.stoppedTags where seen.insert("stopped|\(stopped.path)").inserted {
      warnings.append(.tagNotPassedOn(stopped.tag, path: stopped.path, stoppedAt: stopped.stoppedAt))
    }
  }

  /// Tagged requests answered by an untagged singleton while another tag of its type is
  /// registered: every environment then shares the one instance, which is rarely what the tags
  /// were for.
  mutating func noteTagFallbacks(_ recorder: EdgeRecorder, keys: [DefinitionKey]) {
    for request in recorder.requests {
      guard let tag = request.requested.tag, !request.to.isTagged, recorder.scopes[request.to]?.isSingleton == true
      else { continue }
      let otherTags = keys.filter { $0.type == request.to.type && $0.argumentsType == request.to.argumentsType }
        .compactMap(\.tag).filter { $0 != tag }
      guard !otherTags.isEmpty, seen.insert("fallback|\(request.requested)").inserted else { continue }
      warnings.append(
        .taggedRequestSharesUntaggedSingleton(request: request.requested, from: request.from, otherTags: otherTags))
    }
  }
}
