#include "app/tools/frame_picker.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <string>

#include <imgui.h>

#include "app/tools/tool_context.h"
#include "app/views/view_drawing.h"
#include "core/io/json_text.h"
#include "core/scene/frame_memory.h"
#include "core/base/sprite_transform.h"

namespace cl {

namespace {

// Apart from the Legend's overlay colours (the OBB's blue also outlines the texture rectangle).
constexpr ImU32 kUntrimmedColour = IM_COL32(235, 235, 245, 255);
constexpr ImU32 kTrimmedColour = IM_COL32(255, 90, 90, 255);
constexpr ImU32 kSelectedColour = IM_COL32(255, 220, 0, 255);
// Thumbnails cut and uploaded per frame at most, so opening a big atlas never stalls a frame.
constexpr int kNewThumbnailsPerFrame = 8;


// Is `ref` the frame the sprite shows now?
bool isShown(const SceneSprite& sprite, const FrameRef& ref) {
    if (sprite.frame.kind != ref.kind) return false;
    if (ref.kind == FrameRef::Kind::Atlas) return sprite.frame.name == ref.name;
    return sprite.frame == ref;
}

bool inAnimation(const SceneSprite& sprite, const SheetFrame& frame) {
    return frame.ref.kind == FrameRef::Kind::Atlas &&
           std::find(sprite.animation.frames.begin(), sprite.animation.frames.end(), frame.ref.name) != sprite.animation.frames.end();
}

// A dark checkerboard under a thumbnail, so transparent pixels read as transparent.
void checkerboard(ImDrawList* list, ImVec2 min, ImVec2 max, float cell) {
    list->AddRectFilled(min, max, IM_COL32(40, 40, 46, 255));
    for (float y = min.y; y < max.y; y += cell) {
        for (float x = min.x + (int((y - min.y) / cell) % 2 ? cell : 0.0f); x < max.x; x += 2 * cell) {
            list->AddRectFilled(ImVec2(x, y), ImVec2(std::min(x + cell, max.x), std::min(y + cell, max.y)), IM_COL32(58, 58, 66, 255));
        }
    }
}

// A texture-pixel rectangle on the screen, labelled inside corner `labelCorner` (0 top-left, 3 bottom-left) when
// the rectangle is wide enough on screen for the label.
void worldQuad(ImDrawList* list, const Camera& camera, const glm::dmat3& toWorld, double x, double y, double w, double h, ImU32 colour,
               float thickness, bool dashed, const char* label, int labelCorner) {
    const glm::dvec2 corners[4] = {{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}};
    ImVec2 screen[4];
    for (int i = 0; i < 4; ++i) {
        const glm::dvec2 s = camera.worldToScreen(transformPoint(toWorld, corners[i]));
        screen[i] = ImVec2(float(s.x), float(s.y));
    }
    const ImVec2 textSize = ImGui::CalcTextSize(label);
    if (std::hypot(screen[1].x - screen[0].x, screen[1].y - screen[0].y) > textSize.x + 8.0f &&
        std::hypot(screen[3].x - screen[0].x, screen[3].y - screen[0].y) > 3.0f * textSize.y) {
        const ImVec2 corner = screen[labelCorner];
        const float dy = labelCorner == 0 ? 3.0f : -textSize.y - 3.0f;
        // Inside the rectangle when it is upright; rotated, the label stays by the corner.
        list->AddRectFilled(ImVec2(corner.x + 3.0f, corner.y + dy), ImVec2(corner.x + 5.0f + textSize.x, corner.y + dy + textSize.y),
                            IM_COL32(0, 0, 0, 150));
        list->AddText(ImVec2(corner.x + 4.0f, corner.y + dy), colour, label);
    }
    if (!dashed) {
        list->AddPolyline(screen, 4, colour, ImDrawFlags_Closed, thickness);
        return;
    }
    for (int i = 0; i < 4; ++i) {
        const ImVec2 a = screen[i];
        const ImVec2 b = screen[(i + 1) % 4];
        const float length = std::hypot(b.x - a.x, b.y - a.y);
        const int dashes = std::max(1, int(length / 6.0f));
        for (int d = 0; d < dashes; d += 2) {
            const float t0 = float(d) / dashes;
            const float t1 = float(std::min(d + 1, dashes)) / dashes;
            list->AddLine(ImVec2(a.x + (b.x - a.x) * t0, a.y + (b.y - a.y) * t0), ImVec2(a.x + (b.x - a.x) * t1, a.y + (b.y - a.y) * t1),
                          colour, thickness);
        }
    }
}

// The text of a frame: "hero_6: 48 x 64, trimmed to 28 x 56 at (4, 7)".
std::string frameFacts(const SceneSprite& sprite) {
    std::string text;
    if (sprite.frame.kind == FrameRef::Kind::Atlas && sprite.atlasData) {
        text = "Frame " + sprite.frame.name;
        const int at = sprite.atlasData->indexOf(sprite.frame.name);
        if (at >= 0) {
            const AtlasFrame& f = sprite.atlasData->frames[std::size_t(at)];
            text += ": " + std::to_string(f.sourceWidth) + " x " + std::to_string(f.sourceHeight);
            if (f.trimmed) {
                text += ", trimmed to " + std::to_string(f.spriteSourceSize.w) + " x " + std::to_string(f.spriteSourceSize.h) + " at (" +
                        std::to_string(f.spriteSourceSize.x) + ", " + std::to_string(f.spriteSourceSize.y) + ")";
            }
            if (f.rotated) text += ", stored rotated";
        }
    } else if (sprite.frame.kind == FrameRef::Kind::Grid) {
        text = "Cell " + std::to_string(sprite.frame.index) + " of a " + std::to_string(sprite.frame.grid.cellW) + " x " +
               std::to_string(sprite.frame.grid.cellH) + " grid";
    } else if (sprite.frame.kind == FrameRef::Kind::Rect) {
        const PixelRect& r = sprite.frame.rect;
        text = "Rectangle [" + std::to_string(r.x) + ", " + std::to_string(r.y) + ", " + std::to_string(r.w) + ", " + std::to_string(r.h) + "]";
    }
    return text;
}

}  // namespace

void FramePicker::sceneOpened() {
    m_images.clear();
    m_listings.clear();
    m_playback.clear();
    m_thumbnailsMade.clear();
    m_thumbnailPixels = 0;
    m_gridInput.clear();
    m_askFor = -1;
}

const std::vector<SheetFrame>& FramePicker::framesOf(const SceneSprite& sprite, int index) {
    Listing& listing = m_listings[index];
    const bool same = listing.sheet == sprite.sheet && listing.atlas == sprite.atlasData.get() && listing.kind == sprite.frame.kind &&
                      (sprite.frame.kind != FrameRef::Kind::Grid || listing.grid == sprite.frame.grid);
    if (!same) {
        listing.sheet = sprite.sheet;
        listing.atlas = sprite.atlasData.get();
        listing.kind = sprite.frame.kind;
        listing.grid = sprite.frame.grid;
        listing.frames = pickableFrames(sprite);
    }
    return listing.frames;
}

void FramePicker::update(ToolContext& ctx) {
    Document& doc = ctx.document();
    const auto& sprites = doc.scene().sprites;
    // Indices move when a sprite is added or removed: playback and listings start again.
    if (sprites.size() != m_spriteCount) {
        m_spriteCount = sprites.size();
        m_playback.clear();
        m_listings.clear();
    }
    // With a timeline the time of the scene drives the animations (core/scene/animation_time.h), not the wall clock.
    if (doc.scene().timeline.frames > 1) m_playback.clear();
    for (auto it = m_playback.begin(); it != m_playback.end();) {
        const int index = it->first;
        if (index >= int(sprites.size()) || !sprites[std::size_t(index)].animation.active() || !it->second.playing()) {
            it = m_playback.erase(it);
            continue;
        }
        const int frame = it->second.advance(ctx.seconds());
        if (frame != sprites[std::size_t(index)].frameIndex) {
            const std::string error = showAnimationFrame(doc, index, frame, m_images, "play-animation-" + std::to_string(index));
            if (!error.empty()) {
                ctx.showError(error);
                it = m_playback.erase(it);
                continue;
            }
        }
        ++it;
    }
}

void FramePicker::drawAnimation(ToolContext& ctx, int index) {
    Document& doc = ctx.document();
    const SceneSprite& sprite = doc.scene().sprites[std::size_t(index)];
    if (sprite.atlasData && !sprite.atlasData->tags.empty()) {
        ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x * 0.5f, 160.0f));
        const std::string current = sprite.animation.tag.empty() ? (sprite.animation.active() ? "(frame list)" : "none") : sprite.animation.tag;
        if (ImGui::BeginCombo("Animation", current.c_str())) {
            if (ImGui::Selectable("none", !sprite.animation.active())) {
                m_playback.erase(index);
                if (std::string e = setAnimationTag(doc, index, "", m_images); !e.empty()) ctx.showError(e);
            }
            for (const AtlasTag& tag : sprite.atlasData->tags) {
                if (ImGui::Selectable(tag.name.c_str(), tag.name == sprite.animation.tag) && tag.name != sprite.animation.tag) {
                    m_playback.erase(index);
                    if (std::string e = setAnimationTag(doc, index, tag.name, m_images); !e.empty()) ctx.showError(e);
                }
            }
            ImGui::EndCombo();
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("An Aseprite tag of the atlas: the frames the sprite plays (scene field \"animation\").");
    }
    const SceneSprite& shown = doc.scene().sprites[std::size_t(index)];
    if (!shown.animation.active() || shown.animation.frames.empty()) return;
    const int count = int(shown.animation.frames.size());
    const SceneTimeline& timeline = doc.scene().timeline;
    const bool timed = timeline.frames > 1;
    if (timed) {
        ImGui::TextWrapped("The timeline drives the animation: at frame %d (%s fps) it shows frame %d; frame_index, the frame at "
                           "time 0, is %d%s.", timeline.frame, numberText(timeline.framesPerSecond()).c_str(), shown.frameIndex,
                           doc.frameZeroIndex(index), timeline.frame == 0 ? "" : " (change it at timeline frame 0)");
    } else {
        const bool playing = m_playback.count(index) && m_playback[index].playing();
        if (ImGui::Button(playing ? "Pause" : "Play")) {
            if (playing) m_playback.erase(index);
            else m_playback[index].play(animationDurations(shown), shown.frameIndex);
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Plays the animation in a loop by its frames' durations (wall-clock time).");
        ImGui::SameLine();
    }
    int frame = shown.frameIndex;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    const std::string format = "frame %d of 0.." + std::to_string(count - 1) + (timed ? " at this time" : "");
    // Away from time 0 the shown frame follows from frame_index; editing it there would not say which start is meant.
    ImGui::BeginDisabled(timed && timeline.frame != 0);
    const bool moved = ImGui::SliderInt("##animation-frame", &frame, 0, count - 1, format.c_str(), ImGuiSliderFlags_AlwaysClamp);
    ImGui::EndDisabled();
    if (ImGui::IsItemActivated()) {
        doc.breakMerge();
        m_playback.erase(index);
    }
    if (moved) {
        if (std::string e = showAnimationFrame(doc, index, frame, m_images, "animation-slider-" + std::to_string(index)); !e.empty()) {
            ctx.showError(e);
        }
    }
    const std::vector<int> durations = animationDurations(shown);
    const int ms = shown.frameIndex < int(durations.size()) && durations[std::size_t(shown.frameIndex)] > 0
                       ? durations[std::size_t(shown.frameIndex)] : kDefaultFrameDurationMs;
    ImGui::TextDisabled("shows %s for %d ms", shown.animation.frames[std::size_t(shown.frameIndex)].c_str(), ms);
}

void FramePicker::drawGrid(ToolContext& ctx, int index) {
    Document& doc = ctx.document();
    const SceneSprite& sprite = doc.scene().sprites[std::size_t(index)];
    const bool grid = sprite.frame.kind == FrameRef::Kind::Grid;
    if (sprite.atlasData || !(grid || sprite.frame.kind == FrameRef::Kind::Whole)) return;
    if (!ImGui::TreeNode("Grid sheet")) {
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Cut the image into cells of a grid and show one of them (scene field \"frame\": {\"grid\": ...}).");
        return;
    }
    GridSpec& input = m_gridInput[index];
    if (input.cellW <= 0 || input.cellH <= 0) {
        input = grid ? sprite.frame.grid : GridSpec{std::max(1, sprite.pixels->width / 4), std::max(1, sprite.pixels->height / 4), 0, 0};
    }
    int cell[2] = {input.cellW, input.cellH};
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x * 0.5f, 140.0f));
    if (ImGui::InputInt2("Cell size", cell)) input.cellW = std::clamp(cell[0], 1, 8192), input.cellH = std::clamp(cell[1], 1, 8192);
    int gaps[2] = {input.spacing, input.margin};
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x * 0.5f, 140.0f));
    if (ImGui::InputInt2("Spacing, margin", gaps)) input.spacing = std::clamp(gaps[0], 0, kMaxGridGap), input.margin = std::clamp(gaps[1], 0, kMaxGridGap);
    if (ImGui::Button(grid ? "Cut again" : "Cut into cells")) {
        FrameRef ref;
        ref.kind = FrameRef::Kind::Grid;
        ref.grid = input;
        ref.index = 0;
        if (std::string e = chooseFrame(doc, index, ref, m_images); !e.empty()) ctx.showError(sprite.name + ": " + e);
    }
    if (grid) {
        ImGui::SameLine();
        if (ImGui::Button("Whole image")) {
            if (std::string e = chooseFrame(doc, index, FrameRef{}, m_images); !e.empty()) ctx.showError(e);
        }
    }
    ImGui::TreePop();
}

void FramePicker::drawThumbnails(ToolContext& ctx, int index, float maxHeight) {
    Document& doc = ctx.document();
    const SceneSprite& sprite = doc.scene().sprites[std::size_t(index)];
    const std::vector<SheetFrame>& frames = framesOf(sprite, index);
    if (frames.empty()) return;
    const ImGuiStyle& style = ImGui::GetStyle();
    const float box = std::round(ImGui::GetFontSize() * 4.0f);
    const float cellW = box + style.ItemSpacing.x;
    const float cellH = box + ImGui::GetTextLineHeight() + style.ItemSpacing.y * 2.0f;
    const float width = ImGui::GetContentRegionAvail().x;
    const int columns = std::max(1, int((width - style.ScrollbarSize) / cellW));
    const int rows = (int(frames.size()) + columns - 1) / columns;
    const float height = std::min(rows * cellH + style.WindowPadding.y * 2.0f, std::max(maxHeight, cellH * 1.5f));
    ImGui::BeginChild("##frames", ImVec2(width, height), true);
    ImDrawList* list = ImGui::GetWindowDrawList();
    int budget = kNewThumbnailsPerFrame;
    ImGuiListClipper clipper;
    clipper.Begin(rows, cellH);
    std::optional<FrameRef> clicked;
    // As the frame slider: away from time 0 an animated sprite's frame follows from frame_index, so a pick
    // there would not say which start is meant.
    const SceneTimeline& timeline = doc.scene().timeline;
    const bool pickLocked = sprite.animation.active() && timeline.frames > 1 && timeline.frame != 0;
    while (clipper.Step()) {
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            for (int column = 0; column < columns; ++column) {
                const int f = row * columns + column;
                if (f >= int(frames.size())) break;
                const SheetFrame& frame = frames[std::size_t(f)];
                if (column > 0) ImGui::SameLine();
                ImGui::PushID(f);
                ImGui::BeginGroup();
                const ImVec2 min = ImGui::GetCursorScreenPos();
                const ImVec2 max(min.x + box, min.y + box);
                if (ImGui::InvisibleButton("##frame", ImVec2(box, box))) clicked = frame.ref;
                const bool hovered = ImGui::IsItemHovered();
                checkerboard(list, min, max, std::max(4.0f, box / 8.0f));
                // Flipped as the sprite is: the thumbnail is the very image the click shows.
                const auto key = std::make_tuple(sprite.sheet.get(), sprite.atlasData.get(), frame.name, int(sprite.flip.x) | int(sprite.flip.y) << 1);
                bool made = m_thumbnailsMade.count(key) > 0;
                // The memory estimate before the cut: huge untrimmed frames get no thumbnail once the frames cut
                // for thumbnails would pass the scene's pixel limit (the name and the tooltip still show).
                const std::int64_t framePixels = cutFramePixels(sprite, std::span<const FrameRef>(&frame.ref, 1));
                const std::string tooBig = made ? std::string() : cutPixelsProblem("the frames cut for thumbnails", m_thumbnailPixels + framePixels);
                if (!made && budget > 0 && tooBig.empty()) {
                    --budget;
                    m_thumbnailsMade.insert(key);
                    m_thumbnailPixels += framePixels;
                    made = true;
                }
                const auto image = made ? m_images.get(sprite.sheet, sprite.atlasData.get(), frame.ref, sprite.flip) : nullptr;
                if (const sf::Texture* texture = image ? m_thumbnails.get(image) : nullptr) {
                    const float scale = box / float(std::max(image->width, image->height));
                    const ImVec2 size(image->width * scale, image->height * scale);
                    const ImVec2 at(min.x + (box - size.x) * 0.5f, min.y + (box - size.y) * 0.5f);
                    list->AddImage(textureId(texture), at, ImVec2(at.x + size.x, at.y + size.y));
                    const PixelRect& t = frame.trimmedRect;
                    if (t.w != frame.size.x || t.h != frame.size.y) {
                        const float x = float(sprite.flip.x ? frame.size.x - (t.x + t.w) : t.x);
                        const float y = float(sprite.flip.y ? frame.size.y - (t.y + t.h) : t.y);
                        list->AddRect(ImVec2(at.x + x * scale, at.y + y * scale), ImVec2(at.x + (x + t.w) * scale, at.y + (y + t.h) * scale),
                                      kTrimmedColour);
                    }
                }
                const bool shown = isShown(sprite, frame.ref);
                if (shown) list->AddRect(ImVec2(min.x - 1, min.y - 1), ImVec2(max.x + 1, max.y + 1), kSelectedColour, 0.0f, 0, 3.0f);
                else if (hovered) list->AddRect(min, max, IM_COL32(255, 255, 255, 160));
                if (inAnimation(sprite, frame)) list->AddCircleFilled(ImVec2(max.x - 5, min.y + 5), 3.0f, IM_COL32(120, 230, 120, 255));
                // The name, cut to the thumbnail's width.
                const ImVec2 textAt(min.x, max.y + style.ItemSpacing.y * 0.5f);
                list->PushClipRect(textAt, ImVec2(max.x, textAt.y + ImGui::GetTextLineHeight()), true);
                list->AddText(textAt, shown ? kSelectedColour : ImGui::GetColorU32(ImGuiCol_Text), frame.name.c_str());
                list->PopClipRect();
                ImGui::Dummy(ImVec2(box, ImGui::GetTextLineHeight()));
                ImGui::EndGroup();
                if (hovered) {
                    std::string tip = frame.name + ": " + std::to_string(frame.size.x) + " x " + std::to_string(frame.size.y);
                    if (frame.trimmedRect.w != frame.size.x || frame.trimmedRect.h != frame.size.y) {
                        tip += "\ntrimmed to " + std::to_string(frame.trimmedRect.w) + " x " + std::to_string(frame.trimmedRect.h) + " (red)";
                    }
                    if (frame.rotated) tip += "\nstored rotated in the atlas";
                    if (!tooBig.empty()) tip += "\nno thumbnail: " + tooBig;
                    if (frame.durationMs > 0) tip += "\nlasts " + std::to_string(frame.durationMs) + " ms";
                    if (pickLocked) tip += "\nthe timeline drives the animation: go to timeline frame 0 to pick the frame at time 0";
                    else if (sprite.animation.active()) {
                        tip += inAnimation(sprite, frame) ? "\nin the animation (green dot)" : "\nnot in the animation: showing it stops the animation";
                    }
                    ImGui::SetTooltip("%s", tip.c_str());
                }
                ImGui::PopID();
            }
        }
    }
    clipper.End();
    ImGui::EndChild();
    if (clicked && !pickLocked && !isShown(sprite, *clicked)) {
        m_playback.erase(index);
        if (std::string e = chooseFrame(doc, index, *clicked, m_images); !e.empty()) ctx.showError(e);
    }
}

void FramePicker::drawSection(ToolContext& ctx, int index) {
    Document& doc = ctx.document();
    const SceneSprite& sprite = doc.scene().sprites[std::size_t(index)];
    bool flipX = sprite.flip.x;
    bool flipY = sprite.flip.y;
    const bool flipXChanged = ImGui::Checkbox("Flip x", &flipX);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Mirrors the frame's pixels left-right within its own rectangle (texel x -> w-1-x);\nthe origin keeps its texture coordinates (scene field \"flip\").");
    ImGui::SameLine();
    const bool flipYChanged = ImGui::Checkbox("Flip y", &flipY);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Mirrors the frame's pixels top-bottom within its own rectangle (texel y -> h-1-y).");
    if (flipXChanged || flipYChanged) {
        if (std::string e = setFlip(doc, index, FrameFlip{flipX, flipY}, m_images); !e.empty()) ctx.showError(e);
    }
    const SceneSprite& now = doc.scene().sprites[std::size_t(index)];
    if (const std::string facts = frameFacts(now); !facts.empty()) ImGui::TextWrapped("%s", facts.c_str());
    if (!now.atlas.empty()) {
        ImGui::TextDisabled("Atlas: %s", now.atlasPath.filename().string().c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", now.atlasPath.string().c_str());
    }
    drawAnimation(ctx, index);
    drawGrid(ctx, index);
    if (!framesOf(doc.scene().sprites[std::size_t(index)], index).empty()) {
        drawThumbnails(ctx, index, ImGui::GetIO().DisplaySize.y * 0.3f);
    }
}

void FramePicker::drawQuestion(ToolContext& ctx) {
    const auto& sprites = ctx.document().scene().sprites;
    if (m_askFor >= int(sprites.size())) m_askFor = -1;
    if (m_askFor < 0) return;
    constexpr const char* kTitle = "Which frame?";
    if (!ImGui::IsPopupOpen(kTitle)) ImGui::OpenPopup(kTitle);
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(display.x * 0.9f, ImGui::GetFontSize() * 40.0f), 0.0f), ImGuiCond_Appearing);
    if (ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_NoSavedSettings)) {
        const SceneSprite& sprite = sprites[std::size_t(m_askFor)];
        ImGui::TextWrapped("%s now shows a frame of %s. Click the frame it should show (the Sprites panel lists them again later).",
                           sprite.name.c_str(), sprite.atlasPath.filename().string().c_str());
        if (const std::string facts = frameFacts(sprite); !facts.empty()) ImGui::TextDisabled("%s", facts.c_str());
        drawThumbnails(ctx, m_askFor, display.y * 0.55f);
        if (ImGui::Button("Done") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)) ||
            ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter))) {
            m_askFor = -1;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

void FramePicker::drawFrameRects(const WorldOverlay& view, const Scene& scene) const {
    for (const SceneSprite& sprite : scene.sprites) {
        if (!sprite.atlasData || sprite.frame.kind != FrameRef::Kind::Atlas || !sprite.pixels) continue;
        const int at = sprite.atlasData->indexOf(sprite.frame.name);
        if (at < 0) continue;
        const AtlasFrame& f = sprite.atlasData->frames[std::size_t(at)];
        const PixelRect& t = f.spriteSourceSize;
        if (!f.trimmed && t.x == 0 && t.y == 0 && t.w == f.sourceWidth && t.h == f.sourceHeight) continue;
        const glm::dmat3 toWorld = worldMatrix(sprite.transform);
        // The trimmed pixels mirror within the untrimmed frame with the flip.
        const double x = sprite.flip.x ? f.sourceWidth - (t.x + t.w) : t.x;
        const double y = sprite.flip.y ? f.sourceHeight - (t.y + t.h) : t.y;
        worldQuad(view.list, *view.camera, toWorld, 0, 0, f.sourceWidth, f.sourceHeight, kUntrimmedColour, 1.5f, true, "untrimmed", 3);
        worldQuad(view.list, *view.camera, toWorld, x, y, t.w, t.h, kTrimmedColour, 2.0f, false, "trimmed", 0);
    }
}

}  // namespace cl
