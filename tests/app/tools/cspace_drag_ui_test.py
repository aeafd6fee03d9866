#!/usr/bin/env python3
"""A drag in the Contact tool's C-space view as a user does it, under Xvfb (ctest runs this through xvfb-run;
label `display`).

usage: cspace_drag_ui_test.py COLLISION_LAB SCENE.json

1. `collision-lab check SCENE --contact --cspace PNG` gives the map's size in cells (one pixel per cell).
2. The sandbox opens a copy of the scene on the Contact tab (`--tool contact`). A screenshot finds the map on
   screen (its light and dark cells) and the red crosshair (A where it stands); cell size = map width / cells.
3. xdotool presses in the map, drags to 14 cells right and 9 up of the crosshair, releases, and Ctrl+S saves:
   A moved by (14, -9) whole pixels (h = 1), give or take one cell for where the crosshair's centre was read.
4. One Ctrl+Z and Ctrl+S: A is back exactly where it was (the drag was one undo step). Ctrl+Q quits.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import (colours_box, drag, fail, fresh_env, open_sandbox, quit_with_ctrl_q, retry,  # noqa: E402
                            scene_with_absolute_images, screenshot_rgb, undo_and_save, wait_for, xdotool)

FREE = (0xEC, 0xEB, 0xE4)     # kMapFreeColour
HIT = (0x30, 0x38, 0x48)      # kMapHitColour
CURRENT = (0xE0, 0x40, 0x2A)  # the crosshair: A now
MOVE = (14, -9)               # the drag's target, in cells from the crosshair


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path} is not a PNG")
    return struct.unpack(">II", head[16:24])


def find_map(shot, cells):
    """The map's screen rectangle (x0, y0, x1, y1) and A's crosshair centre, or None while not drawn."""
    width, height, rgb = shot
    # The map sits in the left column; nothing else there is drawn in its two colours.
    box = colours_box(shot, (FREE, HIT), width // 3)
    if not box:
        return None
    x0, y0, x1, y1 = box
    if x1 - x0 < 50:
        return None
    map_w, map_h = x1 - x0 + 1, y1 - y0 + 1
    # The whole map is drawn (no grey rows pending) when its shape matches the cells'.
    if abs(map_w / map_h - cells[0] / cells[1]) > 0.05:
        return None
    sx = sy = n = 0
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            i = (y * width + x) * 3
            if all(abs(rgb[i + k] - CURRENT[k]) <= 24 for k in range(3)):
                sx, sy, n = sx + x, sy + y, n + 1
    if n < 6:
        return None
    return (x0, y0, x1, y1), (sx / n, sy / n)


def a_position(scene_file):
    with open(scene_file) as f:
        return tuple(json.load(f)["sprites"][0]["position"])


def drive(app, scene, original, cells, env, work):
    """Drag, save, undo, save, quit in a fresh window; None when every step did what it should."""
    with open(scene + ".orig", "rb") as src, open(scene, "wb") as dst:
        dst.write(src.read())
    with open_sandbox(app, [scene, "--tool", "contact"], env, work, point=(900, 300)) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        found = wait_for(lambda: find_map(screenshot_rgb(os.path.join(work, "screen.rgb")), cells), 20)
        if not found:
            return "no C-space map of the expected shape, or no crosshair in it, on the screen"
        (x0, y0, x1, y1), (cx, cy) = found
        cell = (x1 - x0 + 1) / cells[0]
        target = (round(cx + MOVE[0] * cell), round(cy + MOVE[1] * cell))
        if not (x0 < target[0] < x1 and y0 < target[1] < y1):
            return f"the drag's target {target} lies outside the map {found[0]}"
        start = (round(cx + 2 * cell), round(cy + 2 * cell))
        steps = [(start[0] + (target[0] - start[0]) * k // 6, start[1] + (target[1] - start[1]) * k // 6)
                 for k in range(1, 7)]
        drag([start, *steps], hover=0.4, pressed=0.3, step=0.12, settle=0.4)
        xdotool("mousemove", "900", "300")
        time.sleep(0.3)
        xdotool("key", "ctrl+s")
        moved = wait_for(lambda: a_position(scene) if a_position(scene) != original else None, 10)
        if not moved:
            return "after the drag and Ctrl+S the saved scene still has A where it was"
        delta = (moved[0] - original[0], moved[1] - original[1])
        if any(d != round(d) for d in delta):
            return f"A moved by {delta}: not whole lattice steps (h = 1)"
        if abs(delta[0] - MOVE[0]) > 1 or abs(delta[1] - MOVE[1]) > 1:
            return f"A moved by {delta}, not by about {MOVE} (the cell under the release)"
        print(f"ok: the drag moved A by {delta} (to the cell under the mouse, {MOVE} from the crosshair give or take one)")
        if not undo_and_save(lambda: a_position(scene), original):
            return f"one Ctrl+Z and Ctrl+S left A at {a_position(scene)}, not {original}"
        print("ok: one Ctrl+Z put A back where it was")
        return quit_with_ctrl_q(proc, 20)


def main():
    app, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        # A copy to save into, its images found where the original's are.
        data = scene_with_absolute_images(source)
        scene = os.path.join(work, "contact.json")
        with open(scene + ".orig", "w") as f:
            json.dump(data, f, indent=2)
        original = tuple(data["sprites"][0]["position"])

        map_png = os.path.join(work, "map.png")
        result = subprocess.run([app, "check", scene + ".orig", "--contact", "--cspace", map_png],
                                capture_output=True, text=True, timeout=60)
        if result.returncode not in (0, 1) or not os.path.exists(map_png):
            fail(f"check --cspace wrote no map: {result.stdout}\n{result.stderr}")
        cells = png_size(map_png)
        print(f"ok: the map is {cells[0]} x {cells[1]} cells")

        # Under Xvfb without a window manager the first input can reach the window before it has the keyboard,
        # so the whole sequence is tried up to three times with a fresh window and a fresh copy of the scene.
        retry(3, lambda: drive(app, scene, original, cells, env, work))


if __name__ == "__main__":
    main()
