/// SplitMix64: a small, fast generator whose whole state is one seed, so that any random case can
/// be replayed from the number printed when it fails.
package struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The seed of case `index` of a run started with `seed`: independent of every other case, so
  /// one case replays without running the ones before it.
  package static func caseSeed(run seed: UInt64, index: Int) -> UInt64 {
    var generator = SeededGenerator(seed: seed ^ (UInt64(index) &* 0xD6E8_FEB8_6659_FD93))
    return generator.next()
  }

  package mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
}
