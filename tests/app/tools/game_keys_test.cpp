// The Game tool's held keys come from the window's own key events, not the keyboard's global state.
// Needs an X display (ctest runs it under xvfb-run); the last test also needs xdotool.
#include "app/tools/game_keys.h"

#include <chrono>
#include <cstdlib>
#include <thread>

#include <SFML/Window/Keyboard.hpp>
#include <SFML/Window/Window.hpp>
#include <gtest/gtest.h>
#include <imgui.h>

#include "app/platform/imgui_impl_sfml.h"
#include "core/game/game_settings.h"
#include "tests/app/platform/imgui_window_test.h"

namespace cl {
namespace {

class GameKeysTest : public test::ImGuiWindowTest {
protected:
    GameKeysTest() : ImGuiWindowTest(160, 120, "game_keys_test") {}
    static void send(sf::Event::EventType type, sf::Keyboard::Key code = sf::Keyboard::Unknown) {
        sf::Event e;
        e.type = type;
        e.key = sf::Event::KeyEvent{code, false, false, false, false};
        ImGui_ImplSfml_ProcessEvent(e);
    }
};

TEST_F(GameKeysTest, KeysTheWindowReceivedAreHeldUntilReleasedOrTheFocusIsLost) {
    const ImGuiIO& io = ImGui::GetIO();
    EXPECT_EQ(heldGameInput(io), 0);
    send(sf::Event::KeyPressed, sf::Keyboard::Left);
    ImGui_ImplSfml_NewFrame();
    EXPECT_EQ(heldGameInput(io), kInputLeft);
    send(sf::Event::KeyPressed, sf::Keyboard::D);
    ImGui_ImplSfml_NewFrame();
    EXPECT_EQ(heldGameInput(io), kInputLeft | kInputRight);
    send(sf::Event::KeyReleased, sf::Keyboard::Left);
    ImGui_ImplSfml_NewFrame();
    EXPECT_EQ(heldGameInput(io), kInputRight);
    // Alt+Tab away with D still down: the window never sees D released, and the person must stop.
    send(sf::Event::LostFocus);
    ImGui_ImplSfml_NewFrame();
    EXPECT_EQ(heldGameInput(io), 0);
}

TEST_F(GameKeysTest, NothingIsHeldWhileATextFieldHasTheKeyboard) {
    ImGuiIO& io = ImGui::GetIO();
    send(sf::Event::KeyPressed, sf::Keyboard::A);
    ImGui_ImplSfml_NewFrame();
    EXPECT_EQ(heldGameInput(io), kInputLeft);
    io.WantTextInput = true;  // typing "a" into the seed field
    EXPECT_EQ(heldGameInput(io), 0);
}

TEST_F(GameKeysTest, AKeyHeldForAnotherWindowIsNotHeldForTheGame) {
    if (std::system("command -v xdotool > /dev/null 2>&1") != 0) GTEST_SKIP() << "xdotool not installed";
    // Press Left on the X server's keyboard without giving this window its event (as when another window
    // has the focus): the global state sees it, the game must not.
    ASSERT_EQ(std::system("xdotool keydown Left"), 0);
    bool globallyDown = false;
    for (int i = 0; i < 40 && !globallyDown; ++i) {
        globallyDown = sf::Keyboard::isKeyPressed(sf::Keyboard::Left);
        if (!globallyDown) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ImGui_ImplSfml_NewFrame();
    const std::uint8_t held = heldGameInput(ImGui::GetIO());
    std::system("xdotool keyup Left");
    ASSERT_TRUE(globallyDown) << "xdotool's key press did not reach the X server's keyboard state";
    EXPECT_EQ(held, 0);
}

}  // namespace
}  // namespace cl
