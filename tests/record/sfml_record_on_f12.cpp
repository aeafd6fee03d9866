// Press F12 in a running SFML game to save two sprites, and what the game saw, as a Collision Lab scene.
#include <SFML/Graphics.hpp>
#include <cstdio>

#include "core/record/collision_lab_record.h"

// Adds an sf::Sprite as the game draws it: its frame of the texture, position, origin, rotation, scale.
std::string addSprite(cl::record::SceneRecorder& recorder, const std::string& name, const sf::Sprite& sprite) {
    const sf::Image image = sprite.getTexture()->copyToImage();  // the pixels, back from the GPU
    const sf::IntRect frame = sprite.getTextureRect();
    cl::record::Sprite s;
    s.name = name;
    s.pixels = image.getPixelsPtr();  // RGBA, as the recorder reads them; copied by add()
    s.width = int(image.getSize().x);
    s.height = int(image.getSize().y);
    s.frame = {frame.left, frame.top, frame.width, frame.height};
    s.position = {sprite.getPosition().x, sprite.getPosition().y};
    s.origin = std::array<double, 2>{sprite.getOrigin().x, sprite.getOrigin().y};
    s.rotationDeg = sprite.getRotation();  // SFML turns clockwise on screen, as scene files do
    s.scale = {sprite.getScale().x, sprite.getScale().y};
    return recorder.add(s);
}

// Call for every event: on F12, writes collision-bug.json with both sprites and the game's answer.
void recordOnF12(const sf::Event& event, const sf::Sprite& ship, const sf::Sprite& rock, bool gameSawHit) {
    if (event.type != sf::Event::KeyPressed || event.key.code != sf::Keyboard::F12) return;
    cl::record::SceneRecorder recorder("F12 in the game", gameSawHit ? "the game saw a hit" : "the game saw no hit");
    std::string error = addSprite(recorder, "ship", ship);
    if (error.empty()) error = addSprite(recorder, "rock", rock);
    cl::record::Expectation seen;
    seen.a = "ship";
    seen.b = "rock";
    seen.algorithm = "pixel-fast";
    seen.hit = gameSawHit;
    if (error.empty()) error = recorder.expect(seen);
    if (error.empty()) error = recorder.write("collision-bug.json");
    std::fprintf(stderr, "%s\n", error.empty() ? "saved collision-bug.json" : error.c_str());
}
