#pragma once
// Dear ImGui 1.86 platform backend for SFML 2.5 (input, timing, clipboard, display size).
// Pair it with a renderer backend; the sandbox uses the stock imgui_impl_opengl3 on the window's GL context.
//
// Implemented features:
//  [X] Keyboard through the 1.86 io.KeyMap[] / io.KeysDown[] API, indexed by sf::Keyboard::Key;
//      io.KeyCtrl/KeyShift/KeyAlt/KeySuper follow the left and right modifier keys.
//  [X] Text input from sf::Event::TextEntered (control characters are left to the key map).
//  [X] Mouse buttons left, right, middle, extra 1 and 2; a press and release inside one frame still
//      registers as a click in that frame.
//  [X] Mouse position; leaving the window reports "no mouse" (-FLT_MAX).
//  [X] Mouse wheel, vertical and horizontal (SFML and ImGui both count positive as up / left).
//  [X] Clipboard through sf::Clipboard.
//  [X] Focus loss releases every key, modifier and mouse button (no key stays stuck after Alt+Tab).
//  [X] Display size from the window and framebuffer scale (1, 1: SFML 2.5 windows are not HiDPI-aware).
//  [X] Delta time from a monotonic clock, never zero.
//  [X] Mouse cursor shapes through sf::Cursor (falls back to the arrow where the system has no shape;
//      the cursors live until exit because SFML windows keep using the last one set);
//      io.MouseDrawCursor hides the OS cursor.
//  [ ] Gamepad navigation.
//  [ ] IME candidate window placement.
//
// Names follow Dear ImGui's backend convention (ImGui_ImplXxx_*) so the two backends read alike.

#include <SFML/Window/Event.hpp>
#include <SFML/Window/Window.hpp>

/// Installs the backend into the current ImGui context for `window`, which must outlive the backend.
/// Returns false if a platform backend is already installed.
bool ImGui_ImplSfml_Init(sf::Window& window);

/// Removes the backend from the current ImGui context and restores the arrow cursor.
void ImGui_ImplSfml_Shutdown();

/// Feeds one window event to ImGui. Call for every event, before deciding whether the app uses it.
void ImGui_ImplSfml_ProcessEvent(const sf::Event& event);

/// Fills display size, delta time, mouse buttons and modifiers for the frame; call before ImGui::NewFrame().
void ImGui_ImplSfml_NewFrame();
