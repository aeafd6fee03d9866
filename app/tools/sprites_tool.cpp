#include "app/tools/sprites_tool.h"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <string>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "app/editor/name_search.h"
#include "app/tools/tool_context.h"
#include "core/base/engine_threshold.h"

namespace cl {

namespace {

// The image as the open file stores it: embedded, or a path relative to the file's folder (as saveScene
// writes it), so after Save As the path reads from the new file.
std::string imageLabel(const SceneSprite& sprite, const std::filesystem::path& sceneFile) {
    if (sprite.image.rfind("data:", 0) == 0) return "(embedded image)";
    if (sprite.imagePath.empty()) return sprite.image;
    if (sceneFile.empty()) return sprite.imagePath.generic_string();
    std::error_code ec;
    const std::filesystem::path image = std::filesystem::absolute(sprite.imagePath, ec).lexically_normal();
    const std::filesystem::path relative = image.lexically_relative(std::filesystem::absolute(sceneFile, ec).parent_path());
    return relative.empty() ? image.generic_string() : relative.generic_string();
}

// A double drag field whose edits merge into one undo step per drag.
bool dragDoubles(Document& doc, const char* label, double* values, int count, float speed, const char* format) {
    const bool changed = ImGui::DragScalarN(label, ImGuiDataType_Double, values, count, speed, nullptr, nullptr, format);
    if (ImGui::IsItemActivated()) doc.breakMerge();
    return changed;
}

void drawHistogram(ToolContext& ctx, const SceneSprite& sprite) {
    const auto& bins = ctx.previews().histogram(sprite.pixels);
    const ImVec2 size(ImGui::GetContentRegionAvail().x, 56.0f);
    ImGui::PlotHistogram("##histogram", bins.data(), kHistogramBins, 0, nullptr, 0.0f, FLT_MAX, size);
    const ImVec2 min = ImGui::GetItemRectMin();
    const ImVec2 max = ImGui::GetItemRectMax();
    const float x = min.x + (max.x - min.x) * float(sprite.alphaThreshold + 1) / 256.0f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(x, min.y), ImVec2(x, max.y), IM_COL32(255, 80, 80, 255), 2.0f);
    if (ImGui::IsItemHovered()) {
        ImGui::SetTooltip("Alpha histogram (log-free counts, %d bins from alpha 0 to 255).\nRed line: the threshold; pixels right of it are solid.",
                          kHistogramBins);
    }
}

// "Written as": the threshold as this project's number or as an engine's own setting, converted exactly.
void drawEngineThreshold(ToolContext& ctx, int i, const std::string& key) {
    Document& doc = ctx.document();
    const SceneSprite& sprite = doc.scene().sprites[i];
    const SpriteEngineThreshold* shown = shownEngineThreshold(sprite);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.5f);
    if (ImGui::BeginCombo("Written as", shown ? std::string(shown->engine).c_str() : "alpha > t")) {
        if (ImGui::Selectable("alpha > t", shown == nullptr) && shown) doc.setEngineThreshold(i, std::nullopt);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("This project's rule: a pixel is solid when alpha > t.");
        for (const EngineRule& rule : engineRules()) {
            const std::string name(rule.name);
            if (ImGui::Selectable(name.c_str(), shown && shown->engine == rule.name) && !(shown && shown->engine == rule.name)) {
                // A new engine starts at its default setting.
                doc.setEngineThreshold(i, SpriteEngineThreshold{name, std::nullopt});
            }
            if (ImGui::IsItemHovered()) {
                ImGui::SetTooltip("%s: %s\nread from %s", std::string(rule.setting).c_str(), std::string(rule.rule).c_str(),
                                  std::string(rule.source).c_str());
            }
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Write the threshold as another engine's own setting; it is converted exactly.");
    if (!shown) return;
    const EngineRule& rule = *findEngineRule(shown->engine);
    if (rule.takesValue) {
        ImGui::SameLine();
        double value = shown->value.value_or(*rule.defaultValue);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
        if (ImGui::InputDouble("Value##engine", &value, 0.0, 0.0, "%.10g", ImGuiInputTextFlags_EnterReturnsTrue)) {
            const SpriteEngineThreshold setting{shown->engine, value};
            if (!doc.setEngineThreshold(i, setting, "panel-engine-" + key)) {
                ctx.showError(engineThreshold(setting.engine, setting.value).error);
            }
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (Enter to apply)", std::string(rule.setting).c_str());
    }
    const SpriteEngineThreshold* now = shownEngineThreshold(doc.scene().sprites[i]);
    if (!now) return;
    std::string line(now->engine);
    if (rule.takesValue) {
        char number[32];
        std::snprintf(number, sizeof number, " %.10g", now->value.value_or(*rule.defaultValue));
        line += number;
    }
    line += " -> alpha > " + std::to_string(doc.scene().sprites[i].alphaThreshold);
    ImGui::TextUnformatted(line.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", describeEngineThreshold(now->engine, now->value).c_str());
}

void drawSprite(ToolContext& ctx, FramePicker& frames, int i) {
    Document& doc = ctx.document();
    const SceneSprite& sprite = doc.scene().sprites[i];
    const std::string key = std::to_string(i);
    ImGui::PushID(i);
    std::string name = sprite.name;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12.5f);
    if (ImGui::InputText("Name", &name, ImGuiInputTextFlags_EnterReturnsTrue) && !doc.setName(i, name)) {
        ctx.showError("Sprite names must be unique, non-empty and without '/': '" + name + "' is not usable.");
    }

    SpriteTransform t = sprite.transform;
    bool changed = false;
    changed |= dragDoubles(doc, "Position", &t.position.x, 2, 0.25f, "%.3f");
    changed |= dragDoubles(doc, "Origin", &t.origin.x, 2, 0.25f, "%.3f");
    changed |= dragDoubles(doc, "Rotation (deg)", &t.rotationDeg, 1, 0.25f, "%.3f");
    changed |= dragDoubles(doc, "Scale", &t.scale.x, 2, 0.005f, "%.4f");
    if (changed) doc.setTransform(i, t, "panel-transform-" + key);

    int threshold = sprite.alphaThreshold;
    const bool thresholdChanged = ImGui::SliderInt("Alpha threshold", &threshold, 0, 255);
    if (ImGui::IsItemActivated()) doc.breakMerge();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("A pixel is solid when its alpha is above this (the classic code uses 0).");
    if (thresholdChanged) doc.setThreshold(i, threshold, "panel-threshold-" + key);
    drawEngineThreshold(ctx, i, key);

    const auto& shapes = ctx.report().sprites();
    const long long solid = i < int(shapes.size()) && shapes[i].mask ? shapes[i].mask->solidCount() : 0;
    ImGui::Text("Image %d x %d, %lld solid pixels", sprite.pixels->width, sprite.pixels->height, solid);
    ImGui::TextDisabled("%s", imageLabel(sprite, ctx.sceneFile()).c_str());
    frames.drawSection(ctx, i);
    drawHistogram(ctx, doc.scene().sprites[i]);
    // The frame section may have shown another frame: read the sprite again.
    const SceneSprite& shown = doc.scene().sprites[i];
    if (const sf::Texture* preview = ctx.previews().solidPreview(shown.pixels, shown.alphaThreshold)) {
        const float width = std::min(ImGui::GetContentRegionAvail().x, 160.0f);
        const float scale = width / float(std::max(shown.pixels->width, shown.pixels->height));
        ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(preview->getNativeHandle())),
                     ImVec2(shown.pixels->width * scale, shown.pixels->height * scale));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Solid pixels at this threshold in colour; the rest as a checkerboard.");
    }
    if (ImGui::Button("Load image...")) ctx.browseForImage(i);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("A PNG (or other image) shown whole, or a TexturePacker / Aseprite atlas (.json): then pick its frame.");
    ImGui::SameLine();
    ImGui::BeginDisabled(int(doc.scene().sprites.size()) <= Document::kMinSprites);
    if (ImGui::Button("Remove")) doc.removeSprite(i);
    ImGui::EndDisabled();
    ImGui::PopID();
}

}  // namespace

void SpritesTool::drawPanel(ToolContext& ctx) {
    Document& doc = ctx.document();
    const Scene& scene = doc.scene();
    const Selection sel = doc.selection();
    const int count = int(scene.sprites.size());

    auto combo = [&](const char* label, int current, int other, bool isA) {
        auto choose = [&](int k) {
            if (k == current) return;
            if (k == other) {
                doc.setPair(isA ? k : current, isA ? current : k);
            } else {
                doc.setPair(isA ? k : other, isA ? other : k);
            }
        };
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
        if (ImGui::BeginCombo(label, current >= 0 && current < count ? scene.sprites[current].name.c_str() : "-", ImGuiComboFlags_HeightLarge)) {
            // A search box over every name (a game frame holds ~200), focused on opening: type, then Enter takes
            // the first match, or click one; the names in natural order.
            if (ImGui::IsWindowAppearing()) {
                m_pairSearch.clear();
                ImGui::SetKeyboardFocusHere();
            }
            ImGui::SetNextItemWidth(-FLT_MIN);
            const bool enter = ImGui::InputTextWithHint("##search", "search names", &m_pairSearch, ImGuiInputTextFlags_EnterReturnsTrue);
            std::vector<std::string> names;
            names.reserve(scene.sprites.size());
            for (const SceneSprite& sprite : scene.sprites) names.push_back(sprite.name);
            const std::vector<int> matches = namesMatching(names, m_pairSearch);
            if (matches.empty()) ImGui::TextDisabled("no sprite's name contains \"%s\"", m_pairSearch.c_str());
            for (int k : matches) {
                if (ImGui::Selectable(scene.sprites[k].name.c_str(), k == current)) choose(k);
            }
            if (enter && !matches.empty()) {
                choose(matches.front());
                ImGui::CloseCurrentPopup();
            }
            ImGui::EndCombo();
        }
    };
    ImGui::TextUnformatted("Pair:");
    ImGui::SameLine();
    combo("A##pairA", sel.pairA, sel.pairB, true);
    ImGui::SameLine();
    combo("B##pairB", sel.pairB, sel.pairA, false);
    ImGui::SameLine();
    if (ImGui::Button("Swap")) doc.setPair(sel.pairB, sel.pairA);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("A's pixels are mapped into B: swapping changes the scan, not the answer.");

    if (ImGui::Button("Add sprite...")) ctx.browseForImage(-1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("From an image, or from a TexturePacker / Aseprite atlas (.json): then pick its frame.");
    const auto& sprites = doc.scene().sprites;
    if (std::any_of(sprites.begin(), sprites.end(), [](const SceneSprite& s) { return s.atlasData != nullptr; })) {
        ImGui::SameLine();
        ImGui::Checkbox("Trim rectangles", &m_showFrameRects);
        if (ImGui::IsItemHovered()) {
            ImGui::SetTooltip("In the world view, for each sprite showing a trimmed atlas frame: the untrimmed frame (its texture,\n"
                              "dashed white) and where the trimmed pixels sit in it (red, at the atlas's spriteSourceSize offset).");
        }
    }
    ImGui::Separator();

    for (int i = 0; i < int(doc.scene().sprites.size()); ++i) {
        const SceneSprite& sprite = doc.scene().sprites[i];
        std::string header = sprite.name;
        if (i == sel.pairA) header += "  (A)";
        if (i == sel.pairB) header += "  (B)";
        if (i == sel.sprite) header += "  [selected]";
        header += "###sprite" + std::to_string(i);
        ImGui::SetNextItemOpen(i == sel.sprite || count <= 3, ImGuiCond_Appearing);
        const bool open = ImGui::CollapsingHeader(header.c_str());
        if (ImGui::IsItemClicked()) doc.select(i);
        if (open) drawSprite(ctx, m_frames, i);
        if (int(doc.scene().sprites.size()) != count) break;  // a sprite was removed: indices moved
    }
    if (const int ask = ctx.takeFrameQuestion(); ask >= 0) m_frames.ask(ask);
    m_frames.drawQuestion(ctx);
    ctx.previews().prune();
}

void SpritesTool::update(ToolContext& ctx) { m_frames.update(ctx); }

void SpritesTool::drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const {
    m_frames.drawFrameRects(view, ctx.document().scene());
}

}  // namespace cl
