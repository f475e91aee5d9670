// Registering types the process has never seen (issue #25, item 2), one system per process:
//
//   swift run -c release --package-path Benchmarks fresh-types surrogate 100000
//   swift run -c release --package-path Benchmarks fresh-types swinject 100000
//   swift run -c release --package-path Benchmarks fresh-types floor 100000
//
// A type's metadata is made the first time the process uses it, so only a fresh process measures
// what a new type costs; the benchmark suite's S8 runs both systems in one process instead.
// Each run registers `count` distinct generic types from generic code (`Fresh<Left<Right<Int>>>`
// and so on) and prints the time taken and the growth of resident memory divided by `count`.
// `floor` only makes each type's own metadata: what any container pays before its own work.
import Foundation
import Surrogate
import Swinject

final class Fresh<T> {}
enum Left<T> {}
enum Right<T> {}

/// Where `floor` puts each type, so that the optimizer keeps making it.
final class Sink {
  var last: Any.Type = Int.self
}

enum System: String {
  case surrogate, swinject, floor
}

func register<T>(
  _ type: T.Type, depth: Int, remaining: inout Int, surrogate: Surrogate.Container?, swinject: Swinject.Container?,
  sink: Sink
) {
  guard remaining > 0 else { return }
  if let surrogate {
    surrogate.register(.singleton) { Fresh<T>() }
  } else if let swinject {
    swinject.register(Fresh<T>.self) { _ in Fresh<T>() }.inObjectScope(.container)
  } else {
    sink.last = Fresh<T>.self
  }
  remaining -= 1
  guard depth > 0 else { return }
  register(Left<T>.self, depth: depth - 1, remaining: &remaining, surrogate: surrogate, swinject: swinject, sink: sink)
  register(Right<T>.self, depth: depth - 1, remaining: &remaining, surrogate: surrogate, swinject: swinject, sink: sink)
}

func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = text.split(separator: " ")
  return fields.count > 1 ? (Int(fields[1]) ?? 0) * 4096 : 0
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let system = System(rawValue: arguments[1]), let count = Int(arguments[2]), count > 0,
  count < 1 << 18
else {
  print("usage: fresh-types surrogate|swinject|floor COUNT (1 to 262,143)")
  exit(2)
}
let surrogate = system == .surrogate ? Surrogate.Container() : nil
let swinject = system == .swinject ? Swinject.Container() : nil
let sink = Sink()
var remaining = count
let before = residentBytes()
let start = ContinuousClock.now
register(Int.self, depth: 17, remaining: &remaining, surrogate: surrogate, swinject: swinject, sink: sink)
let elapsed = ContinuousClock.now - start
let perType = (residentBytes() - before) / count
print("\(system.rawValue) \(count) types: \(elapsed), \(perType) bytes resident a type")
withExtendedLifetime((surrogate, swinject, sink)) {}
