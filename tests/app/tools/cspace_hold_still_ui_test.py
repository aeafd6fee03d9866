#!/usr/bin/env python3
"""The C-space map holds still under a drag that changes the text around it, under Xvfb (ctest runs this through
xvfb-run; label `display`).

usage: cspace_hold_still_ui_test.py COLLISION_LAB SCENE.json

SCENE is lesson 17 (two combs, A 3 pixels deep): its Contact numbers take five lines while A hits and two once it
is free, so a map placed below them would jump when A crosses the edge of the dark region.

1. `collision-lab check SCENE --contact --cspace PNG` gives the map's size in cells.
2. The sandbox opens the scene on the Contact tab; a screenshot finds the map and the red crosshair (A now).
3. xdotool presses on the crosshair and drags slowly straight up, a few pixels at a time, ~30 px in all (A goes
   from depth 3 to free). While the button is held, after every step a screenshot checks that the map's
   rectangle is where it was before the press, to the pixel, in every screenshot, and that the crosshair (A) comes
   to the cell under the cursor, give or take one cell, within 5 s.
"""
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import fail, fresh_env, open_sandbox, retry, screenshot_rgb, wait_for, xdotool  # noqa: E402
from cspace_drag_ui_test import find_map, png_size  # noqa: E402  (this folder: the map's colours and finder)

UP = 30      # screen pixels of the whole drag
STEP = 3     # screen pixels per move
FOLLOW_SECONDS = 5.0  # how long A may take to reach the cursor's cell after a move


def drive(app, scene, cells, env, work):
    """Press on the crosshair, drag up, checking every step; None when the map held still and A followed."""
    shot = os.path.join(work, "screen.rgb")
    with open_sandbox(app, [scene, "--tool", "contact"], env, work, point=(900, 300)) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        found = wait_for(lambda: find_map(screenshot_rgb(shot), cells), 20)
        if not found:
            return "no C-space map of the expected shape, or no crosshair in it, on the screen"
        rect, (cx, cy) = found
        cell = (rect[2] - rect[0] + 1) / cells[0]
        press = (round(cx), round(cy))
        print(f"ok: the map is at {rect}, {cell:g} px a cell; the crosshair at ({cx:.1f}, {cy:.1f})")
        xdotool("mousemove", str(press[0]), str(press[1]))
        time.sleep(0.4)
        xdotool("mousedown", "1")
        try:
            time.sleep(0.3)
            for up in range(STEP, UP + 1, STEP):
                at = (press[0], press[1] - up)
                xdotool("mousemove", str(at[0]), str(at[1]))
                time.sleep(0.1)
                # Every screenshot must show the map where it was; A reaches the cursor's cell once the frames
                # have caught up with the move (on a busy machine a frame can take longer than a fixed pause).
                deadline = time.time() + FOLLOW_SECONDS
                while True:
                    now = find_map(screenshot_rgb(shot), cells)
                    if not now:
                        return f"{up} px up: no whole map with a crosshair on the screen"
                    if now[0] != rect:
                        return f"{up} px up: the map moved from {rect} to {now[0]} under the cursor"
                    # A stands in the cell under the cursor: the crosshair's centre is that cell's centre.
                    ax, ay = now[1]
                    if abs(ax - at[0]) <= 1.5 * cell + 1 and abs(ay - at[1]) <= 1.5 * cell + 1:
                        break
                    if time.time() > deadline:
                        return (f"{up} px up: the cursor is at {at} but the crosshair (A) at ({ax:.1f}, {ay:.1f}) "
                                f"after {FOLLOW_SECONDS:g} s: A is not in the cursor's cell")
                    time.sleep(0.2)
            print(f"ok: dragging {UP} px up in steps of {STEP}, the map stayed at {rect} and A followed the cursor")
        finally:
            xdotool("mouseup", "1")
        return None


def main():
    app, scene = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        map_png = os.path.join(work, "map.png")
        result = subprocess.run([app, "check", scene, "--contact", "--cspace", map_png],
                                capture_output=True, text=True, timeout=60)
        if result.returncode not in (0, 1) or not os.path.exists(map_png):
            fail(f"check --cspace wrote no map: {result.stdout}\n{result.stderr}")
        cells = png_size(map_png)
        print(f"ok: the map is {cells[0]} x {cells[1]} cells")
        # A map that moved is a real failure, not a lost key press: only a window that never showed the map is tried
        # again.
        def attempt():
            problem = drive(app, scene, cells, env, work)
            if problem and ("did not appear" in problem or "no C-space map" in problem):
                return problem
            if problem:
                fail(problem)
            return True
        retry(3, attempt)


if __name__ == "__main__":
    main()
