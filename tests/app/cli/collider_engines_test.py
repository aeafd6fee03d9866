#!/usr/bin/env python3
"""The collider exports loaded by the engines themselves (issue 23).

Usage: collider_engines_test.py godot3 COLLISION_LAB SOURCE_DIR
       collider_engines_test.py phaser COLLISION_LAB SOURCE_DIR NPM_CACHE_DIR

godot3: every bundled sprite and atlas frame, in each mode, exported with --format godot3 and loaded headless by
Debian's godot3-server (tests/app/cli/engines/godot3_load.gd): each CollisionPolygon2D holds the JSON export's
piece around the frame's centre, only the first frame's are enabled, and Godot's solid build mode makes exactly
one convex shape of each, with the same vertices.
phaser: the same colliders with --format phaser, built by matter-js from npm (installed into NPM_CACHE_DIR on the
first run) the way Phaser's PhysicsEditorParser builds them (tests/app/cli/engines/matter_load.js): every piece
arrives as one part with its vertex count and area, a 1 px^2 piece included (Matter's Bodies.fromVertices would
drop pieces under 10 px^2; the parser does not use it).
Exit 77 (skipped, with a notice) when the engine is not installed.
"""
import glob
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

SKIP = 77
MATTER_VERSION = "0.20.0"
failures = []


def check(name, ok, detail=""):
    if not ok:
        print("FAIL " + name + ": " + detail)
        failures.append(name)
    return ok


def png(w, h, alphas):
    """An 8-bit RGBA PNG, white with the given alpha per pixel (row by row)."""
    raw = b"".join(b"\0" + b"".join(b"\xff\xff\xff" + bytes([a]) for a in alphas[y * w:(y + 1) * w]) for y in range(h))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def collider(exe, args):
    p = subprocess.run([exe, "collider"] + args, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        raise SystemExit("collider %s failed (%d): %s" % (" ".join(args), p.returncode, p.stderr))
    return p.stdout


def area(piece):
    return abs(sum(a[0] * b[1] - a[1] * b[0] for a, b in zip(piece, piece[1:] + piece[:1]))) / 2


def inputs(source, work):
    """Each input: the bundled sprites, the atlas (many frames), and a lone pixel (a 1 px^2 piece)."""
    lone = os.path.join(work, "lone_pixel.png")
    with open(lone, "wb") as f:
        f.write(png(3, 3, [0, 0, 0, 0, 255, 0, 0, 0, 0]))
    return sorted(glob.glob(os.path.join(source, "assets", "sprites", "*.png"))) + \
        [os.path.join(source, "assets", "sprites", "atlas.json"), lone]


def cases(exe, source, work):
    """(name, input, mode, frames of the JSON export) for every input and mode."""
    out = []
    for path in inputs(source, work):
        for mode in ("outer", "inner", "balanced"):
            frames = json.loads(collider(exe, [path, "--mode", mode, "--format", "json"]))["frames"]
            if any(f["pieces"] for f in frames):
                out.append(("%s-%s" % (os.path.basename(path).replace(".", "_"), mode), path, mode, frames))
    return out


def same_points(a, b, tolerance=1e-4):
    return len(a) == len(b) and all(abs(p[0] - q[0]) <= tolerance and abs(p[1] - q[1]) <= tolerance for p, q in zip(a, b))


def parse_points(words):
    return [tuple(float(v) for v in w.split(",")) for w in words]


def godot3(exe, source, work):
    godot = shutil.which("godot3-server")
    if not godot:
        print("SKIPPED: godot3-server is not installed (apt install godot3-server; ./lab test installs it): the Godot 3 "
              "export is not loaded by Godot here")
        return SKIP
    project = os.path.join(work, "project")
    os.makedirs(project)
    open(os.path.join(project, "project.godot"), "w").close()
    all_cases = cases(exe, source, work)
    scenes = []
    for name, path, mode, frames in all_cases:
        scene = os.path.join(project, name + ".tscn")
        collider(exe, [path, "--mode", mode, "--format", "godot3", "-o", scene])
        scenes.append(scene)
    p = subprocess.run([godot, "--no-window", "--path", project, "-s", os.path.join(source, "tests", "app", "cli", "engines",
                        "godot3_load.gd")] + scenes, capture_output=True, text=True, timeout=300)
    if not check("godot3-server ran", p.returncode == 0 and "BODY " in p.stdout, "exit %d\n%s\n%s" % (p.returncode, p.stdout, p.stderr)):
        return 1
    nodes, shapes, bodies = {}, {}, {}
    for line in p.stdout.splitlines():
        words = line.split(" ")
        if words[0] == "BODY":
            bodies[words[1]] = (words[2], int(words[3]))
        elif words[0] == "NODE":
            nodes.setdefault(words[1], []).append((words[2], words[3] == "1", parse_points(words[4:])))
        elif words[0] == "SHAPE":
            shapes.setdefault((words[1], words[2]), []).append((words[3], parse_points(words[4:])))
    pieces_checked = 0
    for (name, path, mode, frames), scene in zip(all_cases, scenes):
        file = os.path.basename(scene)
        expected = []
        for index, frame in enumerate(frames):
            cx, cy = frame["width"] / 2, frame["height"] / 2
            for k, piece in enumerate(frame["pieces"]):
                node = ("piece_%d" % k) if len(frames) == 1 else ("%s_piece_%d" % (frame["name"], k))
                expected.append((node, index > 0, [(x - cx, y - cy) for x, y in piece]))
        check(name + ": a StaticBody2D with one child per piece", bodies.get(file) == ("StaticBody2D", len(expected)),
              "%s, expected %d pieces" % (bodies.get(file), len(expected)))
        got = nodes.get(file, [])
        if not check(name + ": every piece is a CollisionPolygon2D", len(got) == len(expected), "%d of %d" % (len(got), len(expected))):
            continue
        for (node, disabled, polygon), (want_node, want_disabled, want_polygon) in zip(got, expected):
            check(name + ": " + want_node + " is named and enabled as written", (node, disabled) == (want_node, want_disabled),
                  "%s %s" % (node, disabled))
            check(name + ": " + node + " holds the piece", same_points(polygon, want_polygon), "%s vs %s" % (polygon, want_polygon))
            made = shapes.get((file, node), [])
            # Godot's solid build mode decomposes the polygon; a convex piece must stay one shape with the same vertices.
            if check(name + ": " + node + " is one convex shape in Godot", len(made) == 1 and made[0][0] == "ConvexPolygonShape2D",
                     str(made)):
                check(name + ": " + node + "'s shape has the piece's vertices",
                      same_points(sorted(made[0][1]), sorted(want_polygon)), "%s vs %s" % (made[0][1], want_polygon))
            pieces_checked += 1
    print("godot3: %d scenes, %d pieces loaded by %s" % (len(scenes), pieces_checked, godot))
    check("many pieces checked", pieces_checked > 500, str(pieces_checked))
    return 1 if failures else 0


def phaser(exe, source, work, cache):
    node = shutil.which("node")
    if not node:
        print("SKIPPED: node is not installed (apt install nodejs npm): the Phaser export is not loaded by matter-js here")
        return SKIP
    module = os.path.join(cache, "node_modules", "matter-js")
    if not os.path.isfile(os.path.join(module, "package.json")):
        npm = shutil.which("npm")
        p = subprocess.run([npm, "install", "--prefix", cache, "--no-audit", "--no-fund", "--no-save",
                            "matter-js@" + MATTER_VERSION], capture_output=True, text=True, timeout=600) if npm else None
        if p is None or p.returncode != 0:
            print("SKIPPED: matter-js %s could not be installed from npm into %s (%s): the Phaser export is not loaded "
                  "by Matter here" % (MATTER_VERSION, cache, "no npm" if p is None else p.stderr.strip()[-300:]))
            return SKIP
    loader = os.path.join(source, "tests", "app", "cli", "engines", "matter_load.js")
    pieces_checked, smallest = 0, float("inf")
    for name, path, mode, frames in cases(exe, source, work):
        exported = os.path.join(work, name + ".phaser.json")
        collider(exe, [path, "--mode", mode, "--format", "phaser", "-o", exported])
        p = subprocess.run([node, loader, module, exported], capture_output=True, text=True, timeout=300)
        if not check(name + ": matter-js built the bodies", p.returncode == 0, p.stderr):
            continue
        bodies = json.loads(p.stdout)
        check(name + ": one body per frame", sorted(bodies) == sorted(f["name"] for f in frames if f["pieces"]), str(sorted(bodies)))
        for frame in frames:
            body = bodies.get(frame["name"], {"label": None, "parts": []})
            check(name + ": " + frame["name"] + " keeps its label", body["label"] == frame["name"], str(body["label"]))
            parts = body["parts"]
            if not check(name + ": " + frame["name"] + " keeps every piece", len(parts) == len(frame["pieces"]),
                         "%d parts for %d pieces" % (len(parts), len(frame["pieces"]))):
                continue
            for k, (part, piece) in enumerate(zip(parts, frame["pieces"])):
                check("%s: %s piece %d keeps its vertices" % (name, frame["name"], k), part["vertices"] == len(piece),
                      "%d vs %d" % (part["vertices"], len(piece)))
                check("%s: %s piece %d keeps its area" % (name, frame["name"], k), abs(part["area"] - area(piece)) <= 1e-9 * max(1, area(piece)),
                      "%r vs %r" % (part["area"], area(piece)))
                smallest = min(smallest, area(piece))
                pieces_checked += 1
    print("phaser: %d pieces built by matter-js %s, the smallest %.3g px^2" % (pieces_checked, MATTER_VERSION, smallest))
    check("many pieces checked", pieces_checked > 500, str(pieces_checked))
    check("a piece under Matter's 10 px^2 fromVertices threshold is kept", smallest < 10, str(smallest))
    return 1 if failures else 0


def main():
    engine, exe, source = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
    with tempfile.TemporaryDirectory() as work:
        status = godot3(exe, source, work) if engine == "godot3" else phaser(exe, source, work, os.path.abspath(sys.argv[4]))
    if status == 1:
        print("%d failures" % len(failures))
    return status


if __name__ == "__main__":
    sys.exit(main())
