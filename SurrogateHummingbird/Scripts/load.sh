#!/usr/bin/env bash
# The example server under load, composed by the container and wired by hand, side by side (not
# run in CI). Builds surrogate-notes-server in release, starts one process per wiring on
# 127.0.0.1, adds one note to each, then runs wrk (2 threads, 32 connections) against
# `GET /notes/1` (a unit of work per request: lease, read, commit, dispose) for ROUNDS rounds of
# SECONDS seconds per wiring, interleaved, after a warm-up. Then it keeps loading each server until
# it has answered at least 1,000,000 requests since the warm-up, and prints its resident memory
# (VmRSS) after the warm-up and at the end.
#
# Besides requests per second it prints the server's CPU time per request (user + system, from
# /proc/PID/stat), which depends less on what else the machine runs than the rate does: on a
# shared machine, compare that.
#
# Usage: SurrogateHummingbird/Scripts/load.sh [ROUNDS] [SECONDS]   (defaults: 3 rounds of 20 s)
# Needs wrk (apt-get install -y wrk) and curl.
set -euo pipefail
package="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$package/.." && pwd)"
rounds="${1:-3}"
seconds="${2:-20}"
wiring_names=(container by-hand)
declare -A ports=([container]=18081 [by-hand]=18082) pids=() rss_start=() served=() rates=() cpus=()

swift build -c release --package-path "$package" --scratch-path "$root/.build" --product surrogate-notes-server
binary="$root/.build/release/surrogate-notes-server"

stop_servers() {
  for wiring in "${!pids[@]}"; do kill -TERM "${pids[$wiring]}" 2>/dev/null || true; done
  for wiring in "${!pids[@]}"; do wait "${pids[$wiring]}" 2>/dev/null || true; done
}
trap stop_servers EXIT

rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }
# The process's CPU time so far (user + system), in clock ticks.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
ticks_per_second="$(getconf CLK_TCK)"

# Runs wrk for $2 seconds against wiring $1; prints "requests rate".
load() {
  local out
  out="$(wrk -t2 -c32 -d"$2"s "http://127.0.0.1:${ports[$1]}/notes/1")"
  echo "$(echo "$out" | awk '/requests in/ { print $1 }') $(echo "$out" | awk '/^Requests\/sec:/ { print $2 }')"
  if echo "$out" | grep -q "Non-2xx"; then
    echo "FAILED: non-2xx answers from $1" >&2
    echo "$out" >&2
    exit 1
  fi
}

for wiring in "${wiring_names[@]}"; do
  "$binary" --wiring "$wiring" --port "${ports[$wiring]}" --log-level warning &
  pids[$wiring]=$!
done
for wiring in "${wiring_names[@]}"; do
  for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:${ports[$wiring]}/notes" && break || sleep 0.2; done
  curl -sf -X POST --data "the note under load" "http://127.0.0.1:${ports[$wiring]}/notes" >/dev/null
done

for wiring in "${wiring_names[@]}"; do
  load "$wiring" 5 >/dev/null
  rss_start[$wiring]="$(rss_kib "${pids[$wiring]}")"
  served[$wiring]=0
  rates[$wiring]=""
  cpus[$wiring]=""
done

for round in $(seq "$rounds"); do
  for wiring in "${wiring_names[@]}"; do
    before="$(cpu_ticks "${pids[$wiring]}")"
    read -r requests rate < <(load "$wiring" "$seconds")
    cpu="$(awk -v t="$(($(cpu_ticks "${pids[$wiring]}") - before))" -v n="$requests" -v hz="$ticks_per_second" \
      'BEGIN { printf "%.1f", t / hz * 1e6 / n }')"
    served[$wiring]=$((served[$wiring] + requests))
    rates[$wiring]="${rates[$wiring]} $rate"
    cpus[$wiring]="${cpus[$wiring]} $cpu"
    echo "round $round, $wiring: $rate requests/s, $cpu µs of CPU a request"
  done
done

for wiring in "${wiring_names[@]}"; do
  while [ "${served[$wiring]}" -lt 1000000 ]; do
    read -r requests _ < <(load "$wiring" "$seconds")
    served[$wiring]=$((served[$wiring] + requests))
  done
done

echo
mean() { echo "$@" | tr ' ' '\n' | awk 'NF { sum += $1; n++ } END { printf "%.1f", sum / n }'; }
for wiring in "${wiring_names[@]}"; do
  echo "$wiring: mean $(mean ${rates[$wiring]}) requests/s (rounds:${rates[$wiring]}), CPU a request (µs):${cpus[$wiring]}; RSS ${rss_start[$wiring]} KiB after the warm-up, $(rss_kib "${pids[$wiring]}") KiB after ${served[$wiring]} more requests"
done
awk -v c="$(mean ${rates[container]})" -v h="$(mean ${rates[by-hand]})" \
  -v cc="$(mean ${cpus[container]})" -v hc="$(mean ${cpus[by-hand]})" \
  'BEGIN { printf "container / by hand: %.3f of the rate, %.3f of the CPU a request\n", c / h, cc / hc }'
