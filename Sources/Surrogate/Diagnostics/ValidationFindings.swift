/// What a validation has found so far; ``report`` is the result.
struct ValidationFindings {
  var problems: [ResolutionError] = []
  var warnings: [ValidationWarning] = []
  var checked: [DefinitionKey] = []
  var skipped: [SkippedDefinition] = []
  /// What was reported already: a cycle or a missing dependency is met from many definitions.
  private var seen = Set<String>()

  var report: ValidationReport {
    ValidationReport(problems: problems, warnings: warnings, checked: checked, skippedDefinitions: skipped)
  }

  /// A resolution failed: a problem, or a warning when only the user's own closure threw.
  mutating func note(_ error: ResolutionError) {
    if let cause = error.cause, !(cause is ResolutionError),
      error.code == .factoryFailed || error.code == .propertyInjectionFailed
    {
      if seen.insert("threw|\(error.key)|\(error.message)").inserted { warnings.append(.factoryThrew(error)) }
      return
    }
    if seen.insert("\(error.code)|\(error.key)|\(error.message)").inserted { problems.append(error) }
  }

  mutating func noteNil(_ path: [DefinitionKey]) {
    if seen.insert("nil|\(path)").inserted { warnings.append(.optionalResolvedToNil(path: path)) }
  }

  /// Singletons that keep an instance of a shorter-lived scope.
  mutating func noteCaptives(_ recorder: EdgeRecorder) {
    for request in recorder.requests {
      guard let owner = recorder.scopes[request.from], owner.isSingleton,
        let captive = recorder.scopes[request.to], !captive.isSingleton,
        seen.insert("captive|\(request.from)|\(request.to)").inserted
      else { continue }
      warnings.append(
        .captiveDependency(singleton: request.from, scope: owner, captured: request.requested, capturedScope: captive))
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
      warnings.append(.taggedRequestSharesUntaggedSingleton(request: request.requested, from: request.from, otherTags: otherTags))
    }
  }
}
