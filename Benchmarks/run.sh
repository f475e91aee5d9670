#!/usr/bin/env bash
# Runs every scenario for Surrogate, Swinject and hand-written code in one release run, then
# prints one table: ns/op, allocations/op and the ratio to hand-written.
#   Benchmarks/run.sh            (about two minutes on a 2-core machine)
#   RUNS=3 Benchmarks/run.sh     (the median of three runs, for a noisy machine)
set -euo pipefail
cd "$(dirname "$0")"
out=$(mktemp -d)
for run in $(seq 1 "${RUNS:-1}"); do
  mkdir -p "$out/$run"
  swift package --build-path ../.build-benchmarks benchmark --format jsonSmallerIsBetter --path "$out/$run" --no-progress >"$out/log" 2>&1 ||
    { cat "$out/log"; exit 1; }
done
python3 table.py "$out"/*/*.json
