#!/usr/bin/env python3
"""Where the Collider tool's "Every pose" window first opens, and that a place the user gives it wins (label `display`,
under xvfb-run).

usage: pose_map_window_ui_test.py COLLISION_LAB LESSON26.json

1. Scripted runs of lesson 26 on the Collider tab at 1024x600, 1600x900 and 2560x1440 (UI scale 1) write
   --describe-ui: the window's frame lies inside the local view and its control strip (`layout.local_bar` and
   `layout.local`) and shares no pixel with the left column, the legend, the world view or the Collision panel; the
   map in it has cells of at least 2 px (16 px at 2560x1440: the room is tall).
2. At 1600x900, in a window driven by xdotool, the pose map window's title bar is dragged 300 px left and 40 px down
   (the window moves so, give or take 4 px); after Ctrl+Q and a new start with the same settings folder, the window
   opens where it was left, not at its first place.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import copy_scene, drag, fail, fresh_env, open_sandbox, quit_and_describe, retry  # noqa: E402

SIZES = {"1024x600": 2, "1600x900": 7, "2560x1440": 16}  # least cell size of lesson 26's map at each size
MOVE = (-300, 40)


def overlaps(a, b):
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def scripted(app, scene, size, env, work):
    ui_file = os.path.join(work, f"ui-{size}.json")
    subprocess.run([app, scene, "--tool", "collider", "--size", size, "--frames", "40", "--describe-ui", ui_file],
                   env=env, cwd=work, capture_output=True, check=True, timeout=60)
    with open(ui_file) as f:
        return json.load(f)


def moved_and_reopened(app, scene, env, work, first):
    """Drag the window's title bar by MOVE, quit, start again: (frame after the drag, frame after the new start), or
    a string saying what went wrong."""
    ui_file = os.path.join(work, "ui.json")
    x0, y0 = first[0] + 80, first[1] + 9  # on the title bar, left of its close box
    with open_sandbox(app, [scene, "--tool", "collider", "--size", "1600x900", "--describe-ui", ui_file], env, work,
                      point=(900, 300), settle=1.0, pause=1.5) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        steps = [(round(x0 + MOVE[0] * k / 10), round(y0 + MOVE[1] * k / 10)) for k in range(11)]
        drag(steps, hover=0.4, pressed=0.3, step=0.08, settle=0.4)
        ui = quit_and_describe(proc, ui_file)
        if isinstance(ui, str):
            return ui
    dragged = ui["pose_map"]["frame"]
    # Give or take a few pixels: a frame may see the pointer a step on before it sees the press.
    if abs(dragged[0] - first[0] - MOVE[0]) > 4 or abs(dragged[1] - first[1] - MOVE[1]) > 4:
        return f"the drag on the title bar moved the window from {first} to {dragged}, not by about {MOVE}"
    with open_sandbox(app, [scene, "--tool", "collider", "--size", "1600x900", "--describe-ui", ui_file], env, work,
                      point=(900, 300), settle=1.0, pause=1.5) as (window, proc):
        if not window:
            return "the second sandbox window did not appear"
        ui = quit_and_describe(proc, ui_file)
        if isinstance(ui, str):
            return ui
    return dragged, ui["pose_map"]["frame"]


def main():
    app, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        scene = copy_scene(source, work)
        firsts = {}
        for size, least_cell in SIZES.items():
            ui = scripted(app, scene, size, env, work)
            frame, layout, cell = ui["pose_map"]["frame"], ui["layout"], ui["pose_map"]["cell_pixels"]
            bar, local = layout["local_bar"], layout["local"]
            if not (frame[0] >= bar[0] and frame[1] >= bar[1] and frame[2] <= local[2] and frame[3] <= local[3]):
                fail(f"at {size} the pose map window {frame} reaches out of the local view {local} and its strip {bar}")
            for region in ("inspector", "legend", "world", "bottom"):
                if overlaps(frame, layout[region]):
                    fail(f"at {size} the pose map window {frame} covers the {region} region {layout[region]}")
            if cell < least_cell:
                fail(f"at {size} the map's cells are {cell} px, fewer than {least_cell}")
            firsts[size] = frame
            print(f"ok: at {size} the window {frame} lies over the local view and its strip only; {cell:g} px cells")

        # Interactive runs keep their settings: a fresh folder for each attempt, so the window starts at its first place.
        attempts = []

        def attempt():
            folder = os.path.join(work, f"interactive-{len(attempts)}")
            attempts.append(folder)
            os.makedirs(folder)
            return moved_and_reopened(app, scene, fresh_env(folder), folder, firsts["1600x900"])
        (dragged, reopened), _ = retry(3, attempt)
        if [round(v) for v in reopened] != [round(v) for v in dragged]:
            fail(f"dragged to {dragged}, the window opened at {reopened} after a new start")
        print(f"ok: dragged from {firsts['1600x900']} to {dragged}, it opened there after a new start")


if __name__ == "__main__":
    main()
