# Before: the usual pygame loop turns the image and builds a new mask every frame.
import pygame

pygame.init()
screen = pygame.display.set_mode((640, 480))
ship = pygame.image.load("assets/sprites/F.png").convert_alpha()
rock = pygame.image.load("assets/sprites/R.png").convert_alpha()
rock_mask = pygame.mask.from_surface(rock)
rock_rect = rock.get_rect(center=(390, 240))
clock, angle, hits = pygame.time.Clock(), 0.0, ""
for frame in range(90):
    pygame.event.pump()
    angle += 4.0
    turned = pygame.transform.rotozoom(ship, angle, 1.0)  # a new image every frame...
    turned_mask = pygame.mask.from_surface(turned)        # ...and a new mask of it
    ship_rect = turned.get_rect(center=(300, 240))
    offset = (rock_rect.x - ship_rect.x, rock_rect.y - ship_rect.y)
    hit = turned_mask.overlap(rock_mask, offset) is not None
    hits += "x" if hit else "."
    screen.fill((30, 30, 40))
    screen.blit(turned, ship_rect)
    screen.blit(rock, rock_rect)
    pygame.display.flip()
    clock.tick(240)
print("hits:", hits)
