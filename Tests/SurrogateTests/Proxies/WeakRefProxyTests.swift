import SuiteSupport
import Surrogate
import Testing

struct WeakRefProxyTests {
  @Test func forwardsWhileTheObjectIsAlive() throws {
    let greeter = EnglishGreeter()
    let proxy: any Greeter = WeakRefProxy(greeter)
    #expect(proxy.greet("Ada") == "Hello, Ada")
    proxy.wave()
    #expect(greeter.waves.value == 1)
    #expect(try proxy.shout("hi") == "HI")
  }

  @Test func whenTheObjectIsGoneVoidCallsDoNothingAndOptionalsAreNil() {
    let proxy: any Greeter = WeakRefProxy(EnglishGreeter())
    proxy.wave()
    #expect(proxy.greet("Ada") == nil)
    let error = #expect(throws: ProxyError.self) { try proxy.shout("hi") }
    #expect(error?.code == .subjectReleased)
    #expect(error?.description == "subjectReleased: shout(_:): EnglishGreeter has been released")
  }

  @Test func holdsItsObjectWeakly() {
    weak var released: EnglishGreeter?
    var proxy: WeakRefProxy<EnglishGreeter>?
    do {
      let greeter = EnglishGreeter()
      released = greeter
      proxy = WeakRefProxy(greeter)
    }
    #expect(released == nil)
    #expect(proxy?.object == nil)
    #expect(WeakRefProxy<EnglishGreeter>.holdsSubjectWeakly)
  }

  @Test func aProxyThroughAnExistentialOfAnInternalProtocolCallsTheRightObject() {
    // The shape Swift 6.3.1 miscompiles under -O -wmo when the proxy is a peer-macro class: an
    // internal protocol, one conforming class, the proxy used through `any P`. The suite runs in
    // release mode in CI.
    let first = EnglishGreeter(prefix: "Hello")
    let second = EnglishGreeter(prefix: "Hi")
    let proxies: [any Greeter] = [WeakRefProxy(first), WeakRefProxy(second), first]
    #expect(proxies.map { $0.greet("Ada") } == ["Hello, Ada", "Hi, Ada", "Hello, Ada"])
    for proxy in proxies { proxy.wave() }
    #expect(first.waves.value == 2)
    #expect(second.waves.value == 1)
  }
}
