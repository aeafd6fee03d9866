"""The pygame loops core/README.md shows (tests/python/pygame_before.py and pygame_after.py) run as written and see
the same collisions: pygame's rotozoom + from_surface + overlap every frame, and collision_lab's exact
test of the original masks, agree on all but the frames where rotozoom's resampling moves an edge."""
import os
import pathlib
import subprocess
import sys

SOURCE = pathlib.Path(os.environ["COLLISION_LAB_SOURCE_DIR"])


def hits_of(example):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    run = subprocess.run([sys.executable, str(SOURCE / "tests" / "python" / example)], cwd=SOURCE, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    line = run.stdout.strip().splitlines()[-1]
    assert line.startswith("hits: ")
    return line[len("hits: "):]


def test_the_pygame_loops_before_and_after_see_the_same_collisions():
    before, after = hits_of("pygame_before.py"), hits_of("pygame_after.py")
    assert len(before) == len(after) == 90
    assert "x" in after and "." in after, "the example should show both hits and misses"
    differing = sum(b != a for b, a in zip(before, after))
    assert differing <= 5, f"before {before}\nafter  {after}"
