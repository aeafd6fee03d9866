#include "app/tools/pose_map_view.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include <SFML/Graphics/Texture.hpp>
#include <imgui.h>
#include <nlohmann/json.hpp>

#include "app/analysis/latest_worker.h"
#include "app/editor/document.h"
#include "app/tools/colour_key.h"
#include "app/tools/cspace_drag.h"
#include "app/tools/cspace_layout.h"
#include "app/tools/tool_context.h"
#include "app/views/text_wrap.h"
#include "app/views/view_drawing.h"
#include "core/base/geometry.h"
#include "core/base/mask_cache.h"
#include "core/check/scene_check.h"

namespace cl {
namespace {

constexpr std::uint32_t kNowColour = 0xFF3CF0FFu;  // B where it stands: magenta, apart from the red of "pixels only"
constexpr double kChunkMs = 40.0;                  // a delivery of rows about this often
constexpr double kMaxZoom = 32.0;                  // the wheel's furthest zoom over the fitted map

const char* kindName(PoseCell kind) {
    switch (kind) {
        case PoseCell::BothHit: return "both hit";
        case PoseCell::ColliderOnly: return "collider only";
        case PoseCell::PixelsOnly: return "pixels only";
        case PoseCell::BothMiss: break;
    }
    return "both miss";
}

const char* kindKey(PoseCell kind) {
    switch (kind) {
        case PoseCell::BothHit: return "both_hit";
        case PoseCell::ColliderOnly: return "collider_only";
        case PoseCell::PixelsOnly: return "pixels_only";
        case PoseCell::BothMiss: break;
    }
    return "both_miss";
}

// A number as the panel prints it: at most 6 significant digits, no trailing zeros.
std::string shortNumber(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

// Where B's position sits on a lattice of step h: moving B by whole cells keeps it.
glm::dvec2 phaseOf(glm::dvec2 position, int resolution) {
    const glm::dvec2 k = position * double(resolution);
    return k - glm::floor(k);
}

}  // namespace

bool PoseMapJob::sameMap(const PoseMapJob& o) const {
    SpriteTransform tb = transformB, ob = o.transformB;
    tb.position = ob.position = glm::dvec2(0.0);
    return a == o.a && b == o.b && pixelsA == o.pixelsA && pixelsB == o.pixelsB && thresholdA == o.thresholdA &&
           thresholdB == o.thresholdB && transformA == o.transformA && tb == ob && colliderA == o.colliderA &&
           colliderB == o.colliderB && resolution == o.resolution &&
           phaseOf(transformB.position, resolution) == phaseOf(o.transformB.position, o.resolution);
}

std::optional<PoseMapJob> poseMapJobFor(const Scene& scene, int a, int b) {
    const int n = int(scene.sprites.size());
    if (a < 0 || b < 0 || a >= n || b >= n || a == b) return std::nullopt;
    const SceneSprite& sa = scene.sprites[std::size_t(a)];
    const SceneSprite& sb = scene.sprites[std::size_t(b)];
    if (!sa.pixels || !sb.pixels) return std::nullopt;
    PoseMapJob job{a, b, sa.pixels, sb.pixels, sa.alphaThreshold, sb.alphaThreshold, sa.transform, sb.transform,
                   sa.colliderOptions(), sb.colliderOptions(), contactSettings(scene, CheckOptions{}).resolution};
    return job;
}

/// Fills pose maps on a LatestWorker: a new job starts a new map, each unit fills about kChunkMs of rows and
/// delivers the map so far with its image.
class PoseMapWorker {
public:
    using Answer = std::shared_ptr<const PoseMapAnswer>;
    PoseMapWorker()
        : m_worker([this](std::optional<std::pair<PoseMapJob, std::uint64_t>> job, Worker::Job& control) {
              return unit(std::move(job), control);
          }) {}
    void post(const PoseMapJob& job) { m_worker.post({job, ++m_posted}); }
    std::optional<Answer> take() { return m_worker.take(); }

private:
    using Worker = LatestWorker<std::pair<PoseMapJob, std::uint64_t>, Answer>;

    bool unit(std::optional<std::pair<PoseMapJob, std::uint64_t>> request, Worker::Job& control) {
        if (request) {
            m_job = request->first;
            m_id = request->second;
            m_maskA = m_masks.get(m_job.pixelsA, m_job.thresholdA);
            m_maskB = m_masks.get(m_job.pixelsB, m_job.thresholdB);
            m_masks.pruneUnused();
            m_builder = std::make_unique<ColliderPoseMapBuilder>(Body{m_maskA.get(), m_job.transformA, m_job.colliderA},
                                                                 Body{m_maskB.get(), m_job.transformB, m_job.colliderB},
                                                                 m_job.resolution);
            m_ms = 0.0;
        }
        if (!m_builder || control.stopping()) return false;
        const auto start = std::chrono::steady_clock::now();
        while (!m_builder->complete() && !control.stale() &&
               std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() < kChunkMs) {
            m_builder->advance(1);
        }
        m_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        auto answer = std::make_shared<PoseMapAnswer>();
        answer->job = m_job;
        answer->map = m_builder->map();
        answer->image = colliderPoseMapImage(answer->map, -1);  // B now is a crosshair drawn over it
        answer->id = m_id;
        answer->ms = m_ms;
        control.deliverIfNewest(std::move(answer));
        const bool more = !m_builder->complete();
        if (!more) m_builder.reset();
        return more;
    }

    // Touched by one unit at a time.
    MaskCache m_masks;
    std::shared_ptr<const AlphaMask> m_maskA, m_maskB;  // alive while the builder fills
    std::unique_ptr<ColliderPoseMapBuilder> m_builder;
    PoseMapJob m_job;
    std::uint64_t m_id = 0;
    double m_ms = 0.0;
    std::uint64_t m_posted = 0;  // the owner's thread only
    Worker m_worker;             // last: stopped before the state it works on goes
};

PoseMapView::PoseMapView() : m_worker(std::make_unique<PoseMapWorker>()) {}
PoseMapView::~PoseMapView() = default;

void PoseMapView::reset() {
    m_asked.reset();
    m_shown.reset();
    m_textureId = 0;
}

void PoseMapView::draw(ToolContext& ctx) {
    Document& doc = ctx.document();
    const Selection& selection = doc.selection();
    const std::optional<PoseMapJob> job = poseMapJobFor(doc.scene(), selection.pairA, selection.pairB);
    if (!job) {
        textDisabledWrapped("Every pose: the scene needs a pair of sprites.");
        return;
    }
    if (!m_asked || !m_asked->sameMap(*job)) {
        m_asked = job;
        m_worker->post(*job);
    }
    if (auto answer = m_worker->take()) m_shown = *answer;
    const Scene& scene = doc.scene();
    const std::string nameB = scene.sprites[std::size_t(job->b)].name;
    ImGui::TextWrapped("Every pose of %s against %s (its offsets at this turn and scale): what the polygon row and "
                       "pixel-exact say there. Click a cell to move %s there; Compare (collider vs pixels) then shows its pixels.",
                       nameB.c_str(), scene.sprites[std::size_t(job->a)].name.c_str(), nameB.c_str());
    if (!m_shown || m_shown->job.a != job->a || m_shown->job.b != job->b) {
        ImGui::TextDisabled("Every pose: computing...");
        return;
    }
    const PoseMapAnswer& shown = *m_shown;
    const ColliderPoseMap& map = shown.map;
    if (!map.applicable) {
        ImGui::TextWrapped("Every pose: %s", map.reason.c_str());
        return;
    }
    const PoseCellCounts& n = map.counts;
    const std::string both = "both hit " + std::to_string(n.bothHit);
    const std::string colliderOnly = "collider only " + std::to_string(n.colliderOnly);
    const std::string pixelsOnly = "pixels only " + std::to_string(n.pixelsOnly);
    const std::string none = "both miss " + std::to_string(n.bothMiss);
    colourKey(colliderOnly.c_str(), kPoseColliderOnlyColour, "Offsets where the polygon row hits and pixel-exact does not: false hits of the collider.", true);
    colourKey(pixelsOnly.c_str(), kPosePixelsOnlyColour, "Offsets where pixel-exact hits and the polygon row does not: hits the collider misses.", false);
    colourKey(both.c_str(), kPoseBothHitColour, "Offsets where both hit.", false);
    colourKey(none.c_str(), kPoseBothMissColour, "Offsets where both miss.", false);
    const bool lagging = !m_asked->sameMap(shown.job);
    const std::string status =
        std::to_string(map.window().width()) + " x " + std::to_string(map.window().height()) + " offsets, step " +
        shortNumber(map.step()) + " px, " +
        (map.complete() ? "made in " + shortNumber(std::round(shown.ms)) + " ms"
                        : "filling: " + std::to_string(map.rowsDone()) + " of " + std::to_string(map.window().height()) + " rows") +
        (lagging ? " (of an earlier pose)" : "");
    textDisabledWrapped("%s", status.c_str());
    if (map.window().empty()) {
        m_rect = {};
        textDisabledWrapped("No offset can hit: a sprite has no solid pixel.");
        return;
    }
    // The image, uploaded once per delivery.
    if (!m_texture) m_texture = std::make_unique<sf::Texture>();
    if (m_textureId != shown.id || m_textureRows != std::uint64_t(map.rowsDone())) {
        const sf::Vector2u size(unsigned(shown.image.width), unsigned(shown.image.height));
        if (m_texture->getSize() != size) (void)m_texture->create(size.x, size.y);
        m_texture->update(shown.image.pixels.data());
        m_textureId = shown.id;
        m_textureRows = std::uint64_t(map.rowsDone());
    }
    if (!m_windowOpen) {
        m_rect = {};
        m_cellPixels = 0.0;
        if (ImGui::Button("Show the map")) m_windowOpen = true;
        ImGui::SameLine();
        ImGui::TextDisabled("(in a window of its own)");
        return;
    }
    textDisabledWrapped("The map is in the window \"Every pose\" beside this column: the wheel zooms, a right-drag pans.");
    drawWindow(ctx, *job);
}

Rect poseMapFirstWindow(const Rect& world, const Rect& localView, glm::dvec2 display, glm::dvec2 minimum) {
    // A hidden local view keeps its camera's last viewport, which the world view has since grown over.
    const Rect local = overlapsPositively(world, localView) ? Rect{} : localView;
    const Rect room{{local.min.x + 4.0, world.min.y + 4.0}, local.max - 4.0};
    if (room.size().x >= minimum.x && room.size().y >= minimum.y) return room;
    const double top = local.size().y >= 160.0 ? local.min.y : world.min.y;
    const double width = local.size().x >= 160.0 ? local.size().x - 8.0 : display.x * 0.3;
    const glm::dvec2 size = glm::max(glm::min(glm::dvec2(width, std::max(local.size().y, display.y * 0.6) - 8.0),
                                              glm::dvec2(display.x * 0.6, display.y - top - 8.0)),
                                     minimum);
    return {{display.x - 4.0 - size.x, top + 4.0}, {display.x - 4.0, top + 4.0 + size.y}};
}

void PoseMapView::drawWindow(ToolContext& ctx, const PoseMapJob& job) {
    Document& doc = ctx.document();
    const Scene& scene = doc.scene();
    const PoseMapAnswer& shown = *m_shown;
    const ColliderPoseMap& map = shown.map;
    const std::string nameB = scene.sprites[std::size_t(job.b)].name;
    const glm::dvec2 display(ImGui::GetIO().DisplaySize.x, ImGui::GetIO().DisplaySize.y);
    const double font = ImGui::GetFontSize();
    const glm::dvec2 minimum(12.0 * font, 10.0 * font);
    const Rect first = poseMapFirstWindow(ctx.worldCamera().viewport(), ctx.localCamera().viewport(), display, minimum);
    // The window's first place follows the views while their layout settles (the map's answer can come in the first
    // frames, before the legend has wrapped into its rows), until the window is somewhere else: moved or resized by
    // the user, or put where a saved position says (ImGuiCond_FirstUseEver's first frame).
    // It is moved only in a frame where the layout moved, so that a drag the user starts is not undone.
    const auto near = [](const Rect& r, float x0, float y0, float x1, float y1) {
        return std::abs(x0 - r.min.x) < 1.0 && std::abs(y0 - r.min.y) < 1.0 && std::abs(x1 - r.max.x) < 1.0 &&
               std::abs(y1 - r.max.y) < 1.0;
    };
    const bool placedBefore = m_placed.size().x > 0.0;
    if (m_followLayout && placedBefore) m_followLayout = near(m_placed, m_frame[0], m_frame[1], m_frame[2], m_frame[3]);
    const bool layoutMoved =
        placedBefore && !near(m_placed, float(first.min.x), float(first.min.y), float(first.max.x), float(first.max.y));
    const ImGuiCond placing = m_followLayout && layoutMoved ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    if (m_followLayout) m_placed = first;
    ImGui::SetNextWindowPos(toIm(first.min), placing);
    ImGui::SetNextWindowSize(toIm(first.size()), placing);
    ImGui::SetNextWindowSizeConstraints(toIm(minimum), ImVec2(1.0e5f, 1.0e5f));
    ImGui::SetNextWindowBgAlpha(1.0f);  // the views under it would show through the map's light cells
    const bool visible = ImGui::Begin("Every pose (Collider)###posemap", &m_windowOpen, ImGuiWindowFlags_NoCollapse);
    const ImVec2 framePos = ImGui::GetWindowPos(), frameSize = ImGui::GetWindowSize();
    m_frame = {framePos.x, framePos.y, framePos.x + frameSize.x, framePos.y + frameSize.y};
    if (!visible || !m_windowOpen) {
        ImGui::End();
        m_rect = {};
        m_cellPixels = 0.0;
        return;
    }
    const double step = map.step();
    const int b = job.b;
    const glm::dvec2 bNow = scene.sprites[std::size_t(b)].transform.position;
    ImGui::TextUnformatted(("zoom " + shortNumber(std::round(m_zoom * 100.0) / 100.0) + "x").c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("fit")) m_zoom = 1.0;
    ImGui::SameLine();
    ImGui::SameLine();
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("wheel: zoom about the mouse\nright drag: pan (zoomed)\nclick: move %s to the cell (one undo step)", nameB.c_str());
    // Two lines for the cell under the mouse, kept in place so the map does not jump as the text changes.
    const ImVec2 readoutAt = ImGui::GetCursorScreenPos();
    const float readoutWidth = ImGui::GetContentRegionAvail().x;
    ImGui::Dummy(ImVec2(1.0f, ImGui::GetTextLineHeight() * 2.0f + ImGui::GetStyle().ItemSpacing.y));
    const ImVec2 corner = ImGui::GetCursorScreenPos();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const glm::dvec2 viewSize(std::max(1.0f, avail.x), std::max(1.0f, avail.y));
    ImGui::InvisibleButton("##posemap", toIm(viewSize), ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
    const bool hovered = ImGui::IsItemHovered();
    const glm::dvec2 viewMin(corner.x, corner.y), viewCentre = viewMin + 0.5 * viewSize;
    const glm::dvec2 cells(map.window().width(), map.window().height());
    const double fit = fitCellPixels(map.window(), viewSize, 24.0);
    if (fit <= 0.0) {
        ImGui::End();
        return;
    }
    if (m_zoom <= 1.0) m_centre = 0.5 * cells;  // fitted: the whole map, centred
    ImGuiIO& io = ImGui::GetIO();
    const glm::dvec2 mouse(io.MousePos.x, io.MousePos.y);
    if (hovered && io.MouseWheel != 0.0f) {
        const double zoom = std::clamp(m_zoom * std::pow(1.25, double(io.MouseWheel)), 1.0, kMaxZoom);
        m_centre = zoomCentre(m_centre, viewCentre, mouse, fit * m_zoom, fit * zoom);
        m_zoom = zoom;
    }
    if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Right) && m_zoom > 1.0)
        m_centre -= glm::dvec2(io.MouseDelta.x, io.MouseDelta.y) / (fit * m_zoom);
    m_centre = glm::clamp(m_centre, glm::dvec2(0.0), cells);
    const double cell = fit * m_zoom;
    const CspaceLayout layout{map.window(), viewCentre - m_centre * cell, cell};
    const glm::dvec2 mapMin = glm::max(layout.topLeft, viewMin), mapMax = glm::min(layout.topLeft + layout.size(), viewMin + viewSize);
    m_rect = {float(mapMin.x), float(mapMin.y), float(mapMax.x), float(mapMax.y)};
    m_cellPixels = cell;
    m_topLeft = layout.topLeft;
    m_baseB = shown.job.transformB.position;
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->PushClipRect(toIm(viewMin), toIm(viewMin + viewSize), true);
    list->AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(m_texture->getNativeHandle())), toIm(layout.topLeft),
                   toIm(layout.topLeft + layout.size()));
    // Cell borders once cells are big enough to tell apart, only those in view.
    if (cell >= 8.0) {
        const ImU32 line = IM_COL32(128, 128, 128, 70);
        const glm::ivec2 first = layout.clampToWindow(layout.cellAt(mapMin)), last = layout.clampToWindow(layout.cellAt(mapMax));
        for (int x = first.x; x <= last.x + 1; ++x) {
            const double sx = layout.cellTopLeft({x, 0}).x;
            list->AddLine(ImVec2(float(sx), float(mapMin.y)), ImVec2(float(sx), float(mapMax.y)), line);
        }
        for (int y = first.y; y <= last.y + 1; ++y) {
            const double sy = layout.cellTopLeft({0, y}).y;
            list->AddLine(ImVec2(float(mapMin.x), float(sy)), ImVec2(float(mapMax.x), float(sy)), line);
        }
    }
    // Where B stands now, in the shown map's cells.
    const glm::dvec2 k = (bNow - m_baseB) / step;
    drawCrosshair(list, layout.topLeft + (k - glm::dvec2(map.window().first) + 0.5) * cell, toImColor(kNowColour),
                  float(std::max(6.0, 2.5 * cell)));
    const bool overMap = hovered && mouse.x >= mapMin.x && mouse.y >= mapMin.y && mouse.x < mapMax.x && mouse.y < mapMax.y;
    std::string readout = "Point at a cell: its offset and what the two tests say.";
    m_hovered.reset();
    if (overMap) {
        const glm::ivec2 at = layout.clampToWindow(layout.cellAt(mouse));
        const glm::dvec2 position = positionForCell(m_baseB, at, step);
        const bool known = at.y - map.window().first.y < map.rowsDone();
        const glm::dvec2 offset = position - bNow;
        m_hovered = HoveredCell{at, offset, known ? kindKey(map.cell(at)) : "pending"};
        readout = "offset (" + shortNumber(offset.x) + ", " + shortNumber(offset.y) + ") px from where " + nameB + " stands: " +
                  (known ? kindName(map.cell(at)) : "not computed yet") + "  (" + nameB + " at " + shortNumber(position.x) + ", " +
                  shortNumber(position.y) + ")";
        const glm::dvec2 c0 = layout.cellTopLeft(at);
        list->AddRect(toIm(c0), toIm(c0 + glm::dvec2(cell)), IM_COL32(255, 255, 255, 255), 0.0f, 0, cell >= 6.0 ? 2.0f : 1.0f);
        if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) moveToCell(doc, b, m_baseB, at, step);
    }
    list->PopClipRect();
    list->AddText(ImGui::GetFont(), ImGui::GetFontSize(), readoutAt, ImGui::GetColorU32(ImGuiCol_Text), readout.c_str(), nullptr,
                  readoutWidth);
    ImGui::End();
}

void PoseMapView::describe(nlohmann::json& ui) const {
    if (!m_shown) return;
    const ColliderPoseMap& map = m_shown->map;
    nlohmann::json& out = ui["pose_map"];
    out = {{"a", m_shown->job.a},
           {"b", m_shown->job.b},
           {"applicable", map.applicable},
           {"reason", map.reason},
           {"complete", map.complete()},
           {"step", map.step()},
           {"base", {m_shown->job.transformB.position.x, m_shown->job.transformB.position.y}},
           {"window", {map.window().first.x, map.window().first.y, map.window().last.x, map.window().last.y}},
           {"counts",
            {{"both_hit", map.counts.bothHit}, {"collider_only", map.counts.colliderOnly}, {"pixels_only", map.counts.pixelsOnly},
             {"both_miss", map.counts.bothMiss}}},
           {"rect", m_rect},
           {"frame", m_frame},
           {"cell_pixels", m_cellPixels},
           {"top_left", {m_topLeft.x, m_topLeft.y}},
           {"zoom", m_zoom},
           {"window_open", m_windowOpen}};
    if (m_hovered)
        out["hovered"] = {{"cell", {m_hovered->cell.x, m_hovered->cell.y}},
                          {"offset", {m_hovered->offset.x, m_hovered->offset.y}},
                          {"kind", m_hovered->kind}};
    // A few disagreeing cells with the screen point at their centre, for a UI test to click.
    nlohmann::json cells = nlohmann::json::array();
    const CspaceLayout layout{map.window(), m_topLeft, m_cellPixels};
    for (int y = map.window().first.y; y <= map.window().last.y && cells.size() < 16 && m_cellPixels > 0.0; ++y) {
        for (int x = map.window().first.x; x <= map.window().last.x && cells.size() < 16; ++x) {
            const PoseCell kind = map.cell({x, y});
            if (kind != PoseCell::ColliderOnly && kind != PoseCell::PixelsOnly) continue;
            const glm::dvec2 centre = layout.cellCentre({x, y});
            if (centre.x < m_rect[0] || centre.y < m_rect[1] || centre.x >= m_rect[2] || centre.y >= m_rect[3]) continue;  // zoomed out of view
            const glm::dvec2 position = positionForCell(m_shown->job.transformB.position, {x, y}, map.step());
            cells.push_back({{"cell", {x, y}}, {"kind", kindKey(kind)}, {"screen", {centre.x, centre.y}}, {"position", {position.x, position.y}}});
        }
    }
    out["disagreeing"] = std::move(cells);
}

}  // namespace cl
