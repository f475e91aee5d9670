extension Container {
  /// Resolves every definition of this container in a throwaway graph and reports every problem
  /// at once, each with its resolution path.
  ///
  /// Singletons made while validating are not kept. Definitions that need runtime arguments are
  /// listed as skipped. Two kinds of warnings: optional requests that came back `nil` (an
  /// `Optional` property filled with `try r.resolve()` is `nil`, silently, when its type is not
  /// registered), and captive dependencies (a singleton that keeps an instance of a
  /// `.unique` or `.shared` definition alive for its whole life).
  ///
  /// ```swift
  /// let report = container.validate()
  /// #expect(report.problems.isEmpty, "\(report)")
  /// ```
  ///
  /// - Returns: The problems, warnings, and what was checked and skipped.
  public func validate() -> ValidationReport {
    let entries = snapshot().registry.entries.sorted { $0.key.description < $1.key.description }
    var problems: [ResolutionError] = []
    var warnings: [ValidationWarning] = []
    var checked: [DefinitionKey] = []
    var skipped: [DefinitionKey] = []
    var seen = Set<String>()
    let recorder = EdgeRecorder()
    for entry in entries {
      guard !entry.key.hasArguments else {
        skipped.append(entry.key)
        continue
      }
      checked.append(entry.key)
      let graph = Graph(container: self, isValidation: true)
      graph.observer = recorder
      do {
        _ = try graph.resolveErased(entry.key, arguments: (), from: self)
      } catch {
        if seen.insert("\(error.code)|\(error.key)|\(error.message)").inserted { problems.append(error) }
      }
      for path in graph.nilOptionals where seen.insert("nil|\(path)").inserted {
        warnings.append(.optionalResolvedToNil(path: path))
      }
    }
    for request in recorder.requests {
      guard let owner = recorder.scopes[request.from], owner.isSingleton,
        let captive = recorder.scopes[request.to], !captive.isSingleton,
        seen.insert("captive|\(request.from)|\(request.to)").inserted
      else { continue }
      warnings.append(
        .captiveDependency(singleton: request.from, scope: owner, captured: request.requested, capturedScope: captive))
    }
    return ValidationReport(problems: problems, warnings: warnings, checked: checked, skipped: skipped)
  }

  /// Creates every ``Scope/eagerSingleton`` of this container now.
  ///
  /// An eager singleton that takes runtime arguments cannot be made without them: it is made on
  /// its first `resolve(_:arguments:)` instead.
  ///
  /// ```swift
  /// container.register(.eagerSingleton) { CrashReporter() }
  /// try container.bootstrap()
  /// ```
  ///
  /// - Throws: The first ``ResolutionError`` an eager singleton's factory raised.
  public func bootstrap() throws(ResolutionError) {
    let eager = snapshot().registry.entries
      .filter { !$0.isForwarding && !$0.key.hasArguments && ($0 as? any ScopedEntry)?.scope == .eagerSingleton }
      .sorted { $0.key.description < $1.key.description }
    for entry in eager {
      _ = try Graph(container: self).resolveErased(entry.key, arguments: (), from: self)
    }
  }
}

/// An entry with a scope of its own (registrations; forwardings share their source's).
protocol ScopedEntry: Entry {
  var scope: Scope { get }
}

extension Registration: ScopedEntry {}
