#include "app/shell/sandbox.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <optional>
#include <tuple>
#include <utility>

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <SFML/OpenGL.hpp>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <imgui_internal.h>
#include <nlohmann/json.hpp>

#include "app/shell/asset_paths.h"
#include "app/shell/bug_report.h"
#include "app/shell/shrink_report.h"
#include "app/shell/default_scene.h"
#include "app/shell/file_actions.h"
#include "app/shell/frame_stats.h"
#include "app/platform/imgui_impl_sfml.h"
#include "app/views/local_view.h"
#include "app/shell/panels.h"
#include "app/shell/display_check.h"
#include "app/shell/imgui_ini.h"
#include "app/shell/recovery_prompt.h"
#include "app/shell/sandbox_commands.h"
#include "app/shell/sandbox_options.h"
#include "app/shell/sandbox_state.h"
#include "app/shell/ui_scale.h"
#include "app/tools/game_tool.h"
#include "app/tools/tool_context.h"
#include "app/tools/tool_registry.h"
#include "app/views/view_drawing.h"
#include "app/views/sprite_textures.h"
#include "app/views/world_view.h"
#include "core/io/atomic_file.h"

namespace cl {

namespace {

using Clock = std::chrono::steady_clock;

// Tests marked deferWhileEditing (the GPU read-back) rerun once the scene has been still this long.
constexpr auto kStillAfter = std::chrono::milliseconds(300);
// A frame waits this long for the answers to its own scene, when the last such answer took no longer:
// then the table and the overlays never trail the sprites. Slower answers are shown when they come.
constexpr auto kAnswerBudget = std::chrono::microseconds(6000);

std::optional<Key> toKey(sf::Keyboard::Key code) {
    switch (code) {
#define CL_KEY_FROM_SFML(name, sfml, label) \
    case sf::Keyboard::sfml: return Key::name;
        CL_KEYS(CL_KEY_FROM_SFML)
#undef CL_KEY_FROM_SFML
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
    Sandbox(const SandboxOptions& options, const AlgorithmSet& algorithms) : m_options(options) {
        m_state.report.setAlgorithms(algorithms);
        m_state.owner.report.setAlgorithms(algorithms);
        m_state.requests.push(FrameLocal{});  // the first answer frames the local view
    }
    /// Opens the window and runs frames until the user quits (or --frames are done); the exit status.
    int run();

private:
    bool start();                                  // settings, window, ImGui, tools, commands, first scene
    void updateAnalysis(Clock::time_point now);    // ask for the answers to this frame's scene
    void updateTools(ToolContext& ctx);            // every tool, on the snapshot just adopted
    void updateOwner(Clock::time_point now);       // the tool that owns the window, and its pair's answers
    void drawPanels(ToolContext& ctx);             // menus, inspector, Collision table, dialogs
    void present(Clock::time_point frameStart, bool last);  // render, count the work, screenshots, display
    int finish();                                  // save settings, report, shut down; the exit status
    void printStats() const;
    bool openWindow();
    void loadInitialScene();
    void processEvents();
    void routeEvent(const sf::Event& event);
    bool offerToTools(const InputEvent& event);    // a world-view mouse event to the active tools first
    void computeLayout(float menuHeight);
    void drawViews(const ToolContext& ctx);
    ToolContext toolContext(double seconds);       // the tools' view of m_state for this frame
    LocalViewFrame localViewFrame();               // the local view's parts of m_state
    void submitViews();
    bool saveScreenshot(const std::filesystem::path& file);
    Modifiers modifiers() const;
    void animateStep(int frame);
    void closeMenusOnEscape();
    void updateUiScale();
    void describeUi(const std::filesystem::path& file) const;

    SandboxOptions m_options;
    SandboxState m_state;
    sf::RenderWindow m_window;
    SpriteTextures m_textures;
    WorldView m_worldView;
    LocalView m_localView;
    ScanGeometryCache m_scanGeometry;
    ScanGeometryCache m_ownerScanGeometry;  // of the window owner's pair (its report counts its own generations)
    FrameStats m_stats;
    FrameStats m_drawStats;
    FrameStats m_toolStats;          // the tools' share of the work (updates, open panel, world overlays)
    int m_currentAnswerFrames = 0;   // frames that drew the answer for their own scene (for --stats)
    std::uint64_t m_seenRevision = 0;
    Clock::time_point m_lastEdit = Clock::now();
    std::string m_iniPath;
    std::string m_title;
    Clock::time_point m_lastFrame = Clock::now();
    bool m_localPanning = false;
    std::pair<int, int> m_framedPair{-1, -1};     // the pair the local view was last framed for
    std::string m_framedNames;                    // ... and its sprites' names (a window owner's pair changes by name)
    std::uint64_t m_ownerRevision = 0;             // the owner's pair revision last asked for
    Clock::time_point m_ownerChanged = Clock::now();
    bool m_bugReportFailed = false;  // --save-bug-report could not save
    bool m_escapePressed = false;    // Esc with a popup open: close the menus on the next frame
    glm::dvec2 m_localPanFrom{0.0, 0.0};
    bool m_persistSettings = true;
    float m_appliedUiScale = 0.0f;   // the scale the fonts and style were last built for
    std::filesystem::path m_configDir;
    std::unique_ptr<Recovery> m_recovery;           // interactive runs only
    std::optional<RecoveryInfo> m_recoveryOffer;    // a crashed run's changes, until answered
};

Modifiers Sandbox::modifiers() const {
    const ImGuiIO& io = ImGui::GetIO();
    return Modifiers{io.KeyShift, io.KeyCtrl, io.KeyAlt};
}

void Sandbox::closeMenusOnEscape() {
    if (!m_escapePressed) return;
    m_escapePressed = false;
    // Close the menus and popups above the topmost modal dialog; a modal handles Esc itself.
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    int keep = g.OpenPopupStack.Size;
    while (keep > 0) {
        const ImGuiWindow* window = g.OpenPopupStack[keep - 1].Window;
        if (window && (window->Flags & ImGuiWindowFlags_Modal)) break;
        --keep;
    }
    if (keep < g.OpenPopupStack.Size) ImGui::ClosePopupToLevel(keep, true);
}

void Sandbox::updateUiScale() {
    const float scale = m_state.settings.uiScale;
    if (scale == m_appliedUiScale) return;
    m_appliedUiScale = scale;
    applyUiScale(scale);
    scaleManipulatorSizes(m_state.views.manipulator->settings(), scale);
    // The panels changed size: the views frame their sprites again.
    m_state.requests.push(FrameWorld{});
    m_state.requests.push(FrameLocal{});
}

void Sandbox::describeUi(const std::filesystem::path& file) const {
    const Scene& scene = m_state.open.document.scene();
    nlohmann::json json;
    json["file"] = m_state.open.file.string();
    json["window_title"] = windowTitle(m_state.open);
    json["open_tab"] = m_state.openTool >= 0 && m_state.openTool < int(m_state.tools.size())
                           ? std::string(m_state.tools[m_state.openTool]->title()) : std::string();
    json["title"] = scene.title;
    json["notes"] = scene.notes;
    json["expectations"] = scene.expect.pairCount();
    json["dirty"] = m_state.open.document.dirty();
    json["status"] = m_state.dialogs.status;
    json["frame"] = scene.timeline.frame;
    json["world_zoom"] = m_state.views.world.zoom();
    json["ui_scale"] = m_state.settings.uiScale;
    json["font_pixels"] = ImGui::GetFontSize();
    json["inspector_width"] = m_state.views.layout.inspector.size().x;
    // The window's regions (x0, y0, x1, y1), for UI tests that check what a window covers.
    nlohmann::json regions;
    const SandboxLayout& layout = m_state.views.layout;
    for (const auto& [name, r] : {std::pair<const char*, const Rect&>{"inspector", layout.inspector}, {"legend", layout.legend},
                                  {"world", layout.world}, {"local_bar", layout.localBar}, {"local", layout.local},
                                  {"bottom", layout.bottom}}) {
        regions[name] = {r.min.x, r.min.y, r.max.x, r.max.y};
    }
    json["layout"] = regions;
    json["errors"] = m_state.dialogs.errors;
    // What the Collision table shows: the scene's pair, or the pair of the tool that owns the window.
    const ShownPair shown = shownPair(m_state);
    const PairAnalysis& shownAnswers = shown.report->pair();
    nlohmann::json table = {{"owned", shown.owned}, {"a", nullptr}, {"b", nullptr}, {"hit", shownAnswers.hit}};
    if (shownAnswers.a >= 0 && std::size_t(std::max(shownAnswers.a, shownAnswers.b)) < shown.scene->sprites.size()) {
        table["a"] = shown.scene->sprites[shownAnswers.a].name;
        table["b"] = shown.scene->sprites[shownAnswers.b].name;
    }
    json["collision_table"] = table;
    json["sprites"] = nlohmann::json::array();
    for (const SceneSprite& sprite : scene.sprites) {
        const SpriteTransform& t = sprite.transform;
        const glm::dvec2 v = sprite.motion.velocity;
        json["sprites"].push_back({{"name", sprite.name}, {"position", {t.position.x, t.position.y}}, {"velocity", {v.x, v.y}},
                                   {"angular_velocity", sprite.motion.angularVelocityDeg}});
    }
    json["frames"] = scene.timeline.frames;
    for (const auto& tool : m_state.tools) tool->describeUi(json);
    if (const std::string error = writeFileAtomically(file, json.dump(2) + "\n"); !error.empty()) {
        std::cerr << "collision-lab: --describe-ui: " << error << "\n";
    }
}

void Sandbox::animateStep(int frame) {
    const int a = m_state.open.document.selection().pairA;
    if (a < 0) return;
    SpriteTransform t = m_state.open.document.scene().sprites[a].transform;
    t.rotationDeg += 0.5;
    t.position.x += (frame / 40) % 2 == 0 ? 0.25 : -0.25;
    m_state.open.document.setTransform(a, t, "animate");
}

bool Sandbox::openWindow() {
    const int width = m_state.settings.windowWidth;
    const int height = m_state.settings.windowHeight;
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
        // On failure the built-in scene is shown, titled and noted with the file and its problems.
        openSceneFile(m_state, *m_options.scene, OnOpenFailure::ShowBuiltIn);
        return;
    }
    if (m_state.assetsDir) {
        const std::filesystem::path bundled = *m_state.assetsDir / "scenes" / "default.json";
        std::error_code ec;
        if (std::filesystem::is_regular_file(bundled, ec) && openSceneFile(m_state, bundled)) return;
        m_state.dialogs.errors.clear();
    }
    newScene(m_state);
}

bool Sandbox::offerToTools(const InputEvent& event) {
    ToolContext ctx = toolContext(0.0);
    for (const auto& tool : m_state.tools) {
        if (tool->overlayActive() && tool->handleWorldInput(event, ctx)) return true;
    }
    return false;
}

void Sandbox::routeEvent(const sf::Event& event) {
    ImGuiIO& io = ImGui::GetIO();
    Manipulator& manipulator = *m_state.views.manipulator;
    const Modifiers mods = modifiers();
    const Rect& local = m_state.views.layout.local;
    switch (event.type) {
        case sf::Event::Closed:
            requestAction(m_state, PendingAction::Quit);
            break;
        case sf::Event::Resized: {
            m_window.setView(sf::View(sf::FloatRect(0, 0, float(event.size.width), float(event.size.height))));
            manipulator.handleEvent(InputEvent::resize({double(event.size.width), double(event.size.height)}));
            // The views changed size: they frame their sprites again (once the layout has followed).
            m_state.requests.push(FrameWorld{});
            m_state.requests.push(FrameLocal{});
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
            } else if (contains(m_state.views.layout.world, at) && !offerToTools(InputEvent::mouseDown(at, *button, mods)) &&
                       !m_state.owner.status) {  // while a tool owns the window (the game) the scene underneath stays as it is
                manipulator.handleEvent(InputEvent::mouseDown(at, *button, mods));
            }
            break;
        }
        case sf::Event::MouseButtonReleased: {
            const glm::dvec2 at{double(event.mouseButton.x), double(event.mouseButton.y)};
            m_localPanning = false;
            // Always delivered so that a drag that began in the view never stays stuck.
            if (const auto button = toButton(event.mouseButton.button)) {
                offerToTools(InputEvent::mouseUp(at, *button, mods));
                manipulator.handleEvent(InputEvent::mouseUp(at, *button, mods));
            }
            break;
        }
        case sf::Event::MouseMoved: {
            const glm::dvec2 at{double(event.mouseMove.x), double(event.mouseMove.y)};
            if (m_localPanning) {
                m_state.views.local.panByScreen(at - m_localPanFrom);
                m_localPanFrom = at;
                break;
            }
            if (offerToTools(InputEvent::mouseMove(at, mods))) break;
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
                m_state.views.local.zoomAt(at, std::pow(1.2, delta));
            } else if (contains(m_state.views.layout.world, at)) {
                manipulator.handleEvent(InputEvent::wheel(at, delta, mods));
            }
            break;
        }
        case sf::Event::KeyPressed: {
            // Esc closes an open menu or popup before it does anything else (modal dialogs read it as Cancel).
            if (event.key.code == sf::Keyboard::Escape &&
                ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) {
                m_escapePressed = true;
                break;
            }
            // Then the F1 window, unless a text field has the keys (Esc there leaves the field).
            if (event.key.code == sf::Keyboard::Escape && m_state.dialogs.showHelp && !io.WantTextInput) {
                m_state.dialogs.showHelp = false;
                break;
            }
            if (io.WantCaptureKeyboard) break;
            const auto key = toKey(event.key.code);
            if (!key) break;
            const Modifiers keyMods{event.key.shift, event.key.control, event.key.alt};
            const InputEvent e = InputEvent::keyDown(*key, keyMods);
            // The command table first; keys it does not run (arrows, Q/E, Delete, Escape, Space) are the editor's.
            // While a tool owns the window (the game reads its own keys) the editor does not move the scene underneath.
            if (!m_state.commands.dispatch(e) && !m_state.owner.status) manipulator.handleEvent(e);
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
    const sf::Vector2u size = m_window.getSize();
    SandboxLayout& l = m_state.views.layout;
    l = layoutWindow(layoutInput(m_state.settings, {double(size.x), double(size.y)}, menuHeight, l));
    if (!(m_state.views.world.viewport() == l.world)) m_state.views.world.setViewport(l.world);
    if (!(m_state.views.local.viewport() == l.local) && l.local.size().x > 0) m_state.views.local.setViewport(l.local);
}

bool Sandbox::saveScreenshot(const std::filesystem::path& file) {
    sf::Texture texture;
    const sf::Vector2u size = m_window.getSize();
    if (!texture.create(size.x, size.y)) return false;
    texture.update(m_window);
    return texture.copyToImage().saveToFile(file.string());
}

ToolContext Sandbox::toolContext(double seconds) {
    return ToolContext({.document = m_state.open.document,
                        .report = m_state.report,
                        .algorithm = m_state.settings.algorithm,
                        .worldCamera = m_state.views.world,
                        .localCamera = m_state.views.local,
                        .previews = m_state.views.previews,
                        .sceneFile = m_state.open.file,
                        .assetsDir = m_state.assetsDir.value_or(std::filesystem::path()),
                        .errors = m_state.dialogs.errors,
                        .requests = m_state.requests},
                       seconds);
}

LocalViewFrame Sandbox::localViewFrame() {
    const ShownPair shown = shownPair(m_state);
    return LocalViewFrame{.scene = shown.scene,
                          .report = shown.report,
                          .camera = &m_state.views.local,
                          .view = m_state.views.layout.local,
                          .bar = m_state.views.layout.localBar,
                          .barHeight = &m_state.views.layout.localBarHeight,
                          .referenceIsB = &m_state.settings.localReferenceIsB,
                          .showSamples = &m_state.settings.localShowSamples,
                          .overlays = &m_state.settings.overlays};
}

void Sandbox::drawViews(const ToolContext& ctx) {
    ImDrawList* background = ImGui::GetBackgroundDrawList();
    if (m_state.requests.take<FrameWorld>()) m_state.views.manipulator->frameAll();
    WorldViewFrame frame;
    frame.scene = &m_state.open.document.scene();
    frame.selection = m_state.open.document.selection();
    frame.report = &m_state.report;
    const ScanGeometry& scan = m_scanGeometry.update(m_state.report);
    frame.scan = &scan;
    frame.overlays = m_state.settings.overlays;
    frame.camera = &m_state.views.world;
    frame.handles = m_state.views.manipulator->handles();
    frame.hover = m_state.views.manipulator->hover();
    frame.uiScale = m_state.settings.uiScale;
    frame.allLabels = m_state.settings.allLabels;
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (!ImGui::GetIO().WantCaptureMouse && contains(m_state.views.layout.world, {double(mouse.x), double(mouse.y)}))
        frame.pointer = glm::dvec2(mouse.x, mouse.y);
    m_worldView.build(background, frame, m_textures);
    const Rect& world = m_state.views.layout.world;
    background->PushClipRect(toIm(world.min), toIm(world.max), true);
    const WorldOverlay worldOverlay{background, &m_state.views.world};
    const Clock::time_point toolsStart = Clock::now();
    for (const auto& tool : m_state.tools) {
        if (tool->overlayActive()) tool->drawWorldOverlay(worldOverlay, ctx);
    }
    m_state.toolsMs += std::chrono::duration<double, std::milli>(Clock::now() - toolsStart).count();
    background->PopClipRect();
    const Rect& local = m_state.views.layout.local;
    // The local view shows the window owner's pair while a tool owns the window (the game's), else the scene's.
    const ShownPair shown = shownPair(m_state);
    const ScanGeometry& localScan = shown.owned ? m_ownerScanGeometry.update(*shown.report) : scan;
    const PairAnalysis& pair = shown.report->pair();
    const std::string names = pair.a >= 0 && pair.b >= 0 && std::size_t(std::max(pair.a, pair.b)) < shown.scene->sprites.size()
                                  ? shown.scene->sprites[pair.a].name + "/" + shown.scene->sprites[pair.b].name : std::string();
    if (!shown.report->pending() && (pair.a != m_framedPair.first || pair.b != m_framedPair.second || names != m_framedNames)) {
        // A new pair: its ghosts can be anywhere and of any size, so the local view frames them again.
        m_framedPair = {pair.a, pair.b};
        m_framedNames = names;
        m_state.requests.push(FrameLocal{});
    }
    if (local.size().x > 0) {
        // Framing needs the pair transform of the current scene, so it waits for the newest answer.
        if (!shown.report->pending() && m_state.requests.take<FrameLocal>()) m_localView.frame(localViewFrame());
        if (m_localView.build(background, localViewFrame(), localScan, m_textures)) m_state.requests.push(FrameLocal{});
        const Camera& camera = m_state.views.local;
        background->PushClipRect(toIm(local.min), toIm(local.max), true);
        const LocalOverlay localOverlay{background, &camera, screenFromWorld(camera.worldToScreen({0.0, 0.0}), camera.zoom()),
                                        m_state.settings.localReferenceIsB};
        for (const auto& tool : m_state.tools) {
            if (tool->overlayActive()) tool->drawLocalOverlay(localOverlay, ctx);
        }
        background->PopClipRect();
    }
}

void Sandbox::submitViews() {
    m_window.setActive(true);
    m_window.resetGLStates();
    m_window.clear(sf::Color(18, 20, 24));
    m_worldView.submit(m_window);
    if (m_state.views.layout.local.size().x > 0) m_localView.submit(m_window);
    m_window.setView(m_window.getDefaultView());
}

bool Sandbox::start() {
    m_persistSettings = m_options.frames < 0;
    m_configDir = settingsDir();
    std::vector<std::string> warnings;
    nlohmann::json settingsFile = nlohmann::json::object();  // the tools read their own keys from it
    if (m_persistSettings && !m_configDir.empty()) {
        m_state.settings = loadSettings(m_configDir / "settings.json", warnings, &settingsFile);
    }
    // --size wins over the saved size; a scripted run ignores the saved one.
    std::tie(m_state.settings.windowWidth, m_state.settings.windowHeight) =
        startWindowSize(m_options, m_state.settings.windowWidth, m_state.settings.windowHeight);
    if (m_options.allOverlays) m_state.settings.overlays.fill(true);
    if (m_options.uiScale) m_state.settings.uiScale = float(*m_options.uiScale);

    if (!openWindow()) {
        std::cerr << "collision-lab: cannot open a window (is DISPLAY set? try xvfb-run)\n";
        return false;
    }

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    if (m_persistSettings && !m_configDir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(m_configDir, ec);
        m_iniPath = (m_configDir / "imgui.ini").string();
        io.IniFilename = m_iniPath.c_str();
        // Loaded here, cleaned, rather than by ImGui itself, which would trust any number in it.
        const std::string ini = readImguiIni(m_iniPath, warnings);
        ImGui::LoadIniSettingsFromMemory(ini.data(), ini.size());
    } else {
        io.IniFilename = nullptr;
    }
    ImGui_ImplSfml_Init(m_window);
    if (!ImGui_ImplOpenGL3_Init("#version 130")) {
        std::cerr << "collision-lab: OpenGL 3.0 is needed to draw the panels\n";
        ImGui_ImplSfml_Shutdown();
        ImGui::DestroyContext();
        return false;
    }

    m_state.views.manipulator = std::make_unique<Manipulator>(m_state.open.document, m_state.views.world);
    updateUiScale();  // the fonts and the style, before the first frame measures anything
    m_state.tools = makeTools();
    std::vector<std::string> toolWarnings;
    for (const auto& tool : m_state.tools) tool->loadSettings(settingsFile, toolWarnings);
    for (std::string& w : toolWarnings) warnings.push_back((m_configDir / "settings.json").string() + ": " + w);
    m_state.commands = makeCommands(m_state);
    m_state.dialogs.errors.insert(m_state.dialogs.errors.end(), warnings.begin(), warnings.end());
    loadInitialScene();
    if (!m_options.tool.empty()) m_state.requests.push(FocusTool{findTool(m_state.tools, m_options.tool)});
    if (m_options.gameBlocks) {
        for (const auto& tool : m_state.tools) {
            if (auto* game = dynamic_cast<GameTool*>(tool.get())) game->playAtStart(*m_options.gameBlocks);
        }
    }
    if (m_persistSettings) {
        m_recovery = Recovery::claim(Recovery::defaultDir());
        m_recoveryOffer = m_recovery->find();
    }
    computeLayout(ImGui::GetFrameHeight());
    m_state.views.manipulator->frameAll();
    return true;
}

void Sandbox::updateAnalysis(Clock::time_point now) {
    const Document& doc = m_state.open.document;
    if (doc.revision() != m_seenRevision) {
        m_seenRevision = doc.revision();
        m_lastEdit = now;
    }
    // Scripted runs wait for every answer so the screenshot shows them; interactive runs wait within
    // the frame budget, except when sprites were added or removed (indices must match).
    const bool scripted = m_options.frames > 0 && !m_options.animate;
    const ReportRequest request{doc.revision(), doc.selection().pairA, doc.selection().pairB,
                                m_state.settings.algorithm, !scripted && now - m_lastEdit < kStillAfter};
    const bool withinBudget = m_state.report.recentMs(request.editing) <= 1e-3 * double(kAnswerBudget.count());
    m_state.report.update(doc.scene(), request,
                          scripted ? CollisionReport::kWaitUntilDone
                                   : withinBudget ? kAnswerBudget : std::chrono::microseconds::zero());
    if (m_state.report.sprites().size() != doc.scene().sprites.size()) {
        m_state.report.update(doc.scene(), request, CollisionReport::kWaitUntilDone);
    }
    if (!m_state.report.pending()) ++m_currentAnswerFrames;
    if (m_state.report.generation() == 1) m_state.requests.push(FrameLocal{});
}

void Sandbox::updateTools(ToolContext& ctx) {
    // Every tool reads the snapshot just adopted, before any panel or overlay is drawn.
    const Clock::time_point start = Clock::now();
    for (const auto& tool : m_state.tools) tool->update(ctx);
    m_state.toolsMs = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void Sandbox::updateOwner(Clock::time_point now) {
    // The first tool that owns the window speaks for it (the game while it runs).
    WindowOwner& owner = m_state.owner;
    owner.status.reset();
    for (const auto& tool : m_state.tools) {
        if (!owner.status) owner.status = tool->windowStatus();
    }
    if (!owner.status) return;
    const ShownPair shown = shownPair(m_state);
    if (owner.status->pairRevision != m_ownerRevision) {
        m_ownerRevision = owner.status->pairRevision;
        m_ownerChanged = now;
    }
    // Like the scene's answers: scripted runs wait for them, interactive ones within the frame budget, and the
    // deferred tests wait until the pair has been still for a moment (a game's pair moves every frame).
    const bool scripted = m_options.frames > 0 && !m_options.animate;
    const bool two = shown.scene->sprites.size() >= 2;
    const ReportRequest request{owner.status->pairRevision, two ? 0 : -1, two ? 1 : -1, m_state.settings.algorithm,
                                !scripted && now - m_ownerChanged < kStillAfter};
    const bool withinBudget = owner.report.recentMs(request.editing) <= 1e-3 * double(kAnswerBudget.count());
    owner.report.update(*shown.scene, request,
                        scripted || owner.report.sprites().size() != shown.scene->sprites.size() ? CollisionReport::kWaitUntilDone
                        : withinBudget ? kAnswerBudget : std::chrono::microseconds::zero());
}

void Sandbox::drawPanels(ToolContext& ctx) {
    const float menuHeight = drawMainMenu(m_state);
    computeLayout(menuHeight);
    drawInspector(m_state, ctx);
    serveFileRequests(m_state);  // what the tools asked for this frame (open a lesson, browse for an image, ...)
    drawCollisionPanel(m_state);
    drawSplitters(m_state.settings, m_state.views.layout, m_state.requests);
    // A splitter dragged this frame moves the views now, so their framing and drawing use the new rectangles.
    computeLayout(menuHeight);
    if (m_state.settings.showLegend) drawLegend(m_state.settings, m_state.views.layout);
    drawHelpWindow(m_state.dialogs.showHelp, m_state.commands, m_state.tools);
    drawBugReportDialog(m_state);
    drawShrinkReport(m_state);
    drawFileDialogs(m_state);
    if (m_recovery) {
        drawRecoveryPrompt(m_state, *m_recovery, m_recoveryOffer);
        if (!m_recoveryOffer) m_recovery->update(m_state.open.document, m_state.open.file, Clock::now());
        for (std::string& message : m_recovery->takeMessages()) m_state.dialogs.errors.push_back(std::move(message));
    }
    if (!ImGui::GetIO().WantCaptureMouse && m_state.views.manipulator->hover().handle != Handle::None) {
        ImGui::SetMouseCursor(m_state.views.manipulator->hover().handle == Handle::Body ? ImGuiMouseCursor_ResizeAll
                                                                                  : ImGuiMouseCursor_Hand);
    }
}

void Sandbox::present(Clock::time_point frameStart, bool last) {
    ImGui::Render();
    // The work the frame needs (input, collision tests, panels, overlay geometry); the drawing
    // below runs in Mesa's software rasterizer on the test machines and is reported apart.
    const double workMs = std::chrono::duration<double, std::milli>(Clock::now() - frameStart).count();
    const Clock::time_point drawStart = Clock::now();
    submitViews();
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    m_drawStats.add(std::chrono::duration<double, std::milli>(Clock::now() - drawStart).count());
    m_stats.add(workMs);
    m_toolStats.add(m_state.toolsMs);
    m_state.lastFrameWorkMs = workMs;

    const std::string title = windowTitle(m_state.open);
    if (title != m_title) {
        m_window.setTitle(sf::String::fromUtf8(title.begin(), title.end()));
        m_title = title;
    }
    if (last && m_options.screenshot && !saveScreenshot(*m_options.screenshot)) {
        std::cerr << "collision-lab: " << m_options.screenshot->string() << ": cannot write the screenshot\n";
    }
    if (m_state.requests.take<TakeScreenshot>()) {
        const std::string name = timestampedName("collision-lab-");
        m_state.dialogs.status = saveScreenshot(name) ? "Screenshot saved: " + std::filesystem::absolute(name).string()
                                              : "Screenshot failed: cannot write " + name;
    }
    m_window.display();
}

int Sandbox::finish() {
    if (m_recovery && !m_recoveryOffer) m_recovery->discard();
    if (m_persistSettings && !m_configDir.empty()) {
        const sf::Vector2u size = m_window.getSize();
        m_state.settings.windowWidth = int(size.x);
        m_state.settings.windowHeight = int(size.y);
        nlohmann::json toolSettings = nlohmann::json::object();
        for (const auto& tool : m_state.tools) tool->saveSettings(toolSettings);
        const std::string error = saveSettings(m_state.settings, m_configDir / "settings.json", toolSettings);
        if (!error.empty()) std::cerr << "collision-lab: " << error << "\n";
    }
    for (const std::string& e : m_state.dialogs.errors) std::cerr << "collision-lab: " << e << "\n";
    // Scripted runs (smoke tests) must fail when the scene they were given does not open.
    const int status = (m_options.frames > 0 && m_options.scene && m_state.open.loadFailed) || m_bugReportFailed ? 1 : 0;
    if (m_options.stats) printStats();
    if (m_options.describeUi) describeUi(*m_options.describeUi);

    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSfml_Shutdown();
    ImGui::DestroyContext();
    m_window.close();
    return status;
}

void Sandbox::printStats() const {
    std::cout << "per-frame work (input, collision tests, panels, overlay geometry): " << m_stats.summary() << "\n";
    std::cout << "frames that drew the answers for their own scene: " << m_currentAnswerFrames << " of "
              << m_stats.count() << "\n";
    std::cout << "of which the tools (updates, the open tab's panel, world overlays): " << m_toolStats.summary() << "\n";
    std::cout << "draw (SFML + ImGui GL calls, not counted as work): " << m_drawStats.summary() << "\n";
    const auto printTimes = [](const char* what, const std::vector<double>& times) {
        FrameStats stats;
        for (double ms : times) stats.add(ms);
        std::cout << what << stats.summary() << "\n";
    };
    printTimes("answers while editing (worker; every test but the deferred gpu): ", m_state.report.deferringTimes());
    printTimes("complete answers (worker; every test): ", m_state.report.completeTimes());
}

int Sandbox::run() {
    if (!start()) return 1;
    int frame = 0;
    while (m_window.isOpen()) {
        const Clock::time_point frameStart = Clock::now();
        const double seconds = std::chrono::duration<double>(frameStart - m_lastFrame).count();
        m_lastFrame = frameStart;

        processEvents();
        if (m_options.animate) animateStep(frame);
        m_state.views.manipulator->settings().classicControls = m_state.settings.classicControls;
        updateUiScale();
        ImGui_ImplOpenGL3_NewFrame();
        ImGui_ImplSfml_NewFrame();
        ImGui::NewFrame();
        closeMenusOnEscape();

        updateAnalysis(frameStart);
        ToolContext ctx = toolContext(seconds);
        updateTools(ctx);
        updateOwner(frameStart);
        drawPanels(ctx);
        drawViews(ctx);
        ++frame;
        const bool last = m_options.frames > 0 && frame >= m_options.frames;
        present(frameStart, last);
        if (last && m_options.bugReport) {
            // The same code path as the dialog's Save: every test, the dialog's defaults for title and notes.
            openBugReport(m_state);
            m_state.requests.take<OpenBugReportDialog>();  // saved without showing the dialog
            m_bugReportFailed = !saveBugReport(m_state, *m_options.bugReport);
        }
        if (last || m_state.requests.take<QuitNow>()) break;
        m_textures.prune();
    }
    return finish();
}

// The sandbox on a checked command line.
int sandboxMain(const ParsedOptions& given, const CliContext& context) {
    const SandboxOptionsResult parsed = sandboxOptionsFrom(given);
    if (!parsed.error.empty()) {
        context.err << "collision-lab: " << parsed.error << "\n";
        return kExitUsage;
    }
    if (!parsed.options.tool.empty() && findTool(makeTools(), parsed.options.tool) < 0) {
        context.err << "collision-lab: --tool: no tool '" << parsed.options.tool << "' (tools: " << toolIds(makeTools())
                    << ")\n";
        return kExitUsage;
    }
    // Before any SFML window object exists: SFML aborts the process when it cannot reach the X server.
    if (auto problem = displayProblem()) {
        context.err << "collision-lab: " << *problem << "\n";
        return 1;
    }
    Sandbox sandbox(parsed.options, context.algorithms);
    return sandbox.run();
}

CommandOptions sandboxCommandOptions(const CliContext&) { return sandboxOptions(); }

}  // namespace

CliCommand sandboxCommand() {
    return {"", "open the sandbox window (SCENE, or the bundled default scene)", sandboxCommandOptions, sandboxMain};
}

}  // namespace cl
