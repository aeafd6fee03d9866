#!/usr/bin/env python3
"""Save As asks before it replaces a file, driven as a user drives it under Xvfb (ctest runs this through xvfb-run;
label `display`).

usage: save_as_replace_ui_test.py COLLISION_LAB SCENE.json

A copy of SCENE opens as scene.json beside other.json, a file that is not a scene (a marker). In one window (each
Ctrl+Shift+S waits in screenshots until the browser dims the window, each Escape that closes it until it is gone):
1. Ctrl+Shift+S, Ctrl+A, "fresh.json", Enter: a name that does not exist is saved at once (no question).
2. Ctrl+Shift+S, Ctrl+A, "other.json", Enter: the browser asks "other.json exists. Replace it?" (its line, in the
   question's own colour, is waited for in screenshots) and other.json still holds the marker; Escape takes the question
   away and Escape closes the browser: the marker is still there.
3. Ctrl+Shift+S, Ctrl+A, "other.json", Enter, the question again, Enter: other.json holds the scene (its sprites);
   --describe-ui after Ctrl+Q names other.json as the open file, saved.
"""
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import (copy_scene, corner_pixel, fail, fresh_env, open_sandbox, quit_and_describe,  # noqa: E402
                            replace_question_shown, retry, type_file_name, wait_for, xdotool)
from sandbox_driver import read_text as read  # noqa: E402

MARKER = "not a scene\n"


def sprite_names(path):
    """The names of the sprites the scene file at `path` holds; None while it is not a scene file."""
    try:
        return [s["name"] for s in json.loads(read(path) or "")["sprites"]]
    except (ValueError, KeyError, TypeError):
        return None


def save_as(name, work, undimmed):
    """Ctrl+Shift+S; once the browser dims the window (the corner pixel is no longer `undimmed`), the name field
    emptied, `name` typed and Enter. False when the browser did not appear."""
    xdotool("key", "ctrl+shift+s")
    if not wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) != undimmed, 10, step=0.3):
        return False
    type_file_name(name)
    return True


def question_shown(work):
    return replace_question_shown(os.path.join(work, "screen.rgb"))


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
        undimmed = corner_pixel(os.path.join(work, "screen.rgb"))
        # 1. A new name: saved at once.
        if not save_as("fresh.json", work, undimmed):
            return "Ctrl+Shift+S opened no file browser"
        if not wait_for(lambda: sprite_names(fresh) == names, 10):
            return f"Save As to a new name wrote {read(fresh)!r:.200}, not the scene"
        if not wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) == undimmed, 10, step=0.3):
            return "the file browser stayed open after saving"
        # 2. An existing file: asked; Escape keeps it.
        if not save_as("other.json", work, undimmed):
            return "Ctrl+Shift+S opened no file browser the second time"
        if not wait_for(lambda: question_shown(work), 10, step=0.5):
            return (f"Save As over other.json showed no replace question; other.json holds {read(other)!r:.200}; "
                    f"the folder holds {sorted(os.listdir(work))}")
        if read(other) != MARKER:
            return f"Save As replaced other.json while asking: {read(other)!r:.200}"
        xdotool("key", "Escape")
        if not wait_for(lambda: not question_shown(work), 10, step=0.5):
            return "Escape did not take the replace question away"
        xdotool("key", "Escape")
        if not wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) == undimmed, 10, step=0.3):
            return "the second Escape did not close the file browser"
        if read(other) != MARKER:
            return f"Escape at the replace question still changed other.json: {read(other)!r:.200}"
        # 3. Enter at the question replaces it.
        if not save_as("other.json", work, undimmed):
            return "Ctrl+Shift+S opened no file browser the third time"
        if not wait_for(lambda: question_shown(work), 10, step=0.5):
            return "the second Save As over other.json showed no replace question"
        xdotool("key", "Return")
        if not wait_for(lambda: sprite_names(other) == names, 10):
            return f"Enter at the replace question left other.json as {read(other)!r:.200}"
        return quit_and_describe(proc, ui_file)


def main():
    app, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as top:
        attempts = []

        def attempt():
            # A fresh folder each time: a killed attempt leaves recovery files and settings the next must not see.
            work = os.path.join(top, f"attempt-{len(attempts)}")
            attempts.append(work)
            os.makedirs(work)
            scene = copy_scene(source, work, "scene.json")
            names = sprite_names(scene)
            if not names:
                fail(f"{source} holds no sprites to recognise a saved copy by")
            return session(app, scene, names, fresh_env(work), work, os.path.join(work, "ui.json"))
        ui, tries = retry(3, attempt)
        if os.path.basename(ui["file"]) != "other.json" or ui["dirty"]:
            fail(f"after replacing other.json the open file is {ui['file']!r}, dirty {ui['dirty']}")
        print(f"ok (attempt {tries}): a new name saved at once; other.json kept on Escape at the question and replaced "
              "on Enter, and is the open file")


if __name__ == "__main__":
    main()
