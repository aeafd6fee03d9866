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
import time

import numpy

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tests/app: sandbox_driver
from sandbox_driver import (fail, fresh_env, open_sandbox, quit_with_ctrl_q, retry, screenshot_array,  # noqa: E402
                            xdotool)

TICKED = (89, 217, 102)  # app/tools/notes_tool.cpp: a ticked task's mark, ImVec4(0.35, 0.85, 0.40)
INSPECTOR_WIDTH = 420    # the inspector column at the default layout
LESSON = "lesson-04-untransformed-pixels.json"
CONTACT_LESSON = "lesson-17-which-way-out.json"


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
            time.sleep(1.0)  # the goal is evaluated off the frame; a few frames later the mark is drawn
            if green_pixels(screenshot_array(os.path.join(work, "after-%d.rgb" % presses))) >= 5:
                break
        xdotool("key", "ctrl+s")  # the scratch copy: saved, so Ctrl+Q does not ask about unsaved changes
        time.sleep(1.0)
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


def checklist_beside_contact(app, scenes, work):
    """Lesson 17: its first task ticks in the strip above the Contact panel after 2 presses of Up."""
    scene, original = copy_lesson(scenes, work, CONTACT_LESSON)
    if original["sprites"][0]["name"] != "top" or original["view"].get("tool") != "contact":
        fail("lesson 17 is not the combs lesson opening on Contact this test expects")
    env = fresh_env(os.path.join(work, "contact"))
    ui_file = os.path.join(work, "ui-17.json")
    presses, _ = retry(3, lambda: drive(app, scene, env, work, ui_file))
    if presses != 2:
        fail(f"lesson 17's first task ticked beside the Contact panel after {presses} presses of Up, not 2")
    with open(ui_file) as f:
        ui = json.load(f)
    tasks = ui.get("tasks", [])
    if ui.get("open_tab") != "Contact" or not ui.get("tasks_beside_panel"):
        fail(f"the checklist was not beside the Contact panel: open tab {ui.get('open_tab')!r}, "
             f"strip drawn {ui.get('tasks_beside_panel')!r}")
    if len(tasks) != 2 or not tasks[0]["ticked"] or tasks[1]["ticked"]:
        fail(f"--describe-ui shows lesson 17's tasks {tasks}")
    print("ok: lesson 17's first task ticked in the checklist above the Contact panel after the comb moved 2 pixels up")


def main():
    app, scenes = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    with tempfile.TemporaryDirectory() as work:
        scene, original = copy_lesson(scenes, work, LESSON)
        if original["sprites"][0]["name"] != "F" or original["view"].get("tool") != "notes":
            fail("lesson 4 is not the F/R lesson opening on Notes this test expects")
        env = fresh_env(work)
        ui_file = os.path.join(work, "ui.json")
        presses, _ = retry(3, lambda: drive(app, scene, env, work, ui_file))
        if presses != 3:
            fail(f"the first task ticked after {presses} presses of Up, not 3")
        with open(ui_file) as f:
            ui = json.load(f)
        tasks = ui.get("tasks", [])
        if len(tasks) != 2 or not tasks[0]["ticked"] or tasks[1]["ticked"]:
            fail(f"--describe-ui shows the tasks {tasks}")
        start, now = original["sprites"][0]["position"], ui["sprites"][0]["position"]
        if now != [start[0], start[1] - 3]:
            fail(f"F is at {now}, not 3 pixels above {start}")
        print("ok: the first task of lesson 4 ticked after F moved 3 pixels up, and only then")
        checklist_beside_contact(app, scenes, work)


if __name__ == "__main__":
    main()
