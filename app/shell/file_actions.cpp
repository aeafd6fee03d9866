#include "app/shell/file_actions.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include <imgui.h>

#include "app/analysis/expectations.h"
#include "app/shell/default_scene.h"
#include "app/tools/frame_edits.h"
#include "app/tools/tool_registry.h"
#include "core/io/image_io.h"

namespace cl {

namespace {

bool isLesson(const SandboxState& state) {
    return state.assetsDir && !state.open.file.empty() && isInsideFolder(state.open.file, *state.assetsDir / "scenes");
}

// Save writes over the open file only when it is the user's own: an untitled scene, a lesson or the default scene
// (bundled, shared by every user of the install) goes through Save As.
bool savesInPlace(const SandboxState& state) {
    return !state.open.file.empty() && !isLesson(state);
}

void runAction(SandboxState& state, PendingAction action, const std::filesystem::path& file) {
    switch (action) {
        case PendingAction::New:
            newScene(state);
            break;
        case PendingAction::Open:
            state.dialogs.browserPurpose = BrowserPurpose::OpenScene;
            state.dialogs.browser.offerEmbed = false;
            state.dialogs.browser.offerKeepExpectations.clear();
            state.dialogs.browser.open(FileBrowser::Mode::Open, "Open a scene", browserStartFolder(state, false), {".json"});
            break;
        case PendingAction::OpenRecent:
        case PendingAction::OpenLesson:
            openSceneFile(state, file);
            break;
        case PendingAction::OpenUntitled:
            if (state.dialogs.pendingScene) {
                state.open.document.reset(std::move(*state.dialogs.pendingScene));
                state.dialogs.pendingScene.reset();
                state.open.file.clear();
                state.dialogs.status = "Opened an untitled scene: " + state.open.document.scene().title;
                sceneOpened(state);
                state.requests.push(FrameLocal{});
                state.requests.push(FrameWorld{});
            }
            break;
        case PendingAction::Quit:
            state.requests.push(QuitNow{});
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
        sprite = addAtlasSprite(state.open.document, file, state.views.world.center(), frames, error);
    } else {
        const auto& sprites = state.open.document.scene().sprites;
        if (sprite < 0 || sprite >= int(sprites.size())) return;
        error = loadAtlasInto(state.open.document, sprite, file, frames);
    }
    if (!error.empty()) {
        state.dialogs.errors.push_back("Could not load the atlas " + file.string() + "; the sprite is unchanged.");
        state.dialogs.errors.push_back(error);
        return;
    }
    state.requests.push(AskFrame{sprite});
    state.requests.push(FocusTool{findTool(state.tools, "sprites")});
}

void loadImageInto(SandboxState& state, const std::filesystem::path& file, int sprite, bool add) {
    if (isAtlasFile(file)) {
        loadAtlasFile(state, file, sprite, add);
        return;
    }
    ImageLoadResult loaded = loadImageFile(file);
    if (!loaded.ok()) {
        state.dialogs.errors.push_back(loaded.error);
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
        s.transform.position = state.views.world.center();
        s.pixels = std::move(pixels);
        if (state.open.document.addSprite(std::move(s)) < 0) state.dialogs.errors.push_back(file.string() + ": the scene holds as many sprites as it can");
        return;
    }
    const auto& sprites = state.open.document.scene().sprites;
    if (sprite < 0 || sprite >= int(sprites.size())) return;
    // The sprite stays where it is: the new image's centre goes on the old pivot's world position.
    const SpriteTransform placed = transformForNewImage(sprites[sprite].transform, pixels->width, pixels->height);
    state.open.document.beginGesture("Load image for " + sprites[sprite].name);
    const bool replaced = state.open.document.setImage(sprite, std::move(pixels), absolute.string(), absolute) &&
                          state.open.document.setTransform(sprite, placed);
    state.open.document.commitGesture();
    if (!replaced) state.dialogs.errors.push_back(file.string() + ": cannot replace the image of that sprite");
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
                              .openFile = state.open.file,
                              .bundled = state.assetsDir.value_or(std::filesystem::path{}),
                              .current = std::filesystem::current_path(ec),
                              .home = home ? std::filesystem::path(home) : std::filesystem::path{},
                              .saving = saving});
}

void serveFileRequests(SandboxState& state) {
    if (const std::optional<BrowseForImage> browse = state.requests.take<BrowseForImage>()) browseForImage(state, browse->sprite);
    if (const std::optional<OpenLesson> lesson = state.requests.take<OpenLesson>()) {
        requestAction(state, PendingAction::OpenLesson, lesson->file);
    }
    if (std::optional<OpenUntitledScene> untitled = state.requests.take<OpenUntitledScene>(); untitled && untitled->scene) {
        // Through the unsaved-changes prompt, like New and Open: the scene on screen is never lost silently.
        state.dialogs.pendingScene = std::move(*untitled->scene);
        requestAction(state, PendingAction::OpenUntitled);
    }
}

void browseForImage(SandboxState& state, int sprite) {
    // .json: a TexturePacker or Aseprite atlas description.
    static const std::vector<std::string> kImageExtensions = {".png", ".jpg", ".jpeg", ".bmp", ".tga", ".gif", ".psd", ".pnm", ".ppm", ".pgm", ".json"};
    const std::filesystem::path bundled = state.assetsDir ? *state.assetsDir / "sprites" : std::filesystem::path{};
    state.dialogs.browser.offerEmbed = false;
    state.dialogs.browser.offerKeepExpectations.clear();
    const auto& sprites = state.open.document.scene().sprites;
    if (sprite >= 0 && sprite < int(sprites.size())) {
        const SceneSprite& s = sprites[sprite];
        state.dialogs.browserPurpose = BrowserPurpose::LoadImage;
        state.dialogs.browserSprite = sprite;
        state.dialogs.browser.open(FileBrowser::Mode::Open, "Load an image or an atlas (.json) for " + s.name,
                           s.imagePath.empty() ? bundled : s.imagePath.parent_path(), kImageExtensions);
    } else {
        state.dialogs.browserPurpose = BrowserPurpose::AddSprite;
        state.dialogs.browser.open(FileBrowser::Mode::Open, "Add a sprite from an image or an atlas (.json)", bundled, kImageExtensions);
    }
}

// The view names the app lacks (a tool id, an overlay key), one message each.
static std::vector<std::string> viewProblems(const SandboxState& state, const SceneView& view) {
    std::vector<std::string> tools, overlays, out;
    for (const auto& tool : state.tools) tools.emplace_back(tool->id());
    for (const OverlayInfo& info : overlayTable()) overlays.emplace_back(info.key);
    for (const auto& [path, message] : viewNameProblems(view, tools, overlays)) out.push_back(path + ": " + message);
    return out;
}

void sceneOpened(SandboxState& state) {
    for (const auto& tool : state.tools) tool->sceneOpened();
    // The scene's view says how it opens (the pair is the document's: Document::reset); names the app lacks
    // were reported by openSceneFile() and are skipped here.
    const SceneView& view = state.open.document.scene().view;
    for (const auto& [key, on] : view.overlays) {
        for (const OverlayInfo& info : overlayTable()) {
            if (info.key == key) state.settings.overlays[static_cast<std::size_t>(info.id)] = on;
        }
    }
    if (view.algorithm) state.settings.algorithm = *view.algorithm;
    const int viewTool = view.tool ? findTool(state.tools, *view.tool) : -1;
    if (viewTool >= 0) {
        state.requests.push(FocusTool{viewTool});
        return;
    }
    for (std::size_t i = 0; i < state.tools.size(); ++i) {
        if (state.tools[i]->showsOnOpen(state.open.document.scene())) {
            state.requests.push(FocusTool{int(i)});
            break;
        }
    }
}

bool openSceneFile(SandboxState& state, const std::filesystem::path& file, OnOpenFailure onFailure) {
    SceneLoadResult loaded = loadScene(file);
    if (!loaded.ok()) {
        std::vector<std::string> problems;
        for (const SceneProblem& p : loaded.problems) problems.push_back(p.path.empty() ? p.message : p.path + ": " + p.message);
        if (onFailure == OnOpenFailure::KeepScene) {
            state.dialogs.errors.push_back("Could not open " + file.string() + "; the current scene is unchanged.");
        } else {
            // Start-up: there is no current scene. The built-in one is shown, and says itself what it stands in for.
            state.dialogs.errors.push_back("Could not open " + file.string() +
                                           ", so the sandbox started on the built-in scene (F and R, untitled) instead; the file "
                                           "was not changed.");
            Scene scene = makeDefaultScene(state.assetsDir ? std::optional(*state.assetsDir / "sprites") : std::nullopt);
            scene.title = "Built-in scene: " + file.filename().string() + " could not be opened";
            std::string notes = "The sandbox was asked to open " + file.string() + ", which could not be opened:\n";
            for (const std::string& problem : problems) notes += "- " + problem + "\n";
            notes += "This is the built-in scene instead (untitled; the file was not changed). Fix the file and open it "
                     "with File > Open, or choose a lesson.\n\n" + scene.notes;
            scene.notes = std::move(notes);
            state.open.document.reset(std::move(scene));
            state.open.file.clear();
            sceneOpened(state);
            state.requests.push(FrameLocal{});
            if (state.views.manipulator) state.views.manipulator->frameAll();
            state.dialogs.status = "Could not open " + file.filename().string() + ": the built-in scene is shown";
        }
        state.dialogs.errors.insert(state.dialogs.errors.end(), problems.begin(), problems.end());
        state.open.loadFailed = true;
        return false;
    }
    state.open.loadFailed = false;
    for (const std::string& problem : viewProblems(state, loaded.scene->view)) {
        state.dialogs.errors.push_back(file.string() + ": " + problem + "; the rest of the scene is opened");
    }
    std::error_code ec;
    state.open.file = std::filesystem::absolute(file, ec);
    state.open.document.reset(std::move(*loaded.scene));
    sceneOpened(state);
    state.requests.push(FrameLocal{});
    addRecentFile(state.settings, state.open.file.string());
    if (state.views.manipulator) state.views.manipulator->frameAll();
    state.dialogs.status = "Opened " + state.open.file.string();
    return true;
}

void newScene(SandboxState& state) {
    state.open.document.reset(makeDefaultScene(state.assetsDir ? std::optional(*state.assetsDir / "sprites") : std::nullopt));
    state.open.file.clear();
    sceneOpened(state);
    state.requests.push(FrameLocal{});
    if (state.views.manipulator) state.views.manipulator->frameAll();
}

bool saveSceneTo(SandboxState& state, const std::filesystem::path& file, bool embedImages) {
    SceneSaveOptions options;
    options.embedImages = embedImages;
    const SceneSaveResult saved = saveScene(state.open.document.fileScene(), file, options);
    if (!saved.ok()) {
        state.dialogs.errors.push_back(saved.error);
        return false;
    }
    std::error_code ec;
    state.open.file = std::filesystem::absolute(file, ec);
    state.open.document.markSaved();
    addRecentFile(state.settings, state.open.file.string());
    state.dialogs.status = "Saved " + state.open.file.string();
    return true;
}

void saveCurrent(SandboxState& state) {
    if (!savesInPlace(state)) {
        state.requests.push(OpenSaveAs{});
        return;
    }
    saveSceneTo(state, state.open.file, false);
}

void requestAction(SandboxState& state, PendingAction action, const std::filesystem::path& file) {
    if (state.open.document.dirty()) {
        state.dialogs.pending = action;
        state.dialogs.pendingFile = file;
        return;
    }
    runAction(state, action, file);
}

void drawFileDialogs(SandboxState& state) {
    if (!state.dialogs.browser.isOpen() && state.requests.take<OpenSaveAs>()) {
        state.dialogs.browserPurpose = BrowserPurpose::SaveScene;
        state.dialogs.browser.offerEmbed = true;
        state.dialogs.browser.embedImages = state.settings.embedImagesOnSave;
        // A lesson's expect block describes the lesson: a copy that is then changed would fail `check --verify`.
        const std::size_t expectations = state.open.document.scene().expect.count();
        state.dialogs.browser.offerKeepExpectations = isLesson(state) && expectations > 0
            ? "Keep the lesson's " + std::to_string(expectations) + " expectations (they fail once the scene changes)"
            : std::string();
        state.dialogs.browser.keepExpectations = false;
        state.dialogs.browser.open(FileBrowser::Mode::Save, "Save the scene as", browserStartFolder(state, true), {".json"},
                           state.open.file.empty() ? "untitled.json" : state.open.file.filename().string());
    }
    if (!state.dialogs.browser.isOpen()) {
        if (std::optional<BrowseToSave> save = state.requests.take<BrowseToSave>(); save && save->write) {
            state.dialogs.browserPurpose = BrowserPurpose::ToolFile;
            state.dialogs.browserWrite = std::move(save->write);
            state.dialogs.browser.offerEmbed = false;
            state.dialogs.browser.offerKeepExpectations.clear();
            std::error_code ec;
            const std::filesystem::path folder = save->file.parent_path();
            state.dialogs.browser.open(FileBrowser::Mode::Save, save->title,
                                       !folder.empty() && std::filesystem::is_directory(folder, ec) ? folder : browserStartFolder(state, true),
                                       save->extensions, save->file.filename().string());
            if (!save->defaultExtension.empty()) state.dialogs.browser.defaultExtension = save->defaultExtension;
        }
    }
    if (const auto chosen = state.dialogs.browser.draw()) {
        state.settings.lastFolder = chosen->parent_path().string();
        switch (state.dialogs.browserPurpose) {
            case BrowserPurpose::OpenScene:
                openSceneFile(state, *chosen);
                break;
            case BrowserPurpose::SaveScene:
                state.settings.embedImagesOnSave = state.dialogs.browser.embedImages;
                if (!state.dialogs.browser.offerKeepExpectations.empty() && !state.dialogs.browser.keepExpectations) {
                    state.open.document.edit("Drop the lesson's expectations", [](Scene& s) { s.expect = Expectations{}; });
                }
                if (saveSceneTo(state, *chosen, state.dialogs.browser.embedImages)) {
                    // The prompt's New, Open or Quit goes on now that the changes are saved (Open opens the browser
                    // again, so afterSave is taken first).
                    const PendingAction next = std::exchange(state.dialogs.afterSave, PendingAction::None);
                    runAction(state, next, std::exchange(state.dialogs.afterSaveFile, {}));
                }
                break;
            case BrowserPurpose::LoadImage:
                loadImageInto(state, *chosen, state.dialogs.browserSprite, false);
                break;
            case BrowserPurpose::AddSprite:
                loadImageInto(state, *chosen, -1, true);
                break;
            case BrowserPurpose::BugReport:
                state.dialogs.bugReport.browsed = *chosen;  // bug_report.cpp saves it
                break;
            case BrowserPurpose::ToolFile:
                if (state.dialogs.browserWrite) {
                    if (const std::string error = state.dialogs.browserWrite(*chosen); !error.empty()) state.dialogs.errors.push_back(error);
                    else state.dialogs.status = "Wrote " + chosen->string();
                }
                state.dialogs.browserWrite = nullptr;
                break;
        }
    }
    // The Save As that the prompt opened goes on with the prompt's action only if it saves: once the browser closed
    // (saved, cancelled, or the replace question answered Back and then the browser closed) a later Save As does not.
    if (!state.dialogs.browser.isOpen()) {
        state.dialogs.afterSave = PendingAction::None;
        state.dialogs.afterSaveFile.clear();
    }

    if (state.dialogs.pending != PendingAction::None && !ImGui::IsPopupOpen("Unsaved changes")) ImGui::OpenPopup("Unsaved changes");
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::Text("The scene has unsaved changes.");
        ImGui::Text("Save them before going on?");
        const PendingAction action = state.dialogs.pending;
        const std::filesystem::path file = state.dialogs.pendingFile;
        bool close = false;
        // Save is the default button (Enter): the answer that loses nothing.
        if (ImGui::Button("Save") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) {
            close = true;
            if (!savesInPlace(state)) {
                state.dialogs.afterSave = action;
                state.dialogs.afterSaveFile = file;
                state.requests.push(OpenSaveAs{});
            } else if (saveSceneTo(state, state.open.file, false)) {
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
        ImGui::TextDisabled("Enter saves, Escape cancels");
        if (close) {
            state.dialogs.pending = PendingAction::None;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }

    if (!state.dialogs.errors.empty() && state.dialogs.pending == PendingAction::None && !state.dialogs.browser.isOpen() &&
        !ImGui::IsPopupOpen("Problem")) {
        ImGui::OpenPopup("Problem");
    }
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(300, 0), ImVec2(900, 600));
    if (ImGui::BeginPopupModal("Problem", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        for (const std::string& e : state.dialogs.errors) ImGui::TextWrapped("%s", e.c_str());
        if (ImGui::Button("OK") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) ||
            ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) {
            state.dialogs.errors.clear();
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

std::string windowTitle(const OpenScene& open) {
    std::string name = open.file.empty() ? "untitled" : open.file.filename().string();
    const std::string& title = open.document.scene().title;
    if (!title.empty()) name += " (" + title + ")";
    return "Collision Lab - " + name + (open.document.dirty() ? " *" : "");
}

}  // namespace cl
