#!/usr/bin/env python3
"""The UI scale as a user meets it, under Xvfb (ctest runs this through xvfb-run; label `display`).

usage: ui_scale_ui_test.py COLLISION_LAB SCENE.json

1. An interactive run with `--ui-scale 2` (a fresh config folder): the font is 26 px (13 px at 1) and the left
   column wants twice its default 420 px, held to 40 % of the 1600-px window (640 px); Ctrl+Q quits and settings.json holds "ui_scale": 2.
2. A second run without the option opens at the saved scale 2.
3. A third with `--ui-scale 0.75` wins over the saved scale: 10 px (round(9.75)) and 315 px.
"""
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import fail, fresh_env, open_sandbox, quit_with_ctrl_q, retry, wait_for  # noqa: E402


def run(app, scene, env, work, extra):
    """One interactive run quit with Ctrl+Q; what --describe-ui wrote, or a string saying what went wrong."""
    described = os.path.join(work, "described.json")
    if os.path.exists(described):
        os.remove(described)
    with open_sandbox(app, [scene, "--size", "1600x900", "--describe-ui", described, *extra], env, work,
                      point=(800, 300), pause=1.0) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        problem = quit_with_ctrl_q(proc, 20)
        if problem:
            return problem
    if not wait_for(lambda: os.path.exists(described), 5):
        return "--describe-ui wrote nothing"
    with open(described) as f:
        return json.load(f)


def expect(ui, scale, font, column, what):
    if ui["ui_scale"] != scale or ui["font_pixels"] != font or ui["inspector_width"] != column:
        fail(f"{what}: ui_scale {ui['ui_scale']}, font {ui['font_pixels']} px, left column {ui['inspector_width']} px; "
             f"expected {scale}, {font} px, {column} px")
    print(f"ok: {what}: scale {scale}, font {font} px, left column {column} px")


def main():
    app, scene = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        ui, _ = retry(3, lambda: run(app, scene, env, work, ["--ui-scale", "2"]))
        expect(ui, 2.0, 26.0, 640.0, "--ui-scale 2")
        with open(os.path.join(work, "config", "collision-lab", "settings.json")) as f:
            saved = json.load(f).get("ui_scale")
        if saved != 2:
            fail(f"settings.json holds ui_scale {saved}, not 2")
        print("ok: settings.json holds ui_scale 2")
        ui, _ = retry(3, lambda: run(app, scene, env, work, []))
        expect(ui, 2.0, 26.0, 640.0, "the next run, without the option")
        ui, _ = retry(3, lambda: run(app, scene, env, work, ["--ui-scale", "0.75"]))
        expect(ui, 0.75, 10.0, 315.0, "--ui-scale 0.75 over the saved 2")
    print("PASS")


if __name__ == "__main__":
    main()
