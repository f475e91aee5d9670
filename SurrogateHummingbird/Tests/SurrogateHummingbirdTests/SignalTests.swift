import Foundation
import Testing

/// The example server as its own process: SIGTERM stops it gracefully.
@Suite struct SignalTests {
  /// The server's binary, next to this test bundle in the build folder.
  static var serverBinary: URL {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var folder = bundle.deletingLastPathComponent()
    while !folder.path.hasSuffix("/debug") && !folder.path.hasSuffix("/release") && folder.path != "/" {
      folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent("surrogate-notes-server")
  }

  /// Reads a line (or everything up to the end) off the cooperative pool.
  static func read(_ handle: FileHandle, untilEnd: Bool) async -> String {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var data = Data()
        while true {
          let byte = handle.readData(ofLength: 1)
          if byte.isEmpty || (!untilEnd && byte.first == UInt8(ascii: "\n")) { break }
          data += byte
        }
        continuation.resume(returning: String(decoding: data, as: UTF8.self))
      }
    }
  }

  @Test(.timeLimit(.minutes(1))) func sigtermAnswersTheRequestsInFlightThenStopsInReverseOrder() async throws {
    let binary = Self.serverBinary
    try #require(
      FileManager.default.isExecutableFile(atPath: binary.path),
      "no \(binary.path): build the package's products first (`swift build --build-tests`)")
    let process = Process()
    process.executableURL = binary
    process.arguments = ["--port", "0", "--log-level", "warning"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    let banner = await Self.read(output.fileHandleForReading, untilEnd: false)
    let port = try #require(banner.split(separator: ":").last.flatMap { Int($0) }, "banner: \(banner)")

    // The requests work 300 ms each; the signal comes once all 8 were sent, while they are in
    // flight.
    let (sent, sentContinuation) = AsyncStream.makeStream(of: Void.self)
    let client = LoopbackClient(port: port, sent: { sentContinuation.yield() })
    async let answers = client.send([LoopbackClient.Call](repeating: .post("/notes/slow", "slow"), count: 8), width: 8)
    var sentCount = 0
    for await _ in sent {
      sentCount += 1
      if sentCount == 8 { break }
    }
    try await Task.sleep(for: .milliseconds(50))
    kill(process.processIdentifier, SIGTERM)
    let answered = try await answers
    #expect(answered.allSatisfy { $0.status == 200 }, "no request lost: \(answered)")

    let rest = await Self.read(output.fileHandleForReading, untilEnd: true).split(separator: "\n").map(String.init)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(
      rest.contains("stopped: http server stopped, stats reporter stopped, purger stopped, pool closed (0 leased)"))
    #expect(rest.contains("units of work: 8 began, 8 committed, 0 rolled back, 8 disposed"), "\(rest)")
  }
}
