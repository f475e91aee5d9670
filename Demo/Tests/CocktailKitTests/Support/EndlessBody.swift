import FlyingFox
import FlyingSocks

/// A response body that never ends: `chunk`, again and again, each after `pause`. The loopback
/// fault server sends it until the client goes away or the server stops.
struct EndlessBody: AsyncBufferedSequence {
  typealias Element = UInt8

  let chunk: [UInt8]
  let pause: Duration

  func makeAsyncIterator() -> Iterator { Iterator(chunk: chunk, pause: pause) }

  struct Iterator: AsyncBufferedIteratorProtocol {
    let chunk: [UInt8]
    let pause: Duration

    mutating func next() async throws -> UInt8? { try await nextBuffer(suggested: 1)?.first }

    mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
      if pause > .zero { try await Task.sleep(for: pause) }
      try Task.checkCancellation()
      return chunk.prefix(Swift.max(1, count))
    }
  }
}
