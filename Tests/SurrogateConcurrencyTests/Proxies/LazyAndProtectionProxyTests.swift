import Dispatch
import SuiteSupport
import Surrogate
import Synchronization
import Testing

struct LazyProxyTests {
  @Test func createsTheSubjectOnFirstUseOnly() {
    let made = Counter()
    let proxy = LazyProxy { made.increment(); return EnglishGreeter() }
    #expect(!proxy.isCreated)
    #expect(made.value == 0)
    let greeter: any Greeter = proxy
    #expect(greeter.greet("Ada") == "Hello, Ada")
    greeter.wave()
    #expect(proxy.isCreated)
    #expect(made.value == 1)
  }

  @Test func createsExactlyOnceWhenFirstUsedFromManyThreads() {
    for _ in 0..<20 {
      let made = Counter()
      let proxy = LazyProxy { () -> EnglishGreeter in
        made.increment()
        usleepMilliseconds(1)
        return EnglishGreeter()
      }
      let identities = Locked<Set<ObjectIdentifier>>([])
      DispatchQueue.concurrentPerform(iterations: 8) { _ in
        if let subject = try? proxy.resolvedSubject() { identities.withLock { _ = $0.insert(ObjectIdentifier(subject)) } }
      }
      #expect(made.value == 1)
      #expect(identities.withLock { $0.count } == 1)
    }
  }

  @Test func releasesTheSubjectWithTheProxy() throws {
    weak var subject: EnglishGreeter?
    do {
      let proxy = LazyProxy { EnglishGreeter() }
      subject = try proxy.resolvedSubject()
      #expect(subject != nil)
    }
    #expect(subject == nil)
  }

  @Test func aFailedCreationIsNotKept() throws {
    let attempts = Counter()
    let proxy = LazyProxy { () throws -> EnglishGreeter in
      if attempts.increment() == 1 { throw FactoryError(reason: "index not built") }
      return EnglishGreeter()
    }
    let greeter: any Greeter = proxy
    #expect(greeter.greet("Ada") == nil)  // the first creation fails: the fallback
    #expect(!proxy.isCreated)
    #expect(try greeter.shout("x") == "X")  // the next use creates it
    #expect(attempts.value == 2)
  }

  @Test func aThrowingCallReportsTheCreationFailureWithItsCause() {
    let proxy = LazyProxy { () throws -> EnglishGreeter in throw FactoryError(reason: "index not built") }
    let greeter: any Greeter = proxy
    let error = #expect(throws: ProxyError.self) { try greeter.shout("x") }
    #expect(error?.code == .creationFailed)
    #expect(error?.cause as? FactoryError == FactoryError(reason: "index not built"))
  }

  @Test func aFactoryThatUsesItsOwnProxyIsReportedNotDeadlocked() {
    let box = Locked<LazyProxy<EnglishGreeter>?>(nil)
    let proxy = LazyProxy { () throws -> EnglishGreeter in
      _ = try box.withLock { $0 }?.resolvedSubject()
      return EnglishGreeter()
    }
    box.withLock { $0 = proxy }
    let error = #expect(throws: ProxyError.self) { try proxy.resolvedSubject() }
    #expect(error?.code == .creationFailed)
    box.withLock { $0 = nil }
  }
}

struct ProtectionProxyTests {
  func proxy(allowing: Bool, denied: OrderLog) -> any Greeter {
    ProtectionProxy(
      EnglishGreeter(),
      policy: { access in access.isMutating && !allowing ? .deny("only curators may shout") : .allow },
      onDenied: { denied.append($0.description) })
  }

  @Test func allowedCallsReachTheSubject() throws {
    let greeter = proxy(allowing: true, denied: OrderLog())
    #expect(try greeter.shout("hi") == "HI")
    #expect(greeter.greet("Ada") == "Hello, Ada")
  }

  @Test func aDeniedThrowingCallThrowsATypedError() {
    let denied = OrderLog()
    let greeter = proxy(allowing: false, denied: denied)
    let error = #expect(throws: ProxyError.self) { try greeter.shout("hi") }
    #expect(error?.code == .accessDenied)
    #expect(error?.message == "only curators may shout")
    #expect(denied.entries == ["accessDenied: shout(_:): only curators may shout"])
  }

  @Test func aDeniedNonThrowingCallTakesTheFallbackAndIsReported() {
    let denied = OrderLog()
    let greeter = ProtectionProxy(EnglishGreeter(), policy: { _ in .deny("closed") }, onDenied: { denied.append($0.access.requirement) })
    #expect(greeter.greet("Ada") == nil)
    greeter.wave()
    #expect(denied.entries == ["greet(_:)", "wave()"])
  }
}

func usleepMilliseconds(_ milliseconds: Int) {
  let deadline = DispatchTime.now() + .milliseconds(milliseconds)
  while DispatchTime.now() < deadline {}
}
