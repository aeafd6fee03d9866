"""What the sandbox's xdotool UI tests share: start the window and find it, press keys and the mouse, read the
screen, quit, and try a whole sequence again in a fresh window.

The tests run under `xvfb-run` (tests/CMakeLists.txt: `sandbox_ui_test()`) as
`python3 tests/app/<folder>/<name>_ui_test.py COLLISION_LAB ARGS`; each puts this folder on sys.path to import
this module. Plain Python; numpy is imported only by `screenshot_array()`.
"""
import contextlib
import json
import os
import subprocess
import sys
import time


def fail(message):
    """Print `FAIL: message` and end the test with exit status 1."""
    print("FAIL: " + message)
    sys.exit(1)


def xdotool(*args):
    """Run `xdotool ARGS` and return the finished process (its stdout as text)."""
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, timeout=20)


def wait_for(predicate, seconds, step=0.2):
    """predicate()'s first true value, asked every `step` seconds for up to `seconds`; None when it stays false."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return None


def click(at, before=0.25, after=0.4):
    """Move the pointer to `at` (x, y), wait `before` s, press and release the left button, wait `after` s."""
    xdotool("mousemove", str(at[0]), str(at[1]))
    time.sleep(before)  # a frame with the pointer over the widget before the press
    xdotool("click", "1")
    time.sleep(after)


def hold(key, seconds):
    """Hold `key` (an xdotool key name) down for `seconds`."""
    xdotool("keydown", key)
    time.sleep(seconds)
    xdotool("keyup", key)


def drag(points, hover, pressed, step, settle, release=0.5):
    """A left-button drag through `points` (x, y): the button goes down at the first after `hover` s, `pressed`
    s pass, then the pointer visits the rest `step` s apart; `settle` s after the last it goes up, `release` s
    pass."""
    xdotool("mousemove", str(points[0][0]), str(points[0][1]))
    time.sleep(hover)
    xdotool("mousedown", "1")
    time.sleep(pressed)
    for x, y in points[1:]:
        xdotool("mousemove", str(x), str(y))
        time.sleep(step)
    time.sleep(settle)
    xdotool("mouseup", "1")
    time.sleep(release)


def screenshot_rgb(path):
    """The root window as (width, height, RGB bytes, row after row), through a raw file at `path`."""
    width, height = (int(v) for v in xdotool("getdisplaygeometry").stdout.split())
    subprocess.run(["import", "-window", "root", "-depth", "8", "rgb:" + path], check=True, timeout=30)
    with open(path, "rb") as f:
        return width, height, f.read()


def screenshot_array(path):
    """The root window as a numpy uint8 array of rows, columns, RGB (read-only), through a raw file at `path`."""
    import numpy
    width, height, rgb = screenshot_rgb(path)
    return numpy.frombuffer(rgb, dtype=numpy.uint8).reshape(height, width, 3)


def colours_box(shot, colours, columns):
    """The smallest box (x0, y0, x1, y1) holding every pixel of exactly one of `colours` (RGB tuples) in the first
    `columns` columns of `shot` (as screenshot_rgb() gives it); None when there is none."""
    width, height, rgb = shot
    x0 = y0 = 10**9
    x1 = y1 = -1
    for y in range(height):
        row = rgb[y * width * 3:(y * width + columns) * 3]
        for colour in colours:
            needle = bytes(colour)
            at = row.find(needle)
            while at >= 0 and at % 3 != 0:
                at = row.find(needle, at + 1)
            if at < 0:
                continue
            last = row.rfind(needle)
            while last >= 0 and last % 3 != 0:
                last = row.rfind(needle, 0, last + 2)
            x0, x1 = min(x0, at // 3), max(x1, last // 3)
            y0, y1 = min(y0, y), max(y1, y)
    return None if x1 < 0 else (x0, y0, x1, y1)


def read_text(path):
    """The text of the file at `path`, or None when it cannot be read (not there yet, say)."""
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


REPLACE_QUESTION = (255, 204, 77)  # app/shell/file_browser.cpp: the line "NAME exists. Replace it?", ImVec4(1, 0.8, 0.3, 1)


def replace_question_shown(path):
    """True when the screen (read through a raw file at `path`) shows the file browser's replace question: a pixel of
    its line's colour, which nothing else on screen has while the browser is open."""
    shot = screenshot_rgb(path)
    return colours_box(shot, [REPLACE_QUESTION], shot[0]) is not None


def corner_pixel(path):
    """The screen's top-right pixel (menu bar background) as RGB bytes, through a raw file at `path`: it changes while
    a modal dialog dims everything behind it, and back once the dialog closes."""
    width, _, rgb = screenshot_rgb(path)
    return rgb[(3 * width + width - 3) * 3:(3 * width + width - 2) * 3]


def type_file_name(name):
    """In a file browser that has just appeared: its name field emptied, `name` typed and Enter."""
    # The name field takes the keys a frame after the browser appears; a Ctrl+A before that is lost and the name is
    # typed after the one filled in (seen on a busy machine: "fresh.jsonother.json"). Ctrl is held over whole frames.
    time.sleep(1.0)
    xdotool("keydown", "ctrl")
    time.sleep(0.25)
    xdotool("key", "a")
    time.sleep(0.25)
    xdotool("keyup", "ctrl")
    time.sleep(0.3)
    xdotool("type", "--delay", "40", name)
    time.sleep(0.4)
    xdotool("key", "Return")


def scene_with_absolute_images(source):
    """The scene file `source` as a dict whose sprites' images (and atlases) are absolute paths, so a copy of it
    saved elsewhere finds the same files."""
    with open(source) as f:
        data = json.load(f)
    for sprite in data["sprites"]:
        for key in ("image", "atlas"):
            if key in sprite:
                sprite[key] = os.path.normpath(os.path.join(os.path.dirname(source), sprite[key]))
    return data


def copy_scene(source, folder, name="lesson.json"):
    """Write the scene file `source` into `folder` as `name`, its images made absolute (scene_with_absolute_images);
    return the copy's path."""
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        json.dump(scene_with_absolute_images(source), f, indent=2)
    return path


def undo_and_save(read, expected, seconds=10):
    """Press Ctrl+Z, then Ctrl+S; True once read() (the saved file's value) gives `expected` within `seconds`."""
    xdotool("key", "ctrl+z")
    time.sleep(0.5)
    xdotool("key", "ctrl+s")
    return bool(wait_for(lambda: read() == expected, seconds))


def fresh_env(work):
    """os.environ with HOME at `work` and XDG config and state below it: no settings or layout from earlier runs."""
    return dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"), XDG_STATE_HOME=os.path.join(work, "state"),
                HOME=work)


@contextlib.contextmanager
def open_sandbox(app, args, env, cwd, point, settle=0.0, pause=0.0, focus=True, appear=20):
    """Start `app ARGS` and yield (window id, process); the id is "" when no visible "Collision Lab" window
    appeared within `appear` s, or the process ended first. A found window is moved to 0,0; `settle` s later
    the pointer goes to `point` and, with `focus`, the window gets the focus; then `pause` s pass. The process
    is killed on exit if it still runs."""
    proc = subprocess.Popen([app, *args], env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    try:
        window = ""
        deadline = time.time() + appear
        while not window and proc.poll() is None and time.time() < deadline:
            time.sleep(0.2)
            window = xdotool("search", "--onlyvisible", "--name", "Collision Lab").stdout.split("\n")[0].strip()
        if not window and proc.poll() is not None:
            # Xvfb resets when its last client leaves (the previous window, an xdotool call); an XOpenDisplay during
            # the reset fails. The CMake tests pass -noreset; say what happened for runs without it.
            print(f"the sandbox ended with status {proc.returncode} before its window appeared: "
                  f"{proc.stdout.read().strip()}")
        if window:
            xdotool("windowmove", window, "0", "0")
            time.sleep(settle)
            # No window manager under Xvfb: the pointer over the window, and the focus set, give it the keyboard.
            xdotool("mousemove", str(point[0]), str(point[1]))
            if focus:
                xdotool("windowfocus", window)
            time.sleep(pause)
        yield window, proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def quit_with_ctrl_q(proc, timeout):
    """Press Ctrl+Q and wait up to `timeout` s for the sandbox to end; None when it did, else what went wrong."""
    xdotool("key", "ctrl+q")
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        return "Ctrl+Q did not quit"
    return None


def quit_and_describe(proc, ui_file, timeout=8):
    """Quit with Ctrl+Q (quit_with_ctrl_q) and read the `--describe-ui` file the sandbox wrote on its way out: the
    described UI as a dict, or a string saying what went wrong."""
    problem = quit_with_ctrl_q(proc, timeout)
    if problem:
        return problem
    if not os.path.exists(ui_file):
        return "--describe-ui wrote nothing"
    with open(ui_file) as f:
        return json.load(f)


def retry(tries, attempt):
    """Call attempt() up to `tries` times until it returns something other than a string (a string says what went
    wrong; each is printed); return (that result, how many calls it took), or fail with every problem."""
    problems = []
    for n in range(1, tries + 1):
        result = attempt()
        if not isinstance(result, str):
            return result, n
        print(f"attempt {n}: {result}")
        problems.append(result)
    fail("; ".join(problems))

