#!/usr/bin/env python3
"""The Collider and Compare panels at UI scale 2 on a 1600x900 window (label `display`, under xvfb-run).

usage: panels_at_scale_test.py COLLISION_LAB LESSON26.json

Scripted runs of lesson 26 write --describe-ui, which holds each control's screen rectangle. At UI scale 2:
- every Compare control, the four presets among them, lies inside the left column (none is cut off at its right
  edge: the presets wrap onto a new line instead);
- every Collider control, the note "(in the world view)" and Export... among them, lies inside the left column;
- the pose map's window leaves the Collision table's name and hit columns clear: it starts right of the middle of
  the window, and its cells are still at least 4 px.
"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import fail, fresh_env, copy_scene  # noqa: E402

SIZE = "1600x900"


def describe(app, scene, tool, env, work):
    ui_file = os.path.join(work, f"ui-{tool}.json")
    subprocess.run([app, scene, "--tool", tool, "--size", SIZE, "--ui-scale", "2", "--frames", "40", "--describe-ui",
                    ui_file], env=env, cwd=work, capture_output=True, check=True, timeout=60)
    with open(ui_file) as f:
        return json.load(f)


def inside_column(ui, widgets, what):
    right = ui["inspector_width"]
    if not widgets:
        fail(f"{what}: no control rectangles in --describe-ui")
    for name, (x0, _, x1, _) in widgets.items():
        if x0 < 0 or x1 > right:
            fail(f"{what}: {name} spans x {x0} .. {x1}, outside the left column (0 .. {right}) at UI scale 2")


def main():
    app, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        scene = copy_scene(source, work)

        ui = describe(app, scene, "compare", env, work)
        widgets = ui["compare"]["widgets"]
        presets = [k for k in widgets if k.startswith("preset.")]
        if len(presets) != 4:
            fail(f"Compare lists {presets}, not its four presets")
        inside_column(ui, widgets, "Compare")
        print(f"ok: Compare's {len(widgets)} controls (presets {presets}) lie inside the {ui['inspector_width']} px column")

        ui = describe(app, scene, "collider", env, work)
        widgets = ui["collider"]["widgets"]
        for needed in ("in_the_world_view", "export", "epsilon"):
            if needed not in widgets:
                fail(f"Collider's controls lack {needed}: {sorted(widgets)}")
        inside_column(ui, widgets, "Collider")
        pose_map = ui["pose_map"]
        width = int(SIZE.split("x")[0])
        if pose_map["rect"][0] < width / 2 or pose_map["cell_pixels"] < 4:
            fail(f"at UI scale 2 the pose map is at {pose_map['rect']} with {pose_map['cell_pixels']} px cells")
        print(f"ok: Collider's {len(widgets)} controls lie inside the column; the pose map at {pose_map['rect']}, "
              f"{pose_map['cell_pixels']} px cells")


if __name__ == "__main__":
    main()
