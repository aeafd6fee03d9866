#!/usr/bin/env python3
"""Where the collider and the pixels disagree, pose by pose, driven as a user drives it under Xvfb (ctest runs this
through xvfb-run; label `display`).

usage: collider_pose_ui_test.py COLLISION_LAB LESSON26.json

1. The pose map. A copy of lesson 26 opens on the Collider tab (outer collider, the bullet at (120, 200)). A scripted
   run's --describe-ui gives the map's disagreeing cells with their screen centres; in a window of the same size
   xdotool clicks a "collider only" cell and Ctrl+S saves: the bullet stands at that cell's position. Ctrl+Z and
   Ctrl+S: it is back at (120, 200) (the click was one undo step). `collision-lab check` on the saved pose says
   polygon hits and pixel-exact does not (the map's cell, checked by the CLI).
   The map is in a window of its own with cells of at least 4 px at 1600x900; three wheel notches over a cell zoom
   the map 1.25^3 times about the mouse (the same cell stays under it) and the read-out names that cell, its offset
   from where the bullet stands and its class.
2. Compare at the lesson's third pose (balanced, epsilon 2, the bullet at (184, 196)). xdotool clicks Compare's
   preset "collider vs pixels"; --describe-ui then shows polygon vs pixel-exact with pixel pairs only the collider
   counts, none only the pixels count and none both (pixel-exact has no overlap there: the CLI's check says so).
   The "only first" markers stand out on the yellow bullet: in a screenshot, the pixels of exactly their colour in the
   world view are ringed by dark pixels on all four sides.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import (click, fail, fresh_env, open_sandbox, quit_and_describe, retry,  # noqa: E402
                            scene_with_absolute_images, screenshot_rgb, undo_and_save, wait_for, xdotool)

SIZE = "1600x900"
ONLY_FIRST = (0xFF, 0xE2, 0x3A)  # comparePalette::kOnlyFirst
# The world view at 1600x900 with the default layout (a 420-pixel left column, the local view from x 1075), above
# the Compare badge at its foot.
WORLD = ((440, 1000), (80, 480))


def marker_ring(shot):
    """The box of the pixels of exactly the "only first" colour in the world view and the pixels just outside it on
    each side, or None when there is no such pixel."""
    width, _, rgb = shot

    def pixel(x, y):
        i = (y * width + x) * 3
        return tuple(rgb[i:i + 3])
    points = [(x, y) for y in range(*WORLD[1]) for x in range(*WORLD[0]) if pixel(x, y) == ONLY_FIRST]
    if not points:
        return None
    x0, x1 = min(p[0] for p in points), max(p[0] for p in points)
    y0, y1 = min(p[1] for p in points), max(p[1] for p in points)
    xm, ym = (x0 + x1) // 2, (y0 + y1) // 2
    return (x0, y0, x1, y1), [pixel(x0 - 1, ym), pixel(x1 + 1, ym), pixel(xm, y0 - 1), pixel(xm, y1 + 1)]


def centre(rect):
    return round((rect[0] + rect[2]) / 2), round((rect[1] + rect[3]) / 2)


def bullet_position(scene_file):
    with open(scene_file) as f:
        return json.load(f)["sprites"][1]["position"]


def cli_hits(app, scene_file):
    out = subprocess.run([app, "check", scene_file, "--json"], capture_output=True, text=True, timeout=60).stdout
    pair = json.loads(out)["pairs"][0]
    return {name: r.get("hit") for name, r in pair["results"].items()}


def scripted_ui(app, scene, tool, env, work, ui_file):
    subprocess.run([app, scene, "--tool", tool, "--size", SIZE, "--frames", "40", "--describe-ui", ui_file],
                   env=env, cwd=work, capture_output=True, check=True, timeout=60)
    with open(ui_file) as f:
        return json.load(f)


def write(scene, data):
    with open(scene, "w") as f:
        json.dump(data, f, indent=2)


def collider_window(app, scene, data, env, work, ui_file):
    """Writes `data` to `scene` and opens it on the Collider tab: open_sandbox's context."""
    write(scene, data)
    return open_sandbox(app, [scene, "--tool", "collider", "--size", SIZE, "--describe-ui", ui_file], env, work,
                        point=(900, 300), settle=1.0, pause=1.5)


def map_session(app, scene, data, env, work, ui_file, cell):
    with collider_window(app, scene, data, env, work, ui_file) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        click(cell["screen"])
        xdotool("mousemove", "900", "300")
        xdotool("key", "ctrl+s")
        if not wait_for(lambda: bullet_position(scene) == cell["position"], 10):
            return f"after a click on the map cell {cell} the saved bullet stands at {bullet_position(scene)}"
        moved = bullet_position(scene)
        hits = cli_hits(app, scene)
        if not undo_and_save(lambda: bullet_position(scene), [120, 200]):
            return f"Ctrl+Z and Ctrl+S left the bullet at {bullet_position(scene)}"
        ui = quit_and_describe(proc, ui_file)
        if isinstance(ui, str):
            return ui
        return {"moved": moved, "hits": hits, "ui": ui}


def zoom_session(app, scene, data, env, work, ui_file, cell):
    with collider_window(app, scene, data, env, work, ui_file) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        xdotool("mousemove", str(round(cell["screen"][0])), str(round(cell["screen"][1])))
        time.sleep(0.4)
        for _ in range(3):
            xdotool("click", "4")  # wheel up
            time.sleep(0.2)
        time.sleep(0.6)
        ui = quit_and_describe(proc, ui_file)
        if isinstance(ui, str):
            return ui
        return ui.get("pose_map")


def compare_session(app, scene, env, work, ui_file, preset):
    with open_sandbox(app, [scene, "--tool", "compare", "--size", SIZE, "--describe-ui", ui_file], env, work,
                      point=(900, 300), settle=1.0, pause=1.0) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        click(preset)
        xdotool("mousemove", "900", "300")
        # The comparison is made off the frame: the markers show once it is in (a busy machine takes longer).
        ring = wait_for(lambda: marker_ring(screenshot_rgb(os.path.join(work, "compare.rgb"))), 10, step=0.5)
        ui = quit_and_describe(proc, ui_file)
        if isinstance(ui, str):
            return ui
        compare = ui.get("compare", {})
        if compare.get("first_used") != "polygon" or compare.get("second_used") != "pixel-exact":
            return f"after a click on the preset Compare shows {compare.get('first_used')} vs {compare.get('second_used')}"
        if ring is None:
            return "no pixel of the only-first colour in the world view"
        if any(max(p) > 80 for p in ring[1]):
            return f"the only-first markers at {ring[0]} are not ringed in a dark colour: beside them {ring[1]}"
        compare["ring"] = ring
        return compare


def main():
    app, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        data = scene_with_absolute_images(source)
        scene = os.path.join(work, "lesson.json")
        ui_file = os.path.join(work, "ui.json")

        # 1. The pose map: click a "collider only" cell, then undo.
        write(scene, data)
        pose_map = scripted_ui(app, scene, "collider", env, work, ui_file).get("pose_map")
        if not pose_map or not pose_map["complete"]:
            fail(f"the scripted run's pose map is {pose_map}")
        counts = pose_map["counts"]
        if counts["pixels_only"] != 0 or counts["collider_only"] == 0:
            fail(f"an outer collider's map has {counts}: it must have collider-only cells and no pixels-only cell")
        cells = [c for c in pose_map["disagreeing"] if c["kind"] == "collider_only"]
        if not cells:
            fail(f"no collider-only cell is listed: {pose_map['disagreeing']}")
        cell = cells[len(cells) // 2]
        print(f"ok: the outer collider's map: {counts}; clicking {cell}")
        result, _ = retry(3, lambda: map_session(app, scene, data, env, work, ui_file, cell))
        if not (result["hits"].get("polygon") is True and result["hits"].get("pixel-exact") is False):
            fail(f"at {result['moved']} `check` answers {result['hits']}: the cell said collider only")
        print(f"ok: the click moved the bullet to {result['moved']}, where check says polygon hits and pixel-exact "
              "misses; Ctrl+Z put it back at (120, 200)")

        # The map's window: cells of at least 4 px; the wheel zooms about the mouse; the read-out names the cell.
        if pose_map["cell_pixels"] < 4 or not pose_map["window_open"]:
            fail(f"at {SIZE} the map's cells are {pose_map['cell_pixels']} px (window open: {pose_map['window_open']})")
        zoomed, _ = retry(3, lambda: zoom_session(app, scene, data, env, work, ui_file, cell))
        if not zoomed or abs(zoomed["zoom"] - 1.25 ** 3) > 1e-9:
            fail(f"three wheel notches over the map left it at {zoomed and zoomed.get('zoom')}")
        if abs(zoomed["cell_pixels"] - pose_map["cell_pixels"] * 1.25 ** 3) > 1e-6:
            fail(f"zoomed cells are {zoomed['cell_pixels']} px, not {pose_map['cell_pixels']} x 1.25^3")
        hovered = zoomed.get("hovered")
        expected_offset = [cell["position"][0] - 120, cell["position"][1] - 200]
        if not hovered or hovered["cell"] != cell["cell"] or hovered["kind"] != "collider_only" or \
                [round(v, 9) for v in hovered["offset"]] != expected_offset:
            fail(f"after zooming about {cell} the read-out is {hovered}; expected that cell, collider_only, offset "
                 f"{expected_offset}")
        print(f"ok: {pose_map['cell_pixels']} px cells at {SIZE}; three wheel notches zoom {zoomed['zoom']:.4g}x about "
              f"the mouse and the read-out keeps {hovered}")

        # 2. Compare at the lesson's third pose: balanced, epsilon 2, the bullet at (184, 196).
        third = json.loads(json.dumps(data))
        third["sprites"][0]["collider"] = {"mode": "balanced", "epsilon": 2, "max_vertices": 8}
        third["sprites"][1]["position"] = [184, 196]
        write(scene, third)
        hits = cli_hits(app, scene)
        if not (hits.get("polygon") is True and hits.get("pixel-exact") is False):
            fail(f"at the third task's pose `check` answers {hits}")
        widgets = scripted_ui(app, scene, "compare", env, work, ui_file)["compare"]["widgets"]
        preset = centre(widgets["preset.collider_vs_pixels"])
        compare, _ = retry(3, lambda: compare_session(app, scene, env, work, ui_file, preset))
        if not compare.get("applicable") or not compare["first_hit"] or compare["second_hit"]:
            fail(f"Compare at the third pose: {compare}")
        if not compare["only_first"] or compare["only_second"] or compare["both"]:
            fail(f"Compare must show pixel pairs only the collider counts and no other: {compare}")
        print(f"ok: Compare (collider vs pixels) shows {len(compare['only_first'])} pixel pairs only the collider "
              f"counts, e.g. {compare['only_first'][:3]}, none only the pixels count, none both; their markers at "
              f"{compare['ring'][0]} are ringed by {compare['ring'][1]}")


if __name__ == "__main__":
    main()
