#!/usr/bin/env python3
"""`collision-lab check --json` on every bundled scene, compared with the answers kept in tests/golden/check/.

For each scene in assets/scenes/ and tests/scenes/ and each mode below, runs the CLI, drops the keys that
hold times (any key ending in _ns, _us or _ms) and compares the JSON with the kept file. A difference
names the scene, the mode and the first JSON path that differs. `--update` rewrites the kept files
(only after checking by hand why the answers changed).
Usage: check_golden.py CLI SOURCE_DIR [--update]
"""
import json
import subprocess
import sys
from pathlib import Path

# The pixel tests and cheap tests, not gpu: the answers must not depend on having a display.
ALGORITHMS = "circle,aabb,tight-aabb,obb,pixel-rect,pixel-naive,pixel-step,pixel-fast,pixel-world,pixel-exact"
MODES = {
    "tests": ["--algorithm", ALGORITHMS],
    "frames": ["--frames"],
    "contact": ["--contact"],
    "all-frames": ["--all-frames"],
}
TIME_SUFFIXES = ("_ns", "_us", "_ms")


def without_times(value):
    if isinstance(value, dict):
        return {k: without_times(v) for k, v in value.items() if not k.endswith(TIME_SUFFIXES)}
    if isinstance(value, list):
        return [without_times(v) for v in value]
    return value


def first_difference(a, b, path="$"):
    if type(a) is not type(b):
        return f"{path}: {json.dumps(a)[:80]} != {json.dumps(b)[:80]}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{path}.{key}: only in the {'kept' if key in a else 'new'} answer"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items kept, {len(b)} now"
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: kept {json.dumps(a)[:80]}, now {json.dumps(b)[:80]}"


def answer(cli, source, scene, args):
    run = subprocess.run([cli, "check", str(scene.relative_to(source)), "--json", *args], cwd=source,
                         capture_output=True, text=True, timeout=300)
    try:
        body = without_times(json.loads(run.stdout)) if run.stdout.strip() else None
    except json.JSONDecodeError:
        body = {"stdout": run.stdout}
    return {"exit": run.returncode, "stdout": body, "stderr": run.stderr if body is None else ""}


def main():
    cli, source = sys.argv[1], Path(sys.argv[2])
    update = "--update" in sys.argv[3:]
    kept_dir = source / "tests" / "golden" / "check"
    scenes = sorted((source / "assets" / "scenes").glob("*.json")) + sorted((source / "tests" / "scenes").glob("*.json"))
    failures, compared = [], 0
    for scene in scenes:
        for mode, args in MODES.items():
            now = answer(cli, source, scene, args)
            kept_file = kept_dir / f"{scene.stem}.{mode}.json"
            if update:
                kept_dir.mkdir(parents=True, exist_ok=True)
                kept_file.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n", encoding="utf-8")
                continue
            if not kept_file.exists():
                failures.append(f"{kept_file.name}: no kept answer (run with --update and check it by hand)")
                continue
            difference = first_difference(json.loads(kept_file.read_text(encoding="utf-8")), now)
            compared += 1
            if difference:
                failures.append(f"{scene.name} ({mode}): {difference}")
    for failure in failures:
        print(failure)
    if not update:
        print(f"{compared - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
