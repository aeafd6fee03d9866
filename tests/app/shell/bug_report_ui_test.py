#!/usr/bin/env python3
"""The bug-report flow as a user drives it, under Xvfb (ctest runs this through xvfb-run; label `display`).

usage: bug_report_ui_test.py COLLISION_LAB LESSON.json

1. The lesson opens with its notes visible: `--describe-ui` names the open tab (Notes) and the notes shown.
2. The command-line path (`--save-bug-report`, the dialog's own save code) writes a file that passes
   `collision-lab check --verify`.
3. Real key presses through xdotool: Ctrl+B opens File > Save as bug report..., the title is typed, Ctrl+Enter
   saves, Ctrl+Q quits; the saved file carries the typed title and passes `check --verify`.
4. A file that appears at the dialog's file name after it opened (as when a name of an existing file is typed) is
   not overwritten unasked: Ctrl+Enter asks "NAME exists. Replace it?" and leaves it; Escape goes back to the
   dialog, which stays open; Ctrl+Enter twice replaces it with the report.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import (REPLACE_QUESTION, corner_pixel, fail, fresh_env, open_sandbox, quit_with_ctrl_q,  # noqa: E402
                            read_text, retry, screenshot_array, wait_for, xdotool)

SOMEONE_ELSES = '{"not": "a bug report"}\n'


def run(args, **kw):
    result = subprocess.run(args, capture_output=True, text=True, timeout=60, **kw)
    return result


def verify(app, scene):
    result = run([app, "check", scene, "--verify"])
    if result.returncode != 0 or "verify: passed" not in result.stdout:
        fail(f"check --verify on {scene} did not pass:\n{result.stdout}\n{result.stderr}")
    print(f"ok: {os.path.basename(scene)}: " + result.stdout.strip().splitlines()[-1])


def drive_bug_report(app, lesson, env, work, saved, typed_ui):
    """Ctrl+B, a typed title, Ctrl+Enter, Ctrl+Q in a fresh window; None when bug-report.json was saved."""
    if os.path.exists(saved):
        os.remove(saved)
    # Generous pauses: under the sanitizer build or a busy machine a frame can take a few hundred ms.
    with open_sandbox(app, [lesson, "--describe-ui", typed_ui], env, work, point=(600, 400), settle=2.0,
                      pause=0.5) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        xdotool("key", "ctrl+b")
        time.sleep(2.0)
        xdotool("type", "--delay", "60", "typed by xdotool")
        time.sleep(1.0)
        xdotool("key", "ctrl+Return")
        if not wait_for(lambda: os.path.exists(saved), 20):
            return "Ctrl+B, typing and Ctrl+Enter saved no bug-report.json in the current folder"
        time.sleep(0.5)
        return quit_with_ctrl_q(proc, 20)


def press_until(keys, arrived, presses=3, seconds=5):
    """Press `keys`, then wait up to `seconds` for arrived(); up to `presses` times. True once it arrived."""
    for _ in range(presses):
        xdotool("key", keys)
        if wait_for(arrived, seconds, step=0.5):
            return True
    return False


def question_pixels(work):
    """How many pixels on screen have the replace question's colour (the dialog's "needs a display" notes share it,
    so the question shows as a rise over the count before it)."""
    shot = screenshot_array(os.path.join(work, "screen.rgb"))
    return int((shot == REPLACE_QUESTION).all(axis=2).sum())


def drive_replace_question(app, lesson, env, work, saved):
    """Ctrl+B; another file appears at the dialog's name; Ctrl+Enter asks and keeps it, Escape goes back, Ctrl+Enter
    twice replaces it. None when all that happened, else what went wrong."""
    if os.path.exists(saved):
        os.remove(saved)  # the dialog's name is then bug-report.json
    with open_sandbox(app, [lesson], env, work, point=(600, 400), settle=2.0, pause=0.5) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        undimmed = corner_pixel(os.path.join(work, "screen.rgb"))
        xdotool("key", "ctrl+b")
        if not wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) != undimmed, 10, step=0.3):
            return "Ctrl+B opened no bug-report dialog"
        time.sleep(1.0)
        before = question_pixels(work)
        with open(saved, "w") as f:
            f.write(SOMEONE_ELSES)
        asked = lambda: question_pixels(work) > before + 50  # noqa: E731
        replaced = lambda: '"sprites"' in (read_text(saved) or "")  # noqa: E731
        # A Ctrl+Enter can be lost while the first frames are slow (the first run after a build): each press below is
        # repeated while what it should bring has not come. Pressing again is safe: while no question shows the
        # file is untouched (checked), and at the question only Replace changes the file.
        if not press_until("ctrl+Return", lambda: asked() or read_text(saved) != SOMEONE_ELSES):
            return f"Ctrl+Enter over an existing file showed no replace question; the file holds {read_text(saved)!r:.200}"
        if read_text(saved) != SOMEONE_ELSES:
            return f"Ctrl+Enter replaced the existing file while asking: {read_text(saved)!r:.200}"
        if not press_until("Escape", lambda: question_pixels(work) <= before):
            return "Escape did not take the replace question away"
        time.sleep(0.5)
        if corner_pixel(os.path.join(work, "screen.rgb")) == undimmed:
            return "Escape at the replace question closed the dialog instead of going back to it"
        if read_text(saved) != SOMEONE_ELSES:
            return f"Escape at the replace question changed the file: {read_text(saved)!r:.200}"
        if not press_until("ctrl+Return", lambda: asked() or read_text(saved) != SOMEONE_ELSES):
            return "the second Ctrl+Enter showed no replace question"
        if read_text(saved) != SOMEONE_ELSES:
            return f"the second Ctrl+Enter replaced the file without asking: {read_text(saved)!r:.200}"
        if not press_until("ctrl+Return", replaced):
            return f"Ctrl+Enter at the replace question left the file as {read_text(saved)!r:.200}"
        if not wait_for(lambda: corner_pixel(os.path.join(work, "screen.rgb")) == undimmed, 10, step=0.3):
            return "the dialog stayed open after replacing the file"
        return quit_with_ctrl_q(proc, 20)


def tab_for(scene_doc):
    """The tab a scene opens on: the tool its view names (a tool id such as "sprites" is titled "Sprites"), else
    Notes (the scenes here have notes)."""
    view_tool = scene_doc.get("view", {}).get("tool")
    return view_tool.replace("-", " ").capitalize() if view_tool else "Notes"


def main():
    app, lesson = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(lesson) as f:
        lesson_doc = json.load(f)
    lesson_notes = lesson_doc["notes"]
    expected_tab = tab_for(lesson_doc)
    if not lesson_notes:
        fail(f"{lesson} has no notes to look for")
    with tempfile.TemporaryDirectory() as work:
        env = fresh_env(work)

        # 1. The lesson's tab and notes on open.
        ui_file = os.path.join(work, "opened.json")
        result = run([app, lesson, "--frames", "3", "--describe-ui", ui_file], env=env, cwd=work)
        if result.returncode != 0:
            fail(f"opening {lesson} failed: {result.stderr}")
        with open(ui_file) as f:
            ui = json.load(f)
        if ui["open_tab"] != expected_tab or ui["notes"] != lesson_notes:
            fail(f"the lesson did not open on the {expected_tab} tab with its notes: {ui}")
        print(f"ok: the lesson opens on the {expected_tab} tab its view names, with its notes")

        # 2. The command-line equivalent of the dialog's Save.
        cli_report = os.path.join(work, "cli-report.json")
        result = run([app, lesson, "--frames", "3", "--save-bug-report", cli_report], env=env, cwd=work)
        if result.returncode != 0 or not os.path.exists(cli_report):
            fail(f"--save-bug-report failed: {result.stderr}")
        verify(app, cli_report)

        # 3. Real key presses. Under Xvfb without a window manager the first keys can reach the window before
        # it has the keyboard, so the whole sequence is tried up to three times with a fresh window.
        saved = os.path.join(work, "bug-report.json")
        typed_ui = os.path.join(work, "typed.json")
        retry(3, lambda: drive_bug_report(app, lesson, env, work, saved, typed_ui))
        with open(saved) as f:
            report = json.load(f)
        if report["title"] != "typed by xdotool":
            fail(f"the saved title is {report['title']!r}, not the typed one")
        if not all(s["image"].startswith("data:image/png;base64,") for s in report["sprites"]):
            fail("the bug report's images are not embedded")
        if not report["expect"]:
            fail("the bug report has no expect block")
        verify(app, saved)
        with open(typed_ui) as f:
            ui = json.load(f)
        # The saved report keeps the scene's view, so it opens on the same tab as the lesson.
        if ui["dirty"] or not ui["file"].endswith("bug-report.json") or ui["open_tab"] != tab_for(report):
            fail(f"after the save the window shows: {ui}")
        print("ok: keys drove Save as bug report; the file passes check --verify")

        # 4. A file already at the dialog's name: asked, kept on Escape, replaced on Ctrl+Enter at the question.
        retry(3, lambda: drive_replace_question(app, lesson, env, work, saved))
        verify(app, saved)
        print("ok: Save over an existing file asked first; Escape went back; Ctrl+Enter at the question replaced it")


if __name__ == "__main__":
    main()
