#include "app/tools/transform_tool.h"

#include <string>

#include <imgui.h>

#include "app/tools/tool_context.h"
#include "app/views/number_format.h"

namespace cl {

namespace {

void matrixTable(const char* id, const char* title, const glm::dmat3& m) {
    ImGui::TextUnformatted(title);
    if (ImGui::BeginTable(id, 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame)) {
        for (int row = 0; row < 3; ++row) {
            ImGui::TableNextRow();
            for (int col = 0; col < 3; ++col) {
                ImGui::TableSetColumnIndex(col);
                ImGui::Text("%10.4f", printable(m[col][row], 4));  // GLM is column-major; print as written on paper
            }
        }
        ImGui::EndTable();
    }
}

void vectorRow(const char* label, glm::dvec2 v, const char* tip) {
    ImGui::Text("%-9s (%9.4f, %9.4f)", label, printable(v.x, 4), printable(v.y, 4));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
}

}  // namespace

void TransformTool::drawPanel(ToolContext& ctx) {
    const PairAnalysis& pair = ctx.report().pair();
    if (pair.a < 0) {
        ImGui::TextDisabled("Pick a pair of sprites in the Sprites panel.");
        return;
    }
    const Scene& scene = ctx.document().scene();
    const PairTransform& t = pair.transform;
    const std::string a = scene.sprites[pair.a].name, b = scene.sprites[pair.b].name;
    ImGui::TextWrapped("A = %s, B = %s. Column vectors: world = M * (x, y, 1). Sampling: %s.", a.c_str(), b.c_str(),
                       std::string(samplingName(scene.sampling)).c_str());
    ImGui::Separator();
    matrixTable("worldA", ("A world: T(pos) R(rot) S(scale) T(-origin)  [" + a + "]").c_str(), t.worldA);
    matrixTable("worldB", ("B world  [" + b + "]").c_str(), t.worldB);
    matrixTable("inverseB", "inverse(B): world -> B's pixels", t.inverseB);
    matrixTable("aToB", "inverse(B) * A: A's pixels -> B's pixels", t.aToB);
    ImGui::Separator();
    vectorRow("stepX", t.stepX, "One pixel right in A, seen in B: aToB applied to (1, 0).");
    vectorRow("stepY", t.stepY, "One row down in A, seen in B: aToB applied to (0, 1).");
    vectorRow("start", t.start, "Where A's first sample (pixel 0, 0) lands in B.");
    ImGui::TextDisabled("The scan: position = start + x * stepX + y * stepY,\nexact in 32.32 fixed point.");
}

}  // namespace cl
