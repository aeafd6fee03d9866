#!/usr/bin/env python3
"""The Sprites tool's frame picker as a user drives it, under Xvfb (ctest runs this through xvfb-run; label `display`).

usage: frame_picker_ui_test.py COLLISION_LAB LESSON.json

The lesson (lesson 25: hero plays the Aseprite tag 'swing' at frame_index 6) is copied with its atlas into a
scratch folder and opened on the Sprites tab. The thumbnails are found on a screenshot (their checkerboards'
top-left cells; the shown frame by its yellow border), the fifth one (hero_4) is clicked, Ctrl+S saves the
copy and Ctrl+Q quits. The saved scene must show frame_index 4 of the same animation, and `check` on it must
answer what check --all-frames says of hero_4 against saw_0: a hit.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import (click, fail, fresh_env, open_sandbox, quit_with_ctrl_q, screenshot_array,  # noqa: E402
                            wait_for, xdotool)

CHECKER_DARK = (40, 40, 46)    # app/tools/frame_picker.cpp: checkerboard()
CHECKER_LIGHT = (58, 58, 66)
SELECTED = (255, 220, 0)       # kSelectedColour
PANEL_WIDTH = 400              # the inspector is narrower than this at 1600x900


def is_colour(pixels, colour):
    return numpy.all(pixels == numpy.array(colour, dtype=pixels.dtype), axis=-1)


def thumbnail_corners(image):
    """Top-left corners (x, y) of the picker's thumbnails, row-major."""
    panel = image[:, :PANEL_WIDTH].astype(int)
    light = is_colour(panel, CHECKER_LIGHT)
    checker = light | is_colour(panel, CHECKER_DARK)
    corners = []
    height, width = light.shape
    for y, x in zip(*numpy.nonzero(light)):
        if x < 4 or y < 4 or x + 4 >= width or y + 4 >= height:
            continue
        # A light cell starts here (4 x 4 at least), with no checkerboard to its left or above: a box's corner.
        if not light[y:y + 4, x:x + 4].all() or checker[y, x - 1] or checker[y - 1, x] or checker[y - 1, x - 1]:
            continue
        # Outside a box is the picker's plain background (art beside a checker cell varies).
        if not ((panel[y - 1, x - 1] == panel[y - 1, x]).all() and (panel[y - 1, x - 1] == panel[y, x - 1]).all()):
            continue
        corners.append((int(x), int(y)))
    # The yellow border of the shown frame may cover its corner: add the box inside the border.
    selected = numpy.nonzero(is_colour(panel, SELECTED))
    if len(selected[0]):
        top, left = int(selected[0].min()), int(selected[1].min())
        inner = (left + 3, top + 3)
        if not any(abs(cx - inner[0]) <= 4 and abs(cy - inner[1]) <= 4 for cx, cy in corners):
            corners.append(inner)
    # The thumbnails form a grid: keep corners whose column holds another corner in a different row.
    corners = [c for c in corners if any(abs(o[0] - c[0]) <= 4 and abs(o[1] - c[1]) > 4 for o in corners)]
    # Rows: corners within a few pixels of each other's y.
    corners.sort(key=lambda c: c[1])
    rows = []
    for c in corners:
        if rows and abs(rows[-1][0][1] - c[1]) <= 4:
            rows[-1].append(c)
        else:
            rows.append([c])
    return [c for row in rows for c in sorted(row)], (left, top) if len(selected[0]) else None


def main():
    app, lesson = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    sprites = os.path.join(os.path.dirname(os.path.dirname(lesson)), "sprites")
    with tempfile.TemporaryDirectory() as work:
        os.makedirs(os.path.join(work, "scenes"))
        os.makedirs(os.path.join(work, "sprites"))
        for name in ("atlas.png", "atlas-aseprite.json", "atlas.json"):
            shutil.copy(os.path.join(sprites, name), os.path.join(work, "sprites", name))
        scene = os.path.join(work, "scenes", "lesson.json")
        shutil.copy(lesson, scene)
        env = fresh_env(work)
        before = os.path.getmtime(scene)
        # The pointer away from the panel, so no thumbnail is hovered; generous pauses for a busy machine.
        with open_sandbox(app, [scene, "--tool", "sprites", "--size", "1600x900"], env, work, point=(1500, 850),
                          pause=2.5, focus=False) as (window, proc):
            if not window:
                fail("the sandbox window did not appear")
            corners, selected = thumbnail_corners(screenshot_array(os.path.join(work, "before.rgb")))
            if len(corners) < 12 or selected is None:
                fail(f"found {len(corners)} thumbnails (want 12: hero_0..hero_7, saw_0..saw_3) and selection {selected}")
            shown = min(range(len(corners)), key=lambda i: abs(corners[i][0] - selected[0]) + abs(corners[i][1] - selected[1]))
            if shown != 6:
                fail(f"the yellow border is on thumbnail {shown}, not hero_6 (frame_index 6): {corners[:12]}")
            x, y = corners[4]
            click((x + 10, y + 10), before=0.3, after=1.0)
            corners, selected = thumbnail_corners(screenshot_array(os.path.join(work, "after.rgb")))
            shown = min(range(len(corners)), key=lambda i: abs(corners[i][0] - selected[0]) + abs(corners[i][1] - selected[1]))
            if shown != 4:
                fail(f"after the click the yellow border is on thumbnail {shown}, not hero_4")
            print("ok: clicking the fifth thumbnail moved the yellow border to it")
            # Under Xvfb without a window manager the keys can come before the window has the keyboard: retry.
            for attempt in range(3):
                xdotool("windowfocus", window)
                time.sleep(0.5)
                xdotool("key", "ctrl+s")
                if wait_for(lambda: os.path.getmtime(scene) != before, 5):
                    break
            else:
                fail("Ctrl+S did not save the scene")
            time.sleep(0.5)
            problem = quit_with_ctrl_q(proc, 20)
            if problem:
                fail(problem)
        with open(scene) as f:
            saved = json.load(f)
        hero = saved["sprites"][0]
        if hero.get("frame_index") != 4 or hero.get("animation") != {"tag": "swing"} or "frame" in hero:
            fail(f"the saved hero is {hero}, not frame_index 4 of the tag swing")
        print("ok: the saved scene shows frame_index 4 of the swing")
        result = subprocess.run([app, "check", scene, "--algorithm", "pixel-exact", "--json"], capture_output=True, text=True,
                                timeout=60)
        answers = json.loads(result.stdout)
        hit = answers["pairs"][0]["results"]["pixel-exact"]["hit"]
        if hit is not True:
            fail(f"check on the saved scene says pixel-exact hit = {hit}; hero_4 against saw_0 hits (check --all-frames)")
        print("ok: check on the saved scene: hero_4 hits saw_0")


if __name__ == "__main__":
    main()
