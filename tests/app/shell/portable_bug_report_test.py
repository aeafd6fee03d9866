#!/usr/bin/env python3
"""A bug report is portable: saved on a machine with a display, it passes `check --verify` on one without
(ctest runs this through xvfb-run; label `display`: the report is saved where gpu runs).

usage: portable_bug_report_test.py COLLISION_LAB LESSON.json

1. `--save-bug-report` (the dialog's own save, default choices) records every test but gpu, which needs a
   display: the file passes `check --verify` with the display and under `env -u DISPLAY`, without a notice.
2. The same report with a gpu expectation added (as the dialog's "and the tests that need a display" records
   it; the entry is taken from `check --print-expect` with the display): passes with the display; without one
   it passes (exit 0) with a notice naming the skipped gpu expectation, and `--verify --strict` fails (exit 1).
3. `--strict` without `--verify` is refused (exit 2, the option named).
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import fail, fresh_env  # noqa: E402


def run(args, env, display=True):
    if not display:
        env = {k: v for k, v in env.items() if k != "DISPLAY"}
    return subprocess.run(args, capture_output=True, text=True, timeout=120, env=env)


def expect_status(result, status, what):
    if result.returncode != status:
        fail(f"{what}: exit {result.returncode}, not {status}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}")


def main():
    app, lesson = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if not os.environ.get("DISPLAY"):
        fail("run this under xvfb-run: the report is saved where gpu runs")
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        report = os.path.join(work, "report.json")
        result = subprocess.run([app, lesson, "--frames", "3", "--save-bug-report", report], capture_output=True,
                                text=True, timeout=120, env=env, cwd=work)
        if result.returncode != 0 or not os.path.exists(report):
            fail(f"--save-bug-report failed: {result.stdout}\n{result.stderr}")
        with open(report) as f:
            data = json.load(f)
        (pair, tests), = data["expect"].items()
        if "gpu" in tests or "pixel-fast" not in tests:
            fail(f"the default report should record every test but gpu, it records {sorted(tests)}")
        print(f"ok: the report records {len(tests)} tests of {pair}, not gpu")

        for display in (True, False):
            where = "with a display" if display else "under env -u DISPLAY"
            result = run([app, "check", report, "--verify"], env, display)
            expect_status(result, 0, f"check --verify {where}")
            if "verify: passed" not in result.stdout or "notice" in result.stderr:
                fail(f"check --verify {where}: not a plain pass:\n{result.stdout}\n{result.stderr}")
            print(f"ok: the report passes check --verify {where}, no notice")

        printed = run([app, "check", report, "--print-expect"], env)
        expect_status(printed, 0, "check --print-expect with a display")
        gpu = json.loads(printed.stdout)[pair]["gpu"]
        if gpu.get("hit") is not True:
            fail(f"gpu does not answer with the display: {gpu}")
        data["expect"][pair]["gpu"] = gpu
        with_gpu = os.path.join(work, "report-gpu.json")
        with open(with_gpu, "w") as f:
            json.dump(data, f)

        result = run([app, "check", with_gpu, "--verify"], env)
        expect_status(result, 0, "check --verify of the report with gpu, with a display")
        if "notice" in result.stderr:
            fail(f"a notice where gpu ran: {result.stderr}")
        print("ok: the report with gpu passes check --verify with a display")

        result = run([app, "check", with_gpu, "--verify"], env, display=False)
        expect_status(result, 0, "check --verify of the report with gpu, under env -u DISPLAY")
        notice = f"notice: 1 recorded expectation(s) cannot be checked here and were skipped: {pair} gpu (gpu: no X display"
        if notice not in result.stderr:
            fail(f"no notice naming the skipped gpu expectation on stderr:\n{result.stderr}")
        if f"{pair} gpu: not available here (skipped)" not in result.stdout or "verify: passed" not in result.stdout:
            fail(f"the table does not list gpu as skipped:\n{result.stdout}")
        print("ok: without a display it passes with a notice: " + result.stderr.strip())

        result = run([app, "check", with_gpu, "--verify", "--json"], env, display=False)
        expect_status(result, 0, "check --verify --json of the report with gpu, under env -u DISPLAY")
        verified = json.loads(result.stdout)["verify"]
        if not verified["passed"] or verified["unavailable"] != [f"{pair} gpu"]:
            fail(f"--json's verify block: {verified}")

        result = run([app, "check", with_gpu, "--verify", "--strict"], env, display=False)
        expect_status(result, 1, "check --verify --strict of the report with gpu, under env -u DISPLAY")
        if "error: 1 recorded expectation(s) cannot be checked here" not in result.stderr:
            fail(f"--strict failed without saying why:\n{result.stderr}")
        print("ok: with --strict it fails (exit 1)")

        result = run([app, "check", report, "--strict"], env)
        expect_status(result, 2, "check --strict without --verify")
        if "--strict" not in result.stderr:
            fail(f"the refusal does not name --strict: {result.stderr}")
        print("ok: --strict without --verify is refused: " + result.stderr.strip())


if __name__ == "__main__":
    main()
