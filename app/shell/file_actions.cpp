#include "app/shell/file_actions.h"

#include <algorithm>
#include <cstdlib>

#include <imgui.h>

#include "app/analysis/expectations.h"
#include "app/shell/bug_report.h"
#include "app/shell/default_scene.h"
#include "app/tools/frame_edits.h"
#include "app/tools/tool_registry.h"
#include "core/io/image_io.h"

namespace cl {

namespace {

bool isLesson(const SandboxState& state) {
    return state.assetsDir && !state.file.empty() && isInsideFolder(state.file, *state.assetsDir / "scenes");
}

void runAction(SandboxState& state, PendingAction action, const std::filesystem::path& file) {
    switch (action) {
        case PendingAction::New:
            newScene(state);
            break;
        case PendingAction::Open:
            state.browserPurpose = BrowserPurpose::OpenScene;
            state.browser.offerEmbed = false;
            state.browser.offerKeepExpectations.clear();
            state.browser.open(FileBrowser::Mode::Open, "Open a scene", browserStartFolder(state, false), {".json"});
            break;
        case PendingAction::OpenRecent:
        case PendingAction::OpenLesson:
            openSceneFile(state, file);
            break;
        case PendingAction::OpenUntitled:
            if (state.pendingScene) {
                state.document.reset(std::move(*state.pendingScene));
                state.pendingScene.reset();
                state.file.clear();
                state.status = "Opened an untitled scene: " + state.document.scene().title;
                sceneOpened(state);
                state.frameLocalRequested = true;
                state.frameWorldRequested = true;
            }
            break;
        case PendingAction::Quit:
            state.quitNow = true;
            break;
        case PendingAction::None:
            break;
    }
}

// An atlas description (TexturePacker or Aseprite JSON): the sprite shows its first frame, then the Sprites
// tool asks which frame (app/tools/frame_edits.h).
void loadAtlasFile(SandboxState& state, const std::filesystem::path& file, int sprite, bool add) {
    FrameImageCache frames;
    std::string error;
    if (add) {
        sprite = addAtlasSprite(state.document, file, state.camera.center(), frames, error);
    } else {
        const auto& sprites = state.document.scene().sprites;
        if (sprite < 0 || sprite >= int(sprites.size())) return;
        error = loadAtlasInto(state.document, sprite, file, frames);
    }
    if (!error.empty()) {
        state.errors.push_back("Could not load the atlas " + file.string() + "; the sprite is unchanged.");
        state.errors.push_back(error);
        return;
    }
    state.askFrameFor = sprite;
    state.focusTool = findTool(state.tools, "sprites");
}

void loadImageInto(SandboxState& state, const std::filesystem::path& file, int sprite, bool add) {
    if (isAtlasFile(file)) {
        loadAtlasFile(state, file, sprite, add);
        return;
    }
    ImageLoadResult loaded = loadImageFile(file);
    if (!loaded.ok()) {
        state.errors.push_back(loaded.error);
        return;
    }
    auto pixels = std::make_shared<const RgbaImage>(std::move(*loaded.image));
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(file, ec);
    if (add) {
        SceneSprite s;
        s.name = file.stem().string();
        if (s.name.empty() || s.name.find('/') != std::string::npos) s.name = "sprite";
        s.image = absolute.string();
        s.imagePath = absolute;
        s.transform.origin = {pixels->width / 2.0, pixels->height / 2.0};
        s.transform.position = state.camera.center();
        s.pixels = std::move(pixels);
        if (state.document.addSprite(std::move(s)) < 0) state.errors.push_back(file.string() + ": the scene holds as many sprites as it can");
        return;
    }
    const auto& sprites = state.document.scene().sprites;
    if (sprite < 0 || sprite >= int(sprites.size())) return;
    // The sprite stays where it is: the new image's centre goes on the old pivot's world position.
    const SpriteTransform placed = transformForNewImage(sprites[sprite].transform, pixels->width, pixels->height);
    state.document.beginGesture("Load image for " + sprites[sprite].name);
    const bool replaced = state.document.setImage(sprite, std::move(pixels), absolute.string(), absolute) &&
                          state.document.setTransform(sprite, placed);
    state.document.commitGesture();
    if (!replaced) state.errors.push_back(file.string() + ": cannot replace the image of that sprite");
}

}  // namespace

SpriteTransform transformForNewImage(const SpriteTransform& old, int width, int height) {
    SpriteTransform placed = old;
    placed.origin = {width / 2.0, height / 2.0};
    return placed;
}

std::filesystem::path browserStartFolder(const SandboxState& state, bool saving) {
    std::error_code ec;
    const char* home = std::getenv("HOME");
    return chooseStartFolder({.lastFolder = state.settings.lastFolder,
                              .openFile = state.file,
                              .bundled = state.assetsDir.value_or(std::filesystem::path{}),
                              .current = std::filesystem::current_path(ec),
                              .home = home ? std::filesystem::path(home) : std::filesystem::path{},
                              .saving = saving});
}

std::vector<std::filesystem::path> lessonScenes(const SandboxState& state) {
    std::vector<std::filesystem::path> scenes;
    if (!state.assetsDir) return scenes;
    std::error_code ec;
    for (std::filesystem::directory_iterator it(*state.assetsDir / "scenes", ec), end; !ec && it != end; it.increment(ec)) {
        if (it->path().extension() == ".json") scenes.push_back(it->path());
    }
    std::sort(scenes.begin(), scenes.end());
    return scenes;
}

void browseForImage(SandboxState& state, int sprite) {
    // .json: a TexturePacker or Aseprite atlas description.
    static const std::vector<std::string> kImageExtensions = {".png", ".jpg", ".jpeg", ".bmp", ".tga", ".gif", ".psd", ".pnm", ".ppm", ".pgm", ".json"};
    const std::filesystem::path bundled = state.assetsDir ? *state.assetsDir / "sprites" : std::filesystem::path{};
    state.browser.offerEmbed = false;
    state.browser.offerKeepExpectations.clear();
    const auto& sprites = state.document.scene().sprites;
    if (sprite >= 0 && sprite < int(sprites.size())) {
        const SceneSprite& s = sprites[sprite];
        state.browserPurpose = BrowserPurpose::LoadImage;
        state.browserSprite = sprite;
        state.browser.open(FileBrowser::Mode::Open, "Load an image or an atlas (.json) for " + s.name,
                           s.imagePath.empty() ? bundled : s.imagePath.parent_path(), kImageExtensions);
    } else {
        state.browserPurpose = BrowserPurpose::AddSprite;
        state.browser.open(FileBrowser::Mode::Open, "Add a sprite from an image or an atlas (.json)", bundled, kImageExtensions);
    }
}

void sceneOpened(SandboxState& state) {
    for (const auto& tool : state.tools) tool->sceneOpened();
    for (std::size_t i = 0; i < state.tools.size(); ++i) {
        if (state.tools[i]->showsOnOpen(state.document.scene())) {
            state.focusTool = int(i);
            break;
        }
    }
}

bool openSceneFile(SandboxState& state, const std::filesystem::path& file) {
    SceneLoadResult loaded = loadScene(file);
    if (!loaded.ok()) {
        state.sceneLoadFailed = true;
        state.errors.push_back("Could not open " + file.string() + "; the current scene is unchanged.");
        for (const SceneProblem& p : loaded.problems) {
            state.errors.push_back(p.path.empty() ? p.message : p.path + ": " + p.message);
        }
        return false;
    }
    state.sceneLoadFailed = false;
    std::error_code ec;
    state.file = std::filesystem::absolute(file, ec);
    state.document.reset(std::move(*loaded.scene));
    sceneOpened(state);
    state.frameLocalRequested = true;
    addRecentFile(state.settings, state.file.string());
    if (state.manipulator) state.manipulator->frameAll();
    state.status = "Opened " + state.file.string();
    return true;
}

void newScene(SandboxState& state) {
    state.document.reset(makeDefaultScene(state.assetsDir ? std::optional(*state.assetsDir / "sprites") : std::nullopt));
    state.file.clear();
    sceneOpened(state);
    state.frameLocalRequested = true;
    if (state.manipulator) state.manipulator->frameAll();
}

bool saveSceneTo(SandboxState& state, const std::filesystem::path& file, bool embedImages) {
    SceneSaveOptions options;
    options.embedImages = embedImages;
    const SceneSaveResult saved = saveScene(state.document.fileScene(), file, options);
    if (!saved.ok()) {
        state.errors.push_back(saved.error);
        return false;
    }
    std::error_code ec;
    state.file = std::filesystem::absolute(file, ec);
    state.document.markSaved();
    addRecentFile(state.settings, state.file.string());
    state.status = "Saved " + state.file.string();
    return true;
}

void saveCurrent(SandboxState& state) {
    if (state.file.empty()) {
        state.saveAsBrowser = true;
        return;
    }
    saveSceneTo(state, state.file, false);
}

void requestAction(SandboxState& state, PendingAction action, const std::filesystem::path& file) {
    if (state.document.dirty()) {
        state.pending = action;
        state.pendingFile = file;
        return;
    }
    runAction(state, action, file);
}

void drawFileDialogs(SandboxState& state) {
    drawBugReportDialog(state);
    if (state.saveAsBrowser && !state.browser.isOpen()) {
        state.saveAsBrowser = false;
        state.browserPurpose = BrowserPurpose::SaveScene;
        state.browser.offerEmbed = true;
        state.browser.embedImages = state.settings.embedImagesOnSave;
        // A lesson's expect block describes the lesson: a copy that is then changed would fail `check --verify`.
        const std::size_t expectations = state.document.scene().expect.count();
        state.browser.offerKeepExpectations = isLesson(state) && expectations > 0
            ? "Keep the lesson's " + std::to_string(expectations) + " expectations (they fail once the scene changes)"
            : std::string();
        state.browser.keepExpectations = false;
        state.browser.open(FileBrowser::Mode::Save, "Save the scene as", browserStartFolder(state, true), {".json"},
                           state.file.empty() ? "untitled.json" : state.file.filename().string());
    }
    if (const auto chosen = state.browser.draw()) {
        state.settings.lastFolder = chosen->parent_path().string();
        switch (state.browserPurpose) {
            case BrowserPurpose::OpenScene:
                openSceneFile(state, *chosen);
                break;
            case BrowserPurpose::SaveScene:
                state.settings.embedImagesOnSave = state.browser.embedImages;
                if (!state.browser.offerKeepExpectations.empty() && !state.browser.keepExpectations) {
                    state.document.edit("Drop the lesson's expectations", [](Scene& s) { s.expect = Expectations{}; });
                }
                if (saveSceneTo(state, *chosen, state.browser.embedImages) && state.quitRequested) state.quitNow = true;
                break;
            case BrowserPurpose::LoadImage:
                loadImageInto(state, *chosen, state.browserSprite, false);
                break;
            case BrowserPurpose::AddSprite:
                loadImageInto(state, *chosen, -1, true);
                break;
            case BrowserPurpose::BugReport:
                saveBugReport(state, *chosen);
                break;
        }
    }

    if (state.pending != PendingAction::None && !ImGui::IsPopupOpen("Unsaved changes")) ImGui::OpenPopup("Unsaved changes");
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::Text("The scene has unsaved changes.");
        ImGui::Text("Save them before going on?");
        const PendingAction action = state.pending;
        const std::filesystem::path file = state.pendingFile;
        bool close = false;
        if (ImGui::Button("Save")) {
            close = true;
            if (state.file.empty()) {
                state.quitRequested = action == PendingAction::Quit;
                state.saveAsBrowser = true;
            } else if (saveSceneTo(state, state.file, false)) {
                runAction(state, action, file);
            }
        }
        ImGui::SameLine();
        if (ImGui::Button("Discard changes")) {
            close = true;
            runAction(state, action, file);
        }
        ImGui::SameLine();
        if (ImGui::Button("Cancel") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) close = true;
        if (close) {
            state.pending = PendingAction::None;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }

    if (!state.errors.empty() && state.pending == PendingAction::None && !state.browser.isOpen() &&
        !ImGui::IsPopupOpen("Problem")) {
        ImGui::OpenPopup("Problem");
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(300, 0), ImVec2(900, 600));
    if (ImGui::BeginPopupModal("Problem", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        for (const std::string& e : state.errors) ImGui::TextWrapped("%s", e.c_str());
        if (ImGui::Button("OK") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) ||
            ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            state.errors.clear();
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

std::string windowTitle(const SandboxState& state) {
    std::string name = state.file.empty() ? "untitled" : state.file.filename().string();
    const std::string& title = state.document.scene().title;
    if (!title.empty()) name += " (" + title + ")";
    return "Collision Lab - " + name + (state.document.dirty() ? " *" : "");
}

}  // namespace cl
