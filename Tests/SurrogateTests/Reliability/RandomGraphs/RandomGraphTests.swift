import Foundation
import SuiteSupport
import Surrogate
import Testing

/// Random registration sets (node types, scopes, tags, forwardings, runtime arguments, cycles
/// through factories and through `resolvingProperties`) resolved by the container and by
/// ``ReferenceModel``; the two must agree on every error (code, key, path), on which instance is
/// shared with which, and on how many instances each factory made.
///
/// Each run draws a new seed unless `SURROGATE_RANDOM_SEED` is set; a failure prints the seed, the
/// case and the registration set. Replay one case with `SURROGATE_RANDOM_CASE_SEED`.
/// `SURROGATE_RANDOM_CASES` changes the number of cases (10,000 by default).
@Suite struct RandomGraphTests {
  @Test func randomRegistrationSetsBehaveLikeTheReferenceModel() {
    let environment = ProcessInfo.processInfo.environment
    let seed = environment["SURROGATE_RANDOM_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
    let replay = environment["SURROGATE_RANDOM_CASE_SEED"].flatMap { UInt64($0) }
    let count = replay == nil ? environment["SURROGATE_RANDOM_CASES"].flatMap { Int($0) } ?? 10_000 : 1
    var coverage = RandomCoverage()
    var failures = 0
    for index in 0..<count {
      let caseSeed = replay ?? SeededGenerator.caseSeed(run: seed, index: index)
      var generator = SeededGenerator(seed: caseSeed)
      let spec = GraphSpec.random(using: &generator)
      if let mismatch = RandomCase(spec).run(coverage: &coverage) {
        failures += 1
        Issue.record(
          """
          Random case \(index) of run seed \(seed) disagrees with the model.
          Replay: SURROGATE_RANDOM_CASE_SEED=\(caseSeed) swift test --filter RandomGraphTests
          \(spec)
          \(mismatch)
          """)
        if failures == 3 { break }
      }
    }
    print("RandomGraphTests: seed \(seed), \(count) cases, \(coverage)")
    guard replay == nil, count >= 1_000 else { return }
    // The generator must keep reaching every behaviour, or the agreement above proves little.
    #expect(coverage.successes > count / 10)
    #expect(coverage.nilOptionals > 0)
    #expect(coverage.postponements > 0)
    #expect(coverage.bootstraps > 0)
    for code: ResolutionError.Code in [.definitionNotFound, .invalidType, .circularDependency, .depthLimitExceeded] {
      #expect(coverage.failures[code, default: 0] > 0, "no random case failed with \(code)")
    }
  }

  @Test func theModelsConformanceTableMatchesTheNodeClasses() {
    let instances: [RandomNode] = (0..<GraphSpec.nodeKinds).map { kind in
      let type = RandomNodes.type(of: .node(kind)) as! RandomNode.Type
      return type.init(kind: kind, argument: nil, constructorDependencies: [])
    }
    for (kind, instance) in instances.enumerated() {
      #expect(RandomNodes.conforms(kind: kind, to: 0) == (instance is any RandomP0))
      #expect(RandomNodes.conforms(kind: kind, to: 1) == (instance is any RandomP1))
      #expect(RandomNodes.conforms(kind: kind, to: 2) == (instance is any RandomP2))
    }
  }

  @Test func theCanonicalFormTellsSharingApart() {
    // Two roots sharing one object, and two roots with equal but distinct objects.
    let shared = RandomN0(kind: 0, argument: nil, constructorDependencies: [])
    let sharing = CanonicalGraph.describe([shared, shared] as [RandomNode?], identity: { ObjectIdentifier($0) }) {
      ($0.kind, $0.argument, [], [])
    }
    let distinct = CanonicalGraph.describe(
      [shared, RandomN0(kind: 0, argument: nil, constructorDependencies: [])] as [RandomNode?],
      identity: { ObjectIdentifier($0) }
    ) { ($0.kind, $0.argument, [], []) }
    #expect(sharing != distinct)
  }
}

/// What the random cases reached, so the test can insist that they keep reaching it.
struct RandomCoverage: CustomStringConvertible {
  var successes = 0
  var nilOptionals = 0
  var postponements = 0
  var bootstraps = 0
  var failures: [ResolutionError.Code: Int] = [:]

  var description: String {
    let errors = failures.sorted { $0.key.description < $1.key.description }.map { "\($0.key) \($0.value)" }
    return
      "\(successes) resolved (\(nilOptionals) nil optionals), \(postponements) postponed blocks, \(bootstraps) bootstraps, errors: \(errors.joined(separator: ", "))"
  }
}

/// One random case: the same registration set in a real container and in the model.
struct RandomCase {
  let spec: GraphSpec

  init(_ spec: GraphSpec) { self.spec = spec }

  /// Runs the case; returns what disagreed, or `nil`.
  func run(coverage: inout RandomCoverage) -> String? {
    let container = Container(maximumDepth: spec.maximumDepth)
    let creations = Locked<[Int: Int]>([:])
    for registration in spec.registrations {
      RandomNodes.register(registration, in: container, creations: creations)
    }
    let model = ReferenceModel(spec)
    if spec.bootstraps {
      coverage.bootstraps += 1
      let expected = model.bootstrap()
      var actual: ResolutionError?
      do { try container.bootstrap() } catch { actual = error }
      if let mismatch = compare(actual, expected, step: "bootstrap()") { return mismatch }
    }
    var kept: [AnyObject?] = []
    var expectedKept: [Int?] = []
    for request in spec.roots {
      let expected = model.resolveTopLevel(request)
      let actual = Result { () throws(ResolutionError) in try RandomNodes.fetch(request, from: container) }
      switch (actual, expected) {
      case (.success(let object), .success(let modelObject)):
        coverage.successes += 1
        if object == nil { coverage.nilOptionals += 1 }
        kept.append(object)
        expectedKept.append(modelObject)
        model.keep(modelObject)
      case (.failure(let error), .failure(let failure)):
        coverage.failures[failure.code, default: 0] += 1
        if let mismatch = compare(error, failure, step: "resolve \(request)") { return mismatch }
      case (.success(let object), .failure(let failure)):
        return "resolve \(request): expected \(failure), got \(object.map { "\(type(of: $0))" } ?? "nil")"
      case (.failure(let error), .success(let modelObject)):
        return "resolve \(request): expected \(modelObject.map { "object #\($0)" } ?? "nil"), got \(error)"
      }
    }
    coverage.postponements += model.postponements
    let actualGraph = CanonicalGraph.describe(kept, identity: { ObjectIdentifier($0) }) { object in
      let node = object as! RandomNode
      return (node.kind, node.argument, node.constructorDependencies, node.propertyDependencies)
    }
    let expectedGraph = model.canonicalRoots(expectedKept)
    if actualGraph != expectedGraph {
      return "object graphs differ.\nexpected:\n\(expectedGraph)\nactual:\n\(actualGraph)"
    }
    let made = creations.withLock { $0 }
    if made != model.creations {
      return
        "instances made per kind: expected \(model.creations.sorted { $0.key < $1.key }), got \(made.sorted { $0.key < $1.key })"
    }
    return nil
  }

  private func compare(_ actual: ResolutionError?, _ expected: ReferenceModel.Failure?, step: String) -> String? {
    switch (actual, expected) {
    case (nil, nil):
      return nil
    case (let error?, let failure?):
      if error.code == failure.code, error.key == RandomNodes.definitionKey(failure.key),
        error.path == failure.path.map(RandomNodes.definitionKey)
      {
        return nil
      }
      return "\(step): expected \(failure), got \(error.code) for \(error.key) along \(error.pathDescription)"
    case (let error?, nil):
      return "\(step): expected success, got \(error)"
    case (nil, let failure?):
      return "\(step): expected \(failure), got success"
    }
  }
}
