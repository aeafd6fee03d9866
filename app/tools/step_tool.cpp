#include "app/tools/step_tool.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "app/tools/settings_fields.h"
#include "app/tools/tool_context.h"
#include "app/views/number_format.h"
#include "app/views/overlays.h"
#include "app/views/view_drawing.h"
#include "core/base/sprite_transform.h"

namespace cl {

namespace {

// The sample's position: a yellow dot in a black ring inside a yellow ring, readable on any sprite
// colour, including yellow ones, and larger than the handles and crosshairs it is drawn above; a thin
// white ring in black grows and fades around it twice a second, so the eye finds it on a busy view.
void drawCursorMarker(ImDrawList* list, glm::dvec2 at) {
    const ImVec2 c = toIm(at);
    const float phase = float(std::fmod(ImGui::GetTime() * 2.0, 1.0));
    const float pulse = 11.0f + 8.0f * phase;
    const auto fade = static_cast<unsigned>(255.0f * (1.0f - phase));
    list->AddCircle(c, pulse, IM_COL32(0, 0, 0, fade), 32, 3.5f);
    list->AddCircle(c, pulse, IM_COL32(255, 255, 255, fade), 32, 1.5f);
    list->AddCircle(c, 9.0f, IM_COL32(0, 0, 0, 255), 24, 4.0f);
    list->AddCircle(c, 9.0f, toImColor(palette::kCursor), 24, 2.0f);
    list->AddCircleFilled(c, 4.5f, IM_COL32(0, 0, 0, 255));
    list->AddCircleFilled(c, 3.0f, toImColor(palette::kCursor));
}

}  // namespace

void StepThroughTool::sceneOpened() {
    const StepSettings settings = m_settings;
    *this = StepThroughTool{};
    m_settings = settings;
}

void StepThroughTool::saveSettings(nlohmann::json& settings) const {
    settings["step_speed"] = m_settings.speed;
    settings["show_step_cursor"] = m_settings.showCursor;
}

void StepThroughTool::loadSettings(const nlohmann::json& settings, std::vector<std::string>& warnings) {
    readSettingsBool(settings, "show_step_cursor", m_settings.showCursor, warnings);
    readSettingsNumber(settings, "step_speed", m_settings.speed, 1.0, 1.0e6, warnings);
}

void StepThroughTool::update(ToolContext& ctx) {
    m_active = m_settings.showCursor;
    const CollisionReport& report = ctx.report();
    const PairAnalysis& pair = report.pair();
    if (pair.a < 0) {
        m_cursor.reset();
        return;
    }
    if (!m_cursor || m_generation != report.generation()) {
        const auto& shapes = report.sprites();
        // Keep the position in the scan across edits so a student can drag while watching one sample.
        const std::int64_t keep = m_cursor && !m_cursor->done() ? m_cursor->current().index : 0;
        m_maskA = shapes[pair.a].mask;
        m_maskB = shapes[pair.b].mask;
        m_cursor = std::make_unique<ScanCursor>(Body{m_maskA.get(), shapes[pair.a].transform},
                                                Body{m_maskB.get(), shapes[pair.b].transform}, report.sampling());
        const std::int64_t target = std::min<std::int64_t>(keep, m_cursor->total());
        const std::int64_t width = m_maskA->width();
        while (width > 0 && !m_cursor->done() && m_cursor->current().index + width <= target) m_cursor->stepRow();
        while (!m_cursor->done() && m_cursor->current().index < target) m_cursor->step();
        m_generation = report.generation();
    }
    if (m_playing && !m_cursor->done()) {
        m_carry += ctx.seconds() * m_settings.speed;
        const auto steps = static_cast<std::int64_t>(std::floor(m_carry));
        m_carry -= double(steps);
        for (std::int64_t i = 0; i < steps && !m_cursor->done(); ++i) m_cursor->step();
        if (m_cursor->done()) m_playing = false;
    }
}

void StepThroughTool::drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const {
    const CollisionReport& report = ctx.report();
    const auto& shapes = report.sprites();
    const PairAnalysis& pair = report.pair();
    if (pair.a < 0 || std::size_t(std::max(pair.a, pair.b)) >= shapes.size()) return;
    const ScanSample& s = m_cursor->current();
    const Camera& camera = *view.camera;
    const glm::dmat3 toScreen = screenFromWorld(camera.worldToScreen({0.0, 0.0}), camera.zoom());
    const glm::dmat3 m = toScreen * worldMatrix(shapes[pair.a].transform);
    const double x = s.a.x, y = s.a.y;
    const glm::dvec2 pts[4] = {transformPoint(m, {x, y}), transformPoint(m, {x + 1, y}), transformPoint(m, {x + 1, y + 1}),
                               transformPoint(m, {x, y + 1})};
    drawPolyline(view.list, pts, 4, IM_COL32(0, 0, 0, 255), 4.0f);
    drawPolyline(view.list, pts, 4, toImColor(palette::kCursor), 2.0f);
    const glm::dmat3 mb = toScreen * worldMatrix(shapes[pair.b].transform);
    drawCursorMarker(view.list, transformPoint(mb, s.positionInB));
}

void StepThroughTool::drawLocalOverlay(const LocalOverlay& view, const ToolContext& ctx) const {
    // The cursor's sample is a point in B's pixels: drawn only when B is the reference.
    if (!view.referenceIsB) return;
    const ScanSample& s = m_cursor->current();
    const glm::dmat3& toScreen = view.referenceToScreen;
    const glm::dvec2 b{double(s.b.x), double(s.b.y)};
    const glm::dvec2 cell[4] = {transformPoint(toScreen, b), transformPoint(toScreen, b + glm::dvec2(1, 0)),
                                transformPoint(toScreen, b + glm::dvec2(1, 1)), transformPoint(toScreen, b + glm::dvec2(0, 1))};
    drawPolyline(view.list, cell, 4, IM_COL32(0, 0, 0, 255), 4.0f);
    drawPolyline(view.list, cell, 4, toImColor(palette::kCursor), 2.0f);
    drawCursorMarker(view.list, transformPoint(toScreen, s.positionInB));
    const PairTransform& t = ctx.report().pair().transform;
    drawStepVectors(view.list, toScreen, view.camera->zoom(), s.positionInB, t.stepX, t.stepY);
}

void StepThroughTool::drawPanel(ToolContext& /*ctx*/) {
    if (!m_cursor) {
        ImGui::TextDisabled("Pick a pair of sprites in the Sprites panel.");
        return;
    }
    ScanCursor& cursor = *m_cursor;
    ImGui::TextWrapped("Walks every pixel of A in row order with the step vectors, as pixel-step does, "
                       "and shows where each sample lands in B.");
    // The setting, not the tool, holds the choice: it outlives a scene load and the session.
    if (ImGui::Checkbox("Show the cursor in the views", &m_settings.showCursor)) m_active = m_settings.showCursor;
    if (ImGui::Button(m_playing ? "Pause" : "Play")) {
        m_playing = !m_playing;
        m_active = m_settings.showCursor = true;
        if (cursor.done()) cursor.reset();
    }
    ImGui::SameLine();
    if (ImGui::Button("Step")) {
        m_active = m_settings.showCursor = true;
        if (!cursor.done()) cursor.step();
    }
    ImGui::SameLine();
    if (ImGui::Button("Row")) {
        m_active = m_settings.showCursor = true;
        if (!cursor.done()) cursor.stepRow();
    }
    ImGui::SameLine();
    if (ImGui::Button("Next hit")) {
        m_active = m_settings.showCursor = true;
        m_playing = false;
        m_lastRunFoundHit = cursor.runToNextHit();
    }
    ImGui::SameLine();
    if (ImGui::Button("Reset")) {
        cursor.reset();
        m_playing = false;
        m_lastRunFoundHit = true;
    }
    float speed = float(m_settings.speed);
    if (ImGui::SliderFloat("Speed (samples/s)", &speed, 1.0f, 100000.0f, "%.0f", ImGuiSliderFlags_Logarithmic)) {
        m_settings.speed = speed;
    }
    ImGui::Separator();
    if (cursor.done()) {
        ImGui::Text("Scan finished: %lld samples, %lld hits.", static_cast<long long>(cursor.total()),
                    static_cast<long long>(cursor.hitsBefore()));
        if (!m_lastRunFoundHit) ImGui::TextDisabled("No further hit.");
        return;
    }
    const ScanSample& s = cursor.current();
    ImGui::ProgressBar(float(double(s.index) / double(std::max<std::int64_t>(1, cursor.total()))), ImVec2(-1, 0));
    if (ImGui::BeginTable("sample", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
        auto row = [](const char* label, const char* fmt, auto... args) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::TextUnformatted(label);
            ImGui::TableSetColumnIndex(1);
            ImGui::Text(fmt, args...);
        };
        row("sample", "%lld of %lld", static_cast<long long>(s.index), static_cast<long long>(cursor.total()));
        row("A pixel", "(%d, %d)", s.a.x, s.a.y);
        row("alpha A", "%d (%s)", int(s.alphaA), s.solidA ? "solid" : "clear");
        row("position in B", "(%.4f, %.4f)", printable(s.positionInB.x, 4), printable(s.positionInB.y, 4));
        row("B pixel", "(%d, %d)", s.b.x, s.b.y);
        row("inside B", "%s", s.insideB ? "yes" : "no");
        row("alpha B", "%d (%s)", int(s.alphaB), s.solidB ? "solid" : "clear");
        row("hit", "%s", s.hit ? "YES" : "no");
        row("hits before", "%lld", static_cast<long long>(cursor.hitsBefore()));
        ImGui::EndTable();
    }
}

}  // namespace cl
