#!/usr/bin/env python3
"""While the game runs it owns the window: the Collision table shows the game's pair, not the scene underneath.

usage: game_owns_window_ui_test.py COLLISION_LAB SCENE.json

Opens SCENE (its pair is not the game's: no sprite is called "person") with `--game-blocks 1000`, so the Game
tool fills the field and plays from the first frame, with the pointer over the left column (no block is under
it). After a few seconds of play, with real xdotool input, Space pauses and Ctrl+Q quits. `--describe-ui` then has
to show the Collision table on the person and a block (the person's last hit, as it was in its frame: a hit),
marked as the game's pair, while the open scene's sprites are still SCENE's. A second run, paused with the
pointer on the field, has to show the person and the block under the pointer (`game.pointer_block`).
"""
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import fail, fresh_env, open_sandbox, quit_and_describe, retry, xdotool  # noqa: E402

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
    print(f"ok: the Collision table showed the game's {table['a']}/{table['b']} (hit) over the scene "
          f"{scene_names[:2]}..., then person/{under} under the pointer ({time.time() - started:.1f} s)")


if __name__ == "__main__":
    main()
