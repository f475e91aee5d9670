import SuiteSupport
import Surrogate
import Testing

/// A session a repository gets through a block or a property: made after the repository.
private final class BlockSession: Sendable {}

private final class BlockRepository: @unchecked Sendable {  // set once, before it is shared
  var session: BlockSession?
}

private final class InjectedRepository: @unchecked Sendable {  // filled once, before it is shared
  @Injected var session: BlockSession
}

/// Disposal runs dependents first also when the dependency is made after its dependent, in a
/// `resolvingProperties` block or for an `@Injected` property: the repository is disposed before
/// the session it got (found by an outside client: "newest first" by creation closed the session
/// first).
struct DependentsFirstWithBlocksTests {
  private func app(_ journal: DisposalJournal, sessionScope: Scope, repositoryScope: Scope, injected: Bool) -> Container
  {
    let app = Container()
    app.register(sessionScope) { BlockSession() }.disposing { _ in journal.note("session") }
    if injected {
      app.register(repositoryScope) { InjectedRepository() }.disposing { _ in journal.note("repository") }
    } else {
      app.register(repositoryScope) { BlockRepository() }
        .resolvingProperties { r, repository in repository.session = try r.resolve() }
        .disposing { _ in journal.note("repository") }
    }
    return app
  }

  @Test(arguments: [false, true])
  func inAScopeTheRepositoryIsDisposedBeforeItsSession(injected: Bool) async throws {
    for (sessionScope, repositoryScope) in [(Scope.scoped, Scope.shared), (.scoped, .scoped), (.shared, .unique)] {
      let journal = DisposalJournal()
      let app = app(journal, sessionScope: sessionScope, repositoryScope: repositoryScope, injected: injected)
      try await app.withScope { scope in
        if injected {
          _ = try await scope.resolve(InjectedRepository.self)
        } else {
          _ = try await scope.resolve(BlockRepository.self)
        }
      }
      #expect(
        journal.disposed == ["repository", "session"], "\(sessionScope) \(repositoryScope) injected: \(injected)")
    }
  }

  @Test(arguments: [false, true])
  func singletonsAreShutDownWithTheRepositoryBeforeItsSession(injected: Bool) async throws {
    let journal = DisposalJournal()
    let app = app(journal, sessionScope: .singleton, repositoryScope: .singleton, injected: injected)
    if injected {
      _ = try await app.resolve(InjectedRepository.self)
    } else {
      _ = try await app.resolve(BlockRepository.self)
    }
    try await app.shutdown()
    #expect(journal.disposed == ["repository", "session"])
  }

  @Test func synchronouslyInAScopeTheRepositoryIsDisposedBeforeItsSession() throws {
    let journal = DisposalJournal()
    let app = app(journal, sessionScope: .scoped, repositoryScope: .shared, injected: false)
    try app.withScope { scope in _ = try scope.resolve(BlockRepository.self) }
    #expect(journal.disposed == ["repository", "session"])
  }

  /// A repository whose block fails is still the scope's to dispose, after what the block made.
  @Test(arguments: [false, true])
  func aRepositoryWhoseBlockFailsIsDisposedOnceAtTheScopesEnd(awaited: Bool) async throws {
    struct Refused: Error {}
    let journal = DisposalJournal()
    let app = Container()
    app.register(.scoped) { BlockSession() }.disposing { _ in journal.note("session") }
    app.register { BlockRepository() }
      .resolvingProperties { r, repository in
        repository.session = try r.resolve()
        throw Refused()
      }
      .disposing { _ in journal.note("repository") }
    if awaited {
      try await app.withScope { scope in _ = try? await scope.resolve(BlockRepository.self) }
    } else {
      func resolveSynchronously() throws { try app.withScope { scope in _ = try? scope.resolve(BlockRepository.self) } }
      try resolveSynchronously()
    }
    #expect(journal.disposed == ["repository", "session"])
  }
}
