#include "app/sandbox.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <optional>

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <SFML/OpenGL.hpp>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include "app/asset_paths.h"
#include "app/default_scene.h"
#include "app/file_actions.h"
#include "app/frame_stats.h"
#include "app/imgui_impl_sfml.h"
#include "app/local_view.h"
#include "app/panels.h"
#include "app/display_check.h"
#include "app/imgui_ini.h"
#include "app/recovery_prompt.h"
#include "app/sandbox_options.h"
#include "app/sandbox_state.h"
#include "app/sprite_textures.h"
#include "app/world_view.h"

namespace cl {

namespace {

using Clock = std::chrono::steady_clock;

// Tests skipped while the scene is changing: the GPU read-back stalls the pipeline on real hardware and
// is drawn by the CPU on machines without a GPU. They rerun once the scene has been still this long.
const std::vector<std::string> kDeferredTests{"gpu"};
constexpr auto kStillAfter = std::chrono::milliseconds(300);
// A frame waits this long for the answers to its own scene, when the last such answer took no longer:
// then the table and the overlays never trail the sprites. Slower answers are shown when they come.
constexpr auto kAnswerBudget = std::chrono::microseconds(6000);

std::optional<Key> toKey(sf::Keyboard::Key code) {
    switch (code) {
        case sf::Keyboard::Left: return Key::Left;
        case sf::Keyboard::Right: return Key::Right;
        case sf::Keyboard::Up: return Key::Up;
        case sf::Keyboard::Down: return Key::Down;
        case sf::Keyboard::Q: return Key::Q;
        case sf::Keyboard::E: return Key::E;
        case sf::Keyboard::F: return Key::F;
        case sf::Keyboard::Z: return Key::Z;
        case sf::Keyboard::Y: return Key::Y;
        case sf::Keyboard::S: return Key::S;
        case sf::Keyboard::O: return Key::O;
        case sf::Keyboard::N: return Key::N;
        case sf::Keyboard::A: return Key::A;
        case sf::Keyboard::Space: return Key::Space;
        case sf::Keyboard::Delete: return Key::Delete;
        case sf::Keyboard::BackSpace: return Key::Backspace;
        case sf::Keyboard::Escape: return Key::Escape;
        case sf::Keyboard::Enter: return Key::Enter;
        case sf::Keyboard::Tab: return Key::Tab;
        case sf::Keyboard::F1: return Key::F1;
        case sf::Keyboard::F12: return Key::F12;
        default: return Key::Other;
    }
}

std::optional<MouseButton> toButton(sf::Mouse::Button button) {
    switch (button) {
        case sf::Mouse::Left: return MouseButton::Left;
        case sf::Mouse::Right: return MouseButton::Right;
        case sf::Mouse::Middle: return MouseButton::Middle;
        default: return std::nullopt;
    }
}

bool contains(const Rect& r, glm::dvec2 p) {
    return p.x >= r.min.x && p.y >= r.min.y && p.x < r.max.x && p.y < r.max.y;
}

std::string timestampedName(const char* prefix) {
    const std::time_t now = std::time(nullptr);
    char buffer[64];
    std::strftime(buffer, sizeof buffer, "%Y%m%d-%H%M%S", std::localtime(&now));
    return std::string(prefix) + buffer + ".png";
}

class Sandbox {
public:
    explicit Sandbox(const SandboxOptions& options) : m_options(options) {}
    int run();

private:
    bool openWindow();
    void loadInitialScene();
    void processEvents();
    void routeEvent(const sf::Event& event);
    void handleShortcut(const InputEvent& e, bool& handled);
    void computeLayout(float menuHeight);
    void buildViews();
    void submitViews();
    bool saveScreenshot(const std::filesystem::path& file);
    Modifiers modifiers() const;
    void animateStep(int frame);

    SandboxOptions m_options;
    SandboxState m_state;
    sf::RenderWindow m_window;
    SpriteTextures m_textures;
    WorldView m_worldView;
    LocalView m_localView;
    FrameStats m_stats;
    FrameStats m_drawStats;
    int m_currentAnswerFrames = 0;   // frames that drew the answer for their own scene (for --stats)
    std::uint64_t m_seenRevision = 0;
    Clock::time_point m_lastEdit = Clock::now();
    std::string m_iniPath;
    std::string m_title;
    Clock::time_point m_lastFrame = Clock::now();
    bool m_localPanning = false;
    glm::dvec2 m_localPanFrom{0.0, 0.0};
    bool m_persistSettings = true;
    std::unique_ptr<Recovery> m_recovery;           // interactive runs only
    std::optional<RecoveryInfo> m_recoveryOffer;    // a crashed run's changes, until answered
};

Modifiers Sandbox::modifiers() const {
    const ImGuiIO& io = ImGui::GetIO();
    return Modifiers{io.KeyShift, io.KeyCtrl, io.KeyAlt};
}

void Sandbox::animateStep(int frame) {
    const int a = m_state.document.selection().pairA;
    if (a < 0) return;
    SpriteTransform t = m_state.document.scene().sprites[a].transform;
    t.rotationDeg += 0.5;
    t.position.x += (frame / 40) % 2 == 0 ? 0.25 : -0.25;
    m_state.document.setTransform(a, t, "animate");
}

bool Sandbox::openWindow() {
    const int width = m_persistSettings ? m_state.settings.windowWidth : m_options.width;
    const int height = m_persistSettings ? m_state.settings.windowHeight : m_options.height;
    sf::ContextSettings context;
    context.depthBits = 0;
    context.stencilBits = 8;
    m_window.create(sf::VideoMode(unsigned(width), unsigned(height)), "Collision Lab", sf::Style::Default, context);
    if (!m_window.isOpen()) return false;
    m_window.setVerticalSyncEnabled(false);
    if (m_options.frames < 0) m_window.setFramerateLimit(60);
    m_window.setKeyRepeatEnabled(true);
    return true;
}

void Sandbox::loadInitialScene() {
    m_state.assetsDir = findAssetsDir();
    if (m_options.scene) {
        if (!openSceneFile(m_state, *m_options.scene)) {
            // The message stays on screen; the built-in scene gives the user something to work with.
            newScene(m_state);
        }
        return;
    }
    if (m_state.assetsDir) {
        const std::filesystem::path bundled = *m_state.assetsDir / "scenes" / "default.json";
        std::error_code ec;
        if (std::filesystem::is_regular_file(bundled, ec) && openSceneFile(m_state, bundled)) return;
        m_state.errors.clear();
    }
    newScene(m_state);
}

void Sandbox::handleShortcut(const InputEvent& e, bool& handled) {
    handled = true;
    const bool ctrl = e.mods.ctrl;
    if (e.key == Key::F1) {
        m_state.showHelp = !m_state.showHelp;
    } else if (e.key == Key::F12) {
        m_state.screenshotRequested = true;
    } else if (ctrl && e.key == Key::O) {
        requestAction(m_state, PendingAction::Open);
    } else if (ctrl && e.key == Key::N) {
        requestAction(m_state, PendingAction::New);
    } else if (ctrl && e.key == Key::S && e.mods.shift) {
        m_state.saveAsBrowser = true;
    } else if (ctrl && e.key == Key::S) {
        saveCurrent(m_state);
    } else {
        handled = false;
    }
}

void Sandbox::routeEvent(const sf::Event& event) {
    ImGuiIO& io = ImGui::GetIO();
    Manipulator& manipulator = *m_state.manipulator;
    const Modifiers mods = modifiers();
    const Rect& local = m_state.layout.local;
    switch (event.type) {
        case sf::Event::Closed:
            requestAction(m_state, PendingAction::Quit);
            break;
        case sf::Event::Resized: {
            m_window.setView(sf::View(sf::FloatRect(0, 0, float(event.size.width), float(event.size.height))));
            manipulator.handleEvent(InputEvent::resize({double(event.size.width), double(event.size.height)}));
            break;
        }
        case sf::Event::LostFocus:
            m_localPanning = false;
            manipulator.handleEvent(InputEvent::focusLost());
            break;
        case sf::Event::MouseButtonPressed: {
            const glm::dvec2 at{double(event.mouseButton.x), double(event.mouseButton.y)};
            const auto button = toButton(event.mouseButton.button);
            if (!button || io.WantCaptureMouse) break;
            if (contains(local, at)) {
                m_localPanning = true;
                m_localPanFrom = at;
            } else if (contains(m_state.layout.world, at)) {
                manipulator.handleEvent(InputEvent::mouseDown(at, *button, mods));
            }
            break;
        }
        case sf::Event::MouseButtonReleased: {
            const glm::dvec2 at{double(event.mouseButton.x), double(event.mouseButton.y)};
            m_localPanning = false;
            // Always delivered so that a drag that began in the view never stays stuck.
            if (const auto button = toButton(event.mouseButton.button)) manipulator.handleEvent(InputEvent::mouseUp(at, *button, mods));
            break;
        }
        case sf::Event::MouseMoved: {
            const glm::dvec2 at{double(event.mouseMove.x), double(event.mouseMove.y)};
            if (m_localPanning) {
                m_state.localCamera.panByScreen(at - m_localPanFrom);
                m_localPanFrom = at;
                break;
            }
            if (!io.WantCaptureMouse || manipulator.drag() != Manipulator::Drag::None) {
                manipulator.handleEvent(InputEvent::mouseMove(at, mods));
            }
            break;
        }
        case sf::Event::MouseWheelScrolled: {
            if (io.WantCaptureMouse || event.mouseWheelScroll.wheel != sf::Mouse::VerticalWheel) break;
            const glm::dvec2 at{double(event.mouseWheelScroll.x), double(event.mouseWheelScroll.y)};
            const double delta = event.mouseWheelScroll.delta;
            if (contains(local, at)) {
                m_state.localCamera.zoomAt(at, std::pow(1.2, delta));
            } else if (contains(m_state.layout.world, at)) {
                manipulator.handleEvent(InputEvent::wheel(at, delta, mods));
            }
            break;
        }
        case sf::Event::KeyPressed: {
            if (io.WantCaptureKeyboard) break;
            const auto key = toKey(event.key.code);
            if (!key) break;
            const Modifiers keyMods{event.key.shift, event.key.control, event.key.alt};
            const InputEvent e = InputEvent::keyDown(*key, keyMods);
            bool handled = false;
            handleShortcut(e, handled);
            if (!handled) manipulator.handleEvent(e);
            break;
        }
        case sf::Event::KeyReleased: {
            const auto key = toKey(event.key.code);
            if (key) manipulator.handleEvent(InputEvent::keyUp(*key, {event.key.shift, event.key.control, event.key.alt}));
            break;
        }
        default:
            break;
    }
}

void Sandbox::processEvents() {
    sf::Event event;
    while (m_window.pollEvent(event)) {
        ImGui_ImplSfml_ProcessEvent(event);
        routeEvent(event);
    }
}

void Sandbox::computeLayout(float menuHeight) {
    SandboxLayout& l = m_state.layout;
    const sf::Vector2u size = m_window.getSize();
    const double w = size.x, h = size.y;
    l.menuHeight = menuHeight;
    const double inspectorWidth = std::clamp<double>(m_state.settings.inspectorWidth, 200.0, std::max(200.0, w - 200.0));
    const double bottomHeight = std::clamp<double>(m_state.settings.bottomHeight, 80.0, std::max(80.0, h - menuHeight - 120.0));
    l.inspector = Rect{{0.0, menuHeight}, {inspectorWidth, h}};
    l.bottom = Rect{{inspectorWidth, h - bottomHeight}, {w, h}};
    const Rect views{{inspectorWidth, menuHeight}, {w, h - bottomHeight}};
    if (m_state.settings.showLocalView) {
        const double split = views.max.x - views.size().x * m_state.settings.localViewFraction;
        l.world = Rect{views.min, {std::floor(split), views.max.y}};
        l.local = Rect{{std::floor(split) + 2.0, views.min.y}, views.max};
    } else {
        l.world = views;
        l.local = Rect{};
    }
    if (!(m_state.camera.viewport() == l.world)) m_state.camera.setViewport(l.world);
    if (!(m_state.localCamera.viewport() == l.local) && l.local.size().x > 0) m_state.localCamera.setViewport(l.local);
}

bool Sandbox::saveScreenshot(const std::filesystem::path& file) {
    sf::Texture texture;
    const sf::Vector2u size = m_window.getSize();
    if (!texture.create(size.x, size.y)) return false;
    texture.update(m_window);
    return texture.copyToImage().saveToFile(file.string());
}

void Sandbox::buildViews() {
    ImDrawList* background = ImGui::GetBackgroundDrawList();
    WorldViewFrame frame;
    frame.scene = &m_state.document.scene();
    frame.selection = m_state.document.selection();
    frame.report = &m_state.report;
    frame.overlays = m_state.settings.overlays;
    frame.camera = &m_state.camera;
    frame.handles = m_state.manipulator->handles();
    frame.hover = m_state.manipulator->hover();
    if (m_state.step.active && m_state.step.cursor && !m_state.step.cursor->done()) {
        frame.stepSample = m_state.step.cursor->current();
        frame.stepSpriteA = m_state.report.pair().a;
        frame.stepSpriteB = m_state.report.pair().b;
    }
    m_worldView.build(background, frame, m_textures);
    updateComparison(m_state.compare, m_state.document.scene(), m_state.report);
    drawCompareOverlay(background, m_state.compare, m_state.camera);
    drawTightBoundsOverlay(background, m_state.tightBounds, m_state.camera);
    if (m_state.layout.local.size().x > 0) {
        // Framing needs the pair transform of the current scene, so it waits for the newest answer.
        if (m_state.frameLocalRequested && !m_state.report.pending()) {
            m_localView.frame(m_state);
            m_state.frameLocalRequested = false;
        }
        m_localView.build(background, m_state, m_textures);
    }
}

void Sandbox::submitViews() {
    m_window.setActive(true);
    m_window.resetGLStates();
    m_window.clear(sf::Color(18, 20, 24));
    m_worldView.submit(m_window);
    if (m_state.layout.local.size().x > 0) m_localView.submit(m_window);
    m_window.setView(m_window.getDefaultView());
}

int Sandbox::run() {
    m_persistSettings = m_options.frames < 0;
    const std::filesystem::path configDir = settingsDir();
    std::vector<std::string> warnings;
    if (m_persistSettings && !configDir.empty()) m_state.settings = loadSettings(configDir / "settings.json", warnings);
    if (!m_persistSettings) {
        m_state.settings.windowWidth = m_options.width;
        m_state.settings.windowHeight = m_options.height;
    }
    if (m_options.allOverlays) m_state.settings.overlays.fill(true);

    if (!openWindow()) {
        std::cerr << "collision-lab: cannot open a window (is DISPLAY set? try xvfb-run)\n";
        return 1;
    }

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    if (m_persistSettings && !configDir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(configDir, ec);
        m_iniPath = (configDir / "imgui.ini").string();
        io.IniFilename = m_iniPath.c_str();
        // Loaded here, cleaned, rather than by ImGui itself, which would trust any number in it.
        const std::string ini = readImguiIni(m_iniPath, warnings);
        ImGui::LoadIniSettingsFromMemory(ini.data(), ini.size());
    } else {
        io.IniFilename = nullptr;
    }
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 0.0f;
    ImGui_ImplSfml_Init(m_window);
    if (!ImGui_ImplOpenGL3_Init("#version 130")) {
        std::cerr << "collision-lab: OpenGL 3.0 is needed to draw the panels\n";
        ImGui_ImplSfml_Shutdown();
        ImGui::DestroyContext();
        return 1;
    }

    m_state.manipulator = std::make_unique<Manipulator>(m_state.document, m_state.camera);
    m_state.report.setDeferred(kDeferredTests);
    m_state.errors.insert(m_state.errors.end(), warnings.begin(), warnings.end());
    loadInitialScene();
    if (m_persistSettings) {
        m_recovery = Recovery::claim(Recovery::defaultDir());
        m_recoveryOffer = m_recovery->find();
    }
    computeLayout(ImGui::GetFrameHeight());
    m_state.manipulator->frameAll();

    int frame = 0;
    while (m_window.isOpen()) {
        const Clock::time_point start = Clock::now();
        const double seconds = std::chrono::duration<double>(start - m_lastFrame).count();
        m_lastFrame = start;

        processEvents();
        if (m_options.animate) animateStep(frame);
        m_state.manipulator->settings().classicControls = m_state.settings.classicControls;

        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSfml_NewFrame();
        ImGui::NewFrame();

        const Document& doc = m_state.document;
        if (doc.revision() != m_seenRevision) {
            m_seenRevision = doc.revision();
            m_lastEdit = start;
        }
        // Scripted runs wait for every answer so the screenshot shows them; interactive runs wait within
        // the frame budget, except when sprites were added or removed (indices must match).
        const bool scripted = m_options.frames > 0 && !m_options.animate;
        const ReportRequest request{doc.revision(), doc.selection().pairA, doc.selection().pairB,
                                    m_state.settings.algorithm, !scripted && start - m_lastEdit < kStillAfter};
        const bool withinBudget = m_state.report.recentMs(request.editing) <= 1e-3 * double(kAnswerBudget.count());
        m_state.report.update(doc.scene(), request,
                              scripted ? CollisionReport::kWaitUntilDone
                                       : withinBudget ? kAnswerBudget : std::chrono::microseconds::zero());
        if (m_state.report.sprites().size() != doc.scene().sprites.size()) {
            m_state.report.update(doc.scene(), request, CollisionReport::kWaitUntilDone);
        }
        if (!m_state.report.pending()) ++m_currentAnswerFrames;
        if (m_state.report.generation() == 1) m_state.frameLocalRequested = true;
        updateStepThrough(m_state, seconds);

        const float menuHeight = drawMainMenu(m_state);
        computeLayout(menuHeight);
        drawInspector(m_state);
        drawCollisionPanel(m_state);
        if (m_state.settings.showLegend) drawLegend(m_state);
        drawHelpWindow(m_state);
        drawFileDialogs(m_state);
        if (m_recovery) {
            drawRecoveryPrompt(m_state, *m_recovery, m_recoveryOffer);
            if (!m_recoveryOffer) m_recovery->update(m_state.document, m_state.file, Clock::now());
            for (std::string& message : m_recovery->takeMessages()) m_state.errors.push_back(std::move(message));
        }
        if (!io.WantCaptureMouse && m_state.manipulator->hover().handle != Handle::None) {
            ImGui::SetMouseCursor(m_state.manipulator->hover().handle == Handle::Body ? ImGuiMouseCursor_ResizeAll
                                                                                      : ImGuiMouseCursor_Hand);
        }

        buildViews();
        ImGui::Render();
        // The work the frame needs (input, collision tests, panels, overlay geometry); the drawing
        // below runs in Mesa's software rasterizer on the test machines and is reported apart.
        const double workMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        const Clock::time_point drawStart = Clock::now();
        submitViews();
        ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
        m_drawStats.add(std::chrono::duration<double, std::milli>(Clock::now() - drawStart).count());
        m_stats.add(workMs);
        m_state.lastFrameWorkMs = workMs;

        const std::string title = windowTitle(m_state);
        if (title != m_title) {
            m_window.setTitle(sf::String::fromUtf8(title.begin(), title.end()));
            m_title = title;
        }
        ++frame;
        const bool last = m_options.frames > 0 && frame >= m_options.frames;
        if (last && m_options.screenshot && !saveScreenshot(*m_options.screenshot)) {
            std::cerr << "collision-lab: " << m_options.screenshot->string() << ": cannot write the screenshot\n";
        }
        if (m_state.screenshotRequested) {
            m_state.screenshotRequested = false;
            const std::string name = timestampedName("collision-lab-");
            m_state.status = saveScreenshot(name) ? "Screenshot saved: " + std::filesystem::absolute(name).string()
                                                  : "Screenshot failed: cannot write " + name;
        }
        m_window.display();
        if (last || m_state.quitNow) break;
        m_textures.prune();
    }

    if (m_recovery && !m_recoveryOffer) m_recovery->discard();
    if (m_persistSettings && !configDir.empty()) {
        const sf::Vector2u size = m_window.getSize();
        m_state.settings.windowWidth = int(size.x);
        m_state.settings.windowHeight = int(size.y);
        const std::string error = saveSettings(m_state.settings, configDir / "settings.json");
        if (!error.empty()) std::cerr << "collision-lab: " << error << "\n";
    }
    for (const std::string& e : m_state.errors) std::cerr << "collision-lab: " << e << "\n";
    // Scripted runs (smoke tests) must fail when the scene they were given does not open.
    const int status = m_options.frames > 0 && m_options.scene && m_state.sceneLoadFailed ? 1 : 0;
    if (m_options.stats) {
        std::cout << "per-frame work (input, collision tests, panels, overlay geometry): " << m_stats.summary() << "\n";
        std::cout << "frames that drew the answers for their own scene: " << m_currentAnswerFrames << " of "
                  << m_stats.count() << "\n";
        std::cout << "draw (SFML + ImGui GL calls, not counted as work): " << m_drawStats.summary() << "\n";
        const auto printTimes = [](const char* what, const std::vector<double>& times) {
            FrameStats stats;
            for (double ms : times) stats.add(ms);
            std::cout << what << stats.summary() << "\n";
        };
        printTimes("answers while editing (worker; every test but the deferred gpu): ", m_state.report.deferringTimes());
        printTimes("complete answers (worker; every test): ", m_state.report.completeTimes());
    }

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSfml_Shutdown();
    ImGui::DestroyContext();
    m_window.close();
    return status;
}

}  // namespace

int runSandbox(std::span<const std::string_view> args) {
    const SandboxOptionsResult parsed = parseSandboxOptions(args);
    if (!parsed.error.empty()) {
        std::cerr << "collision-lab: " << parsed.error << "\n" << sandboxUsage();
        return 2;
    }
    if (parsed.options.help) {
        std::cout << sandboxUsage();
        return 0;
    }
    // Before any SFML window object exists: SFML aborts the process when it cannot reach the X server.
    if (auto problem = displayProblem()) {
        std::cerr << "collision-lab: " << *problem << "\n";
        return 1;
    }
    Sandbox sandbox(parsed.options);
    return sandbox.run();
}

}  // namespace cl
