import SuiteSupport
import Surrogate
import Testing

// A graph that a custom scope's reset overtakes keeps resolving the scope's definitions as they
// were when it started: a lookup miss in it (an optional nothing registers) must not hand its
// later requests the renewed registrations, which would then keep an instance the graph made
// from the old ones (outside client 19: after a logout and login, the API client the session
// scope handed out held another session than the scope's).

extension Scope {
  fileprivate static let signedIn = Scope.custom("signedIn")
}

private final class SignInSession: Sendable {}

private final class SignInAPIClient: Sendable {
  let session: SignInSession
  init(session: SignInSession) { self.session = session }
}

private struct SignInUnregistered {}

private final class SignInScreen: Sendable {
  let session: SignInSession
  let api: SignInAPIClient
  init(session: SignInSession, api: SignInAPIClient) {
    self.session = session
    self.api = api
  }
}

struct ResetDuringAGraphTests {
  @Test func aResetDuringAGraphDoesNotMixTheScopesGenerations() throws {
    let app = Container()
    app.register(.signedIn) { SignInSession() }
    app.register(.signedIn) { r in SignInAPIClient(session: try r.resolve()) }
    app.register { r in
      let session: SignInSession = try r.resolve()
      app.reset(.signedIn)  // a logout on another thread, while this graph runs
      let missing: SignInUnregistered? = try r.resolve()  // a miss: the graph looks at the live registry
      #expect(missing == nil)
      return SignInScreen(session: session, api: try r.resolve())
    }
    let screen = try app.resolve(SignInScreen.self)
    #expect(screen.api.session === screen.session)
    // After the reset, the scope's instances belong together.
    let session = try app.resolve(SignInSession.self)
    let api = try app.resolve(SignInAPIClient.self)
    #expect(api.session === session, "the scope's SignInAPIClient holds another SignInSession than the scope's")
  }
}
