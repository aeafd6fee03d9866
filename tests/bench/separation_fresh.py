#!/usr/bin/env python3
"""One separation in many fresh processes: medians of separation_once's figures.

Runs each given separation_once binary (default: this tree's) RUNS times, the binaries interleaved so that
they share the load, each run a new process making CALLS calls (default 3) on SCENE (default speed-512.json),
and prints per binary the median, least and greatest wall and CPU time and page faults of the first call (the
fresh-process figure) and of the later calls (a warm process), with the load average before and after.

    tests/bench/separation_fresh.py
    tests/bench/separation_fresh.py --runs 40 /tmp/before/separation_once build/tests/bench/separation_once
"""

import argparse
import os
import re
import statistics
import subprocess
import sys

LINE = re.compile(r"call (\d+): wall ([\d.]+) ms, cpu ([\d.]+) ms, minor faults (\d+), major faults (\d+), tests (\d+), "
                  r"cell \((-?\d+), (-?\d+)\)")


def default_binary():
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, "..", "..", "build", "tests", "bench", "separation_once")


def spread(values):
    return "%.3f (%.3f to %.3f)" % (statistics.median(values), min(values), max(values))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("binaries", nargs="*", help="separation_once executables (default: this tree's)")
    p.add_argument("--runs", type=int, default=20, help="processes per binary (1 to 1000)")
    p.add_argument("--calls", type=int, default=3, help="calls per process (1 to 100)")
    p.add_argument("--scene", default="speed-512.json", help="a file name in assets/scenes/")
    args = p.parse_args()
    if not 1 <= args.runs <= 1000 or not 1 <= args.calls <= 100:
        p.error("--runs must be 1 to 1000 and --calls 1 to 100")
    binaries = args.binaries or [default_binary()]
    first = {b: [] for b in binaries}
    later = {b: [] for b in binaries}
    answers = {b: set() for b in binaries}
    load_before = os.getloadavg()[0]
    for _ in range(args.runs):
        for b in binaries:
            out = subprocess.run([b, args.scene, str(args.calls)], check=True, capture_output=True, text=True).stdout
            for m in LINE.finditer(out):
                call, wall, cpu, minor = int(m.group(1)), float(m.group(2)), float(m.group(3)), int(m.group(4))
                (first if call == 1 else later)[b].append((wall, cpu, minor))
                answers[b].add((m.group(7), m.group(8), m.group(6)))
    load_after = os.getloadavg()[0]
    print("%s, %d processes per binary, %d calls each; load average %.1f before, %.1f after"
          % (args.scene, args.runs, args.calls, load_before, load_after))
    for b in binaries:
        print(b)
        for label, rows in (("first call", first[b]), ("later calls", later[b])):
            if not rows:
                continue
            print("  %-11s wall ms %s, cpu ms %s, minor faults %s" % (
                label, spread([r[0] for r in rows]), spread([r[1] for r in rows]),
                spread([float(r[2]) for r in rows])))
        print("  answers (cell x, cell y, tests):", ", ".join(sorted(" ".join(a) for a in answers[b])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
