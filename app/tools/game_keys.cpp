#include "app/tools/game_keys.h"

#include <SFML/Window/Keyboard.hpp>

#include "core/game/game_settings.h"

namespace cl {

std::uint8_t heldGameInput(const ImGuiIO& io) {
    if (io.WantTextInput) return 0;
    auto down = [&](sf::Keyboard::Key key) { return io.KeysDown[key]; };
    std::uint8_t input = 0;
    if (down(sf::Keyboard::Left) || down(sf::Keyboard::A)) input |= kInputLeft;
    if (down(sf::Keyboard::Right) || down(sf::Keyboard::D)) input |= kInputRight;
    return input;
}

}  // namespace cl
