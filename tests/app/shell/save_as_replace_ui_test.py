#!/usr/bin/env python3
"""Save As asks before it replaces a file, driven as a user drives it under Xvfb (ctest runs this through xvfb-run;
label `display`).

usage: save_as_replace_ui_test.py COLLISION_LAB SCENE.json

A copy of SCENE opens as scene.json beside other.json, a file that is not a scene (a marker). In one window:
1. Ctrl+Shift+S, Ctrl+A, "fresh.json", Enter: a name that does not exist is saved at once (no question).
2. Ctrl+Shift+S, Ctrl+A, "other.json", Enter: the browser asks *Replace it?*; other.json still holds the marker a
   while later (the old Save As wrote at once); Escape goes back to the list and Escape closes the browser: the
   marker is still there.
3. Ctrl+Shift+S, Ctrl+A, "other.json", Enter, Enter: the question answered, other.json holds the scene (its sprites);
   --describe-ui after Ctrl+Q names other.json as the open file, saved.
"""
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import (copy_scene, fail, fresh_env, open_sandbox, quit_and_describe, retry,  # noqa: E402
                            wait_for, xdotool)

MARKER = "not a scene\n"


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def sprite_names(path):
    """The names of the sprites the scene file at `path` holds; None while it is not a scene file."""
    try:
        return [s["name"] for s in json.loads(read(path) or "")["sprites"]]
    except (ValueError, KeyError, TypeError):
        return None


def save_as(name, *answers):
    """Ctrl+Shift+S, the name field emptied and `name` typed, Enter, then each key of `answers`."""
    xdotool("key", "ctrl+shift+s")
    time.sleep(1.0)
    xdotool("key", "ctrl+a")
    time.sleep(0.3)
    xdotool("type", "--delay", "40", name)
    time.sleep(0.4)
    xdotool("key", "Return")
    for key in answers:
        time.sleep(0.8)
        xdotool("key", key)


def session(app, scene, names, env, work, ui_file):
    fresh, other = os.path.join(work, "fresh.json"), os.path.join(work, "other.json")
    if os.path.exists(fresh):
        os.remove(fresh)
    with open(other, "w") as f:
        f.write(MARKER)
    with open_sandbox(app, [scene, "--size", "1600x900", "--describe-ui", ui_file], env, work, point=(800, 450),
                      settle=1.0, pause=1.5) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        # 1. A new name: saved at once.
        save_as("fresh.json")
        if not wait_for(lambda: sprite_names(fresh) == names, 10):
            return f"Save As to a new name wrote {read(fresh)!r:.200}, not the scene"
        # 2. An existing file: asked; Escape keeps it.
        save_as("other.json")
        time.sleep(2.0)  # what the old Save As took to write it (at once); nothing may come
        if read(other) != MARKER:
            return f"Save As replaced other.json without asking: {read(other)!r:.200}"
        xdotool("key", "Escape")
        time.sleep(0.8)
        xdotool("key", "Escape")
        time.sleep(1.0)
        if read(other) != MARKER:
            return f"Escape at the replace question still changed other.json: {read(other)!r:.200}"
        # 3. Enter at the question replaces it.
        save_as("other.json", "Return")
        if not wait_for(lambda: sprite_names(other) == names, 10):
            return f"Enter at the replace question left other.json as {read(other)!r:.200}"
        return quit_and_describe(proc, ui_file)


def main():
    app, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        scene = copy_scene(source, work, "scene.json")
        names = sprite_names(scene)
        if not names:
            fail(f"{source} holds no sprites to recognise a saved copy by")
        ui_file = os.path.join(work, "ui.json")
        ui, tries = retry(3, lambda: session(app, scene, names, env, work, ui_file))
        if os.path.basename(ui["file"]) != "other.json" or ui["dirty"]:
            fail(f"after replacing other.json the open file is {ui['file']!r}, dirty {ui['dirty']}")
        print(f"ok (attempt {tries}): a new name saved at once; other.json kept on Escape at the question and replaced "
              "on Enter, and is the open file")


if __name__ == "__main__":
    main()
