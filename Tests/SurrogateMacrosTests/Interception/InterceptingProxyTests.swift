import Surrogate
import SurrogateMacros
import Testing

struct InterceptingProxyTests {
  @Test func everyKindOfForwardedCallIsSeenBeforeAndAfter() async throws {
    let recorder = CallRecorder()
    let pantry: any Pantry = InterceptingProxy<any Pantry>(LocalPantry(), interceptors: [recorder])
    pantry.stock("rice")
    #expect(pantry.firstItem() == "flour")
    #expect(try pantry.count() == 2)
    #expect(try pantry.take("rice") == "rice")
    await pantry.restock()
    #expect(try await pantry.fetch("sugar") == "sugar")
    #expect(pantry.label == "pantry")
    pantry.shelf = "bottom"
    #expect(pantry.shelf == "bottom")
    #expect(pantry[0] == "flour")
    let requirements = [
      "stock(_:)", "firstItem()", "count()", "take(_:)", "restock()", "fetch(_:)", "label", "shelf", "shelf",
      "subscript(_:)",
    ]
    #expect(recorder.recorded == requirements.flatMap { ["→ \($0)", "← \($0)"] })
  }

  @Test func aThrownErrorReachesBothTheHookAndTheCaller() async throws {
    let recorder = CallRecorder()
    let pantry: any Pantry = InterceptingProxy<any Pantry>(LocalPantry(), interceptors: [recorder])
    #expect(throws: OutOfStock()) { try pantry.take("saffron") }
    #expect(recorder.recorded == ["→ take(_:)", "← take(_:) threw"])
    #expect(recorder.lastOutcome?.error is OutOfStock)
    await #expect(throws: OutOfStock()) { try await pantry.fetch("saffron") }
    #expect(recorder.recorded.last == "← fetch(_:) threw")
  }

  @Test func aTypedThrowsCallIsSeenAndItsErrorKeepsItsType() throws {
    let recorder = CallRecorder()
    let pantry: any Pantry = InterceptingProxy<any Pantry>(LocalPantry(), interceptors: [recorder])
    #expect(try pantry.weigh("flour") == 500)
    do throws(OutOfStock) {
      _ = try pantry.weigh("saffron")
      Issue.record("weighing what is not there returned")
    } catch {
      #expect(error == OutOfStock())  // typed: `error` is an OutOfStock
    }
    #expect(recorder.recorded == ["→ weigh(_:)", "← weigh(_:)", "→ weigh(_:)", "← weigh(_:) threw"])
  }

  @Test func theOutcomeSaysHowLongTheCallTook() async throws {
    let recorder = CallRecorder()
    let pantry: any Pantry = InterceptingProxy<any Pantry>(LocalPantry(), interceptors: [recorder])
    _ = try await pantry.fetch("flour")  // sleeps 20 ms
    let outcome = try #require(recorder.lastOutcome)
    #expect(outcome.access == ProxyAccess("fetch(_:)"))
    #expect(outcome.duration >= .milliseconds(20))
    #expect(!outcome.threw)
  }

  @Test func interceptorsRunInOrderTheFirstOutermost() {
    let outer = CallRecorder("outer ")
    let inner = CallRecorder("inner ")
    let both = CallRecorder()
    let pantry: any Pantry = InterceptingProxy<any Pantry>(LocalPantry(), interceptors: [outer, inner, both])
    pantry.stock("salt")
    #expect(outer.recorded == ["outer → stock(_:)", "outer ← stock(_:)"])
    #expect(inner.recorded == ["inner → stock(_:)", "inner ← stock(_:)"])
    #expect(both.recorded == ["→ stock(_:)", "← stock(_:)"])
    let nested = InterceptingProxy<any Pantry>(
      InterceptingProxy<any Pantry>(LocalPantry(), interceptors: [inner]), interceptors: [outer])
    nested.stock("pepper")
    #expect(outer.recorded.count == 4)
    #expect(inner.recorded.count == 4)
  }

  @Test func withNoInterceptorsACallGoesStraightToTheSubject() async throws {
    let local = LocalPantry()
    let proxy = InterceptingProxy<any Pantry>(local)
    let pantry: any Pantry = proxy
    pantry.stock("oats")
    #expect(try await pantry.fetch("oats") == "oats")
    #expect(proxy.subject === local)
    #expect(proxy.interceptors.isEmpty)
  }

  @Test func aWrappingInterceptorRunsTheCallInsideIt() async {
    let reader = ScopeReader()
    let pantry: any Pantry = InterceptingProxy<any Pantry>(reader, interceptors: [RequirementInScope()])
    pantry.stock("tea")
    await pantry.restock()
    #expect(reader.recorded == ["stock(_:)", "restock()"])
  }

  @Test func aDecoratorPutsTheProxyInFrontOfEveryInstance() throws {
    let recorder = CallRecorder()
    let container = Container()
    container.register(.singleton) { LocalPantry() }.implements((any Pantry).self)
    container.decorate((any Pantry).self) { _, inner in InterceptingProxy(inner, interceptors: [recorder]) }
    let pantry = try container.resolve((any Pantry).self)
    #expect(pantry is InterceptingProxy<any Pantry>)
    pantry.stock("honey")
    #expect(recorder.recorded == ["→ stock(_:)", "← stock(_:)"])
  }
}
