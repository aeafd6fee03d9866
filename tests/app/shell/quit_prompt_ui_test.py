#!/usr/bin/env python3
"""Quitting over unsaved changes, driven as a user drives it under Xvfb (ctest runs this through xvfb-run; label
`display`).

usage: quit_prompt_ui_test.py COLLISION_LAB BUNDLED_DEFAULT_SCENE

0. On the bundled default scene (what the sandbox opens without arguments), Up then Ctrl+S opens Save As instead of
   writing over the bundled file, which stays byte for byte as it was (restored, and the test fails, if it changed).

Then the sandbox opens on its default scene; Ctrl+N makes an untitled one (never saved) and Up nudges F one pixel up, so
the scene has unsaved changes. Each step waits in screenshots until a dialog dims the window or is gone.
1. Ctrl+Q asks "Save them before going on?"; Enter (the prompt's default button, Save) opens Save As, since the scene
   has no file yet; Escape closes Save As: the sandbox still runs.
2. A later Save As (Ctrl+Shift+S, "kept.json", Enter) saves and must not quit: the Save As the prompt opened was
   cancelled (a bug once made this one quit).
3. Up again, Ctrl+Q, Enter: the prompt saves to kept.json at once (the scene has a file now) and the sandbox quits;
   kept.json holds F one pixel higher than after step 2.
4. A fresh window: Ctrl+N, Up, Ctrl+Q, Enter, "quit.json", Enter: the Save As the prompt opened saves, then quits.
5. The same for New: Ctrl+N over the changes, Enter, "new.json", Enter saves new.json and then makes the new untitled
   scene: Up then Ctrl+S opens Save As (an untitled scene has no file to save to) and new.json stays as saved. (Had
   New not followed, the scene would still be new.json and Ctrl+S would write F one pixel higher into it.)
6. And for Open: Ctrl+O over the changes, Enter, "open.json", Enter saves open.json and the Open browser follows: the
   window stays dimmed until Escape closes it.
"""
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import (corner_pixel, fail, fresh_env, open_sandbox, read_text, retry, type_file_name,  # noqa: E402
                            wait_for, xdotool)


def f_position(path):
    """F's position in the scene file at `path`; None while there is no such scene file."""
    try:
        return next(s["position"] for s in json.loads(read_text(path) or "")["sprites"] if s["name"] == "F")
    except (ValueError, KeyError, TypeError, StopIteration):
        return None


def ended(proc, seconds):
    try:
        proc.wait(timeout=seconds)
        return True
    except subprocess.TimeoutExpired:
        return False


def ask_to_quit(work, undimmed):
    """Ctrl+Q; True once the prompt dims the window."""
    xdotool("key", "ctrl+q")
    return wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) != undimmed, 10, step=0.3)


def bundled_scene_not_written(app, env, work, bundled, original):
    with open_sandbox(app, [], env, work, point=(600, 400), settle=2.0, pause=0.5) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        undimmed = corner_pixel(os.path.join(work, "screen.rgb"))
        xdotool("key", "Up")
        time.sleep(0.8)
        xdotool("key", "ctrl+s")
        browser = wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) != undimmed, 10, step=0.3)
        with open(bundled, "rb") as f:
            now = f.read()
        if now != original:
            with open(bundled, "wb") as f:
                f.write(original)
            fail(f"Ctrl+S wrote over the bundled scene {bundled} (restored)")
        if not browser:
            return "Ctrl+S on the bundled default scene opened no Save As"
        xdotool("key", "Escape")
        if not wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) == undimmed, 10, step=0.3):
            return "Escape did not close Save As"
    return None


@contextlib.contextmanager
def untitled_with_changes(app, env, work, file_name):
    """A fresh window on an untitled scene with unsaved changes (Ctrl+N, then Up once it is on screen), after
    `file_name` in `work` is removed: yields (the process, the corner pixel undimmed), or (None, what went wrong)."""
    path = os.path.join(work, file_name)
    if os.path.exists(path):
        os.remove(path)
    with open_sandbox(app, [], env, work, point=(600, 400), settle=2.0, pause=0.5) as (window, proc):
        if not window:
            yield None, "the sandbox window did not appear"
            return
        undimmed = corner_pixel(os.path.join(work, "screen.rgb"))
        xdotool("key", "ctrl+n")
        time.sleep(1.0)
        xdotool("key", "Up")
        time.sleep(0.8)
        yield proc, undimmed


def cancelled_save_as_then_save_as(app, env, work):
    kept = os.path.join(work, "kept.json")
    with untitled_with_changes(app, env, work, "kept.json") as (proc, undimmed):
        if proc is None:
            return undimmed
        # 1. The prompt's Save on an untitled scene opens Save As; Escape cancels it and the sandbox stays.
        if not ask_to_quit(work, undimmed):
            return "Ctrl+Q over unsaved changes showed no prompt" + (" (the sandbox quit)" if proc.poll() is not None else "")
        time.sleep(0.8)
        xdotool("key", "Return")
        time.sleep(1.5)
        if proc.poll() is not None:
            return "Enter at the prompt quit without saving"
        xdotool("key", "Escape")
        if not wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) == undimmed, 10, step=0.3):
            return "Escape did not close the Save As that the prompt's Save opened"
        if proc.poll() is not None:
            return "cancelling the prompt's Save As quit the sandbox"
        # 2. A later Save As saves and does not quit.
        xdotool("key", "ctrl+shift+s")
        if not wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) != undimmed, 10, step=0.3):
            return "Ctrl+Shift+S opened no file browser"
        type_file_name("kept.json")
        if not wait_for(lambda: f_position(kept) is not None, 10):
            return f"Save As kept.json wrote {read_text(kept)!r:.200}; the folder holds {sorted(os.listdir(work))}"
        if ended(proc, 3.0):
            return "a Save As after the prompt's cancelled Save As quit the sandbox"
        first = f_position(kept)
        # 3. The prompt's Save on a scene with a file saves there and quits.
        xdotool("key", "Up")
        time.sleep(0.8)
        if not ask_to_quit(work, undimmed):
            return "Ctrl+Q after another nudge showed no prompt"
        time.sleep(0.8)
        xdotool("key", "Return")
        if not ended(proc, 15):
            return "Enter at the prompt of a saved scene did not save and quit"
        second = f_position(kept)
        if second is None or second[0] != first[0] or second[1] != first[1] - 1:
            return f"after the prompt's save kept.json has F at {second}, not one pixel above {first}"
    return None


def save_as_from_prompt(key, name, work, undimmed):
    """`key` (ctrl+q, ctrl+n, ctrl+o) over unsaved changes on an untitled scene, Enter at the prompt (Save), then
    `name` in the Save As it opens: None once `name` in `work` holds a scene, else what went wrong."""
    saved = os.path.join(work, name)
    xdotool("key", key)
    if not wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) != undimmed, 10, step=0.3):
        return f"{key} over unsaved changes showed no prompt"
    time.sleep(0.8)
    xdotool("key", "Return")
    type_file_name(name)
    if not wait_for(lambda: f_position(saved) is not None, 10):
        return f"the prompt's Save As wrote {read_text(saved)!r:.200}; the folder holds {sorted(os.listdir(work))}"
    return None


def save_as_from_prompt_then_quit(app, env, work):
    with untitled_with_changes(app, env, work, "quit.json") as (proc, undimmed):
        if proc is None:
            return undimmed
        if problem := save_as_from_prompt("ctrl+q", "quit.json", work, undimmed):
            return problem
        if not ended(proc, 15):
            return "the sandbox did not quit after the prompt's Save As saved"
    return None


def save_as_from_prompt_then_new(app, env, work):
    saved = os.path.join(work, "new.json")
    with untitled_with_changes(app, env, work, "new.json") as (proc, undimmed):
        if proc is None:
            return undimmed
        if problem := save_as_from_prompt("ctrl+n", "new.json", work, undimmed):
            return problem
        if not wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) == undimmed, 10, step=0.3):
            return "the window stayed dimmed after the prompt's Save As saved"
        as_saved = f_position(saved)
        xdotool("key", "Up")
        time.sleep(0.8)
        xdotool("key", "ctrl+s")
        browser = wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) != undimmed, 10, step=0.3)
        if f_position(saved) != as_saved:
            return f"Ctrl+S after the prompt's New wrote F at {f_position(saved)} into new.json (was {as_saved}): New did not follow the save"
        if not browser:
            return "Ctrl+S after the prompt's New opened no Save As: New did not follow the save"
    return None


def save_as_from_prompt_then_open(app, env, work):
    with untitled_with_changes(app, env, work, "open.json") as (proc, undimmed):
        if proc is None:
            return undimmed
        if problem := save_as_from_prompt("ctrl+o", "open.json", work, undimmed):
            return problem
        if wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) == undimmed, 2.5, step=0.3):
            return "the window came back undimmed after the prompt's Save As: the Open browser did not follow the save"
        xdotool("key", "Escape")
        if not wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) == undimmed, 10, step=0.3):
            return "Escape did not close the Open browser that followed the save"
    return None


def main():
    app, bundled = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(bundled, "rb") as f:
        original = f.read()
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)
        retry(3, lambda: bundled_scene_not_written(app, env, work, bundled, original))
        print("ok: Ctrl+S on the bundled default scene opened Save As; the bundled file is unchanged")
        retry(3, lambda: cancelled_save_as_then_save_as(app, env, work))
        print("ok: the prompt's Save opened Save As; Escape cancelled it and a later Save As saved without quitting")
        print("ok: the prompt's Save on a scene with a file saved it (F one pixel higher) and quit")
        retry(3, lambda: save_as_from_prompt_then_quit(app, env, work))
        print("ok: the prompt's Save As saved quit.json and the sandbox quit")
        retry(3, lambda: save_as_from_prompt_then_new(app, env, work))
        print("ok: the prompt's Save As saved new.json and New followed (Ctrl+S then opened Save As, new.json unchanged)")
        retry(3, lambda: save_as_from_prompt_then_open(app, env, work))
        print("ok: the prompt's Save As saved open.json and the Open browser followed")


if __name__ == "__main__":
    main()
