#!/usr/bin/env python3
"""A lesson's task performed as a student does it, until the Notes tool ticks it (ctest runs this through xvfb-run;
label `display`).

usage: course_task_ui_test.py COLLISION_LAB SCENES_FOLDER

Lesson 4 opens on its Notes checklist with F selected and the pair F/R. Its first task is "R 3 pixels down":
R's corner then only touches F's bar and no pixel test hits. The test moves F up instead (the same pose of the
pair) with the Up arrow, one pixel at a time, reading the inspector on a screenshot after each press until the
first task's mark turns green. It must take exactly 3 presses, and --describe-ui at Ctrl+Q (after Ctrl+S saves the
scratch copy) must show task 1
ticked (and task 2 not) with F 3 pixels higher than the lesson put it.

Lesson 17 opens on the Contact tool, not on Notes: its checklist is the strip above the Contact panel. Its first task
("the top comb 2 pixels up: still a hit, depth at most 1") must tick there after exactly 2 presses of Up, with the
Contact tab still open and --describe-ui saying the strip was drawn.
"""
import json
import os
import shutil
import sys
import tempfile

import numpy

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import (fail, fresh_env, open_sandbox, quit_with_ctrl_q, retry, screenshot_array,  # noqa: E402
                            wait_for, xdotool)

TICKED = (89, 217, 102)  # app/tools/notes_tool.cpp: a ticked task's mark, ImVec4(0.35, 0.85, 0.40)
INSPECTOR_WIDTH = 420    # the inspector column at the default layout
LESSON = "lesson-04-untransformed-pixels.json"
CONTACT_LESSON = "lesson-17-which-way-out.json"
TICK_SECONDS = 4.0       # how long a press waits for its mark before the next press


def green_pixels(image):
    panel = image[:, :INSPECTOR_WIDTH].astype(int)
    return int((numpy.abs(panel - numpy.array(TICKED)).max(axis=-1) <= 3).sum())


def drive(app, scene, env, work, ui_file):
    """Press Up until a mark turns green; returns the number of presses or a problem string."""
    with open_sandbox(app, [scene, "--describe-ui", ui_file], env, work, point=(900, 400), settle=2.5, pause=1.0) as (window, proc):
        if not window:
            return "the sandbox window did not appear"
        if green_pixels(screenshot_array(os.path.join(work, "before.rgb"))) > 0:
            return "a task is ticked before anything was done"
        presses = 0
        while presses < 6:
            xdotool("key", "Up")
            presses += 1
            # The goal is evaluated off the frame and the mark drawn a few frames later: on a busy machine that can
            # take seconds, so each press waits that long for the mark before the next (a fixed second once let a
            # fourth press come before the third's mark).
            shot = os.path.join(work, "after-%d.rgb" % presses)
            if wait_for(lambda: green_pixels(screenshot_array(shot)) >= 5, TICK_SECONDS, step=0.3):
                break
        saved_before = os.path.getmtime(scene)
        xdotool("key", "ctrl+s")  # the scratch copy: saved, so Ctrl+Q does not ask about unsaved changes
        if not wait_for(lambda: os.path.getmtime(scene) != saved_before, 10):
            return "Ctrl+S did not save the scratch copy"
        problem = quit_with_ctrl_q(proc, 20)
        if problem:
            return problem
        return presses


def copy_lesson(scenes, work, name):
    """The lesson `name` copied into work/scenes (its sprites beside it); returns its path and its JSON."""
    if not os.path.isdir(os.path.join(work, "sprites")):
        os.makedirs(os.path.join(work, "scenes"))
        shutil.copytree(os.path.join(scenes, "..", "sprites"), os.path.join(work, "sprites"))
    scene = os.path.join(work, "scenes", name)
    shutil.copy(os.path.join(scenes, name), scene)
    with open(scene) as f:
        return scene, json.load(f)


def first_task_ticks(app, scenes, work, name, first_sprite, tool, presses_expected, home):
    """Open lesson `name` (its first sprite `first_sprite`, opening on `tool`), press Up until its first task ticks;
    fail unless that took `presses_expected` presses and --describe-ui shows task 1 of 2 ticked. Returns the
    lesson's JSON and --describe-ui's."""
    scene, original = copy_lesson(scenes, work, name)
    if original["sprites"][0]["name"] != first_sprite or original["view"].get("tool") != tool:
        fail(f"{name} is not the lesson with {first_sprite} opening on {tool} this test expects")
    ui_file = os.path.join(work, "ui-" + name)
    presses, _ = retry(3, lambda: drive(app, scene, fresh_env(home), work, ui_file))
    if presses != presses_expected:
        fail(f"the first task of {name} ticked after {presses} presses of Up, not {presses_expected}")
    with open(ui_file) as f:
        ui = json.load(f)
    tasks = ui.get("tasks", [])
    if len(tasks) != 2 or not tasks[0]["ticked"] or tasks[1]["ticked"]:
        fail(f"--describe-ui shows the tasks of {name} {tasks}")
    return original, ui


def main():
    app, scenes = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        original, ui = first_task_ticks(app, scenes, work, LESSON, "F", "notes", 3, work)
        start, now = original["sprites"][0]["position"], ui["sprites"][0]["position"]
        if now != [start[0], start[1] - 3]:
            fail(f"F is at {now}, not 3 pixels above {start}")
        print("ok: the first task of lesson 4 ticked after F moved 3 pixels up, and only then")
        # Lesson 17 opens on Contact: its checklist is the strip above the Contact panel.
        _, ui = first_task_ticks(app, scenes, work, CONTACT_LESSON, "top", "contact", 2, os.path.join(work, "contact"))
        if ui.get("open_tab") != "Contact" or not ui.get("tasks_beside_panel"):
            fail(f"the checklist was not beside the Contact panel: open tab {ui.get('open_tab')!r}, "
                 f"strip drawn {ui.get('tasks_beside_panel')!r}")
        print("ok: lesson 17's first task ticked in the checklist above the Contact panel after the comb moved 2 pixels up")


if __name__ == "__main__":
    main()
