#!/usr/bin/env python3
"""`collision-lab check SCENE --minimize` end to end (issue 24, part 2).

Usage: minimize_cli_test.py COLLISION_LAB SOURCE_DIR

Every result is re-checked by a separate `check` run: a shrunk report still fails --verify, a shrunk
disagreement still disagrees; the input is never changed (hash before and after); a 1 s budget still writes a
valid scene; the same run twice writes the same bytes; the shrunk images are decoded here to count the solid
pixels left in each sprite.
"""
import base64
import hashlib
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

failures = []


def check(name, ok, detail=""):
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + detail))
    if not ok:
        failures.append(name)


def run(exe, args, cwd):
    p = subprocess.run([exe, "check"] + args, capture_output=True, text=True, cwd=cwd, timeout=300)
    return p.returncode, p.stdout, p.stderr


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def absolute_copy(source, target, change=None):
    """The scene at `source` written to `target` with absolute image paths, `change` applied to its JSON."""
    with open(source) as f:
        doc = json.load(f)
    for sprite in doc["sprites"]:
        if not sprite["image"].startswith("data:"):
            sprite["image"] = os.path.join(os.path.dirname(source), sprite["image"])
    if change:
        change(doc)
    with open(target, "w") as f:
        json.dump(doc, f, indent=1)
    return target


def png_alpha(data_uri):
    """(width, height, alphas) of an 8-bit RGBA, non-interlaced PNG data URI (what saveScene embeds)."""
    data = base64.b64decode(data_uri.split(",", 1)[1])
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour == 6 and interlace == 0, "only 8-bit RGBA PNGs are decoded here"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * 4, [], bytearray(width * 4)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b = prev[i]
            c = prev[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return width, height, [row[x * 4 + 3] for row in rows for x in range(width)]


def solid_per_sprite(scene_file):
    with open(scene_file) as f:
        doc = json.load(f)
    out = {}
    for sprite in doc["sprites"]:
        _, _, alphas = png_alpha(sprite["image"])
        out[sprite["name"]] = sum(1 for a in alphas if a > sprite.get("alpha_threshold", 0))
    return out


def main():
    exe, source = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    scenes = os.path.join(source, "assets", "scenes")
    work = tempfile.mkdtemp(prefix="cl-minimize-")

    # 1. A report whose expect fails: the default F/R scene, the reporter expecting one more pixel-fast overlap.
    def wrong_overlap(doc):
        doc["expect"]["F/R"]["pixel-fast"]["overlap"] += 1
    report = absolute_copy(os.path.join(scenes, "default.json"), os.path.join(work, "report.json"), wrong_overlap)
    before = sha(report)
    code, out, err = run(exe, [report, "--minimize"], work)
    shrunk = os.path.join(work, "report.min.json")
    check("report: exit 0, summary and progress", code == 0 and "solid pixels" in out and "minimize:" in err, out + err)
    check("report: the input is unchanged", sha(report) == before)
    code, out, err = run(exe, [shrunk, "--verify"], work)
    check("report: the shrunk scene still fails --verify (exit 1)", code == 1 and "F/R pixel-fast overlap" in out, out + err)
    solid = solid_per_sprite(shrunk)
    check("report: at most 16 solid pixels per sprite", all(0 < n <= 16 for n in solid.values()), str(solid))
    code, out, _ = run(exe, [shrunk, "--algorithm", "pixel-fast", "--json"], work)
    check("report: the hit the reporter expected is still there", code == 0 and json.loads(out)["pairs"][0]["results"]["pixel-fast"]["hit"],
          out[:300])

    # 2. Determinism: the same run writes the same bytes.
    first = sha(shrunk)
    run(exe, [report, "--minimize"], work)
    check("report: a second run writes the same file", sha(shrunk) == first)

    # 3. A disagreement: lesson 12's pixel-naive and pixel-world, re-checked by a plain check run.
    lesson = absolute_copy(os.path.join(scenes, "lesson-12-world-grid-vs-sprite-grid.json"), os.path.join(work, "l12.json"))
    code, out, err = run(exe, [lesson, "--minimize", "--disagree", "pixel-naive,pixel-world", "-o", os.path.join(work, "d.json")], work)
    check("disagree: exit 0", code == 0 and "disagree on big/small" in out, out + err)
    code, out, _ = run(exe, [os.path.join(work, "d.json"), "--algorithm", "pixel-naive,pixel-world", "--json"], work)
    results = json.loads(out)["pairs"][0]["results"] if code == 0 else {}
    check("disagree: the two tests still disagree",
          results and (results["pixel-naive"]["hit"] != results["pixel-world"]["hit"] or
                       results["pixel-naive"].get("overlap") != results["pixel-world"].get("overlap")), out[:400])
    check("disagree: shrunk to one solid pixel each", solid_per_sprite(os.path.join(work, "d.json")) == {"big": 1, "small": 1},
          str(solid_per_sprite(os.path.join(work, "d.json"))))

    # 4. A budget of 1 s that runs out (each --while call takes 0.1 s) still writes a valid scene.
    slow = "sleep 0.1; %s check {} --algorithm pixel-fast --pair F,R | grep -q 'pixel-fast *yes'" % exe
    out_file = os.path.join(work, "budget.json")
    code, out, err = run(exe, [report, "--minimize", "--while", slow, "--budget", "1", "-o", out_file], work)
    check("budget 1 s: exit 0, says the budget ran out", code == 0 and "the budget ran out" in out, out + err)
    code, out, err = run(exe, [out_file, "--algorithm", "pixel-fast"], work)
    check("budget 1 s: the scene written loads and still hits", code == 0 and "pixel-fast   yes" in out, out + err)
    check("budget 1 s: the input is unchanged", sha(report) == before)

    subprocess.run(["rm", "-rf", work])
    print("%d failed" % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
