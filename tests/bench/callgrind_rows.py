#!/usr/bin/env python3
"""Instructions per call beside the timed figures: benchmark rows under callgrind.

A shared machine blurs times by a third from one minute to the next; callgrind's instruction count
(Ir) does not move. For each row of `bench_collision` the filter picks, this script

1. times the rows the usual way (interleaved repetitions, median CPU time per iteration), unless
   --no-time, and
2. runs each row alone under `valgrind --tool=callgrind`, collecting only inside Google Benchmark's
   run loop (so the start-up checks in registration are not counted), and divides the inclusive
   instructions of the row's *unit* function by the number of times it was called.

The unit is what one call of the row means: the algorithm's run function for the pixel rows,
`FallingBlocksGame::step` for the game rows, and so on (the table below; --unit overrides it with a
regular expression matched against callgrind's demangled function names). Calls made from inside
another call of the unit (recursion) are not counted twice.

    tests/bench/callgrind_rows.py 'F/R/pixel-fast|rings/256/pixel-fast'
    tests/bench/callgrind_rows.py --no-time --unit 'cl::contactMap\\(' 'contact/default/map$'

Prints one line per row: name, median CPU time (with the load average it ran under), calls seen
under callgrind, and instructions per call. Needs valgrind; a row under callgrind runs about 50x
slower, so pick rows with the filter.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

# Row name (regular expression, searched) -> unit function (regular expression, matched at the start of
# callgrind's demangled name). First match wins.
UNITS = [
    (r"/hit-only-entry$", r"cl::pixelFastHitOnly\("),
    (r"/pixel-naive/", r"cl::pixelNaive\(cl::Body const&, cl::Body const&, cl::TestOptions const&\)"),
    (r"/pixel-step/", r"cl::pixelStep\(cl::Body const&, cl::Body const&, cl::TestOptions const&\)"),
    (r"/pixel-fast/", r"cl::pixelFast\(cl::Body const&, cl::Body const&, cl::TestOptions const&\)"),
    (r"/pixel-world/", r"cl::pixelWorld\("),
    (r"/pixel-rect/", r"cl::pixelRect\("),
    (r"^game/", r"cl::FallingBlocksGame::step\("),
    (r"/map$", r"cl::contactMap\("),
    # The whole baseline loop (hit-only calls through runAlgorithm, one per cell), so that its count and
    # the map's are the same unit and their ratio is the map's gain.
    (r"/map-by-tests$", r"cl::contactMapByTests\("),
    (r"/separation$", r"cl::separation\("),
    (r"^posemap/", r"cl::colliderPoseMap\("),
]

# Collection is switched on inside this function only (the innermost overload, so that nesting does
# not switch it off again).
COLLECT = ("benchmark::RunSpecifiedBenchmarks(benchmark::BenchmarkReporter*, benchmark::BenchmarkReporter*, "
           "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >)")


def default_bench():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, "..", "..", "build", "tests", "bench", "bench_collision")


def list_rows(bench, pattern):
    out = subprocess.run([bench, "--benchmark_list_tests=true", "--benchmark_filter=" + pattern],
                         check=True, capture_output=True, text=True).stdout
    return [line.strip() for line in out.splitlines() if line.strip()]


def unit_for(row, override):
    if override:
        return override
    for row_pattern, unit in UNITS:
        if re.search(row_pattern, row):
            return unit
    return None


def timed(bench, pattern, repetitions, min_time):
    """Median CPU time per iteration of every row, in ns, from one interleaved run."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        subprocess.run([bench, "--benchmark_filter=" + pattern, "--benchmark_min_time=%g" % min_time,
                        "--benchmark_repetitions=%d" % repetitions, "--benchmark_enable_random_interleaving=true",
                        "--benchmark_report_aggregates_only=true", "--benchmark_out=" + out.name,
                        "--benchmark_out_format=json", "--benchmark_format=json"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        data = json.load(open(out.name))
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
    times = {}
    for b in data["benchmarks"]:
        if b.get("aggregate_name") == "median":
            times[b["run_name"]] = b["cpu_time"] * scale[b.get("time_unit", "ns")]
    return times


def parse_callgrind(path, unit):
    """(calls, inclusive Ir) of every call into a function whose name matches `unit`, not counting calls
    made while already inside it. Expects an uncompressed file (--compress-strings=no --compress-pos=no)."""
    unit_re = re.compile(unit)
    calls = 0
    inclusive = 0
    fn = ""
    cfn = ""
    pending = None  # calls count of the last calls= line, its cost is on the next line
    with open(path) as f:
        for line in f:
            if pending is not None:
                fields = line.split()
                if unit_re.match(cfn) and not unit_re.match(fn):
                    calls += pending
                    inclusive += int(fields[1]) if len(fields) > 1 else 0
                pending = None
                continue
            if line.startswith("fn="):
                fn = line[3:].rstrip("\n")
            elif line.startswith("cfn="):
                cfn = line[4:].rstrip("\n")
            elif line.startswith("calls="):
                pending = int(line[6:].split()[0])
    return calls, inclusive


def literal(text):
    """`text` as a regular expression matching itself (Google Benchmark's regex dialect rejects Python's
    escapes of '-' and '/')."""
    return re.sub(r"([.^$*+?()\[\]{}|\\])", r"\\\1", text)


def instructions(bench, row, unit, min_time, extra):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, "--compress-strings=no",
               "--compress-pos=no", "--collect-atstart=no", "--toggle-collect=" + COLLECT, bench,
               "--benchmark_filter=^" + literal(row) + "$", "--benchmark_min_time=%g" % min_time] + extra
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return parse_callgrind(out, unit)


def human(ns):
    if ns is None:
        return "-"
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= scale:
            return "%.3g %s" % (ns / scale, unit)
    return "%.3g ns" % ns


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("filter", help="--benchmark_filter regular expression picking the rows")
    p.add_argument("--bench", default=default_bench(), help="the bench_collision executable")
    p.add_argument("--unit", help="regular expression of the function one call means (overrides the table)")
    p.add_argument("--no-time", action="store_true", help="only the callgrind counts")
    p.add_argument("--repetitions", type=int, default=5, help="timed repetitions (interleaved)")
    p.add_argument("--min-time", type=float, default=0.1, help="--benchmark_min_time of the timed run")
    p.add_argument("--callgrind-min-time", type=float, default=0.02,
                   help="--benchmark_min_time under callgrind (enough calls that the first, cold one is diluted)")
    args = p.parse_args()

    rows = list_rows(args.bench, args.filter)
    if not rows:
        sys.exit("no row matches %r" % args.filter)
    load = os.getloadavg()[0]
    times = {} if args.no_time else timed(args.bench, args.filter, args.repetitions, args.min_time)
    print("%-48s %12s %8s %16s" % ("row", "cpu (load %.1f)" % load, "calls", "Ir per call"))
    for row in rows:
        unit = unit_for(row, args.unit)
        if unit is None:
            print("%-48s %12s %8s %16s   (no unit function for this row: give --unit)" % (row, human(times.get(row)), "-", "-"))
            continue
        calls, ir = instructions(args.bench, row, unit, args.callgrind_min_time, [])
        per = "%d" % round(ir / calls) if calls else "-"
        print("%-48s %12s %8d %16s" % (row, human(times.get(row)), calls, per), flush=True)


if __name__ == "__main__":
    main()
