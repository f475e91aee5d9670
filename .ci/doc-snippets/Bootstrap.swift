// The app of the Bootstrap article: a crash reporter made at launch, and a feature's service.
import Surrogate

final class CrashReporter {}
final class FeatureFlags {}
