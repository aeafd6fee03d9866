#!/usr/bin/env python3
"""The Timeline tool's velocity handle as a user drags it, under Xvfb (ctest runs this through xvfb-run; label
`display`).

usage: timeline_handle_ui_test.py COLLISION_LAB LESSON_DIR

A copy of lesson 20 (the bullet at 30 px a frame, shown at frame 3) opens on the Timeline tab. The green knob
at the arrow's tip is found in a screenshot, dragged 60 px right and 30 px down with xdotool, and Ctrl+S saves:
the bullet's velocity grew by (60, 30) / zoom (the world view's zoom from --describe-ui), to tenths of a pixel;
its frame-3 position stays where it was drawn, so the file's frame-0 position moves by -3 x the change. One
Ctrl+Z then undoes the whole drag: the next save has the lesson's velocity and position again. Dragging the
ring a quarter turn clockwise (its leftmost point to its top) sets angular_velocity to about 90. And a bug report
saved at frame 3 (`--save-bug-report`) starts its timeline at that frame and passes `check --verify`.
"""
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import (drag, fail, fresh_env, open_sandbox, quit_with_ctrl_q, retry,  # noqa: E402
                            screenshot_array, xdotool)

KNOB = (0x50, 0xF0, 0xA0)  # kVelocity in app/tools/timeline_tool.cpp
DRAG = (60, 30)


def find_knob(pixels):
    """The centre of the densest 9x9 patch of the knob's colour (the filled circle, not the thin arrow or text)."""
    mask = numpy.all(pixels == numpy.array(KNOB, dtype=numpy.uint8), axis=2).astype(numpy.int32)
    if mask.sum() == 0:
        return None
    s = numpy.pad(mask, ((1, 0), (1, 0))).cumsum(0).cumsum(1)
    r = 4
    h, w = mask.shape
    best, at = -1, None
    ys, xs = numpy.nonzero(mask)
    for y, x in zip(ys, xs):
        y0, y1, x0, x1 = max(0, y - r), min(h, y + r + 1), max(0, x - r), min(w, x + r + 1)
        count = s[y1, x1] - s[y0, x1] - s[y1, x0] + s[y0, x0]
        if count > best:
            best, at = count, (int(x), int(y))
    return at if best >= 30 else None


def find_pivot(pixels, knob):
    """The arrow runs from the pivot to the knob along the knob's row: its leftmost pixel of the knob's colour."""
    x, y = knob
    best = None
    for row in range(y - 1, y + 2):
        line = numpy.all(pixels[row, :x] == numpy.array(KNOB, dtype=numpy.uint8), axis=1)
        xs = numpy.nonzero(line)[0]
        if len(xs) and (best is None or xs[0] < best[0]):
            best = (int(xs[0]), y)
    return best


def find_ring_radius(pixels, pivot):
    """The first yellow pixel (the ring, drawn translucent) left of the pivot along its row."""
    x, y = pivot
    for r in range(20, x):
        red, green, blue = (int(c) for c in pixels[y, x - r])
        if red > 150 and green > 120 and blue < 110 and red - blue > 80:
            return r
    return None


def wait_saved(path, after, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if os.path.exists(path) and os.path.getmtime(path) > after:
            time.sleep(0.3)
            with open(path) as f:
                return json.load(f)
        time.sleep(0.1)
    return None


def drive(app, scene, env, work, ui_file):
    """Drag the knob, save, undo, save, quit; returns (dragged scene, undone scene) or a problem string."""
    with open_sandbox(app, [scene, "--tool", "timeline", "--describe-ui", ui_file], env, work, point=(5, 5), settle=2.5,
                      pause=0.5) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        knob = find_knob(screenshot_array(os.path.join(work, "before.rgb")))
        if knob is None:
            return "no velocity knob on screen"
        x, y = knob
        drag([(x, y)] + [(x + DRAG[0] * k // 6, y + DRAG[1] * k // 6) for k in range(1, 7)],
             hover=0.3, pressed=0.05, step=0.05, settle=0.25)
        moved = find_knob(screenshot_array(os.path.join(work, "after.rgb")))
        if moved is None or abs(moved[0] - (x + DRAG[0])) > 3 or abs(moved[1] - (y + DRAG[1])) > 3:
            return f"the knob did not follow the mouse: {knob} -> {moved}"
        before = time.time()
        xdotool("key", "ctrl+s")
        dragged = wait_saved(scene, before)
        if dragged is None:
            return "Ctrl+S saved nothing after the drag"
        xdotool("key", "ctrl+z")
        time.sleep(0.5)
        before = time.time()
        xdotool("key", "ctrl+s")
        undone = wait_saved(scene, before)
        if undone is None:
            return "Ctrl+S saved nothing after Ctrl+Z"
        # The ring: its leftmost point, found along the pivot's row, dragged a quarter turn clockwise to the top.
        pixels = screenshot_array(os.path.join(work, "ring.rgb"))
        knob = find_knob(pixels)
        pivot = find_pivot(pixels, knob) if knob else None
        radius = find_ring_radius(pixels, pivot) if pivot else None
        if radius is None:
            return f"no spin ring found (knob {knob}, pivot {pivot})"
        px, py = pivot
        arc = [math.pi + k * (math.pi / 2) / 9 for k in range(1, 10)]
        drag([(px - radius, py)] + [(round(px + radius * math.cos(a)), round(py + radius * math.sin(a))) for a in arc],
             hover=0.3, pressed=0.05, step=0.05, settle=0.25)
        before = time.time()
        xdotool("key", "ctrl+s")
        turned = wait_saved(scene, before)
        if turned is None:
            return "Ctrl+S saved nothing after the ring drag"
        return quit_with_ctrl_q(proc, 20) or (dragged, undone, turned)


def main():
    app, lessons = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "scenes"))
        shutil.copytree(os.path.join(lessons, "..", "sprites"), os.path.join(work, "sprites"))
        scene = os.path.join(work, "scenes", "tunnelling.json")
        shutil.copy(os.path.join(lessons, "lesson-20-tunnelling.json"), scene)
        with open(scene) as f:
            original = json.load(f)
        bullet = original["sprites"][0]
        if bullet["name"] != "bullet" or bullet["velocity"] != [30, 0] or original["frame"] != 3:
            fail("lesson 20 is not the bullet at 30 px a frame shown at frame 3 this test expects")
        env = fresh_env(work)
        # A bug report saved at frame 3 records the answers on screen, so its timeline starts at frame 3.
        report = os.path.join(work, "report.json")
        result = subprocess.run([app, scene, "--frames", "3", "--save-bug-report", report], env=env, cwd=work,
                                capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            fail(f"--save-bug-report failed: {result.stderr}")
        with open(report) as f:
            saved = json.load(f)
        if saved.get("frames") != 3 or saved.get("frame", 0) != 0 or saved["sprites"][0]["position"] != [90, 100]:
            fail(f"the bug report does not start at the frame shown: frames {saved.get('frames')}, "
                 f"frame {saved.get('frame')}, bullet at {saved['sprites'][0]['position']}")
        verified = subprocess.run([app, "check", report, "--verify"], env=env, capture_output=True, text=True, timeout=60)
        if verified.returncode != 0 or "verify: passed" not in verified.stdout:
            fail(f"the bug report saved at frame 3 does not pass check --verify:\n{verified.stdout}")
        print("ok: a bug report saved at frame 3 starts its timeline there and passes check --verify")

        ui_file = os.path.join(work, "ui.json")

        def attempt():
            shutil.copy(os.path.join(lessons, "lesson-20-tunnelling.json"), scene)
            return drive(app, scene, env, work, ui_file)

        (dragged, undone, turned), _ = retry(3, attempt)
        with open(ui_file) as f:
            ui = json.load(f)
        zoom = ui["world_zoom"]
        if ui["frame"] != 3 or ui["open_tab"] != "Timeline":
            fail(f"the window shows {ui}")
        want = [round(30 + DRAG[0] / zoom, 1), round(DRAG[1] / zoom, 1)]
        got = dragged["sprites"][0]["velocity"]
        # One screen pixel of slack each way: the knob was found to the pixel, not to its exact centre.
        slack = 1.0 / zoom + 0.051
        if abs(got[0] - want[0]) > slack or abs(got[1] - want[1]) > slack:
            fail(f"the drag gave velocity {got}; (60, 30) px at zoom {zoom} should give about {want}")
        print(f"ok: dragging the tip (60, 30) px at zoom {zoom:.4g} set velocity {got} (expected about {want})")
        # The bullet stays where frame 3 drew it (x 90): the file's frame-0 position is 90 - 3 vx.
        position = dragged["sprites"][0]["position"]
        if abs(position[0] - (90 - 3 * got[0])) > 1e-6 or abs(position[1] - (100 - 3 * got[1])) > 1e-6:
            fail(f"the saved frame-0 position {position} does not put the bullet at (90, 100) at frame 3")
        print(f"ok: the saved frame-0 position {position} keeps the bullet at (90, 100) at frame 3")
        if undone["sprites"][0].get("velocity") != [30, 0] or undone["sprites"][0]["position"] != [0, 100]:
            fail(f"one Ctrl+Z did not undo the whole drag: {undone['sprites'][0]}")
        print("ok: one Ctrl+Z undid the whole drag")
        spin = turned["sprites"][0].get("angular_velocity", 0)
        if abs(spin - 90) > 2 or turned["sprites"][0].get("velocity") != [30, 0]:
            fail(f"a quarter turn clockwise along the ring gave angular_velocity {spin} (expected about 90)")
        print(f"ok: a quarter turn clockwise along the ring set angular_velocity {spin}")


if __name__ == "__main__":
    main()
