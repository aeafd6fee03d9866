#include "app/tools/thresholds_tool.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <SFML/Graphics/Texture.hpp>
#include <imgui.h>

#include "app/analysis/latest_worker.h"
#include "app/tools/tool_context.h"
#include "core/base/mask_cache.h"

namespace cl {

namespace {

constexpr ImU32 kFrontierColour = IM_COL32(230, 40, 40, 255);
constexpr ImU32 kCrosshairColour = IM_COL32(40, 120, 255, 255);
constexpr ImU32 kHoverColour = IM_COL32(255, 170, 0, 255);
constexpr std::uint8_t kHitGrey = 52;    // hit cells dark
constexpr std::uint8_t kMissGrey = 228;  // miss cells light
constexpr float kMinSide = 64.0f;
constexpr float kMaxSide = 768.0f;
// Lines of words below the map: the map's side leaves room for them.
constexpr float kWordLines = 8.0f;

std::string overlapText(const ThresholdMap& map, int tA, int tB) {
    char text[64];
    if (map.reportsArea) std::snprintf(text, sizeof text, "overlap area %.4g", map.overlap(tA, tB));
    else std::snprintf(text, sizeof text, "overlap %.0f", map.overlap(tA, tB));
    return text;
}

}  // namespace

ThresholdCell ThresholdMapLayout::cellAt(float dx, float dy) const {
    const auto level = [this](float d) {
        return std::clamp(int(std::floor(d / side * float(kThresholdLevels))), 0, kThresholdLevels - 1);
    };
    return {level(dx), level(dy)};
}

ThresholdMapLayout thresholdMapLayout(float width, float height) {
    return {std::floor(std::clamp(std::min(width, height), kMinSide, kMaxSide))};
}

/// Builds threshold maps on a LatestWorker: the newest job wins.
class ThresholdMapWorker {
public:
    using Answer = std::shared_ptr<const ThresholdsTool::Shown>;
    ThresholdMapWorker()
        : m_worker([this](std::optional<ThresholdMapJob> job, Worker::Job& control) { return work(std::move(job), control); }) {}
    /// Makes `job` the newest.
    void post(ThresholdMapJob job) { m_worker.post(std::move(job)); }
    /// The newest map delivered since the last call, if any.
    std::optional<Answer> take() { return m_worker.take(); }

private:
    using Worker = LatestWorker<ThresholdMapJob, Answer>;
    bool work(std::optional<ThresholdMapJob> job, Worker::Job& control) {
        if (!job || control.stopping()) return false;
        const auto start = std::chrono::steady_clock::now();
        // Masks at threshold 0: the map reads each pixel's alpha, whatever threshold the mask was built at.
        const auto maskA = m_masks.get(job->imageA, 0);
        const auto maskB = m_masks.get(job->imageB, 0);
        TestOptions options;
        options.sampling = job->sampling;
        options.scan = job->scan;
        auto shown = std::make_shared<ThresholdsTool::Shown>();
        shown->map = thresholdMap(*job->test, Body{maskA.get(), job->a}, Body{maskB.get(), job->b}, options);
        shown->ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        shown->job = std::move(*job);
        control.deliver(std::move(shown));
        return false;
    }

    MaskCache m_masks;  // used on the worker thread only
    Worker m_worker;    // last: stopped before the cache goes
};

ThresholdsTool::ThresholdsTool() : m_worker(std::make_unique<ThresholdMapWorker>()) {}
ThresholdsTool::~ThresholdsTool() = default;

void ThresholdsTool::sceneOpened() {
    m_asked.reset();
    m_shown.reset();
    m_textureCurrent = false;
}

void ThresholdsTool::ask(ToolContext& ctx) {
    if (auto answer = m_worker->take()) {
        m_shown = **answer;
        m_textureCurrent = false;
    }
    const Document& doc = ctx.document();
    const Selection sel = doc.selection();
    const Scene& scene = doc.scene();
    const PairAnalysis& pair = ctx.report().pair();
    if (sel.pairA < 0 || sel.pairB < 0 || !pair.pixelTest) return;
    const SceneSprite& a = scene.sprites[sel.pairA];
    const SceneSprite& b = scene.sprites[sel.pairB];
    if (!a.pixels || !b.pixels) return;
    const ThresholdMapJob job{a.pixels, b.pixels, a.transform, b.transform, pair.pixelTest, scene.sampling, scene.scan};
    if (m_asked == job) return;
    m_asked = job;
    m_worker->post(job);
}

void ThresholdsTool::drawPanel(ToolContext& ctx) {
    ask(ctx);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ThresholdMapLayout layout =
        thresholdMapLayout(avail.x, avail.y - kWordLines * ImGui::GetTextLineHeightWithSpacing());
    drawMap(ctx, layout);
    drawWords(ctx);
}

void ThresholdsTool::drawMap(ToolContext& ctx, const ThresholdMapLayout& layout) {
    const ImVec2 corner = ImGui::GetCursorScreenPos();
    const ImVec2 end(corner.x + layout.side, corner.y + layout.side);
    ImGui::InvisibleButton("##threshold-map", ImVec2(layout.side, layout.side));
    ImDrawList* list = ImGui::GetWindowDrawList();
    if (!m_shown || !m_shown->map.applicable) {
        list->AddRectFilled(corner, end, IM_COL32(128, 128, 128, 255));
        return;
    }
    const ThresholdMap& map = m_shown->map;
    if (!m_texture) m_texture = std::make_unique<sf::Texture>();
    if (!m_textureCurrent) {
        std::vector<std::uint8_t> rgba(std::size_t(kThresholdLevels) * kThresholdLevels * 4, 255);
        for (int tB = 0; tB < kThresholdLevels; ++tB) {
            for (int tA = 0; tA < kThresholdLevels; ++tA) {
                const std::uint8_t grey = map.hit(tA, tB) ? kHitGrey : kMissGrey;
                std::uint8_t* p = &rgba[(std::size_t(tB) * kThresholdLevels + tA) * 4];
                p[0] = p[1] = p[2] = grey;
            }
        }
        if (m_texture->getSize() != sf::Vector2u(kThresholdLevels, kThresholdLevels))
            (void)m_texture->create(kThresholdLevels, kThresholdLevels);
        m_texture->update(rgba.data());
        m_textureCurrent = true;
    }
    list->AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(m_texture->getNativeHandle())), corner, end);
    const float cell = layout.side / float(kThresholdLevels);
    const auto at = [&](float tA, float tB) { return ImVec2(corner.x + tA * cell, corner.y + tB * cell); };
    // The frontier: the staircase's outline, each corner's right and lower edge.
    if (!map.frontier.empty()) {
        std::vector<ImVec2> line;
        line.push_back(at(0.0f, float(map.frontier.front().b + 1)));
        for (std::size_t i = 0; i < map.frontier.size(); ++i) {
            const ThresholdCell& c = map.frontier[i];
            line.push_back(at(float(c.a + 1), float(c.b + 1)));
            const float nextB = i + 1 < map.frontier.size() ? float(map.frontier[i + 1].b + 1) : 0.0f;
            line.push_back(at(float(c.a + 1), nextB));
        }
        list->AddPolyline(line.data(), int(line.size()), kFrontierColour, ImDrawFlags_None, 2.0f);
    }
    Document& doc = ctx.document();
    const Selection sel = doc.selection();
    if (sel.pairA < 0 || sel.pairB < 0) return;
    const int tA = doc.scene().sprites[sel.pairA].alphaThreshold;
    const int tB = doc.scene().sprites[sel.pairB].alphaThreshold;
    const ImVec2 centre = at(float(tA) + 0.5f, float(tB) + 0.5f);
    list->AddLine(ImVec2(centre.x, corner.y), ImVec2(centre.x, end.y), kCrosshairColour, 1.5f);
    list->AddLine(ImVec2(corner.x, centre.y), ImVec2(end.x, centre.y), kCrosshairColour, 1.5f);
    list->AddCircle(centre, std::max(4.0f, cell), kCrosshairColour, 0, 2.0f);

    if (ImGui::IsItemHovered()) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const ThresholdCell hovered = layout.cellAt(mouse.x - corner.x, mouse.y - corner.y);
        list->AddRect(at(float(hovered.a), float(hovered.b)), at(float(hovered.a + 1), float(hovered.b + 1)), kHoverColour,
                      0.0f, 0, 1.5f);
        const std::string& nameA = doc.scene().sprites[sel.pairA].name;
        const std::string& nameB = doc.scene().sprites[sel.pairB].name;
        ImGui::SetTooltip("%s: alpha > %d, %s: alpha > %d\n%s, %s\nClick to set both thresholds", nameA.c_str(), hovered.a,
                          nameB.c_str(), hovered.b, map.hit(hovered.a, hovered.b) ? "hit" : "miss",
                          overlapText(map, hovered.a, hovered.b).c_str());
    }
    if (ImGui::IsItemClicked(ImGuiMouseButton_Left)) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const ThresholdCell clicked = layout.cellAt(mouse.x - corner.x, mouse.y - corner.y);
        doc.setThresholds(sel.pairA, clicked.a, sel.pairB, clicked.b);
    }
}

void ThresholdsTool::drawWords(ToolContext& ctx) {
    const Document& doc = ctx.document();
    const Selection sel = doc.selection();
    if (sel.pairA < 0 || sel.pairB < 0) {
        ImGui::TextDisabled("No pair.");
        return;
    }
    const SceneSprite& a = doc.scene().sprites[sel.pairA];
    const SceneSprite& b = doc.scene().sprites[sel.pairB];
    ImGui::TextWrapped("%s's threshold across (0 left), %s's down (0 top): hits dark, misses light.", a.name.c_str(), b.name.c_str());
    if (!m_shown) {
        ImGui::TextDisabled("Map: computing...");
        return;
    }
    const ThresholdMap& map = m_shown->map;
    if (!map.applicable) {
        ImGui::TextWrapped("No map for %s: %s", std::string(m_shown->job.test->name).c_str(), map.reason.c_str());
        return;
    }
    ImGui::Text("%s, built in %.2f ms%s", std::string(m_shown->job.test->name).c_str(), m_shown->ms,
                m_asked && !(*m_asked == m_shown->job) ? " (updating)" : "");
    const ThresholdMargins margins = thresholdMargins(map, a.alphaThreshold, b.alphaThreshold);
    ImGui::Text("At %s > %d, %s > %d: %s, %s", a.name.c_str(), a.alphaThreshold, b.name.c_str(), b.alphaThreshold,
                margins.hit ? "hit" : "miss", overlapText(map, a.alphaThreshold, b.alphaThreshold).c_str());
    ImGui::TextWrapped("%s.", describeMargin(margins.a, margins.hit, a.name).c_str());
    ImGui::TextWrapped("%s.", describeMargin(margins.b, margins.hit, b.name).c_str());
}

}  // namespace cl
