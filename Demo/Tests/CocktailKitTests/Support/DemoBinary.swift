import Foundation

/// Runs the built `surrogate-demo` executable as a subprocess.
///
/// SwiftPM builds the test bundle into the same products directory as the package's executables
/// (`.build/<triple>/<configuration>/`, or under `--scratch-path`), so the binary sits next to
/// the running test process, whichever configuration and scratch path built it.
enum DemoBinary {
  struct Run {
    let status: Int32
    /// Whether a signal ended the process (a crash), rather than `exit`.
    let crashed: Bool
    let output: String
    let errors: String
    var outputLines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
  }

  static var url: URL {
    get throws {
      let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
        .compactMap {
          $0?.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("surrogate-demo")
        }
      guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
        throw NotBuilt(searched: candidates.map(\.path))
      }
      return found
    }
  }

  struct NotBuilt: Error, CustomStringConvertible {
    let searched: [String]
    var description: String { "surrogate-demo is not built next to the tests; looked at \(searched)" }
  }

  /// Runs the demo with `arguments` and waits for it to exit.
  ///
  /// - Parameter environment: Variables to set or replace in the test's own environment.
  static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Run {
    let process = Process()
    process.executableURL = try url
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "surrogate-demo-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Files, not pipes: a full pipe would block the demo while nothing reads it.
    let outputURL = folder.appendingPathComponent("stdout")
    let errorsURL = folder.appendingPathComponent("stderr")
    try Data().write(to: outputURL)
    try Data().write(to: errorsURL)
    let output = try FileHandle(forWritingTo: outputURL)
    let errors = try FileHandle(forWritingTo: errorsURL)
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    let (status, crashed) = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<(Int32, Bool), any Error>) in
      process.terminationHandler = {
        continuation.resume(returning: ($0.terminationStatus, $0.terminationReason == .uncaughtSignal))
      }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
      }
    }
    try output.close()
    try errors.close()
    return Run(
      status: status, crashed: crashed, output: try String(contentsOf: outputURL, encoding: .utf8),
      errors: try String(contentsOf: errorsURL, encoding: .utf8))
  }
}
