import NIOCore
import NIOHTTP1
import NIOPosix

/// A small HTTP/1.1 client over 127.0.0.1: one connection per request (`connection: close`).
struct LoopbackClient {
  struct Answer: Sendable, Equatable {
    var status: Int
    var body: String
  }

  struct Call: Sendable {
    var method: HTTPMethod
    var path: String
    var body: String?

    static func get(_ path: String) -> Call { Call(method: .GET, path: path, body: nil) }
    static func post(_ path: String, _ body: String) -> Call { Call(method: .POST, path: path, body: body) }
  }

  let port: Int
  /// Called when a request was sent whole.
  var sent: @Sendable () -> Void = {}

  func send(_ call: Call) async throws -> Answer {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connect(host: "127.0.0.1", port: port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHTTPClientHandlers()
          return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
            wrappingChannelSynchronously: channel)
        }
      }
    return try await channel.executeThenClose { inbound, outbound in
      var headers: HTTPHeaders = ["host": "127.0.0.1", "connection": "close"]
      headers.add(name: "content-length", value: "\(call.body?.utf8.count ?? 0)")
      try await outbound.write(
        .head(HTTPRequestHead(version: .http1_1, method: call.method, uri: call.path, headers: headers)))
      if let body = call.body { try await outbound.write(.body(.byteBuffer(ByteBuffer(string: body)))) }
      try await outbound.write(.end(nil))
      sent()
      var answer = Answer(status: 0, body: "")
      for try await part in inbound {
        switch part {
        case .head(let head): answer.status = Int(head.status.code)
        case .body(let buffer): answer.body += String(buffer: buffer)
        case .end: return answer
        }
      }
      throw ConnectionClosedEarly(path: call.path)
    }
  }

  /// Sends every call, at most `width` at a time; the answers in the calls' order.
  func send(_ calls: [Call], width: Int) async throws -> [Answer] {
    try await withThrowingTaskGroup(of: (Int, Answer).self) { group in
      var answers = [Answer?](repeating: nil, count: calls.count)
      var next = 0
      while next < min(width, calls.count) {
        let index = next
        group.addTask { (index, try await send(calls[index])) }
        next += 1
      }
      while let (index, answer) = try await group.next() {
        answers[index] = answer
        if next < calls.count {
          let index = next
          group.addTask { (index, try await send(calls[index])) }
          next += 1
        }
      }
      return answers.map { $0! }
    }
  }
}

struct ConnectionClosedEarly: Error {
  let path: String
}
