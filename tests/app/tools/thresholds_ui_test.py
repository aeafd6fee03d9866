#!/usr/bin/env python3
"""A click in the Thresholds tool's map as a user does it, under Xvfb (ctest runs this through xvfb-run;
label `display`).

usage: thresholds_ui_test.py COLLISION_LAB SCENE.json

1. The sandbox opens a copy of the scene (thresholds START, so the crosshair lies inside the square) on the
   Thresholds tab (`--tool thresholds`). A screenshot finds the map on screen: the square its hit (dark) and
   miss (light) greys fill; one cell is side / 256 screen pixels.
2. xdotool clicks the centre of cell TARGET (A's threshold across, B's down), and Ctrl+S saves: both
   thresholds are TARGET, give or take one cell for where the square's edge was read (the frontier line covers
   some of its edge pixels).
3. One Ctrl+Z and Ctrl+S: both thresholds are back at START (the click was one undo step). Ctrl+Q quits.
"""
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import (click, colours_box, fresh_env, open_sandbox, quit_with_ctrl_q, retry,  # noqa: E402
                            scene_with_absolute_images, screenshot_rgb, undo_and_save, wait_for, xdotool)

HIT = (52, 52, 52)      # kHitGrey in app/tools/thresholds_tool.cpp
MISS = (228, 228, 228)  # kMissGrey
TARGET = (150, 60)      # the clicked cell: A's threshold 150, B's 60
START = (40, 200)       # the thresholds the copy starts at: the crosshair off the square's edges


def find_map(shot):
    """The map's screen square (x0, y0, side), or None while it is not drawn."""
    # The map sits in the inspector, the left column; nothing else there is drawn in its two greys.
    box = colours_box(shot, (HIT, MISS), shot[0] // 3)
    if not box or box[2] - box[0] < 60:
        return None
    x0, y0, x1, y1 = box
    side_x, side_y = x1 - x0 + 1, y1 - y0 + 1
    if abs(side_x - side_y) > 3:
        return None  # not (yet) the square
    return x0, y0, max(side_x, side_y)


def thresholds(scene_file):
    with open(scene_file) as f:
        sprites = json.load(f)["sprites"]
    return sprites[0].get("alpha_threshold", 0), sprites[1].get("alpha_threshold", 0)


def drive(app, scene, env, work):
    """Click, save, undo, save, quit in a fresh window; None when every step did what it should."""
    with open(scene + ".orig", "rb") as src, open(scene, "wb") as dst:
        dst.write(src.read())
    with open_sandbox(app, [scene, "--tool", "thresholds"], env, work, point=(900, 300)) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        found = wait_for(lambda: find_map(screenshot_rgb(os.path.join(work, "screen.rgb"))), 20)
        if not found:
            return "no threshold map (a square of its two greys) on the screen"
        x0, y0, side = found
        cell = side / 256
        at = (round(x0 + (TARGET[0] + 0.5) * cell), round(y0 + (TARGET[1] + 0.5) * cell))
        print(f"ok: the map is a {side}-pixel square at ({x0}, {y0}); clicking {at} for cell {TARGET}")
        click(at)
        xdotool("mousemove", "900", "300")
        time.sleep(0.3)
        xdotool("key", "ctrl+s")
        changed = wait_for(lambda: thresholds(scene) if thresholds(scene) != START else None, 10)
        if not changed:
            return f"after the click and Ctrl+S the saved scene still has the thresholds {START}"
        if not all(isinstance(t, int) for t in changed):
            return f"the saved thresholds {changed} are not plain numbers"
        if abs(changed[0] - TARGET[0]) > 1 or abs(changed[1] - TARGET[1]) > 1:
            return f"the click set the thresholds to {changed}, not about {TARGET}"
        if changed[0] == START[0] or changed[1] == START[1]:
            return f"the click changed only one threshold: {changed}"
        print(f"ok: the click set both thresholds, to {changed}")
        if not undo_and_save(lambda: thresholds(scene), START):
            return f"one Ctrl+Z and Ctrl+S left the thresholds at {thresholds(scene)}, not {START}"
        print(f"ok: one Ctrl+Z put both thresholds back at {START}")
        return quit_with_ctrl_q(proc, 20)


def main():
    app, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        data = scene_with_absolute_images(source)
        data["sprites"][0]["alpha_threshold"], data["sprites"][1]["alpha_threshold"] = START
        scene = os.path.join(work, "thresholds.json")
        with open(scene + ".orig", "w") as f:
            json.dump(data, f, indent=2)
        # Under Xvfb without a window manager the first input can reach the window before it has the keyboard,
        # so the whole sequence is tried up to three times with a fresh window and a fresh copy of the scene.
        retry(3, lambda: drive(app, scene, env, work))


if __name__ == "__main__":
    main()
