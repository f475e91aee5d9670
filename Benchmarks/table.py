#!/usr/bin/env python3
"""Prints one table from package-benchmark `jsonSmallerIsBetter` exports:
ns/op and allocations/op for every scenario and system, and the ratio to hand-written.
Given the exports of several runs, each value is the median across them."""
import json
import statistics
import sys
from collections import defaultdict

SYSTEMS = ["hand-written", "Surrogate", "Swinject"]
ORDER = ["S1", "S2", "S3", "S3-tagged", "S4-types-10", "S4-types-1000", "S4-types-100000", "S4-tags-10",
         "S4-tags-1000", "S4-tags-100000", "S4-register-100000", "S5-1-threads", "S5-2-threads", "S6", "S7", "P1", "P1-lazy", "P1-weak",
         "P2-decorated", "P2-intercept-0", "P2-intercept-1", "server-flat", "server-child", "server-args", "screen",
         "sync-singleton", "async-singleton"]


def main(paths):
    samples = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for path in paths:
        for entry in json.load(open(path)):
            name, metric = entry["name"].rsplit(" - ", 1)
            scenario, system = name.rsplit(" ", 1)
            key = "ns" if metric.startswith("Time") else "mallocs" if metric.startswith("Malloc") else None
            if key:
                samples[scenario][system][key].append(entry["value"])
    results = defaultdict(dict)
    for scenario, systems in samples.items():
        for system, values in systems.items():
            results[scenario][system] = {key: statistics.median_low(found) for key, found in values.items()}
    header = f"| {'scenario':<20} | {'system':<12} | {'ns/op':>12} | {'allocs/op':>9} | {'vs hand-written':>15} |"
    print(header)
    print("|" + "|".join("-" * (len(cell)) for cell in header.split("|")[1:-1]) + "|")
    for scenario in sorted(results, key=lambda s: ORDER.index(s) if s in ORDER else len(ORDER)):
        systems = results[scenario]
        base = systems.get("hand-written", {}).get("ns")
        for system in [s for s in SYSTEMS if s in systems]:
            ns = systems[system].get("ns")
            mallocs = systems[system].get("mallocs", "")
            ratio = f"{ns / base:.1f}x" if base and ns is not None and system != "hand-written" and not scenario.startswith("S5") else ""
            print(f"| {scenario:<20} | {system:<12} | {ns if ns is not None else '':>12} | {mallocs:>9} | {ratio:>15} |")
    for system in ["hand-written", "Surrogate", "Swinject"]:
        one = results.get("S5-1-threads", {}).get(system, {}).get("ns")
        two = results.get("S5-2-threads", {}).get(system, {}).get("ns")
        if one and two:
            print(f"\nS5 {system}: 2-thread throughput = {2 * one / two:.2f}x 1-thread")
    for system in ["Surrogate", "Swinject"]:
        small = results.get("S4-tags-10", {}).get(system, {}).get("ns")
        large = results.get("S4-tags-100000", {}).get(system, {}).get("ns")
        if small and large:
            print(f"S4 {system}: tagged lookup among 100,000 vs 10 = {large / small:.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
