// SuiteSupport is a library target, not a test target: Testing is imported where the toolchain
// offers it to one, as SurrogateTesting does.
#if canImport(Testing)
  import Testing

  extension Trait where Self == TimeLimitTrait {
    /// The time limit of a suite whose tests could hang if the library regressed (threads or tasks
    /// waiting for each other): a hang fails the suite instead of stopping the run.
    ///
    /// NB: ten minutes, far above what any of these tests needs, because Swift Testing counts a
    /// test's time from when the run starts it, not from when a thread runs it. Under
    /// ThreadSanitizer in CI, the whole suite on two busy cores (the release AddressSanitizer build
    /// runs beside it), tests that take milliseconds reported 115 seconds, and a one-minute limit
    /// failed 28 of them. The tests themselves bound their waits (`outcomes(onThreads:within:)`).
    package static var hangGuard: Self { .timeLimit(.minutes(10)) }
  }
#endif
