#pragma once
// A gtest fixture for tests of the SFML platform backend and of code fed by it: a real window (so they need an
// X display; ctest runs them under xvfb-run) with an ImGui context and the backend initialised on it.

#include <SFML/Window/Window.hpp>
#include <gtest/gtest.h>
#include <imgui.h>

#include "app/platform/imgui_impl_sfml.h"

namespace cl::test {

class ImGuiWindowTest : public ::testing::Test {
protected:
    /// A window of `width` x `height` pixels titled `title`, opened in SetUp().
    ImGuiWindowTest(unsigned width, unsigned height, const char* title) : m_width(width), m_height(height), m_title(title) {}

    void SetUp() override {
        m_window.create(sf::VideoMode(m_width, m_height), m_title, sf::Style::Default);
        ASSERT_TRUE(m_window.isOpen()) << "no X display: run under xvfb-run";
        ImGui::CreateContext();
        ImGui::GetIO().IniFilename = nullptr;
        ASSERT_TRUE(ImGui_ImplSfml_Init(m_window));
    }
    void TearDown() override {
        ImGui_ImplSfml_Shutdown();
        ImGui::DestroyContext();
        m_window.close();
    }

    sf::Window m_window;

private:
    unsigned m_width, m_height;
    const char* m_title;
};

}  // namespace cl::test
