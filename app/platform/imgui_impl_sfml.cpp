#include "app/platform/imgui_impl_sfml.h"

#include <array>
#include <cfloat>
#include <memory>
#include <string>

#include <SFML/System/Clock.hpp>
#include <SFML/Window/Clipboard.hpp>
#include <SFML/Window/Cursor.hpp>
#include <imgui.h>

namespace {

constexpr int kMouseButtons = 5;

struct BackendData {
    sf::Window* window = nullptr;
    sf::Clock clock;
    // Buttons held according to the events seen, and buttons pressed since the last frame: a click
    // whose press and release both arrive between two frames must still be seen as down for one frame.
    std::array<bool, kMouseButtons> held{};
    std::array<bool, kMouseButtons> pressedSinceFrame{};
    // The same for keys: a key pressed and released between two frames (xdotool, fast typists) stays
    // down for one frame, or ImGui would never see the press (it polls io.KeysDown once per frame).
    std::array<bool, sf::Keyboard::KeyCount> keyPressedSinceFrame{};
    std::array<bool, sf::Keyboard::KeyCount> releaseAtNextFrame{};
    std::string clipboard;  // keeps the UTF-8 text alive for ImGui until the next call
    ImGuiMouseCursor lastCursor = ImGuiMouseCursor_COUNT;
    bool cursorHidden = false;
};

BackendData* backendData() {
    return ImGui::GetCurrentContext() ? static_cast<BackendData*>(ImGui::GetIO().BackendPlatformUserData) : nullptr;
}

int buttonIndex(sf::Mouse::Button button) {
    switch (button) {
        case sf::Mouse::Left: return 0;
        case sf::Mouse::Right: return 1;
        case sf::Mouse::Middle: return 2;
        case sf::Mouse::XButton1: return 3;
        case sf::Mouse::XButton2: return 4;
        default: return -1;
    }
}

const char* getClipboardText(void* userData) {
    auto* bd = static_cast<BackendData*>(userData);
    const sf::String text = sf::Clipboard::getString();
    const auto utf8 = text.toUtf8();
    bd->clipboard.assign(utf8.begin(), utf8.end());
    return bd->clipboard.c_str();
}

void setClipboardText(void*, const char* text) {
    sf::Clipboard::setString(sf::String::fromUtf8(text, text + std::char_traits<char>::length(text)));
}

void updateModifiers(ImGuiIO& io) {
    io.KeyCtrl = io.KeysDown[sf::Keyboard::LControl] || io.KeysDown[sf::Keyboard::RControl];
    io.KeyShift = io.KeysDown[sf::Keyboard::LShift] || io.KeysDown[sf::Keyboard::RShift];
    io.KeyAlt = io.KeysDown[sf::Keyboard::LAlt] || io.KeysDown[sf::Keyboard::RAlt];
    io.KeySuper = io.KeysDown[sf::Keyboard::LSystem] || io.KeysDown[sf::Keyboard::RSystem];
}

void releaseEverything(BackendData& bd, ImGuiIO& io) {
    for (bool& down : io.KeysDown) down = false;
    bd.keyPressedSinceFrame.fill(false);
    bd.releaseAtNextFrame.fill(false);
    io.KeyCtrl = io.KeyShift = io.KeyAlt = io.KeySuper = false;
    bd.held.fill(false);
    bd.pressedSinceFrame.fill(false);
    for (bool& down : io.MouseDown) down = false;
}

using CursorSet = std::array<std::unique_ptr<sf::Cursor>, ImGuiMouseCursor_COUNT>;

// SFML windows keep using the last cursor they were given (also after close() or a visibility
// change), so the cursors live until the program ends rather than until Shutdown.
CursorSet& cursors() {
    static CursorSet set;
    return set;
}

void loadCursors() {
    auto load = [](ImGuiMouseCursor slot, sf::Cursor::Type type) {
        if (cursors()[slot]) return;
        auto cursor = std::make_unique<sf::Cursor>();
        if (cursor->loadFromSystem(type)) cursors()[slot] = std::move(cursor);
    };
    load(ImGuiMouseCursor_Arrow, sf::Cursor::Arrow);
    load(ImGuiMouseCursor_TextInput, sf::Cursor::Text);
    load(ImGuiMouseCursor_ResizeAll, sf::Cursor::SizeAll);
    load(ImGuiMouseCursor_ResizeNS, sf::Cursor::SizeVertical);
    load(ImGuiMouseCursor_ResizeEW, sf::Cursor::SizeHorizontal);
    load(ImGuiMouseCursor_ResizeNESW, sf::Cursor::SizeBottomLeftTopRight);
    load(ImGuiMouseCursor_ResizeNWSE, sf::Cursor::SizeTopLeftBottomRight);
    load(ImGuiMouseCursor_Hand, sf::Cursor::Hand);
    load(ImGuiMouseCursor_NotAllowed, sf::Cursor::NotAllowed);
}

void updateCursor(BackendData& bd, const ImGuiIO& io) {
    const ImGuiMouseCursor wanted = ImGui::GetMouseCursor();
    const bool hide = io.MouseDrawCursor || wanted == ImGuiMouseCursor_None;
    if (hide != bd.cursorHidden) {
        bd.window->setMouseCursorVisible(!hide);
        bd.cursorHidden = hide;
    }
    if (hide || wanted == bd.lastCursor) return;
    bd.lastCursor = wanted;
    const CursorSet& set = cursors();
    const sf::Cursor* cursor = set[wanted] ? set[wanted].get() : set[ImGuiMouseCursor_Arrow].get();
    if (cursor) bd.window->setMouseCursor(*cursor);
}

}  // namespace

bool ImGui_ImplSfml_Init(sf::Window& window) {
    ImGuiIO& io = ImGui::GetIO();
    if (io.BackendPlatformUserData != nullptr) return false;

    auto* bd = new BackendData();
    bd->window = &window;
    io.BackendPlatformUserData = bd;
    io.BackendPlatformName = "imgui_impl_sfml";

    loadCursors();
    if (cursors()[ImGuiMouseCursor_Arrow]) io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;

    io.KeyMap[ImGuiKey_Tab] = sf::Keyboard::Tab;
    io.KeyMap[ImGuiKey_LeftArrow] = sf::Keyboard::Left;
    io.KeyMap[ImGuiKey_RightArrow] = sf::Keyboard::Right;
    io.KeyMap[ImGuiKey_UpArrow] = sf::Keyboard::Up;
    io.KeyMap[ImGuiKey_DownArrow] = sf::Keyboard::Down;
    io.KeyMap[ImGuiKey_PageUp] = sf::Keyboard::PageUp;
    io.KeyMap[ImGuiKey_PageDown] = sf::Keyboard::PageDown;
    io.KeyMap[ImGuiKey_Home] = sf::Keyboard::Home;
    io.KeyMap[ImGuiKey_End] = sf::Keyboard::End;
    io.KeyMap[ImGuiKey_Insert] = sf::Keyboard::Insert;
    io.KeyMap[ImGuiKey_Delete] = sf::Keyboard::Delete;
    io.KeyMap[ImGuiKey_Backspace] = sf::Keyboard::Backspace;
    io.KeyMap[ImGuiKey_Space] = sf::Keyboard::Space;
    io.KeyMap[ImGuiKey_Enter] = sf::Keyboard::Enter;
    io.KeyMap[ImGuiKey_Escape] = sf::Keyboard::Escape;
    // SFML 2.5 reports the keypad's Enter as Enter, so both ImGui keys read the same slot.
    io.KeyMap[ImGuiKey_KeyPadEnter] = sf::Keyboard::Enter;
    io.KeyMap[ImGuiKey_A] = sf::Keyboard::A;
    io.KeyMap[ImGuiKey_C] = sf::Keyboard::C;
    io.KeyMap[ImGuiKey_V] = sf::Keyboard::V;
    io.KeyMap[ImGuiKey_X] = sf::Keyboard::X;
    io.KeyMap[ImGuiKey_Y] = sf::Keyboard::Y;
    io.KeyMap[ImGuiKey_Z] = sf::Keyboard::Z;

    io.SetClipboardTextFn = setClipboardText;
    io.GetClipboardTextFn = getClipboardText;
    io.ClipboardUserData = bd;

    const sf::Vector2u size = window.getSize();
    io.DisplaySize = ImVec2(static_cast<float>(size.x), static_cast<float>(size.y));
    io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    return true;
}

void ImGui_ImplSfml_Shutdown() {
    BackendData* bd = backendData();
    if (!bd) return;
    ImGuiIO& io = ImGui::GetIO();
    if (cursors()[ImGuiMouseCursor_Arrow]) bd->window->setMouseCursor(*cursors()[ImGuiMouseCursor_Arrow]);
    bd->window->setMouseCursorVisible(true);
    io.BackendPlatformName = nullptr;
    io.BackendPlatformUserData = nullptr;
    io.SetClipboardTextFn = nullptr;
    io.GetClipboardTextFn = nullptr;
    io.ClipboardUserData = nullptr;
    io.BackendFlags &= ~ImGuiBackendFlags_HasMouseCursors;
    delete bd;
}

void ImGui_ImplSfml_ProcessEvent(const sf::Event& event) {
    BackendData* bd = backendData();
    if (!bd) return;
    ImGuiIO& io = ImGui::GetIO();
    switch (event.type) {
        case sf::Event::KeyPressed:
        case sf::Event::KeyReleased: {
            const int code = event.key.code;
            if (code < 0 || code >= sf::Keyboard::KeyCount) break;
            if (event.type == sf::Event::KeyPressed) {
                io.KeysDown[code] = true;
                bd->keyPressedSinceFrame[code] = true;
                bd->releaseAtNextFrame[code] = false;
            } else if (bd->keyPressedSinceFrame[code]) {
                bd->releaseAtNextFrame[code] = true;
            } else {
                io.KeysDown[code] = false;
            }
            updateModifiers(io);
            break;
        }
        case sf::Event::TextEntered:
            // Backspace, Enter, Tab, Escape and Delete arrive as characters too; the key map handles them.
            if (event.text.unicode >= 32 && event.text.unicode != 127) io.AddInputCharacter(event.text.unicode);
            break;
        case sf::Event::MouseMoved:
            io.MousePos = ImVec2(static_cast<float>(event.mouseMove.x), static_cast<float>(event.mouseMove.y));
            break;
        case sf::Event::MouseButtonPressed:
        case sf::Event::MouseButtonReleased: {
            io.MousePos = ImVec2(static_cast<float>(event.mouseButton.x), static_cast<float>(event.mouseButton.y));
            const int index = buttonIndex(event.mouseButton.button);
            if (index < 0) break;
            const bool pressed = event.type == sf::Event::MouseButtonPressed;
            bd->held[index] = pressed;
            if (pressed) bd->pressedSinceFrame[index] = true;
            break;
        }
        case sf::Event::MouseWheelScrolled:
            io.MousePos = ImVec2(static_cast<float>(event.mouseWheelScroll.x), static_cast<float>(event.mouseWheelScroll.y));
            if (event.mouseWheelScroll.wheel == sf::Mouse::VerticalWheel) {
                io.MouseWheel += event.mouseWheelScroll.delta;
            } else {
                io.MouseWheelH += event.mouseWheelScroll.delta;
            }
            break;
        case sf::Event::MouseLeft:
            io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
            break;
        case sf::Event::LostFocus:
            releaseEverything(*bd, io);
            io.AddFocusEvent(false);
            break;
        case sf::Event::GainedFocus:
            io.AddFocusEvent(true);
            break;
        case sf::Event::Resized:
            io.DisplaySize = ImVec2(static_cast<float>(event.size.width), static_cast<float>(event.size.height));
            break;
        default:
            break;
    }
}

void ImGui_ImplSfml_NewFrame() {
    BackendData* bd = backendData();
    IM_ASSERT(bd != nullptr && "ImGui_ImplSfml_Init() was not called");
    ImGuiIO& io = ImGui::GetIO();

    const sf::Vector2u size = bd->window->getSize();
    io.DisplaySize = ImVec2(static_cast<float>(size.x), static_cast<float>(size.y));
    io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);

    const float seconds = bd->clock.restart().asSeconds();
    io.DeltaTime = seconds > 0.0f ? seconds : 1.0f / 1000.0f;

    for (int i = 0; i < kMouseButtons; ++i) {
        io.MouseDown[i] = bd->held[i] || bd->pressedSinceFrame[i];
        bd->pressedSinceFrame[i] = false;
    }
    // Keys released in the frame they were pressed were held for the previous frame: release them now,
    // unless they were pressed again since.
    for (int k = 0; k < sf::Keyboard::KeyCount; ++k) {
        if (bd->releaseAtNextFrame[k] && !bd->keyPressedSinceFrame[k]) {
            io.KeysDown[k] = false;
            bd->releaseAtNextFrame[k] = false;
        }
    }
    for (int k = 0; k < sf::Keyboard::KeyCount; ++k) {
        if (bd->keyPressedSinceFrame[k]) bd->keyPressedSinceFrame[k] = false;
    }
    updateModifiers(io);

    if (!(io.ConfigFlags & ImGuiConfigFlags_NoMouseCursorChange)) updateCursor(*bd, io);
}
