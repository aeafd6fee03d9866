// The Step-through panel: core's ScanCursor driven one sample, one row or one hit at a time.
#include <cmath>

#include <imgui.h>

#include "app/shell/panels.h"

namespace cl {

void updateStepThrough(SandboxState& state, double seconds) {
    StepThrough& st = state.step;
    const PairAnalysis& pair = state.report.pair();
    if (pair.a < 0) {
        st.cursor.reset();
        return;
    }
    if (!st.cursor || st.generation != state.report.generation()) {
        const auto& shapes = state.report.sprites();
        const Scene& scene = state.document.scene();
        // Keep the position in the scan across edits so a student can drag while watching one sample.
        const std::int64_t keep = st.cursor && !st.cursor->done() ? st.cursor->current().index : 0;
        st.maskA = shapes[pair.a].mask;
        st.maskB = shapes[pair.b].mask;
        st.cursor = std::make_unique<ScanCursor>(Body{st.maskA.get(), scene.sprites[pair.a].transform},
                                                 Body{st.maskB.get(), scene.sprites[pair.b].transform}, scene.sampling);
        const std::int64_t target = std::min<std::int64_t>(keep, st.cursor->total());
        const std::int64_t width = st.maskA->width();
        while (width > 0 && !st.cursor->done() && st.cursor->current().index + width <= target) st.cursor->stepRow();
        while (!st.cursor->done() && st.cursor->current().index < target) st.cursor->step();
        st.generation = state.report.generation();
    }
    if (st.playing && !st.cursor->done()) {
        st.carry += seconds * state.settings.stepSpeed;
        const auto steps = static_cast<std::int64_t>(std::floor(st.carry));
        st.carry -= double(steps);
        for (std::int64_t i = 0; i < steps && !st.cursor->done(); ++i) st.cursor->step();
        if (st.cursor->done()) st.playing = false;
    }
}

void drawStepPanel(SandboxState& state) {
    StepThrough& st = state.step;
    if (!st.cursor) {
        ImGui::TextDisabled("Pick a pair of sprites in the Sprites panel.");
        return;
    }
    ScanCursor& cursor = *st.cursor;
    ImGui::TextWrapped("Walks every pixel of A in row order with the step vectors, as pixel-step does, "
                       "and shows where each sample lands in B.");
    ImGui::Checkbox("Show the cursor in the views", &st.active);
    if (ImGui::Button(st.playing ? "Pause" : "Play")) {
        st.playing = !st.playing;
        st.active = true;
        if (cursor.done()) cursor.reset();
    }
    ImGui::SameLine();
    if (ImGui::Button("Step")) {
        st.active = true;
        if (!cursor.done()) cursor.step();
    }
    ImGui::SameLine();
    if (ImGui::Button("Row")) {
        st.active = true;
        if (!cursor.done()) cursor.stepRow();
    }
    ImGui::SameLine();
    if (ImGui::Button("Next hit")) {
        st.active = true;
        st.playing = false;
        st.lastRunFoundHit = cursor.runToNextHit();
    }
    ImGui::SameLine();
    if (ImGui::Button("Reset")) {
        cursor.reset();
        st.playing = false;
        st.lastRunFoundHit = true;
    }
    float speed = float(state.settings.stepSpeed);
    if (ImGui::SliderFloat("Speed (samples/s)", &speed, 1.0f, 100000.0f, "%.0f", ImGuiSliderFlags_Logarithmic)) {
        state.settings.stepSpeed = speed;
    }
    ImGui::Separator();
    if (cursor.done()) {
        ImGui::Text("Scan finished: %lld samples, %lld hits.", static_cast<long long>(cursor.total()),
                    static_cast<long long>(cursor.hitsBefore()));
        if (!st.lastRunFoundHit) ImGui::TextDisabled("No further hit.");
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
        row("position in B", "(%.4f, %.4f)", s.positionInB.x, s.positionInB.y);
        row("B pixel", "(%d, %d)", s.b.x, s.b.y);
        row("inside B", "%s", s.insideB ? "yes" : "no");
        row("alpha B", "%d (%s)", int(s.alphaB), s.solidB ? "solid" : "clear");
        row("hit", "%s", s.hit ? "YES" : "no");
        row("hits before", "%lld", static_cast<long long>(cursor.hitsBefore()));
        ImGui::EndTable();
    }
}

}  // namespace cl
