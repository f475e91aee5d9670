@testable import CocktailKit
import Surrogate
import Synchronization

/// A terminal that keeps what the view wrote, for assertions.
final class RecordingTerminal: Terminal {
  private let lines = Mutex<(output: [String], errors: [String])>(([], []))

  var output: [String] { lines.withLock(owner: self) { $0.output } }
  var errors: [String] { lines.withLock(owner: self) { $0.errors } }
  var text: String { output.joined(separator: "\n") }

  func write(_ line: String) { lines.withLock(owner: self) { $0.output.append(line) } }
  func writeError(_ line: String) { lines.withLock(owner: self) { $0.errors.append(line) } }
}
