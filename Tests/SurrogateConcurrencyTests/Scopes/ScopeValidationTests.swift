import SuiteSupport
import Surrogate
import Testing

/// The order-service graph of the Units of Work article, with what each disposal saw.
private final class ValidationPool: Sendable {
  let journal: DisposalJournal
  init(journal: DisposalJournal) { self.journal = journal }
  func close() async { journal.note("pool") }
}

private final class ValidationUnitOfWork: Sendable {
  let pool: ValidationPool
  let request: RequestStub
  init(pool: ValidationPool, request: RequestStub) {
    self.pool = pool
    self.request = request
  }
  /// Which instance it is, for the order of disposals.
  var name: String { "unit of work \(request.id) \(ObjectIdentifier(self).hashValue)" }
}

private final class ValidationRepository: Sendable {
  let unitOfWork: ValidationUnitOfWork
  init(unitOfWork: ValidationUnitOfWork) { self.unitOfWork = unitOfWork }
}

private final class ValidationHandler: Sendable {
  let repository: ValidationRepository
  init(repository: ValidationRepository) { self.repository = repository }
}

/// A singleton that depends on a `.scoped` definition: a captive.
private final class ValidationRequestCache: Sendable {
  let unitOfWork: ValidationUnitOfWork
  init(unitOfWork: ValidationUnitOfWork) { self.unitOfWork = unitOfWork }
}

private struct ClosedTwice: Error {}

struct ScopeValidationTests {
  private func makeApp(_ journal: DisposalJournal) -> Container {
    let app = Container()
    app.register(.singleton) { ValidationPool(journal: journal) }
      .disposing { pool in await pool.close() }
    app.register(.scoped) { r in ValidationUnitOfWork(pool: try r.resolve(), request: try r.resolve()) }
      .disposing { unitOfWork in journal.note(unitOfWork.name) }
    app.register { r in ValidationRepository(unitOfWork: try r.resolve()) }
    app.register { r in ValidationHandler(repository: try r.resolve()) }
    return app
  }

  private func names(_ keys: [DefinitionKey]) -> Set<String> { Set(keys.map(\.description)) }

  // MARK: - What a scope checks

  @Test func scopeValidationChecksEveryDefinitionTheScopeResolves() async throws {
    let app = makeApp(DisposalJournal())
    let report = try await app.withScope { scope in
      scope.register { RequestStub(id: 1) }
      return await scope.validate()
    }
    #expect(report.isValid, "\(report)")
    #expect(
      names(report.checked) == [
        "RequestStub", "ValidationHandler", "ValidationPool", "ValidationRepository", "ValidationUnitOfWork",
      ], "\(report)")
    #expect(report.description.hasPrefix("5 definitions checked"), "\(report)")
  }

  @Test func synchronousScopeValidationChecksEveryDefinitionTheScopeResolves() throws {
    let app = makeApp(DisposalJournal())
    let report = try app.withScope { scope in
      scope.register { RequestStub(id: 1) }
      return scope.validate()
    }
    #expect(report.isValid, "\(report)")
    #expect(names(report.checked).isSuperset(of: ["ValidationHandler", "ValidationRepository", "ValidationPool"]))
  }

  @Test func scopeValidationReportsASingletonThatDependsOnAScopedDefinition() async throws {
    let app = makeApp(DisposalJournal())
    app.register(.singleton) { r in ValidationRequestCache(unitOfWork: try r.resolve()) }
    let (report, resolveFailed) = try await app.withScope { scope in
      scope.register { RequestStub(id: 1) }
      let report = await scope.validate()
      var failed = false
      do { _ = try await scope.resolve(ValidationRequestCache.self) } catch { failed = true }
      return (report, failed)
    }
    #expect(resolveFailed)
    #expect(!report.isValid, "\(report)")
    #expect(report.problems.contains { $0.code == .outsideScope && $0.key.description == "ValidationUnitOfWork" })
    #expect(report.brokenDefinitions.map(\.description) == ["ValidationRequestCache"], "\(report)")
    #expect(report.warnings.contains { $0.kind == .captiveDependency }, "\(report)")
  }

  @Test func synchronousScopeValidationReportsASingletonThatDependsOnAScopedDefinition() throws {
    let app = makeApp(DisposalJournal())
    app.register(.singleton) { r in ValidationRequestCache(unitOfWork: try r.resolve()) }
    let report = try app.withScope { scope in
      scope.register { RequestStub(id: 1) }
      return scope.validate()
    }
    #expect(report.problems.contains { $0.code == .outsideScope }, "\(report)")
  }

  @Test func appValidationOutsideAScopeStillChecksScopedWiring() async {
    let app = makeApp(DisposalJournal())
    app.register(.singleton) { r in ValidationRequestCache(unitOfWork: try r.resolve()) }
    let report = await app.validate()
    // The scoped wiring's missing request, and the singleton that no scope makes its unit of work for.
    #expect(report.problems.map(\.code) == [.definitionNotFound, .outsideScope], "\(report)")
    #expect(report.brokenDefinitions.map(\.description).contains("ValidationRequestCache"), "\(report)")
    #expect(report.warnings.contains { $0.kind == .captiveDependency }, "\(report)")
  }

  // MARK: - What validation makes is disposed

  @Test func validationDisposesTheThrowawaySingletonsItMade() async {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    app.register { RequestStub(id: 0) }
    _ = await app.validate()
    #expect(journal.disposed.filter { $0 == "pool" }.count == 1, "\(journal.disposed)")
    #expect(journal.disposed.last == "pool", "\(journal.disposed)")
  }

  @Test func scopeValidationDisposesWhatItMadeDependentsFirstBeforeItReturns() async throws {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    app.register { r in ValidationRepository(unitOfWork: try r.resolve()) }
      .disposing { repository in journal.note("repository of \(repository.unitOfWork.name)") }
    try await app.withScope { scope in
      scope.register { RequestStub(id: 3) }
      _ = await scope.validate()
      let disposed = journal.disposed
      #expect(disposed.last == "pool", "\(disposed)")
      #expect(disposed.filter { $0 == "pool" }.count == 1, "\(disposed)")
      #expect(Set(disposed).count == disposed.count, "each once: \(disposed)")
      let repositories = disposed.enumerated().filter { $0.element.hasPrefix("repository of ") }
      #expect(!repositories.isEmpty, "\(disposed)")
      for (index, entry) in repositories {
        let unitOfWork = disposed.firstIndex(of: String(entry.dropFirst("repository of ".count)))
        #expect(unitOfWork.map { $0 > index } == true, "dependents first: \(disposed)")
      }
    }
  }

  @Test func validationNeverDisposesTheAppsRealSingleton() async throws {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    app.register { RequestStub(id: 0) }
    let real = try await app.resolve(ValidationPool.self)
    _ = await app.validate()
    #expect(journal.disposed.filter { $0 == "pool" }.count == 1, "\(journal.disposed)")
    #expect(try await app.resolve(ValidationPool.self) === real)
    try await app.shutdown()
    #expect(journal.disposed.filter { $0 == "pool" }.count == 2, "\(journal.disposed)")
  }

  @Test func validationNeverDisposesAnInstanceTheAppKeepsThatAFactoryHandsOutAgain() async throws {
    let journal = DisposalJournal()
    let app = Container()
    let shared = ValidationPool(journal: journal)
    app.register(.singleton) { shared }
      .disposing { pool in await pool.close() }
    _ = try await app.resolve(ValidationPool.self)
    _ = await app.validate()
    #expect(journal.disposed.isEmpty, "\(journal.disposed)")
    try await app.shutdown()
    #expect(journal.disposed == ["pool"])
  }

  @Test func aDisposalThatFailsWhileValidatingIsAWarning() async {
    let app = Container()
    app.register(.singleton) { ValidationPool(journal: DisposalJournal()) }
      .disposing { _ in throw ClosedTwice() }
    let report = await app.validate()
    #expect(report.isValid)
    #expect(report.warnings.map(\.kind) == [.disposalFailed], "\(report)")
    #expect(report.warnings.first?.message.contains("ClosedTwice") == true, "\(report)")
  }

  @Test func synchronousValidationRunsSyncDisposalsAndReportsAsyncOnes() {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.singleton) { ValidationPool(journal: journal) }
      .disposing { pool in await pool.close() }
    app.register(.singleton) { DisposableStub("stub", journal: journal) }
    app.register(.singleton) { RequestStub(id: 9) }
      .disposing { request in journal.note("request \(request.id)") }
    let report = app.validate()
    #expect(journal.disposed == ["request 9"])
    let kinds = report.warnings.map(\.kind)
    #expect(kinds == [.disposalRequiresAwait, .disposalRequiresAwait], "\(report)")
    #expect(report.warnings.allSatisfy { $0.message.contains("await") }, "\(report)")
    #expect(Set(report.warnings.map { $0.path.map(\.description) }) == [["ValidationPool"], ["DisposableStub"]])
  }

  @Test func aGraphThatFailsHalfwayInAScopeIsDisposedWhenTheScopeEnds() async throws {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    app.register { r -> ValidationHandler in
      _ = try r.resolve(ValidationRepository.self)
      throw ClosedTwice()
    }
    try await app.withScope { scope in
      scope.register { RequestStub(id: 5) }
      await #expect(throws: (any Error).self) { try await scope.resolve(ValidationHandler.self) }
    }
    #expect(journal.disposed.contains { $0.hasPrefix("unit of work 5") }, "\(journal.disposed)")
    try await app.shutdown()
    #expect(journal.disposed.contains("pool"), "\(journal.disposed)")
  }

  // MARK: - Combinations

  @Test func scopeValidationRunsMainActorAndAsyncFactoriesAndDisposesThem() async throws {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    app.register(.scoped) { @MainActor (_: Resolver) in DisposableStub("main", journal: journal) }
    app.register(.shared) { (_: Resolver) async throws in RequestCacheStub(journal: journal) }
      .disposing { cache in await cache.close() }
    let report = try await app.withScope { scope in
      scope.register { RequestStub(id: 1) }
      return await scope.validate()
    }
    #expect(report.isValid, "\(report)")
    #expect(names(report.checked).isSuperset(of: ["DisposableStub", "RequestCacheStub"]), "\(report)")
    #expect(journal.disposed.contains("main") && journal.disposed.contains("cache"), "\(journal.disposed)")
  }

  @Test func concurrentValidationsDisposeOnlyTheirOwnInstances() async throws {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    let real = try await app.withScope { scope in
      scope.register { RequestStub(id: 0) }
      return try await scope.resolve(ValidationPool.self)
    }
    let reports = await withTaskGroup(of: ValidationReport.self) { group in
      for id in 1...2 {
        group.addTask {
          (try? await app.withScope { scope in
            scope.register { RequestStub(id: id) }
            return await scope.validate()
          }) ?? ValidationReport.empty
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(reports.count == 2 && reports.allSatisfy(\.isValid), "\(reports)")
    let disposed = journal.disposed
    #expect(disposed.filter { $0 == "pool" }.count == 2, "\(disposed)")
    #expect(disposed.contains { $0.hasPrefix("unit of work 1") }, "\(disposed)")
    #expect(disposed.contains { $0.hasPrefix("unit of work 2") }, "\(disposed)")
    #expect(try await app.resolve(ValidationPool.self) === real)
  }
}

private final class RequestCacheStub: Sendable {
  let journal: DisposalJournal
  init(journal: DisposalJournal) { self.journal = journal }
  func close() async { journal.note("cache") }
}

extension ValidationReport {
  fileprivate static var empty: ValidationReport { Container().validate() }
}
