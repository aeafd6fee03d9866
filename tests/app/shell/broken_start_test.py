#!/usr/bin/env python3
"""Starting the sandbox on a broken scene is honest about it (ctest runs this through xvfb-run).

usage: broken_start_test.py COLLISION_LAB

Writes a scene file that does not parse, runs `COLLISION_LAB BROKEN.json --frames 2 --describe-ui UI.json` and
checks that: the exit status is 1 (the command line's scene did not open); the first error says the sandbox
started on the built-in scene instead, names the file and does not claim "the current scene is unchanged"; the
loader's problem follows it; the shown scene is the untitled built-in one, whose title names the file and whose
notes name the file and the problem; and the menu bar's status says so.
"""
import json
import os
import subprocess
import sys
import tempfile


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def main():
    app = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as work:
        broken = os.path.join(work, "broken-scene.json")
        with open(broken, "w") as f:
            f.write('{"sprites": [ {"name": "A", ')  # cut off: not JSON
        ui_file = os.path.join(work, "ui.json")
        env = dict(os.environ, HOME=work, XDG_CONFIG_HOME=os.path.join(work, "config"), XDG_STATE_HOME=os.path.join(work, "state"))
        run = subprocess.run([app, broken, "--frames", "2", "--describe-ui", ui_file], env=env, capture_output=True, text=True,
                             timeout=60)
        if run.returncode != 1:
            fail(f"exit status {run.returncode}, expected 1: {run.stdout}{run.stderr}")
        with open(ui_file) as f:
            ui = json.load(f)
    errors = ui["errors"]
    if not errors or broken not in errors[0] or "started on the built-in scene" not in errors[0]:
        fail(f"the first error should name the file and say the built-in scene is shown instead: {errors}")
    if any("the current scene is unchanged" in e for e in errors):
        fail(f"at start-up there is no current scene to be unchanged: {errors}")
    if len(errors) < 2:
        fail(f"the loader's problem should follow the headline: {errors}")
    if ui["file"] != "" or [s["name"] for s in ui["sprites"]] != ["F", "R"]:
        fail(f"the built-in F/R scene, untitled, should be shown: file {ui['file']!r}, sprites {ui['sprites']}")
    if "broken-scene.json" not in ui["title"] or "could not be opened" not in ui["title"]:
        fail(f"the scene's title should say which file it stands in for: {ui['title']!r}")
    if broken not in ui["notes"] or errors[1] not in ui["notes"]:
        fail(f"the notes should name the file and its problem ({errors[1]!r}): {ui['notes'][:300]!r}")
    if "broken-scene.json" not in ui["status"]:
        fail(f"the menu bar's status should name the file: {ui['status']!r}")
    print(f"ok: {ui['title']!r}; status {ui['status']!r}; first error {errors[0]!r}")


if __name__ == "__main__":
    main()
