import SuiteSupport
import Surrogate
import Testing

/// The error as a `DisposalError`, or a recorded issue.
func disposalError(_ error: any Error, sourceLocation: SourceLocation = #_sourceLocation) -> DisposalError? {
  guard let disposal = error as? DisposalError else {
    Issue.record("expected a DisposalError, got \(error)", sourceLocation: sourceLocation)
    return nil
  }
  return disposal
}

struct WithScopeTests {
  private func makeApp(_ journal: DisposalJournal) -> Container {
    let app = Container()
    app.register(.singleton) { PoolStub(journal: journal) }
      .disposing { pool in await pool.close() }
    app.register(.scoped) { r in
      SessionStub(pool: try r.resolve(), request: try r.resolve(), journal: journal)
    }
    .disposing { session in session.journal.note("session \(session.request.id)") }
    app.register(.scoped) { r in RepositoryStub(session: try r.resolve()) }
      .disposing { repository in journal.note("repository \(repository.session.request.id)") }
    return app
  }

  @Test func scopedDefinitionMakesOneInstancePerScopeSharedAcrossResolves() async throws {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    let (first, again, other) = try await app.withScope { scope in
      scope.register { RequestStub(id: 1) }
      let first = try await scope.resolve(SessionStub.self)
      let again = try await scope.resolve(RepositoryStub.self).session
      let other = try await app.withScope { inner in
        inner.register { RequestStub(id: 2) }
        return try await inner.resolve(SessionStub.self)
      }
      return (first, again, other)
    }
    #expect(first === again)
    #expect(first !== other)
    #expect(first.request.id == 1 && other.request.id == 2)
    #expect(first.pool === other.pool)
  }

  @Test func scopeDisposesWhatItMadeDependentsFirstWhenTheBodyReturns() async throws {
    let journal = DisposalJournal()
    let app = makeApp(journal)
    let id = try await app.withScope { scope in
      scope.register { RequestStub(id: 7) }
      _ = try await scope.resolve(RepositoryStub.self)
      #expect(journal.disposed.isEmpty)
      return 7
    }
    #expect(id == 7)
    #expect(journal.disposed == ["repository 7", "session 7"])
    try await app.shutdown()
    #expect(journal.disposed == ["repository 7", "session 7", "pool"])
  }

  @Test func synchronousScopeRunsSynchronousDisposalsAndReportsAsyncOnes() throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.scoped) { DisposableStub("async", journal: journal) }
    app.register(.scoped) { r in
      RepositoryStub(
        session: SessionStub(pool: PoolStub(journal: journal), request: RequestStub(id: 1), journal: journal))
    }
    .disposing { _ in journal.note("sync") }
    do {
      try app.withScope { scope in
        _ = try scope.resolve(DisposableStub.self)
        _ = try scope.resolve(RepositoryStub.self)
      }
      Issue.record("the async disposal was not reported")
    } catch {
      guard let error = disposalError(error) else { return }
      // Only async disposals failed: the error's own code says so, as `requiresAwait`'s doc shows.
      #expect(error.code == .requiresAwait)
      #expect(error.failures.count == 1)
      let inner = error.failures.first?.error as? DisposalError
      #expect(inner?.code == .requiresAwait)
      #expect(error.failures.first?.key == DefinitionKey(type: DisposableStub.self))
      #expect(error.remedy.contains("try await"), "\(error)")
      #expect(!error.description.contains(/[^.]\.\.[^.]/), "a doubled period: \(error)")
      // The advice is given once, by the error, not again by each failure it lists (outside
      // client 35).
      #expect(error.description.ranges(of: "try await container.withScope").count == 1, "\(error)")
      #expect(error.remedy.contains("synchronous `.disposing"), "\(error)")
    }
    #expect(journal.disposed == ["sync"])
  }

  @Test func synchronousScopeWithAFailingDisposalBesideAnAsyncOneReportsDisposalFailed() throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.scoped) { DisposableStub("async", journal: journal) }
    app.register(.scoped) { PoolStub(journal: journal) }
      .disposing { _ in throw DisposalFailed(name: "pool") }
    do {
      try app.withScope { scope in
        _ = try scope.resolve(DisposableStub.self)
        _ = try scope.resolve(PoolStub.self)
      }
      Issue.record("the failures were not reported")
    } catch {
      guard let error = disposalError(error) else { return }
      #expect(error.code == .disposalFailed)
      let codes = error.failures.map { ($0.error as? DisposalError)?.code }
      #expect(codes.count == 2)
      #expect(codes.contains(.requiresAwait))
      #expect(error.failures.contains { $0.error is DisposalFailed })
      #expect(!error.description.contains(/[^.]\.\.[^.]/), "a doubled period: \(error)")
    }
  }

  @Test func bodyErrorIsThrownAndDisposalFailuresAreReportedBesideIt() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.scoped) { DisposableStub("fine", journal: journal) }
    app.register(.scoped) { PoolStub(journal: journal) }
      .disposing { _ in throw DisposalFailed(name: "pool") }
    let reported = Locked<[DisposalError]>([])
    do {
      try await app.withScope(reportingDisposalFailures: { error in reported.withLock { $0.append(error) } }) {
        scope in
        _ = try await scope.resolve(DisposableStub.self)
        _ = try await scope.resolve(PoolStub.self)
        throw DisposalFailed(name: "body")
      }
      Issue.record("the body's error was not thrown")
    } catch {
      #expect(error as? DisposalFailed == DisposalFailed(name: "body"))
    }
    let errors = reported.withLock { $0 }
    #expect(errors.count == 1)
    #expect(errors.first?.failures.first?.error as? DisposalFailed == DisposalFailed(name: "pool"))
    #expect(errors.first?.failures.first?.key == DefinitionKey(type: PoolStub.self))
    #expect(journal.disposed == ["fine"])
  }

  @Test func everyDisposalRunsWhenOneThrowsAndTheFailuresAreThrownTogether() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.scoped, tag: "a") { DisposableStub("a", journal: journal) }
    app.register(.scoped, tag: "b") { PoolStub(journal: journal) }.disposing { _ in throw DisposalFailed(name: "b") }
    app.register(.scoped, tag: "c") { DisposableStub("c", journal: journal) }
    app.register(.scoped, tag: "d") { RequestStub(id: 4) }.disposing { _ in throw DisposalFailed(name: "d") }
    do {
      try await app.withScope { scope in
        for tag in ["a", "c"] { _ = try await scope.resolve(DisposableStub.self, tag: tag) }
        _ = try await scope.resolve(PoolStub.self, tag: "b")
        _ = try await scope.resolve(RequestStub.self, tag: "d")
      }
      Issue.record("the failures were not thrown")
    } catch {
      guard let error = disposalError(error) else { return }
      #expect(error.code == .disposalFailed)
      #expect(error.failures.map { ($0.error as? DisposalFailed)?.name } == ["d", "b"])
      #expect(error.message.contains("2 disposals failed when the scope ended"))
    }
    #expect(journal.disposed == ["c", "a"])
  }

  @Test func scopedResolvedOutsideAnyScopeFailsWithATypedError() throws {
    let app = Container()
    app.register(.scoped) { PoolStub(journal: DisposalJournal()) }
    do {
      _ = try app.resolve(PoolStub.self)
      Issue.record("resolved outside a scope")
    } catch {
      #expect(error.code == .outsideScope)
      #expect(error.message.contains("registered `.scoped`"))
      #expect(error.remedy.contains("withScope"))
      #expect(error.path == [DefinitionKey(type: PoolStub.self)])
    }
  }

  @Test func singletonThatNeedsAScopedInstanceFailsAndNamesItself() async throws {
    let app = Container()
    app.register(.scoped) { PoolStub(journal: DisposalJournal()) }
    app.register(.singleton) { r in
      RepositoryStub(
        session: SessionStub(pool: try r.resolve(), request: RequestStub(id: 0), journal: DisposalJournal()))
    }
    try await app.withScope { scope in
      do {
        _ = try await scope.resolve(RepositoryStub.self)
        Issue.record("a singleton captured a scoped instance")
      } catch let error as ResolutionError {
        #expect(error.code == .factoryFailed || error.code == .outsideScope)
        let inner = error.code == .outsideScope ? error : error.cause as? ResolutionError
        #expect(inner?.code == .outsideScope)
        #expect(inner?.message.contains("is a singleton") == true)
      }
    }
  }

  @Test func endedScopeResolvesNothingAndTurnsRegistrationsAway() async throws {
    let app = Container()
    app.register(.singleton) { PoolStub(journal: DisposalJournal()) }
    let leaked = try await app.withScope { scope in
      scope.register { RequestStub(id: 1) }
      _ = try await scope.resolve(RequestStub.self)
      return scope
    }
    #expect(throws: ResolutionError.self) { try resolveNow(RequestStub.self, from: leaked) }
    do {
      _ = try resolveNow(PoolStub.self, from: leaked)
      Issue.record("an ended scope resolved its parent's singleton")
    } catch {
      #expect(error.code == .containerShutDown)
      #expect(error.message.contains("scope that has ended"))
    }
    leaked.register { RequestStub(id: 2) }
    #expect(leaked.rejectedChanges.first?.code == .containerShutDown)
    do {
      try await leaked.shutdown()
      Issue.record("a scope ended twice")
    } catch {
      #expect(error.code == .alreadyEnded)
    }
    #expect(try resolveNow(PoolStub.self, from: app).journal.disposed.isEmpty)
  }

  @Test func disposalThatResolvesFromItsEndedScopeGetsATypedError() async throws {
    let app = Container()
    let seen = Locked<[ResolutionError.Code?]>([])
    try await app.withScope { scope in
      scope.register { RequestStub(id: 1) }
      scope.register(.scoped) { PoolStub(journal: DisposalJournal()) }
        .disposing { _ in
          do { _ = try resolveNow(RequestStub.self, from: scope) } catch {
            seen.withLock { $0.append((error as? ResolutionError)?.code) }
          }
        }
      _ = try await scope.resolve(PoolStub.self)
    }
    #expect(seen.withLock { $0 } == [.containerShutDown])
  }

  @Test func sharedAndUniqueInstancesMadeInAScopeAreDisposedWithIt() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.unique) { DisposableStub("unique", journal: journal) }
    app.register(.shared, tag: "shared") { DisposableStub("shared", journal: journal) }
    _ = try await app.resolve(DisposableStub.self)  // outside a scope: the caller's
    try await app.withScope { scope in
      _ = try await scope.resolve(DisposableStub.self)
      _ = try await scope.resolve(DisposableStub.self, tag: "shared")
      _ = try await scope.resolve(DisposableStub.self)
    }
    #expect(journal.disposed == ["unique", "shared", "unique"])
  }

  @Test func anInstanceTrackedTwiceIsDisposedOnce() async throws {
    let journal = DisposalJournal()
    let one = DisposableStub("one", journal: journal)
    let app = Container()
    app.register(.unique) { one }
    try await app.withScope { scope in
      _ = try await scope.resolve(DisposableStub.self)
      _ = try await scope.resolve(DisposableStub.self)
    }
    #expect(journal.disposed == ["one"])
  }

  @Test func anInstanceMadeForASingletonInAScopeIsTheSingletonsNotTheScopes() async throws {
    let journal = DisposalJournal()
    let app = Container()
    app.register(.unique) { DisposableStub("unique", journal: journal) }
    app.register(.singleton) { r in PoolStub(journal: try r.resolve(DisposableStub.self).journal) }
    app.register(.scoped) { r in
      RepositoryStub(
        session: SessionStub(
          pool: try r.resolve(), request: RequestStub(id: 1), journal: try r.resolve(DisposableStub.self).journal))
    }
    try await app.withScope { scope in
      _ = try await scope.resolve(RepositoryStub.self)
    }
    // The scoped repository's own unique is the scope's; the singleton pool's is not.
    #expect(journal.disposed == ["unique"])
  }
}
