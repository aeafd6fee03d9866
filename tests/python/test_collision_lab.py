"""The collision_lab Python module against the `collision-lab check` command line, pygame, and bad input.

Run by ctest (test python_tests), which sets PYTHONPATH to the built module, COLLISION_LAB_CLI to the
collision-lab executable and COLLISION_LAB_SOURCE_DIR to the repository.
"""
import json
import math
import os
import pathlib
import random
import subprocess

import numpy as np
import pygame
import pytest

import collision_lab as cl

SOURCE = pathlib.Path(os.environ["COLLISION_LAB_SOURCE_DIR"])
CLI = os.environ.get("COLLISION_LAB_CLI", "")
SCENES = sorted((SOURCE / "assets" / "scenes").glob("*.json"))
TESTS = cl.tests()
needs_cli = pytest.mark.skipif(not CLI, reason="the collision-lab executable is not built (COLLISION_LAB_APP=OFF)")


def without_times(report):
    """A check report without the wall times, which no two runs share."""
    for pair in report["pairs"]:
        for result in pair["results"].values():
            result.pop("time_ns", None)
    return report


def cli_check(path, *options):
    """`collision-lab check PATH --json` over the tests this module knows (the executable adds gpu)."""
    run = subprocess.run([CLI, "check", str(path), "--json", "--algorithm", ",".join(TESTS), *options],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return without_times(json.loads(run.stdout))


def opaque(width, height):
    return cl.Mask.from_array(np.full((height, width, 4), 255, np.uint8), threshold=0)


# --- the same answers as the command line ---------------------------------------------------------------

@needs_cli
@pytest.mark.parametrize("scene", SCENES, ids=[s.stem for s in SCENES])
def test_check_gives_the_cli_report_on_every_bundled_scene(scene):
    ours = without_times(cl.check(cl.load_scene(str(scene)), tests=TESTS, verify=True))
    assert ours == cli_check(scene, "--verify")
    assert ours["verify"]["passed"]


def random_mask(rng, threshold):
    width, height = rng.integers(1, 40, size=2)
    alpha = rng.integers(0, 256, size=(height, width), dtype=np.uint8)
    # Blobs of solid pixels as well as noise, so that some pairs overlap in large areas.
    alpha[rng.random((height, width)) < 0.4] = 255
    rgba = np.dstack([rng.integers(0, 256, size=(height, width, 3), dtype=np.uint8), alpha])
    return cl.Mask.from_array(rgba, threshold=threshold)


def random_sprite(rng, name):
    angle = float(rng.choice([0.0, 90.0, -90.0, 180.0, rng.uniform(-360, 360)]))
    scale = (float(rng.uniform(0.4, 2.5)), float(rng.uniform(0.4, 2.5)))
    origin = None if rng.random() < 0.5 else (float(rng.uniform(-5, 20)), float(rng.uniform(-5, 20)))
    return cl.Sprite(random_mask(rng, int(rng.integers(0, 255))), name=name,
                     position=(float(rng.uniform(-30, 30)), float(rng.uniform(-30, 30))), origin=origin,
                     angle=angle, scale=scale, flip_x=bool(rng.random() < 0.3), flip_y=bool(rng.random() < 0.3))


@needs_cli
def test_collide_gives_the_cli_answers_on_random_pairs(tmp_path):
    rng = np.random.default_rng(17)
    hits = 0
    for i in range(40):
        a, b = random_sprite(rng, "A"), random_sprite(rng, "B")
        sampling = str(rng.choice(["center", "xna"]))
        scan = str(rng.choice(["a-to-b", "b-to-a", "both"]))
        ours = {test: cl.collide(a, b, test=test, sampling=sampling, scan=scan).to_dict() for test in TESTS}
        path = tmp_path / f"pair-{i}.json"
        cl.save_scene(str(path), [a, b], sampling=sampling, scan=scan)
        report = cli_check(path, "--pair", "A,B")
        assert report["pairs"][0]["results"] == ours, f"pair {i}"
        hits += ours["pixel-naive"]["hit"]
    assert 5 <= hits <= 35, "the random pairs should both hit and miss"


# --- conventions -------------------------------------------------------------------------------------------

def test_pygame_turns_counter_clockwise_and_so_does_angle():
    # pygame itself: a 10x1 bar with only its right end marked, turned by +90, has the mark at the top.
    bar = pygame.Surface((10, 1), pygame.SRCALPHA)
    bar.set_at((9, 0), (255, 255, 255, 255))
    turned = pygame.transform.rotate(bar, 90)
    assert turned.get_size() == (1, 10)
    assert turned.get_at((0, 0)).a == 255 and turned.get_at((0, 9)).a == 0

    # Ours: a 10x1 bar pivoting about its left end at (50, 50); turned by +90 it covers x in [49.5, 50.5],
    # y in [40, 50], so a unit square centred at (50, 45) overlaps it by exactly one unit of area.
    rod = cl.Sprite(opaque(10, 1), position=(50, 50), origin=(0, 0.5), angle=90)
    above = cl.Sprite(opaque(1, 1), position=(50, 45))
    below = cl.Sprite(opaque(1, 1), position=(50, 55))
    assert cl.collide(rod, above, test="pixel-exact").overlap == pytest.approx(1.0, abs=1e-12)
    assert not cl.collide(rod, below, test="pixel-exact").hit
    rod.angle = -90
    assert not cl.collide(rod, above, test="pixel-exact").hit
    assert cl.collide(rod, below, test="pixel-exact").overlap == pytest.approx(1.0, abs=1e-12)


def test_flips_mirror_about_the_pivot_like_a_negative_scale():
    rng = np.random.default_rng(3)
    for _ in range(20):
        a, b = random_sprite(rng, "A"), random_sprite(rng, "B")
        a.flip_x, a.flip_y = True, False
        mirrored = cl.Sprite(a.mask, position=a.position, origin=a.origin, angle=a.angle,
                             scale=(-a.scale[0], a.scale[1]))
        assert cl.collide(a, b).to_dict() == cl.collide(mirrored, b).to_dict()


def test_two_squares_two_pixels_apart_overlap_in_eight_samples():
    # Worked by hand: A's sample columns 2 and 3 (centres 2.5, 3.5) land in B's columns 0 and 1, 4 rows each.
    a = cl.Sprite(opaque(4, 4), origin=(0, 0))
    b = cl.Sprite(opaque(4, 4), origin=(0, 0), position=(2, 0))
    result = cl.collide(a, b)
    assert (result.hit, result.overlap, result.test) == (True, 8, "pixel-fast")
    assert (result.first_hit.a, result.first_hit.b, result.first_hit.world) == ((2, 0), (0, 0), (2.5, 0.5))
    assert cl.collide(a, b, test="pixel-exact").overlap == pytest.approx(8.0)
    hit_only = cl.collide(a, b, hit_only=True)
    assert hit_only.hit and hit_only.overlap == 1
    b.position = (4, 0)
    miss = cl.collide(a, b)
    assert (miss.hit, miss.overlap, miss.first_hit) == (False, 0, None)
    assert not miss


# --- masks ---------------------------------------------------------------------------------------------------

def random_surface(rng, width, height):
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    pixels = rng.integers(0, 256, size=(width, height, 4), dtype=np.uint8)
    pygame.surfarray.pixels3d(surface)[:] = pixels[:, :, :3]
    pygame.surfarray.pixels_alpha(surface)[:] = pixels[:, :, 3]
    return surface


def pygame_solid(mask, width, height):
    return np.array([[mask.get_at((x, y)) for x in range(width)] for y in range(height)], dtype=bool)


def our_solid(mask):
    return np.array([[mask.get_at((x, y)) for x in range(mask.width)] for y in range(mask.height)], dtype=bool)


@pytest.mark.parametrize("threshold", [0, 127, 254])
def test_mask_from_surface_is_pygames_mask(threshold):
    surface = random_surface(np.random.default_rng(threshold), 37, 23)
    ours = cl.Mask.from_surface(surface, threshold)
    theirs = pygame.mask.from_surface(surface, threshold)
    assert ours.size == (37, 23) and ours.threshold == threshold
    assert ours.count() == theirs.count()
    assert (our_solid(ours) == pygame_solid(theirs, 37, 23)).all()
    rgba = np.frombuffer(pygame.image.tostring(surface, "RGBA"), np.uint8).reshape(23, 37, 4)
    assert (ours.pixels() == rgba).all()


def test_mask_from_a_subsurface_is_pygames_mask_of_that_frame():
    sheet = random_surface(np.random.default_rng(11), 40, 30)
    frame = sheet.subsurface((5, 7, 20, 10))
    ours = cl.Mask.from_surface(frame, 100)
    theirs = pygame.mask.from_surface(frame, 100)
    assert ours.size == (20, 10)
    assert (our_solid(ours) == pygame_solid(theirs, 20, 10)).all()
    rgba = np.frombuffer(pygame.image.tostring(frame, "RGBA"), np.uint8).reshape(10, 20, 4)
    assert (ours.pixels() == rgba).all()


def test_mask_from_a_colour_keyed_surface_without_alpha_is_pygames_mask():
    surface = pygame.Surface((12, 9))
    surface.fill((5, 6, 7))
    surface.set_colorkey((0, 0, 0))
    for x, y in [(0, 0), (3, 4), (11, 8), (6, 2)]:
        surface.set_at((x, y), (0, 0, 0))
    ours = cl.Mask.from_surface(surface)
    theirs = pygame.mask.from_surface(surface)
    assert ours.count() == theirs.count() == 12 * 9 - 4
    assert (our_solid(ours) == pygame_solid(theirs, 12, 9)).all()


def test_mask_from_array_honours_strides_and_layout():
    rgba = np.random.default_rng(5).integers(0, 256, size=(11, 20, 4), dtype=np.uint8)
    expected = cl.Mask.from_array(np.ascontiguousarray(rgba[:, ::2]), threshold=100)
    strided = cl.Mask.from_array(rgba[:, ::2], threshold=100)
    fortran = cl.Mask.from_array(np.asfortranarray(rgba[:, ::2]), threshold=100)
    for mask in (strided, fortran):
        assert (mask.pixels() == expected.pixels()).all()
        assert mask.count() == expected.count() == int((rgba[:, ::2, 3] > 100).sum())


# --- scene files -----------------------------------------------------------------------------------------------

def test_save_then_load_gives_back_every_field(tmp_path):
    rng = np.random.default_rng(9)
    ship = random_sprite(rng, "ship")
    ship.origin, ship.angle, ship.scale, ship.flip_x, ship.flip_y = (3.25, -1.5), 33.3, (2.0, 0.75), True, False
    rock = random_sprite(rng, "rock")
    rock.origin, rock.flip_x, rock.flip_y = None, False, False
    seen = cl.collide(ship, rock, test="pixel-naive")
    expect = {"ship/rock": {"pixel-naive": seen, "aabb": {"hit": True}}}
    path = tmp_path / "round-trip.json"
    cl.save_scene(str(path), {"ship": ship, "rock": rock}, expect=expect, title="T", notes="N\nline",
                  sampling="xna", scan="both")

    scene = cl.load_scene(str(path))
    assert (scene.title, scene.notes, scene.sampling, scene.scan) == ("T", "N\nline", "xna", "both")
    loaded_ship, loaded_rock = scene.sprites
    assert loaded_ship.name == "ship" and loaded_rock.name == "rock"
    assert loaded_ship.position == ship.position and loaded_ship.angle == 33.3
    assert loaded_ship.origin == (3.25, -1.5)
    assert loaded_ship.scale == (-2.0, 0.75) and not loaded_ship.flip_x  # the flip folds into the scale
    assert loaded_rock.origin == (rock.mask.width / 2, rock.mask.height / 2)
    for before, after in ((ship, loaded_ship), (rock, loaded_rock)):
        assert after.mask.threshold == before.mask.threshold
        assert (after.mask.pixels() == before.mask.pixels()).all()
    assert scene.expect == {"ship/rock": {"pixel-naive": seen.to_dict(), "aabb": {"hit": True}}}
    assert cl.collide(loaded_ship, loaded_rock, test="pixel-naive").to_dict() == seen.to_dict()


def test_check_verify_passes_exactly_when_the_expectation_is_right(tmp_path):
    a = cl.Sprite(opaque(4, 4), name="A", origin=(0, 0))
    b = cl.Sprite(opaque(4, 4), name="B", origin=(0, 0), position=(2, 0))
    for overlap, passed in ((8, True), (7, False)):
        path = tmp_path / f"verify-{overlap}.json"
        cl.save_scene(str(path), [a, b], expect={"A/B": {"pixel-fast": {"hit": True, "overlap": overlap}}})
        verify = cl.check(str(path), verify=True)["verify"]
        assert verify["passed"] == passed and verify["checked"] == 1
        if not passed:
            assert verify["differences"] == ["A/B pixel-fast overlap: expected 7, got 8"]


# --- bad input: Python exceptions naming the problem, never a crash ---------------------------------------------

def test_bad_arrays_are_refused_with_the_reason():
    with pytest.raises(TypeError, match="uint8.*float32"):
        cl.Mask.from_array(np.zeros((4, 4, 4), np.float32))
    with pytest.raises(TypeError, match="uint8"):
        cl.Mask.from_array(np.zeros((4, 4, 4), np.int16))
    with pytest.raises(ValueError, match=r"shape \(height, width, 4\).*\(4, 4, 3\)"):
        cl.Mask.from_array(np.zeros((4, 4, 3), np.uint8))
    with pytest.raises(ValueError, match=r"\(4, 4\)"):
        cl.Mask.from_array(np.zeros((4, 4), np.uint8))
    with pytest.raises(ValueError, match="no pixels"):
        cl.Mask.from_array(np.zeros((0, 4, 4), np.uint8))
    with pytest.raises(ValueError, match="threshold"):
        cl.Mask.from_array(np.zeros((4, 4, 4), np.uint8), threshold=256)
    with pytest.raises(TypeError, match="pygame.Surface"):
        cl.Mask.from_surface(np.zeros((4, 4, 4), np.uint8))


def test_bad_transforms_and_names_are_refused_with_the_field():
    mask = opaque(3, 3)
    with pytest.raises(ValueError, match="position.x.*nan"):
        cl.Sprite(mask, position=(math.nan, 0))
    with pytest.raises(ValueError, match="angle"):
        cl.Sprite(mask, angle=math.inf)
    with pytest.raises(ValueError, match="scale.y"):
        cl.Sprite(mask, scale=(1, 0))
    with pytest.raises(ValueError, match="origin.x"):
        cl.Sprite(mask, origin=(1e300, 0))
    a, b = cl.Sprite(mask, name="a"), cl.Sprite(mask)
    a.angle = math.nan  # set after construction: refused when used
    with pytest.raises(ValueError, match="'a': angle"):
        cl.collide(a, b)
    a.angle = 0
    with pytest.raises(ValueError, match="unknown test 'pixel-magic'.*pixel-fast"):
        cl.collide(a, b, test="pixel-magic")
    with pytest.raises(ValueError, match="sampling"):
        cl.collide(a, b, sampling="corner")
    with pytest.raises(ValueError, match="scan"):
        cl.collide(a, b, scan="sideways")
    with pytest.raises(TypeError):
        cl.collide(a, "b")


def test_bad_scenes_are_refused_with_the_file_and_the_json_path(tmp_path):
    with pytest.raises(FileNotFoundError, match="missing.json"):
        cl.load_scene(str(tmp_path / "missing.json"))
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "collision-lab/scene", "version": 1, "sprites": [{"name": "A"}]}')
    with pytest.raises(cl.SceneError, match=r"broken.json: sprites\[0\].image"):
        cl.load_scene(str(broken))
    assert issubclass(cl.SceneError, ValueError)

    mask = opaque(2, 2)
    twins = [cl.Sprite(mask, name="A"), cl.Sprite(mask, name="A")]
    with pytest.raises(cl.SceneError, match="duplicate name"):
        cl.save_scene(str(tmp_path / "twins.json"), twins)
    pair = [cl.Sprite(mask, name="A"), cl.Sprite(mask, name="B")]
    with pytest.raises(OSError, match="no-such-folder"):
        cl.save_scene(str(tmp_path / "no-such-folder" / "x.json"), pair)
    with pytest.raises(ValueError, match=r"expect\[\"A/B\"\]\[\"pixel-fast\"\]\[\"overlap\"\].*finite"):
        cl.save_scene(str(tmp_path / "nan.json"), pair, expect={"A/B": {"pixel-fast": {"overlap": math.nan}}})
    with pytest.raises(TypeError, match="expect"):
        cl.save_scene(str(tmp_path / "list.json"), pair, expect=[1, 2])
    with pytest.raises(TypeError, match="Sprite"):
        cl.save_scene(str(tmp_path / "junk.json"), [pair[0], 42])
    with pytest.raises(ValueError, match="pixel-magic"):
        cl.check(str(SCENES[0]), tests=["pixel-magic"])
    assert not any(tmp_path.glob("*.tmp*")), "a failed save left a temporary file"


# --- hostile values: bounded recursion, buffers checked against what the object says, half-made objects ---

JSON_DEPTH_LIMIT = 64  # kMaxJsonDepth (core/io/bounded_json.h): the scene loader's nesting limit


def nested(levels):
    """A value of `levels` nested lists around 0."""
    value = 0
    for _ in range(levels):
        value = [value]
    return value


def test_expect_nested_as_deep_as_the_loader_reads_saves_and_one_level_more_is_refused(tmp_path):
    pair = [cl.Sprite(opaque(2, 2), name="A"), cl.Sprite(opaque(2, 2), name="B")]
    # The file's root object, expect, "A/B" and "pixel-fast" enclose the field: 4 levels.
    deepest = {"A/B": {"pixel-fast": {"frames": nested(JSON_DEPTH_LIMIT - 4)}}}
    with pytest.raises(cl.SceneError):  # saved only if it would load: "frames" wants objects, not lists
        cl.save_scene(str(tmp_path / "deep.json"), pair, expect=deepest)
    too_deep = {"A/B": {"pixel-fast": {"frames": nested(JSON_DEPTH_LIMIT - 3)}}}
    with pytest.raises(ValueError, match="nested too deeply: more than 64"):
        cl.save_scene(str(tmp_path / "deeper.json"), pair, expect=too_deep)
    with pytest.raises(ValueError, match="nested too deeply"):
        cl.save_scene(str(tmp_path / "very-deep.json"), pair, expect={"A/B": {"pixel-fast": {"frames": nested(100_000)}}})
    cyclic = []
    cyclic.append(cyclic)
    with pytest.raises(ValueError, match="nested too deeply"):
        cl.save_scene(str(tmp_path / "cyclic.json"), pair, expect={"A/B": {"pixel-fast": {"frames": cyclic}}})
    cyclic_dict = {}
    cyclic_dict["A/B"] = cyclic_dict
    with pytest.raises(ValueError, match="nested too deeply"):
        cl.save_scene(str(tmp_path / "cyclic-dict.json"), pair, expect=cyclic_dict)
    assert not any(tmp_path.iterdir()), "a refused save wrote something"


class LyingSurface(pygame.Surface):
    """A real 4x4 surface that claims to be larger."""

    def __init__(self, claimed):
        super().__init__((4, 4), pygame.SRCALPHA)
        self.fill((255, 255, 255, 255))
        self.claimed = claimed

    def get_size(self):
        return self.claimed


class DuckSurface:
    """Not a Surface at all: every answer is whatever the test says."""

    def __init__(self, data, size, pitch, parent=None, offset=(0, 0)):
        self.data, self.size, self.pitch, self.parent, self.offset = data, size, pitch, parent, offset

    def get_size(self):
        return self.size

    def get_bitsize(self):
        return 32

    def get_masks(self):
        return (0xFF, 0xFF00, 0xFF0000, 0xFF000000)

    def get_parent(self):
        return self.parent

    def get_abs_parent(self):
        return self.parent

    def get_abs_offset(self):
        return self.offset

    def get_view(self, kind):
        return memoryview(self.data)

    def get_pitch(self):
        return self.pitch


def test_a_surface_whose_size_exceeds_its_buffer_is_refused_not_read_past():
    with pytest.raises(ValueError, match="buffer holds 64 bytes"):
        cl.Mask.from_surface(LyingSurface((1000, 1000)))
    with pytest.raises(ValueError, match="buffer holds"):
        cl.Mask.from_surface(LyingSurface((4, 5)))
    assert cl.Mask.from_surface(LyingSurface((4, 4)), threshold=0).count() == 16
    assert cl.Mask.from_surface(LyingSurface((2, 3)), threshold=0).count() == 6  # smaller than the buffer: fine

    opaque_bytes = bytes([9, 9, 9, 255]) * 12  # 3 x 4 pixels
    assert cl.Mask.from_surface(DuckSurface(opaque_bytes, (3, 4), 12), threshold=0).count() == 12
    for size, pitch in [((3, 5), 12), ((4, 4), 12), ((3, 4), 16), ((3, 4), 8), ((3, 4), -12), ((3, 4), 0)]:
        with pytest.raises(ValueError, match="buffer holds"):
            cl.Mask.from_surface(DuckSurface(opaque_bytes, size, pitch))
    parent = DuckSurface(opaque_bytes, (3, 4), 12)
    assert cl.Mask.from_surface(DuckSurface(b"", (2, 2), 12, parent, (1, 2)), threshold=0).count() == 4
    for offset in [(2, 2), (1, 3), (-1, 0), (0, -5), (1 << 40, 0)]:
        with pytest.raises(ValueError, match="buffer holds"):
            cl.Mask.from_surface(DuckSurface(b"", (2, 2), 12, parent, offset))
    # A view that is not one contiguous run of bytes is refused too.
    strided = memoryview(bytes(96)).cast("B", (8, 12))[::2]
    duck = DuckSurface(b"", (3, 4), 12)
    duck.get_view = lambda kind: strided
    with pytest.raises(ValueError, match="buffer holds -1 bytes"):
        cl.Mask.from_surface(duck)


def test_objects_made_with_new_and_never_initialised_raise_type_error():
    real = cl.Sprite(opaque(2, 2), name="real")
    half_sprite = cl.Sprite.__new__(cl.Sprite)
    half_mask = cl.Mask.__new__(cl.Mask)
    with pytest.raises(TypeError, match="not initialised"):
        cl.collide(half_sprite, real)
    with pytest.raises(TypeError, match="not initialised"):
        cl.collide(real, half_sprite)
    with pytest.raises(TypeError, match="not initialised"):
        cl.Sprite(half_mask)
    with pytest.raises(TypeError, match="not initialised"):
        half_mask.count()
    with pytest.raises(TypeError, match="not initialised"):
        half_sprite.angle
    with pytest.raises(TypeError, match="not initialised"):
        real.mask = half_mask
    with pytest.raises(TypeError, match="not initialised"):
        cl.save_scene("never-written.json", [real, half_sprite])
    assert not os.path.exists("never-written.json")


def test_random_hostile_calls_raise_python_exceptions_and_never_crash(tmp_path):
    """A fuzz loop over every entry point with a fixed seed: each call returns or raises an Exception."""
    rng = random.Random(27)
    values = [None, 0, -1, 1 << 70, 2.5, math.nan, math.inf, "", "A", "\udcff", b"\xff", [], [1, 2], (1, 2, 3),
              {"A/B": {}}, {1: 2}, object(), opaque(2, 2), cl.Sprite(opaque(1, 1)), cl.Sprite.__new__(cl.Sprite),
              cl.Mask.__new__(cl.Mask), np.zeros((2, 2, 4), np.uint8), np.zeros((2, 2, 4), np.float64),
              np.zeros((0, 3, 4), np.uint8), LyingSurface((9, 9)), DuckSurface(b"\x00" * 16, (2, 2), 8),
              DuckSurface(b"", (1 << 20, 2), 4), nested(200), str(tmp_path / "fuzz.json"), str(SCENES[0])]
    cyclic = []
    cyclic.append(cyclic)
    values.append(cyclic)

    # Only files of tmp_path are ever written (the bundled scene is among the values, to be read).
    save_paths = [str(tmp_path / "saved.json"), str(tmp_path / "no-such-folder" / "x.json"), None, 0, ""]

    def pick():
        return rng.choice(values)

    entry_points = [
        lambda: cl.Mask.from_array(pick(), threshold=rng.choice([0, 127, 300, -1])),
        lambda: cl.Mask.from_surface(pick(), threshold=rng.choice([0, 127, 300])),
        lambda: cl.Sprite(pick(), position=pick(), angle=pick(), scale=pick(), name=pick()),
        lambda: cl.collide(pick(), pick(), test=rng.choice(TESTS + ["nope"]), hit_only=rng.random() < 0.5),
        lambda: cl.save_scene(rng.choice(save_paths), [pick(), pick()], expect=pick(), title=pick()),
        lambda: cl.save_scene(str(tmp_path / "fuzz.json"), [cl.Sprite(opaque(2, 2), name="A"), cl.Sprite(opaque(1, 1), name="B")],
                              expect={"A/B": {"pixel-fast": pick()}}),
        lambda: cl.load_scene(pick()),
        lambda: cl.check(pick(), tests=rng.choice([None, ["pixel-fast"], ["nope"]])),
        lambda: pick().count(),
        lambda: setattr(cl.Sprite(opaque(1, 1)), rng.choice(["mask", "angle", "position", "scale", "name"]), pick()),
    ]
    outcomes = {"returned": 0, "raised": 0}
    for _ in range(3000):
        try:
            rng.choice(entry_points)()
            outcomes["returned"] += 1
        except Exception:  # any Python exception is fine; a crash ends the interpreter and fails the test
            outcomes["raised"] += 1
    # Most values are hostile, so most calls raise; the seed makes both outcomes happen many times.
    assert outcomes["returned"] > 30 and outcomes["raised"] > 1000, outcomes


def art_mask(*rows):
    """A mask from art rows: '#' solid (alpha 255), '.' clear."""
    rgba = np.zeros((len(rows), len(rows[0]), 4), np.uint8)
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            rgba[y, x, 3] = 255 if c == "#" else 0
    return cl.Mask.from_array(rgba)


def test_collider_of_a_single_pixel_is_its_square_with_a_perfect_certificate():
    result = cl.collider(art_mask("#"))
    assert len(result["pieces"]) == 1
    assert sorted(result["pieces"][0]) == [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)]
    c = result["certificate"]
    assert (c["missed_area"], c["extra_area"], c["missed_pixels"], c["extra_pixels"], c["iou"], c["hausdorff"],
            c["dropped"]) == (0.0, 0.0, 0, 0, 1.0, 0.0, [])


def test_collider_of_an_l_follows_the_worked_examples():
    # core/README.md, worked examples: outer, epsilon 1 is one piece (0,0) (0,3) (2.5,3) (1,0), extra area 1.25
    # (the triangle right of the column above the foot, less nothing missed), one extra pixel centre, iou 16/21.
    l = art_mask("#.", "#.", "##")
    outer = cl.collider(l, mode="outer", epsilon=1)
    assert len(outer["pieces"]) == 1
    assert sorted(outer["pieces"][0]) == [(0.0, 0.0), (0.0, 3.0), (1.0, 0.0), (2.5, 3.0)]
    assert outer["certificate"]["missed_area"] == 0.0
    assert outer["certificate"]["extra_area"] == pytest.approx(1.25)
    assert outer["certificate"]["extra_pixels"] == 1
    assert outer["certificate"]["iou"] == pytest.approx(16 / 21)
    exact = cl.collider(l, mode="inner", epsilon=0.5)
    assert len(exact["pieces"]) == 2
    assert exact["certificate"]["missed_area"] == 0.0 and exact["certificate"]["extra_area"] == 0.0


def test_collider_of_an_empty_mask_is_empty_and_valid():
    result = cl.collider(art_mask("...", "..."), mode="balanced")
    assert result["pieces"] == []
    assert result["certificate"]["iou"] == 1.0


@needs_cli
def test_collider_agrees_with_the_cli_json(tmp_path):
    image = SOURCE / "assets" / "sprites" / "person.png"
    run = subprocess.run([CLI, "collider", str(image), "--mode", "balanced", "--epsilon", "1.5", "--max-vertices", "6",
                          "--format", "json"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    frame = json.loads(run.stdout)["frames"][0]
    surface = pygame.image.load(str(image))
    result = cl.collider(cl.Mask.from_surface(surface, threshold=0), mode="balanced", epsilon=1.5, max_vertices=6)
    assert [[tuple(p) for p in piece] for piece in frame["pieces"]] == result["pieces"]
    for key, value in frame["certificate"].items():
        assert result["certificate"][key] == pytest.approx(value), key


def test_collider_refuses_bad_settings_with_their_names():
    mask = art_mask("##")
    for kwargs, name in (({"max_vertices": 2}, "max_vertices"), ({"max_vertices": 65}, "max_vertices"),
                         ({"epsilon": 0}, "epsilon"), ({"epsilon": -1}, "epsilon"), ({"epsilon": math.nan}, "epsilon"),
                         ({"epsilon": math.inf}, "epsilon"), ({"mode": "outerx"}, "mode")):
        with pytest.raises(ValueError, match=name):
            cl.collider(mask, **kwargs)
    with pytest.raises(TypeError):
        cl.collider(np.zeros((2, 2, 4), np.uint8))
    with pytest.raises(TypeError):
        cl.collider(mask, mode=None)
    with pytest.raises(TypeError):
        cl.collider(mask, max_vertices=2**80)
