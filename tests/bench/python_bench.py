"""collision_lab from Python against pygame's own path, in the same run (figures in tests/bench/README.md).

    cmake --build build --target collision_lab_python
    PYTHONPATH=build/python PYGAME_HIDE_SUPPORT_PROMPT=1 /usr/bin/python3 tests/bench/python_bench.py

Two 256x256 sprites, B turned 30 degrees. pygame answers "do they touch?" by turning B's Surface with
rotozoom, building a mask of the turned image and asking overlap() (or overlap_area() for the count) —
every frame, since the angle changes. collision_lab tests the original masks under the transform.
Every figure is the median of 7 repetitions of timeit's auto-ranged loop, per call, call overhead included.
"""
import statistics
import timeit

import numpy as np
import pygame

import collision_lab as cl

SIZE = 256
ANGLE = 30.0


def sprite_pixels(kind):
    """A 256x256 RGBA image: a disc ('disc') or a rounded square ('square'), opaque inside."""
    y, x = np.mgrid[0:SIZE, 0:SIZE] + 0.5
    c = SIZE / 2
    if kind == "disc":
        solid = (x - c) ** 2 + (y - c) ** 2 <= 120 ** 2
    else:
        solid = np.maximum(np.abs(x - c), np.abs(y - c)) <= 100
    rgba = np.zeros((SIZE, SIZE, 4), np.uint8)
    rgba[..., 0] = 200
    rgba[..., 1] = (x * 255 / SIZE).astype(np.uint8)
    rgba[..., 3] = np.where(solid, 255, 0)
    return rgba


def surface_of(rgba):
    surface = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.surfarray.pixels3d(surface)[:] = rgba[..., :3].transpose(1, 0, 2)
    pygame.surfarray.pixels_alpha(surface)[:] = rgba[..., 3].T
    return surface


def per_call_us(function):
    timer = timeit.Timer(function)
    loops, _ = timer.autorange()
    return statistics.median(t / loops for t in timer.repeat(repeat=7, number=loops)) * 1e6


def main():
    disc, square = sprite_pixels("disc"), sprite_pixels("square")
    surface_a, surface_b = surface_of(disc), surface_of(square)
    mask_a = cl.Mask.from_array(disc)
    mask_b = cl.Mask.from_array(square)
    pygame_mask_a = pygame.mask.from_surface(surface_a)

    print(f"{'case':<46}{'pygame us':>12}{'collision_lab us':>18}{'speed-up':>10}")
    for label, distance in (("overlapping (centres 200 px apart)", 200.0), ("near miss (centres 255 px apart, boxes overlap)", 255.0)):
        centre_a = (300.0, 300.0)
        centre_b = (300.0 + distance, 300.0)
        a = cl.Sprite(mask_a, position=centre_a)
        b = cl.Sprite(mask_b, position=centre_b, angle=ANGLE)

        def pygame_path(count):
            # What a pygame game does each frame: turn, re-mask, ask. Masks are placed by their top-left
            # corners, so the offset is between the two turned images' rects centred on the sprites.
            turned = pygame.transform.rotozoom(surface_b, ANGLE, 1.0)
            turned_mask = pygame.mask.from_surface(turned)
            rect_a = surface_a.get_rect(center=centre_a)
            rect_b = turned.get_rect(center=centre_b)
            offset = (rect_b.x - rect_a.x, rect_b.y - rect_a.y)
            return pygame_mask_a.overlap_area(turned_mask, offset) if count else pygame_mask_a.overlap(turned_mask, offset)

        theirs_hit = pygame_path(False) is not None
        ours_hit = cl.collide(a, b, hit_only=True).hit
        assert theirs_hit == ours_hit, f"{label}: pygame says {theirs_hit}, collision_lab {ours_hit}"
        rows = (
            ("hit?      overlap() / hit_only=True", lambda: pygame_path(False), lambda: cl.collide(a, b, hit_only=True)),
            ("how much? overlap_area() / full count", lambda: pygame_path(True), lambda: cl.collide(a, b)),
        )
        print(label + f"  (pygame overlap_area {pygame_path(True)}, collision_lab overlap {cl.collide(a, b).overlap})")
        for name, theirs, ours in rows:
            t_theirs, t_ours = per_call_us(theirs), per_call_us(ours)
            print(f"  {name:<44}{t_theirs:>12.1f}{t_ours:>18.2f}{t_theirs / t_ours:>9.0f}x")

    t_ours = per_call_us(lambda: cl.Mask.from_surface(surface_a))
    t_theirs = per_call_us(lambda: pygame.mask.from_surface(surface_a))
    t_array = per_call_us(lambda: cl.Mask.from_array(disc))
    print(f"mask of a 256x256 Surface: collision_lab Mask.from_surface {t_ours:.1f} us "
          f"(pygame.mask.from_surface {t_theirs:.1f} us; Mask.from_array of the same pixels {t_array:.1f} us)")


if __name__ == "__main__":
    main()
