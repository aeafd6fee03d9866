#!/usr/bin/env python3
"""File > Shrink this bug report... as a user drives it, under Xvfb (ctest runs this through xvfb-run; label `display`).

usage: shrink_report_ui_test.py COLLISION_LAB DEFAULT_SCENE.json [SCREENSHOT.png]

A bug report is made from the default scene: its expect block claims one pixel-fast overlap more than the test
counts, so `check --verify` fails on it. The sandbox opens it; Ctrl+Shift+B (the command's key, through
xdotool) shrinks it on the worker. Then: report.min.json exists beside it and still fails `check --verify` (a
separate check run) with at most 16 solid pixels in all; the report itself is unchanged (hash before and
after); the sandbox has opened the result on the Compare tab and says where it was written (--describe-ui
after Ctrl+Q). With SCREENSHOT, the screen is saved after the result opened.
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import fail, fresh_env, open_sandbox, quit_with_ctrl_q, retry, wait_for, xdotool  # noqa: E402


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def make_report(default_scene, target):
    with open(default_scene) as f:
        doc = json.load(f)
    for sprite in doc["sprites"]:
        sprite["image"] = os.path.join(os.path.dirname(default_scene), sprite["image"])
    doc["expect"]["F/R"]["pixel-fast"]["overlap"] += 1
    with open(target, "w") as f:
        json.dump(doc, f, indent=1)


def drive(app, report, shrunk, env, work, ui_file, screenshot):
    """Ctrl+Shift+B, wait for the result, Ctrl+Q; None when all went as it should, else what went wrong."""
    if os.path.exists(shrunk):
        os.remove(shrunk)
    with open_sandbox(app, [report, "--size", "1600x900", "--describe-ui", ui_file], env, work, point=(800, 450),
                      settle=2.0, pause=0.5) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        xdotool("key", "ctrl+shift+b")
        if not wait_for(lambda: os.path.exists(shrunk), 30):
            return "Ctrl+Shift+B wrote no report.min.json beside the report"
        # The result opens on a later frame (the window's title then names it); a busy machine takes longer than a
        # fixed pause, and --describe-ui, read after the quit, must find it open.
        if not wait_for(lambda: "report.min.json" in xdotool("getwindowname", window).stdout, 20):
            return "report.min.json was written but the window's title never named it: the result did not open"
        time.sleep(0.5)  # its tab opens on the frame after
        if screenshot:
            subprocess.run(["import", "-window", "root", screenshot], check=False, timeout=30)
        return quit_with_ctrl_q(proc, 20)


def main():
    app, default_scene = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    screenshot = os.path.abspath(sys.argv[3]) if len(sys.argv) > 3 else None
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        report = os.path.join(work, "report.json")
        shrunk = os.path.join(work, "report.min.json")
        ui_file = os.path.join(work, "ui.json")
        make_report(default_scene, report)
        before = sha(report)
        retry(3, lambda: drive(app, report, shrunk, env, work, ui_file, screenshot))
        print("ok: Ctrl+Shift+B wrote report.min.json and the sandbox quit")

        if sha(report) != before:
            fail("the report itself was changed")
        print("ok: the report is unchanged")

        result = subprocess.run([app, "check", shrunk, "--verify"], capture_output=True, text=True, timeout=60)
        if result.returncode != 1 or "F/R pixel-fast overlap" not in result.stdout:
            fail(f"the shrunk report does not fail --verify on pixel-fast's overlap:\n{result.stdout}\n{result.stderr}")
        print("ok: the shrunk report still fails check --verify")

        result = subprocess.run([app, "check", report, "--minimize", "-o", os.path.join(work, "cli.min.json")],
                                capture_output=True, text=True, timeout=120)
        solid = re.search(r"solid pixels\s+\d+ -> (\d+)", result.stdout)
        if result.returncode != 0 or not solid or int(solid.group(1)) > 32:
            fail(f"check --minimize on the same report did not shrink it:\n{result.stdout}\n{result.stderr}")
        with open(os.path.join(work, "cli.min.json")) as a, open(shrunk) as b:
            if json.load(a)["sprites"] != json.load(b)["sprites"]:
                fail("the sandbox's result differs from check --minimize's on the same report")
        print(f"ok: the sandbox's result is check --minimize's ({solid.group(1)} solid pixels)")

        with open(ui_file) as f:
            ui = json.load(f)
        if os.path.realpath(ui["file"]) != os.path.realpath(shrunk):
            fail(f"the sandbox did not open the result: {ui['file']}")
        if ui["open_tab"] != "Compare":
            fail(f"the result did not open on the Compare tab: {ui['open_tab']}")
        if "Shrunk bug report written to " + shrunk not in ui["status"]:
            fail(f"the status line does not say where the result went: {ui['status']!r}")
        if ui["errors"]:
            fail(f"errors shown: {ui['errors']}")
        print("ok: the result is open on the Compare tab; status: " + ui["status"])


if __name__ == "__main__":
    main()
