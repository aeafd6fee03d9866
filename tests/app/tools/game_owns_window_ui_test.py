#!/usr/bin/env python3
"""While the game runs it owns the window: the Collision table shows the game's pair, not the scene underneath.

usage: game_owns_window_ui_test.py COLLISION_LAB SCENE.json

Opens SCENE (its pair is not the game's: no sprite is called "person") with `--game-blocks 1000`, so the Game
tool fills the field and plays from the first frame, with the pointer over the left column (no block is under
it). After a few seconds of play, with real xdotool input, Space pauses and Ctrl+Q quits. `--describe-ui` then has
to show the Collision table on the person and a block (the person's last hit, as it was in its frame: a hit),
marked as the game's pair, while the open scene's sprites are still SCENE's. A second run, paused with the
pointer on the field, has to show the person and the block under the pointer (`game.pointer_block`).
A third run, on a copy of SCENE, holds Left and drags across the world view during play, then saves with Ctrl+S:
the saved sprites have to stand where SCENE put them (the game's keys and the field's mouse belong to the game,
not to the editor's selected sprite underneath; before that was fixed R moved about 60 px).
"""
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import (drag, fail, fresh_env, hold, open_sandbox, quit_and_describe, retry,  # noqa: E402
                            scene_with_absolute_images, xdotool)

LEFT_COLUMN = (120, 700)  # at 1600x900: inside the inspector, away from its widgets and from the world view
FIELD_MIDDLE = (720, 300)  # at 1600x900: the upper middle of the game's field in the world view


def play_once(app, scene, env, work, ui_file, point_at=None):
    """One try in a fresh window, the pointer moved to `point_at` after the pause (None: it stays off the field);
    returns the described UI, or a string saying what went wrong."""
    if os.path.exists(ui_file):
        os.remove(ui_file)
    with open_sandbox(app, [scene, "--tool", "game", "--game-blocks", "1000", "--size", "1600x900", "--describe-ui", ui_file],
                      env, work, point=LEFT_COLUMN, settle=1.0, pause=0.3, appear=15) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        time.sleep(4.0)  # 1,000 blocks in the field: the person is hit within a few frames
        xdotool("key", "space")
        time.sleep(0.5)
        if point_at:
            xdotool("mousemove", str(point_at[0]), str(point_at[1]))
        time.sleep(1.0)
        ui = quit_and_describe(proc, ui_file)
        if isinstance(ui, str):
            return ui
        table = ui["collision_table"]
        if table["a"] is None:
            return f"the Collision table shows no pair after 4 s of play (no hit yet?): {table}"
        return ui


def play_and_save(app, scene, env, work):
    """Plays on a copy of `scene` with Left held and a drag over the field, then Ctrl+S; returns the saved
    sprites' positions by name, or a string saying what went wrong."""
    copy = os.path.join(work, "scene.json")
    with open(copy, "w") as f:
        json.dump(scene_with_absolute_images(scene), f)
    saved_before = os.path.getmtime(copy)
    with open_sandbox(app, [copy, "--tool", "game", "--game-blocks", "1000", "--size", "1600x900"],
                      env, work, point=LEFT_COLUMN, settle=1.0, pause=0.3, appear=15) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        time.sleep(2.0)
        xdotool("mousemove", str(FIELD_MIDDLE[0]), str(FIELD_MIDDLE[1]))
        time.sleep(0.3)
        hold("Left", 1.0)
        x, y = FIELD_MIDDLE
        drag([(x, y), (x + 50, y + 30), (x + 100, y + 60), (x + 150, y + 100)], 0.3, 0.3, 0.1, 0.3)
        xdotool("keydown", "ctrl")  # down and up in separate frames: a press within one frame can be lost
        xdotool("keydown", "s")
        time.sleep(0.3)
        xdotool("keyup", "s")
        xdotool("keyup", "ctrl")
        if not wait_for_change(copy, saved_before, 5.0):
            proc.kill()
            return "Ctrl+S did not save the scene"
        proc.kill()
    with open(copy) as f:
        return {s["name"]: s["position"] for s in json.load(f)["sprites"]}


def wait_for_change(path, mtime, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if os.path.getmtime(path) != mtime:
            time.sleep(0.3)  # the atomic rename is done; let the file settle
            return True
        time.sleep(0.1)
    return False


def main():
    app, scene = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    started = time.time()
    with open(scene) as f:
        scene_names = [s["name"] for s in json.load(f)["sprites"]]
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        ui_file = os.path.join(work, "ui.json")
        ui, _ = retry(3, lambda: play_once(app, scene, env, work, ui_file))

    table = ui["collision_table"]
    if not table["owned"]:
        fail(f"the table should show the game's pair while the game runs: {table}")
    if table["a"] != "person" or not str(table["b"]).startswith("block-"):
        fail(f"the table should show the person and a block: {table}")
    if not table["hit"]:
        fail(f"with the pointer on no block the table shows the person's last hit, which hits: {table}")
    if [s["name"] for s in ui["sprites"]] != scene_names:
        fail(f"the open scene should be untouched underneath: {[s['name'] for s in ui['sprites']]} vs {scene_names}")
    # Paused with the pointer on the field (1,000 blocks cover it): the table follows the block under the pointer.
    with tempfile.TemporaryDirectory() as work:
        ui_file = os.path.join(work, "ui.json")
        hovered, _ = retry(3, lambda: play_once(app, scene, fresh_env(work), work, ui_file, FIELD_MIDDLE))
    under = hovered["game"]["pointer_block"]
    if not under or hovered["collision_table"]["a"] != "person" or hovered["collision_table"]["b"] != under:
        fail(f"with the pointer on {under} the table should show person/{under}: {hovered['collision_table']}")
    # Keys and drags during play belong to the game: the scene underneath saves unmoved.
    with open(scene) as f:
        placed = {s["name"]: s["position"] for s in json.load(f)["sprites"]}
    with tempfile.TemporaryDirectory() as work:
        saved, _ = retry(3, lambda: play_and_save(app, scene, fresh_env(work), work))
    for name, position in placed.items():
        if any(abs(a - b) > 1e-9 for a, b in zip(saved[name], position)):
            fail(f"Left held and a drag over the field during play moved {name} from {position} to {saved[name]}")
    print(f"ok: the Collision table showed the game's {table['a']}/{table['b']} (hit) over the scene "
          f"{scene_names[:2]}..., then person/{under} under the pointer; Left and a drag during play left the scene where it was ({time.time() - started:.1f} s)")


if __name__ == "__main__":
    main()
