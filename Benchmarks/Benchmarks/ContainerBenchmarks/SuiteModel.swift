// The model types only this suite builds; the ones `surrogate-bench` builds too are in Model.swift
// (a symbolic link to Sources/SurrogateBench/Model.swift).

// NB: S1's protocols are class-bound here, where `surrogate-bench`'s are not, so that each suite
// keeps measuring what it always has.
protocol ViewProtocol: AnyObject {}
protocol Loader: AnyObject {}
protocol Analytics: AnyObject {}

/// S8: a type per registration, one family per system.
final class FreshForSurrogate<T> {}
final class FreshForSwinject<T> {}
