#!/usr/bin/env python3
"""The Game tool as a player drives it, under Xvfb (ctest runs this through xvfb-run; label `display`).

usage: game_ui_test.py COLLISION_LAB SCENE.json

Opens the sandbox with `--tool game` at 1600x900 and, with real xdotool input: sets *Blocks* to 100 (the count:
*fill the field at the start* and *steady spawn* are ticked by default, so blocks are near the person at once), clicks *Play*, holds Left, then Right (shorter), presses
Space to pause, clicks *Open as scene* and quits with Ctrl+Q. `--describe-ui` then has to show an untitled
"Falling blocks" scene holding the person and blocks, the person left of where it started (Left was held
longer than Right), every block falling at the game's fall speed, and a timeline to play it over.
"""
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import click, fail, fresh_env, hold, open_sandbox, quit_and_describe, retry, xdotool  # noqa: E402

# Where the Game panel's controls are at 1600x900 with default settings (the window at 0,0), below three rows of
# tool tabs (the Collider tab made it three).
BLOCKS_SLIDER = (137, 343)
PLAY_BUTTON = (25, 110)
OPEN_AS_SCENE_BUTTON = (57, 184)
FIELD_WIDTH, PERSON_WIDTH, FALL_SPEED = 800.0, 48.0, 2.0  # the tutorial's defaults (core/README.md "The falling-blocks game")
BLOCKS = 100


def play_once(app, scene, env, work, ui_file):
    """One try in a fresh window; returns the described UI, or a string saying what went wrong."""
    if os.path.exists(ui_file):
        os.remove(ui_file)
    with open_sandbox(app, [scene, "--tool", "game", "--describe-ui", ui_file], env, work, point=(700, 400), settle=1.0,
                      pause=0.3, appear=15) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        # Ctrl+click turns the Blocks slider into a text field: 100 blocks, so a scene of the blocks near the
        # person stays far below a scene's 255 sprites.
        xdotool("mousemove", str(BLOCKS_SLIDER[0]), str(BLOCKS_SLIDER[1]))
        time.sleep(0.15)
        xdotool("keydown", "ctrl")
        time.sleep(0.25)  # Ctrl held over whole frames, so the frame that sees the click sees Ctrl too
        xdotool("click", "1")
        time.sleep(0.25)
        xdotool("keyup", "ctrl")
        time.sleep(0.4)
        xdotool("key", "ctrl+a")
        xdotool("type", "--delay", "40", str(BLOCKS))
        xdotool("key", "Return")
        time.sleep(0.4)
        click(PLAY_BUTTON)
        xdotool("mousemove", "700", "400")  # over the world view, away from the panel's widgets
        hold("Left", 1.2)
        hold("Right", 0.3)
        time.sleep(0.2)
        xdotool("key", "space")
        time.sleep(0.5)
        click(OPEN_AS_SCENE_BUTTON)
        time.sleep(1.0)
        ui = quit_and_describe(proc, ui_file)
        if isinstance(ui, str):
            return ui
        if not ui["title"].startswith("Falling blocks: seed "):
            return f"no paused frame was opened as a scene: title {ui['title']!r}, errors {ui['errors']}"
        return ui


def main():
    app, scene = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    started = time.time()
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        ui_file = os.path.join(work, "ui.json")
        # Under Xvfb without a window manager the first input can reach the window before it has the keyboard,
        # or a frame can stall on a busy machine: the whole sequence is tried up to three times in a fresh window.
        ui, windows = retry(3, lambda: play_once(app, scene, env, work, ui_file))

    sprites = ui["sprites"]
    names = [s["name"] for s in sprites]
    if ui["file"] != "" or ui["dirty"]:
        fail(f"the paused frame should open as an untitled, unchanged scene: {ui}")
    if names[0] != "person" or len(names) < 2 or not all(n.startswith("block-") for n in names[1:]):
        fail(f"the scene should hold the person and blocks: {names}")
    person = sprites[0]
    start_x = (FIELD_WIDTH - PERSON_WIDTH) / 2
    # A busy machine may draw only a few frames a second, so any net move to the left will do.
    if not person["position"][0] < start_x:
        fail(f"holding Left (1.2 s) then Right (0.3 s) should leave the person left of {start_x}: {person['position']}")
    for block in sprites[1:]:
        if block["velocity"] != [0.0, FALL_SPEED]:
            fail(f"{block['name']} should carry the game's fall, [0, {FALL_SPEED}]: {block['velocity']}")
    if not any(block["angular_velocity"] != 0 for block in sprites[1:]):
        fail("no block carries its spin")
    if ui["frames"] < 2:
        fail(f"the scene's timeline should have frames to play the motion over: {ui['frames']}")
    if ui["expectations"] < 1:
        fail("the scene has no expect block")
    print(f"ok: Play, Left/Right, Space and Open as scene gave \"{ui['title']}\" with the person at x = "
          f"{person['position'][0]:g} and {len(names) - 1} falling blocks, {ui['frames']} frames "
          f"({windows} window(s), {time.time() - started:.1f} s)")


if __name__ == "__main__":
    main()
