// The SFML platform backend: synthetic sf::Events in, ImGuiIO state out. Needs an X display (ctest
// runs it under xvfb-run) because the backend reads the window's size and SFML's clipboard.
#include "app/platform/imgui_impl_sfml.h"
#include "tests/app/platform/imgui_window_test.h"

#include <cfloat>

#include <SFML/Window/Window.hpp>
#include <gtest/gtest.h>
#include <imgui.h>

namespace {

class ImGuiImplSfmlTest : public cl::test::ImGuiWindowTest {
protected:
    ImGuiImplSfmlTest() : ImGuiWindowTest(320, 240, "imgui_impl_sfml_test") {}

    static sf::Event key(sf::Event::EventType type, sf::Keyboard::Key code) {
        sf::Event e;
        e.type = type;
        e.key = sf::Event::KeyEvent{code, false, false, false, false};
        return e;
    }
    static sf::Event button(sf::Event::EventType type, sf::Mouse::Button b, int x, int y) {
        sf::Event e;
        e.type = type;
        e.mouseButton = sf::Event::MouseButtonEvent{b, x, y};
        return e;
    }
    static sf::Event wheel(sf::Mouse::Wheel w, float delta, int x, int y) {
        sf::Event e;
        e.type = sf::Event::MouseWheelScrolled;
        e.mouseWheelScroll = sf::Event::MouseWheelScrollEvent{w, delta, x, y};
        return e;
    }
    static sf::Event simple(sf::Event::EventType type) {
        sf::Event e;
        e.type = type;
        return e;
    }

};

TEST_F(ImGuiImplSfmlTest, InitFillsTheKeyMapWithSfmlKeyCodes) {
    const ImGuiIO& io = ImGui::GetIO();
    EXPECT_EQ(io.KeyMap[ImGuiKey_Tab], sf::Keyboard::Tab);
    EXPECT_EQ(io.KeyMap[ImGuiKey_LeftArrow], sf::Keyboard::Left);
    EXPECT_EQ(io.KeyMap[ImGuiKey_Backspace], sf::Keyboard::BackSpace);
    EXPECT_EQ(io.KeyMap[ImGuiKey_Enter], sf::Keyboard::Enter);
    EXPECT_EQ(io.KeyMap[ImGuiKey_Z], sf::Keyboard::Z);
    EXPECT_STREQ(io.BackendPlatformName, "imgui_impl_sfml");
}

TEST_F(ImGuiImplSfmlTest, InitRefusesASecondInstallation) {
    EXPECT_FALSE(ImGui_ImplSfml_Init(m_window));
}

TEST_F(ImGuiImplSfmlTest, KeyPressAndReleaseInDifferentFramesUpdateKeysDownAtOnce) {
    ImGuiIO& io = ImGui::GetIO();
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::A));
    EXPECT_TRUE(io.KeysDown[sf::Keyboard::A]);
    ImGui_ImplSfml_NewFrame();
    EXPECT_TRUE(io.KeysDown[sf::Keyboard::A]);
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyReleased, sf::Keyboard::A));
    EXPECT_FALSE(io.KeysDown[sf::Keyboard::A]);
}

TEST_F(ImGuiImplSfmlTest, AShortcutTypedWithinOneFrameIsHeldForExactlyThatFrame) {
    ImGuiIO& io = ImGui::GetIO();
    // What `xdotool key ctrl+a` delivers between two frames.
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::LControl));
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::A));
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyReleased, sf::Keyboard::A));
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyReleased, sf::Keyboard::LControl));
    ImGui_ImplSfml_NewFrame();
    EXPECT_TRUE(io.KeysDown[sf::Keyboard::A]);
    EXPECT_TRUE(io.KeyCtrl);
    ImGui_ImplSfml_NewFrame();
    EXPECT_FALSE(io.KeysDown[sf::Keyboard::A]);
    EXPECT_FALSE(io.KeyCtrl);
}

TEST_F(ImGuiImplSfmlTest, AKeyPressedAgainBeforeItsDeferredReleaseStaysDown) {
    ImGuiIO& io = ImGui::GetIO();
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::B));
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyReleased, sf::Keyboard::B));
    ImGui_ImplSfml_NewFrame();
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::B));
    ImGui_ImplSfml_NewFrame();
    EXPECT_TRUE(io.KeysDown[sf::Keyboard::B]);
}

TEST_F(ImGuiImplSfmlTest, ModifiersFollowEitherSideOfTheKeyboard) {
    ImGuiIO& io = ImGui::GetIO();
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::RControl));
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::LShift));
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::RAlt));
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::LSystem));
    EXPECT_TRUE(io.KeyCtrl);
    EXPECT_TRUE(io.KeyShift);
    EXPECT_TRUE(io.KeyAlt);
    EXPECT_TRUE(io.KeySuper);
    ImGui_ImplSfml_NewFrame();
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyReleased, sf::Keyboard::RControl));
    EXPECT_FALSE(io.KeyCtrl);
    EXPECT_TRUE(io.KeyShift);
}

TEST_F(ImGuiImplSfmlTest, UnknownKeysAreIgnored) {
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::Unknown));
    for (bool down : ImGui::GetIO().KeysDown) EXPECT_FALSE(down);
}

TEST_F(ImGuiImplSfmlTest, TextEnteredQueuesPrintableCharactersOnly) {
    ImGuiIO& io = ImGui::GetIO();
    for (sf::Uint32 c : {sf::Uint32('h'), sf::Uint32(0x00E9), sf::Uint32(8), sf::Uint32(13), sf::Uint32(127), sf::Uint32(0x4E2D)}) {
        sf::Event e;
        e.type = sf::Event::TextEntered;
        e.text.unicode = c;
        ImGui_ImplSfml_ProcessEvent(e);
    }
    ASSERT_EQ(io.InputQueueCharacters.Size, 3);
    EXPECT_EQ(io.InputQueueCharacters[0], ImWchar('h'));
    EXPECT_EQ(io.InputQueueCharacters[1], ImWchar(0x00E9));
    EXPECT_EQ(io.InputQueueCharacters[2], ImWchar(0x4E2D));
}

TEST_F(ImGuiImplSfmlTest, MouseMoveSetsThePositionAndLeavingClearsIt) {
    ImGuiIO& io = ImGui::GetIO();
    sf::Event move;
    move.type = sf::Event::MouseMoved;
    move.mouseMove = sf::Event::MouseMoveEvent{17, 42};
    ImGui_ImplSfml_ProcessEvent(move);
    EXPECT_FLOAT_EQ(io.MousePos.x, 17.0f);
    EXPECT_FLOAT_EQ(io.MousePos.y, 42.0f);
    ImGui_ImplSfml_ProcessEvent(simple(sf::Event::MouseLeft));
    EXPECT_EQ(io.MousePos.x, -FLT_MAX);
    EXPECT_EQ(io.MousePos.y, -FLT_MAX);
}

TEST_F(ImGuiImplSfmlTest, ButtonsMapToImGuiIndices) {
    ImGuiIO& io = ImGui::GetIO();
    ImGui_ImplSfml_ProcessEvent(button(sf::Event::MouseButtonPressed, sf::Mouse::Right, 5, 6));
    ImGui_ImplSfml_ProcessEvent(button(sf::Event::MouseButtonPressed, sf::Mouse::Middle, 5, 6));
    ImGui_ImplSfml_ProcessEvent(button(sf::Event::MouseButtonPressed, sf::Mouse::XButton2, 5, 6));
    ImGui_ImplSfml_NewFrame();
    EXPECT_FALSE(io.MouseDown[0]);
    EXPECT_TRUE(io.MouseDown[1]);
    EXPECT_TRUE(io.MouseDown[2]);
    EXPECT_FALSE(io.MouseDown[3]);
    EXPECT_TRUE(io.MouseDown[4]);
    EXPECT_FLOAT_EQ(io.MousePos.x, 5.0f);
}

TEST_F(ImGuiImplSfmlTest, AClickWithinOneFrameIsDownForExactlyThatFrame) {
    ImGuiIO& io = ImGui::GetIO();
    ImGui_ImplSfml_ProcessEvent(button(sf::Event::MouseButtonPressed, sf::Mouse::Left, 10, 10));
    ImGui_ImplSfml_ProcessEvent(button(sf::Event::MouseButtonReleased, sf::Mouse::Left, 10, 10));
    ImGui_ImplSfml_NewFrame();
    EXPECT_TRUE(io.MouseDown[0]);
    ImGui_ImplSfml_NewFrame();
    EXPECT_FALSE(io.MouseDown[0]);
}

TEST_F(ImGuiImplSfmlTest, AHeldButtonStaysDownAcrossFrames) {
    ImGuiIO& io = ImGui::GetIO();
    ImGui_ImplSfml_ProcessEvent(button(sf::Event::MouseButtonPressed, sf::Mouse::Left, 10, 10));
    ImGui_ImplSfml_NewFrame();
    ImGui_ImplSfml_NewFrame();
    EXPECT_TRUE(io.MouseDown[0]);
    ImGui_ImplSfml_ProcessEvent(button(sf::Event::MouseButtonReleased, sf::Mouse::Left, 10, 10));
    ImGui_ImplSfml_NewFrame();
    EXPECT_FALSE(io.MouseDown[0]);
}

TEST_F(ImGuiImplSfmlTest, WheelEventsAccumulatePerAxisWithSfmlSigns) {
    ImGuiIO& io = ImGui::GetIO();
    ImGui_ImplSfml_ProcessEvent(wheel(sf::Mouse::VerticalWheel, 1.0f, 3, 4));
    ImGui_ImplSfml_ProcessEvent(wheel(sf::Mouse::VerticalWheel, 0.5f, 3, 4));
    ImGui_ImplSfml_ProcessEvent(wheel(sf::Mouse::HorizontalWheel, -1.0f, 3, 4));
    EXPECT_FLOAT_EQ(io.MouseWheel, 1.5f);
    EXPECT_FLOAT_EQ(io.MouseWheelH, -1.0f);
    EXPECT_FLOAT_EQ(io.MousePos.x, 3.0f);
}

TEST_F(ImGuiImplSfmlTest, LosingFocusReleasesKeysModifiersAndButtons) {
    ImGuiIO& io = ImGui::GetIO();
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::LControl));
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::S));
    ImGui_ImplSfml_ProcessEvent(button(sf::Event::MouseButtonPressed, sf::Mouse::Left, 1, 1));
    ImGui_ImplSfml_ProcessEvent(simple(sf::Event::LostFocus));
    ImGui_ImplSfml_NewFrame();
    EXPECT_FALSE(io.KeysDown[sf::Keyboard::LControl]);
    EXPECT_FALSE(io.KeysDown[sf::Keyboard::S]);
    EXPECT_FALSE(io.KeyCtrl);
    EXPECT_FALSE(io.MouseDown[0]);
}

TEST_F(ImGuiImplSfmlTest, NewFrameReportsTheWindowSizeAndAPositiveDeltaTime) {
    ImGui_ImplSfml_NewFrame();
    const ImGuiIO& io = ImGui::GetIO();
    const sf::Vector2u size = m_window.getSize();
    EXPECT_FLOAT_EQ(io.DisplaySize.x, float(size.x));
    EXPECT_FLOAT_EQ(io.DisplaySize.y, float(size.y));
    EXPECT_FLOAT_EQ(io.DisplayFramebufferScale.x, 1.0f);
    EXPECT_FLOAT_EQ(io.DisplayFramebufferScale.y, 1.0f);
    EXPECT_GT(io.DeltaTime, 0.0f);
}

TEST_F(ImGuiImplSfmlTest, ResizeEventsUpdateTheDisplaySizeAtOnce) {
    sf::Event e;
    e.type = sf::Event::Resized;
    e.size = sf::Event::SizeEvent{640, 480};
    ImGui_ImplSfml_ProcessEvent(e);
    EXPECT_FLOAT_EQ(ImGui::GetIO().DisplaySize.x, 640.0f);
    EXPECT_FLOAT_EQ(ImGui::GetIO().DisplaySize.y, 480.0f);
}

TEST_F(ImGuiImplSfmlTest, ClipboardRoundTripsUtf8ThroughSfml) {
    ImGuiIO& io = ImGui::GetIO();
    ASSERT_NE(io.SetClipboardTextFn, nullptr);
    ASSERT_NE(io.GetClipboardTextFn, nullptr);
    const char* text = "F \xC3\xA9 R \xE4\xB8\xAD";  // "F é R 中" in UTF-8
    io.SetClipboardTextFn(io.ClipboardUserData, text);
    EXPECT_STREQ(io.GetClipboardTextFn(io.ClipboardUserData), text);
}

TEST_F(ImGuiImplSfmlTest, ShutdownRemovesTheBackendAndEventsAreThenIgnored) {
    ImGui_ImplSfml_Shutdown();
    EXPECT_EQ(ImGui::GetIO().BackendPlatformUserData, nullptr);
    ImGui_ImplSfml_ProcessEvent(key(sf::Event::KeyPressed, sf::Keyboard::A));
    EXPECT_FALSE(ImGui::GetIO().KeysDown[sf::Keyboard::A]);
    ASSERT_TRUE(ImGui_ImplSfml_Init(m_window));  // TearDown shuts down again
}

}  // namespace
