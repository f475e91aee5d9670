extension Container {
  /// Resolves every definition of this container in a throwaway graph and reports every problem
  /// at once, each with its resolution path.
  ///
  /// Singletons made while validating are not kept. A definition that takes runtime arguments is
  /// checked when the container can supply every argument (as auto-wiring would); otherwise it is
  /// listed in ``ValidationReport/skippedDefinitions`` with the reason (pass argument sets with
  /// ``validate(arguments:)`` to check it too).
  ///
  /// Only the container's own errors are problems. A factory or block that throws an error of its
  /// own (no network in a test run, say) is a ``ValidationWarning/Kind/factoryThrew`` warning
  /// that names the error: the graph is wired correctly, the environment is missing.
  ///
  /// Other warnings: optional requests that came back `nil` (an `Optional` property filled with
  /// `try r.resolve()` is `nil`, silently, when its type is not registered), captive dependencies
  /// (a singleton that keeps an instance of a `.unique` or `.shared` definition alive for its
  /// whole life), and tagged requests answered by an untagged singleton while other tags of that
  /// type are registered.
  ///
  /// ```swift
  /// let report = container.validate()
  /// #expect(report.problems.isEmpty, "\(report)")
  /// ```
  ///
  /// - Returns: The problems, warnings, and what was checked and skipped.
  public func validate() -> ValidationReport {
    validate(argumentSets: [])
  }

  /// Validates like ``validate()``, and checks each definition that takes runtime arguments with
  /// every given argument set of exactly its argument types.
  ///
  /// An argument set is one value for a definition of one argument, or a tuple of values for
  /// more; its types must match the registered ones exactly, as in `resolve(_:arguments:)`.
  ///
  /// ```swift
  /// container.register { (r, customerID: String) in OrderPresenter(id: customerID, orders: try r.resolve()) }
  /// container.register { (r, host: String, port: Int) in Client(host: host, port: port) }
  /// let report = container.validate(arguments: "c42", ("example.com", 443))
  /// #expect(report.skipped.isEmpty)
  /// ```
  ///
  /// - Parameter arguments: Argument sets to try.
  /// - Returns: The problems, warnings, and what was checked and skipped.
  public func validate(arguments: Any...) -> ValidationReport {
    validate(argumentSets: arguments)
  }

  private func validate(argumentSets: [Any]) -> ValidationReport {
    let entries = snapshot().registry.entries.sorted { $0.key.description < $1.key.description }
    var findings = ValidationFindings()
    let recorder = EdgeRecorder()
    for entry in entries {
      let attempts = validationAttempts(for: entry, argumentSets: argumentSets)
      guard !attempts.isEmpty else {
        findings.skipped.append(SkippedDefinition(key: entry.key, reason: skipReason(for: entry)))
        continue
      }
      findings.checked.append(entry.key)
      for attempt in attempts {
        let graph = Graph(container: self, isValidation: true)
        graph.observer = recorder
        do {
          try run(attempt, for: entry.key, in: graph)
        } catch {
          findings.note(error, checking: entry.key)
        }
        for path in graph.nilOptionals { findings.noteNil(path) }
      }
    }
    findings.noteCaptives(recorder)
    findings.noteTagFallbacks(recorder, keys: keysOfThisAndAncestors())
    return findings.report
  }

  /// One way to check a definition.
  private enum ValidationAttempt {
    /// Resolve it as it is (no runtime arguments).
    case plain
    /// Resolve it with an argument set the caller gave.
    case arguments(Any)
    /// Resolve it auto-wired: the container supplies its arguments.
    case autowired(any Autowirable)
  }

  /// The ways to check `entry`: once without arguments, once per matching argument set, or once
  /// auto-wired; none when its arguments cannot be had.
  private func validationAttempts(for entry: any Entry, argumentSets: [Any]) -> [ValidationAttempt] {
    guard entry.key.hasArguments else { return [.plain] }
    let matching = argumentSets.filter { Swift.type(of: $0) == entry.key.argumentsType }
    if !matching.isEmpty { return matching.map { .arguments($0) } }
    guard let autowirable = entry as? any Autowirable, unsuppliedArguments(of: autowirable).isEmpty else { return [] }
    return [.autowired(autowirable)]
  }

  private func run(_ attempt: ValidationAttempt, for key: DefinitionKey, in graph: Graph) throws(ResolutionError) {
    switch attempt {
    case .plain:
      _ = try graph.resolveErased(key, arguments: (), from: self)
    case .arguments(let arguments):
      _ = try graph.resolveErased(key, arguments: arguments, from: self)
    case .autowired(let entry):
      _ = try entry.produceAutowired(in: graph, requested: key.withoutArguments, owner: self, lookup: self)
    }
  }

  /// The argument types of `entry` that the container cannot resolve.
  private func unsuppliedArguments(of entry: any Autowirable) -> [Any.Type] {
    entry.argumentTypes.filter { type in
      !(type is any OptionalResolvable.Type) && lookup(DefinitionKey(type: type, tag: entry.key.tag)) == nil
    }
  }

  private func skipReason(for entry: any Entry) -> String {
    let arguments = typeName(entry.key.argumentsType)
    let pass = "pass an argument set of these types with `validate(arguments:)` to check it"
    guard let autowirable = entry as? any Autowirable else {
      return "It needs runtime arguments \(arguments); \(pass)."
    }
    let missing = unsuppliedArguments(of: autowirable).map { typeName($0) }.joined(separator: ", ")
    return "It needs runtime arguments \(arguments) and the container cannot supply \(missing); \(pass)."
  }

  /// The keys registered in this container and its ancestors.
  private func keysOfThisAndAncestors() -> [DefinitionKey] {
    var keys: [DefinitionKey] = []
    var container: Container? = self
    while let current = container {
      keys += current.snapshot().registry.entries.map(\.key)
      container = current.parent
    }
    return keys
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
