# After: one mask per image, built once; collision_lab tests it under the sprite's transform, exactly.
import pygame
import collision_lab as cl

pygame.init()
screen = pygame.display.set_mode((640, 480))
ship = pygame.image.load("assets/sprites/F.png").convert_alpha()
rock = pygame.image.load("assets/sprites/R.png").convert_alpha()
ship_sprite = cl.Sprite(cl.Mask.from_surface(ship), name="ship", position=(300, 240))
rock_sprite = cl.Sprite(cl.Mask.from_surface(rock), name="rock", position=(390, 240))
rock_rect = rock.get_rect(center=(390, 240))
clock, angle, hits = pygame.time.Clock(), 0.0, ""
for frame in range(90):
    pygame.event.pump()
    angle += 4.0
    ship_sprite.angle = angle  # pygame's sense: counter-clockwise, as rotozoom turns
    hit = cl.collide(ship_sprite, rock_sprite).hit
    hits += "x" if hit else "."
    if pygame.key.get_pressed()[pygame.K_F12]:  # a wrong answer on screen? save it for a bug report
        cl.save_scene("collision-bug.json", [ship_sprite, rock_sprite],
                      expect={"ship/rock": {"pixel-fast": {"hit": hit}}})
    turned = pygame.transform.rotozoom(ship, angle, 1.0)  # drawing still turns the image
    screen.fill((30, 30, 40))
    screen.blit(turned, turned.get_rect(center=(300, 240)))
    screen.blit(rock, rock_rect)
    pygame.display.flip()
    clock.tick(240)
print("hits:", hits)
