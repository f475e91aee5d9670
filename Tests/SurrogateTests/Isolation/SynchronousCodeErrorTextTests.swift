import SuiteSupport
import Surrogate
import Testing

private final class TextChild {
  weak var parent: TextParent?
}

private final class TextParent {
  let child: TextChild
  init(child: TextChild) { self.child = child }
}

private final class TextOwner {
  let parent: TextParent
  init(parent: TextParent) { self.parent = parent }
}

@MainActor private final class TextView {}

private final class TextBadge {
  init(view: TextView) {}
}

private protocol TextBadging {}
extension TextBadge: TextBadging {}

private final class TextScreen {
  init(badge: any TextBadging) {}
}

/// The whole text of the errors synchronous code of an async resolution gets: what it asked for,
/// who asked, and what to make `async` (Concurrency.md, "Your code runs once").
struct SynchronousCodeErrorTextTests {
  @Test func anAsyncBlockWaitingForSynchronousCodeNamesTheBlockAndTheOutermostFactory() async throws {
    let app = Container()
    app.register(.unique) { r in TextOwner(parent: try r.resolve()) }
    app.register(.shared) { r in TextParent(child: try r.resolve()) }
    app.register(.shared) { TextChild() }
      .resolvingProperties { r, child async throws in child.parent = try await r.resolve() }
    let error = await #expect(throws: ResolutionError.self) { try await app.resolve(TextOwner.self) }
    #expect(
      error?.message
        == "TextChild has an async `resolvingProperties` block, but the synchronous factory of TextParent asks "
        + "for it, and synchronous code cannot await: it runs once.")
    // A block is no factory `bootstrap()` could run first: no singleton is offered.
    #expect(
      error?.remedy
        == "Make the synchronous factory of TextOwner and the synchronous code it runs, down to the synchronous "
        + "factory of TextParent, `async` and resolve what it needs with `try await r.resolve(...)` (`register "
        + "{ r async throws in ... }`).")
  }

  @Test func aMainActorFactoryAskingForAnAsyncDefinitionIsToldToStayOnTheMainActor() async throws {
    let app = Container()
    app.register(.shared) { _ async in TextChild() }
    app.register(.shared) { @MainActor r in TextParent(child: try r.resolve()) }
    let error = await #expect(throws: ResolutionError.self) { try await app.resolve(TextParent.self) }
    #expect(error?.code == .requiresAwait)
    #expect(
      error?.remedy.contains("(`register { @MainActor r async throws in ... }`)") == true,
      "\(error.map { "\($0)" } ?? "")")
  }

  @Test func aMainActorDefinitionAskedForOffTheMainActorNamesTheFactoryAndBothWaysOut() async throws {
    let app = Container()
    app.register(.shared) { @MainActor _ in TextView() }
    app.register { r in TextBadge(view: try r.resolve()) }
    let error = await #expect(throws: ResolutionError.self) { try await app.resolve(TextBadge.self) }
    #expect(error?.code == .requiresMainActor)
    #expect(
      error?.message
        == "TextView is registered for the main actor, but the synchronous factory of TextBadge asks for it off "
        + "the main actor, and synchronous code cannot hop there: it runs once.")
    // The way out that also works from synchronous main-actor code (a view-first screen) comes first.
    #expect(
      error?.remedy
        == "Register TextBadge for the main actor too (`{ @MainActor r in ... }`): then `try await` and synchronous "
        + "code on the main actor both make it. Or make the synchronous factory of TextBadge `async` and resolve "
        + "what it needs with `try await r.resolve(...)`, which runs main-actor factories on the main actor; then it, "
        + "and any synchronous factory that asks for it (the other end of a cycle), can only be resolved with "
        + "`try await`.")
  }

  /// The remedy's first way out, followed: the factory runs on the main actor, and both an awaited
  /// request off the main actor and a synchronous one on it make the instance.
  @Test func theFirstWayOutWorksAwaitedAndSynchronouslyOnTheMainActor() async throws {
    let app = Container()
    app.register(.shared) { @MainActor _ in TextView() }
    app.register { @MainActor r in TextBadge(view: try r.resolve()) }
    _ = try await app.resolve(TextBadge.self)
    try await MainActor.run { _ = try app.resolve(TextBadge.self) }
  }

  /// The remedy's second way out, followed: an `async` factory, made by `try await` only.
  @Test func theSecondWayOutIsResolvedWithAwaitOnly() async throws {
    let app = Container()
    app.register(.shared) { @MainActor _ in TextView() }
    app.register { r async throws in TextBadge(view: try await r.resolve()) }
    _ = try await app.resolve(TextBadge.self)
    let code = await MainActor.run { () -> ResolutionError.Code? in
      do {
        _ = try app.resolve(TextBadge.self)
        return nil
      } catch let error as ResolutionError {
        return error.code
      } catch {
        return nil
      }
    }
    #expect(code == .requiresAwait)
  }

  /// The code to change is the definition's, not the forwarded type's it was requested as: the
  /// message and remedy name the definition, the path both.
  @Test func synchronousCodeRequestedThroughAForwardedTypeIsNamedByItsDefinition() async throws {
    let app = Container()
    app.register(.shared) { @MainActor _ in TextView() }
    app.register { r in TextBadge(view: try r.resolve()) }.implements((any TextBadging).self)
    app.register { r in TextScreen(badge: try r.resolve()) }
    let error = await #expect(throws: ResolutionError.self) { try await app.resolve(TextScreen.self) }
    #expect(error?.pathDescription == "TextScreen → TextBadge (as TextBadging) → TextView")
    #expect(
      error?.message
        == "TextView is registered for the main actor, but the synchronous factory of TextBadge asks for it off "
        + "the main actor, and synchronous code cannot hop there: it runs once.")
    #expect(
      error?.remedy.hasPrefix(
        "Register TextBadge for the main actor too (`{ @MainActor r in ... }`)")
        == true, "\(error?.remedy ?? "")")
  }
}
