#include "app/tools/collider_tool.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include <imgui.h>
#include <nlohmann/json.hpp>

#include "app/analysis/latest_worker.h"
#include "app/cli/collider_output.h"
#include "app/editor/document.h"
#include "app/tools/colour_key.h"
#include "app/tools/command_table.h"
#include "app/tools/settings_fields.h"
#include "app/tools/tool_context.h"
#include "app/views/text_wrap.h"
#include "app/views/view_drawing.h"
#include "core/base/mask_cache.h"
#include "core/base/sprite_transform.h"
#include "core/collider/make_collider.h"
#include "core/io/atomic_file.h"

namespace cl {

namespace {

// 0xRRGGBBAA, named in the panel.
constexpr std::uint32_t kPieceColour = 0xE6FF3CFF;   // yellow-green (apart from the Tight AABB green): the pieces' outlines, vertices and indices
constexpr std::uint32_t kMissedColour = 0xFF3C28FF;  // red: solid pixels the collider misses
constexpr std::uint32_t kExtraColour = 0x28DCFFFF;   // light blue: clear pixels the collider covers
constexpr std::uint8_t kHeatAlpha = 210;

const char* const kModeNames[] = {"outer", "inner", "balanced"};
const char* const kModeHelp[] = {"covers every solid pixel: never misses a hit the pixels report",
                                 "inside the solid pixels: never reports a hit the pixels would not",
                                 "within epsilon of the pixels both ways (Hausdorff distance)"};

std::string number(double value, int digits) {
    if (!std::isfinite(value)) return "inf";
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", digits, value);
    return text;
}

std::size_t vertexCount(const Collider& collider) {
    std::size_t n = 0;
    for (const ColliderPiece& piece : collider.pieces) n += piece.size();
    return n;
}

}  // namespace

std::optional<ColliderToolJob> colliderJobFor(const Scene& scene, int index) {
    if (index < 0 || index >= int(scene.sprites.size())) return std::nullopt;
    const SceneSprite& sprite = scene.sprites[std::size_t(index)];
    if (!sprite.pixels) return std::nullopt;
    return ColliderToolJob{index, sprite.pixels, sprite.alphaThreshold, sprite.colliderOptions()};
}

ColliderToolAnswer buildColliderAnswer(const ColliderToolJob& job, MaskCache& masks) {
    const auto start = std::chrono::steady_clock::now();
    const std::shared_ptr<const AlphaMask> mask = masks.get(job.pixels, job.threshold);
    ColliderToolAnswer answer;
    answer.job = job;
    answer.collider = makeCollider(*mask, job.options);
    answer.errors = colliderPixelErrors(*mask, answer.collider.pieces);
    answer.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return answer;
}

bool setSpriteCollider(Document& doc, int index, ColliderOptions options, std::string_view mergeKey) {
    const Scene& scene = doc.scene();
    if (index < 0 || index >= int(scene.sprites.size())) return false;
    options.epsilon = std::isfinite(options.epsilon) ? std::clamp(options.epsilon, kMinToolEpsilon, kMaxToolEpsilon) : 1.0;
    options.maxVertices = std::clamp(options.maxVertices, kMinColliderVertices, kMaxColliderVertices);
    const SceneSprite& sprite = scene.sprites[std::size_t(index)];
    if (sprite.collider == options) return true;
    return doc.edit("Collider of " + sprite.name, [&](Scene& s) { s.sprites[std::size_t(index)].collider = options; }, mergeKey);
}

std::filesystem::path defaultColliderExportFile(const std::filesystem::path& sceneFile, const std::string& spriteName,
                                                const std::string& format) {
    const std::string file = spriteName + colliderFormatExtension(format);
    return sceneFile.empty() ? std::filesystem::path(file) : sceneFile.parent_path() / file;
}

std::string exportSpriteCollider(const SceneSprite& sprite, const ColliderToolAnswer& answer, const std::string& format,
                                 const std::filesystem::path& file, const std::filesystem::path& sceneFile) {
    if (file.empty()) return "Export: no file name given";
    std::vector<std::filesystem::path> inputs;
    for (const std::filesystem::path& p : {sceneFile, sprite.imagePath, sprite.atlasPath})
        if (!p.empty()) inputs.push_back(p);
    if (std::string problem = outputProblem(file, inputs); !problem.empty()) return problem;
    const ColliderFrame frame{sprite.name,          answer.job.pixels->width, answer.job.pixels->height,
                              answer.job.threshold, answer.job.options,       sprite.transform.origin,
                              answer.collider};
    const std::string source = sceneFile.empty() ? std::string("(untitled scene)") : sceneFile.generic_string();
    const ColliderOutput output = colliderOutput({frame}, format, source);
    if (!output.ok()) return output.error + "; nothing written";
    return writeFileAtomically(file, output.text, inputs);
}

/// Makes colliders on a LatestWorker: the newest job wins; its masks are cached on the worker.
class ColliderWorker {
public:
    using Answer = std::shared_ptr<const ColliderToolAnswer>;
    ColliderWorker()
        : m_worker([this](std::optional<ColliderToolJob> job, Worker::Job& control) {
              if (job && !control.stale()) {
                  control.deliver(std::make_shared<const ColliderToolAnswer>(buildColliderAnswer(*job, m_masks)));
                  m_masks.pruneUnused();
              }
              return false;
          }) {}
    void post(ColliderToolJob job) { m_worker.post(std::move(job)); }
    std::optional<Answer> take() { return m_worker.take(); }

private:
    using Worker = LatestWorker<ColliderToolJob, Answer>;
    MaskCache m_masks;  // used on the worker thread only
    Worker m_worker;    // last: stopped before the cache goes
};

ColliderTool::ColliderTool() : m_worker(std::make_unique<ColliderWorker>()) {}
ColliderTool::~ColliderTool() = default;

void ColliderTool::sceneOpened() {
    m_poseMap.reset();
    m_asked.reset();
    m_shown.reset();
    m_exportMessage.clear();
}

void ColliderTool::update(ToolContext& ctx) {
    m_panelOpen = false;
    (void)ctx;
}

void ColliderTool::ask(const ToolContext& ctx) {
    if (auto answer = m_worker->take()) m_shown = *answer;
    const std::optional<ColliderToolJob> job = colliderJobFor(ctx.document().scene(), ctx.focusSprite());
    if (!job) {
        m_asked.reset();
        return;
    }
    if (m_asked == job) return;
    m_asked = job;
    m_worker->post(*job);
}

void ColliderTool::drawPanel(ToolContext& ctx) {
    m_panelOpen = true;
    ask(ctx);
    const int sprite = m_asked ? m_asked->sprite : -1;
    if (sprite < 0) {
        ImGui::TextDisabled("Select a sprite.");
        return;
    }
    drawControls(ctx, sprite);
    ImGui::Separator();
    drawCertificate(ctx);
    ImGui::Separator();
    drawExport(ctx, sprite);
    ImGui::Separator();
    m_poseMap.draw(ctx);
}

void ColliderTool::drawControls(ToolContext& ctx, int sprite) {
    Document& doc = ctx.document();
    const SceneSprite& s = doc.scene().sprites[std::size_t(sprite)];
    // Where each control is on screen, for --describe-ui (the UI test drives them with xdotool).
    const auto remember = [this](const std::string& name) {
        const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        m_widgets[name] = {a.x, a.y, b.x, b.y};
    };
    ImGui::Text("Sprite: %s%s", s.name.c_str(), s.collider ? "" : "  (default settings)");
    ColliderOptions options = s.colliderOptions();
    const std::string key = "collider." + std::to_string(sprite) + ".";
    const float width = ImGui::GetFontSize() * 12.0f;

    for (int m = 0; m < IM_ARRAYSIZE(kModeNames); ++m) {
        if (m > 0) ImGui::SameLine();
        if (ImGui::RadioButton(kModeNames[m], options.mode == ColliderMode(m)) && options.mode != ColliderMode(m)) {
            options.mode = ColliderMode(m);
            setSpriteCollider(doc, sprite, options);
        }
        remember(std::string("mode.") + kModeNames[m]);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kModeHelp[m]);
    }

    float epsilon = float(options.epsilon);
    ImGui::SetNextItemWidth(width);
    if (ImGui::SliderFloat("epsilon (px)", &epsilon, 0.1f, 16.0f, "%.2f", ImGuiSliderFlags_Logarithmic)) {
        options.epsilon = double(epsilon);
        setSpriteCollider(doc, sprite, options, key + "epsilon");
    }
    remember("epsilon");
    if (ImGui::IsItemDeactivated()) doc.breakMerge();

    int vertices = options.maxVertices;
    ImGui::SetNextItemWidth(width);
    if (ImGui::SliderInt("max vertices", &vertices, kMinColliderVertices, kMaxColliderVertices)) {
        options.maxVertices = vertices;
        setSpriteCollider(doc, sprite, options, key + "vertices");
    }
    remember("max_vertices");
    if (ImGui::IsItemDeactivated()) doc.breakMerge();

    int threshold = s.alphaThreshold;
    ImGui::SetNextItemWidth(width);
    if (ImGui::SliderInt("threshold", &threshold, 0, 255, "alpha > %d")) doc.setThreshold(sprite, threshold, key + "threshold");
    remember("threshold");
    if (ImGui::IsItemDeactivated()) doc.breakMerge();

    ImGui::Checkbox("pieces", &m_showPieces);
    ImGui::SameLine();
    ImGui::Checkbox("error pixels", &m_showErrors);
    sameLineIfFits(ImGui::CalcTextSize("(in the world view)").x);
    ImGui::TextDisabled("(in the world view)");
    remember("in_the_world_view");
}

void ColliderTool::drawCertificate(const ToolContext& ctx) {
    if (!m_shown) {
        ImGui::TextDisabled("Collider: making...");
        return;
    }
    const ColliderToolAnswer& a = *m_shown;
    const ColliderCertificate& c = a.collider.certificate;
    const bool updating = m_asked && !(*m_asked == a.job);
    const Scene& scene = ctx.document().scene();
    const std::string name = a.job.sprite < int(scene.sprites.size()) ? scene.sprites[std::size_t(a.job.sprite)].name : "?";
    ImGui::TextWrapped("%s, %s, epsilon %s px, max %d: %zu pieces, %zu vertices%s", name.c_str(), colliderModeName(a.job.options.mode),
                number(a.job.options.epsilon, 2).c_str(), a.job.options.maxVertices, a.collider.pieces.size(),
                vertexCount(a.collider), updating ? " (updating)" : "");
    colourKey("pieces", kPieceColour, "Each convex piece's outline, its vertices and its index.", true);
    const std::string missed = "missed pixels: " + std::to_string(a.errors.missed.size());
    colourKey(missed.c_str(), kMissedColour, "Solid pixels whose centre is outside the collider (missed_pixels).", false);
    const std::string extra = "extra pixels: " + std::to_string(a.errors.extra.size());
    colourKey(extra.c_str(), kExtraColour, "Clear pixels (in the texture or not) whose centre is inside the collider (extra_pixels).",
              false);
    if (ImGui::BeginTable("##certificate", 2, ImGuiTableFlags_SizingFixedFit)) {
        const auto row = [](const char* label, const std::string& value) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(label);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(value.c_str());
        };
        row("missed area", number(c.missedArea, 2) + " px^2 (" + std::to_string(c.missedPixels) + " px)");
        row("extra area", number(c.extraArea, 2) + " px^2 (" + std::to_string(c.extraPixels) + " px)");
        row("IoU", number(c.iou, 4));
        row("Hausdorff", number(c.hausdorff, 2) + " px");
        row("dropped", c.dropped.empty() ? std::string("none") : std::to_string(c.dropped.size()) + " parts");
        row("made in", number(a.ms, 2) + " ms");
        ImGui::EndTable();
    }
    for (const DroppedPart& d : c.dropped)
        ImGui::BulletText("dropped at (%.1f, %.1f): %s px^2", d.at.x, d.at.y, number(d.area, 2).c_str());
}

void ColliderTool::drawExport(ToolContext& ctx, int sprite) {
    const std::vector<std::string>& formats = colliderFormats();
    const SceneSprite& s = ctx.document().scene().sprites[std::size_t(sprite)];
    m_exportFormat = std::clamp(m_exportFormat, 0, int(formats.size()) - 1);
    const bool ready = m_shown && m_asked && *m_asked == m_shown->job;
    ImGui::BeginDisabled(!ready);
    const bool clicked = ImGui::Button("Export...");
    m_widgets["export"] = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y};
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
    if (ImGui::BeginCombo("format", formats[std::size_t(m_exportFormat)].c_str())) {
        for (int i = 0; i < int(formats.size()); ++i)
            if (ImGui::Selectable(formats[std::size_t(i)].c_str(), i == m_exportFormat)) m_exportFormat = i;
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("What Export... writes: collision-lab collider --format %s", formats[std::size_t(m_exportFormat)].c_str());
    if (!ready) textDisabledWrapped("(Export... once the collider is made)");
    if (!m_exportMessage.empty()) ImGui::TextWrapped("%s", m_exportMessage.c_str());
    if (!clicked || !ready) return;
    // The file is chosen in the app's file browser; the export writes this answer (the one on screen now), with
    // a copy of the sprite as it is now, whatever changes while the browser is open.
    const std::string format = formats[std::size_t(m_exportFormat)];
    const std::string extension = colliderFormatExtension(format);
    m_exportMessage.clear();
    ctx.browseToSave({.title = "Export " + s.name + "'s collider (" + format + ") as",
                      .file = defaultColliderExportFile(ctx.sceneFile(), s.name, format),
                      .extensions = {std::filesystem::path(extension).extension().string()},
                      .defaultExtension = extension,
                      .write = [this, sprite = s, answer = m_shown, format, sceneFile = ctx.sceneFile()](const std::filesystem::path& file) {
                          const std::string error = exportSpriteCollider(sprite, *answer, format, file, sceneFile);
                          m_exportMessage = error.empty() ? "Wrote " + file.string() : error;
                          return error;
                      }});
}

void ColliderTool::drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const {
    const ColliderToolAnswer& a = *m_shown;
    const Scene& scene = ctx.document().scene();
    if (a.job.sprite < 0 || a.job.sprite >= int(scene.sprites.size())) return;
    const SceneSprite& sprite = scene.sprites[std::size_t(a.job.sprite)];
    if (sprite.pixels != a.job.pixels) return;  // another frame or image: the answer is not about what is shown
    const glm::dmat3 toWorld = worldMatrix(sprite.transform);
    const auto screen = [&](glm::dvec2 texture) { return view.camera->worldToScreen(transformPoint(toWorld, texture)); };
    if (m_showErrors) {
        const auto heat = [&](const std::vector<glm::ivec2>& pixels, std::uint32_t rgba) {
            const ImU32 colour = toImColor(withAlpha(rgba, kHeatAlpha));
            for (const glm::ivec2 p : pixels) {
                const glm::dvec2 o(p);
                view.list->AddQuadFilled(toIm(screen(o)), toIm(screen(o + glm::dvec2(1, 0))), toIm(screen(o + glm::dvec2(1, 1))),
                                         toIm(screen(o + glm::dvec2(0, 1))), colour);
            }
        };
        heat(a.errors.missed, kMissedColour);
        heat(a.errors.extra, kExtraColour);
    }
    if (!m_showPieces) return;
    const ImU32 colour = toImColor(kPieceColour);
    std::vector<glm::dvec2> points;
    for (std::size_t i = 0; i < a.collider.pieces.size(); ++i) {
        const ColliderPiece& piece = a.collider.pieces[i];
        points.clear();
        glm::dvec2 centre{0.0, 0.0};
        for (const glm::dvec2 v : piece) {
            points.push_back(screen(v));
            centre += v;
        }
        drawPolyline(view.list, points.data(), int(points.size()), colour, 2.0f);
        for (const glm::dvec2 p : points) view.list->AddCircleFilled(toIm(p), 3.0f, colour);
        drawLabel(view.list, screen(centre / double(piece.size())), colour, std::to_string(i).c_str());
    }
}

void ColliderTool::addCommands(CommandTable& commands) {
    // A gesture row (no action): F1 and the controls table list it.
    Command c;
    c.id = "gesture.collider.pose-map";
    c.keys = "Every pose window: click / wheel / right drag";
    c.help = "Collider: move B to the cell / zoom the pose map about the mouse / pan it";
    commands.add(std::move(c));
}

void ColliderTool::describeUi(nlohmann::json& ui) const {
    m_poseMap.describe(ui);
    if (!m_shown) return;
    const ColliderToolAnswer& a = *m_shown;
    ui["collider"] = {{"sprite", a.job.sprite},
                      {"mode", colliderModeName(a.job.options.mode)},
                      {"epsilon", a.job.options.epsilon},
                      {"max_vertices", a.job.options.maxVertices},
                      {"threshold", a.job.threshold},
                      {"pieces", a.collider.pieces.size()},
                      {"vertices", vertexCount(a.collider)},
                      {"current", m_asked && *m_asked == a.job},
                      {"export_format", colliderFormats()[std::size_t(std::clamp(m_exportFormat, 0, int(colliderFormats().size()) - 1))]},
                      {"export_message", m_exportMessage}};
    for (const auto& [name, r] : m_widgets) ui["collider"]["widgets"][name] = r;
    ui["collider"]["certificate"] = nlohmann::json(colliderCertificateJson(a.collider.certificate));
}

void ColliderTool::saveSettings(nlohmann::json& settings) const {
    settings["collider_show_pieces"] = m_showPieces;
    settings["collider_show_errors"] = m_showErrors;
    settings["collider_pose_map_window"] = m_poseMap.windowOpen();
}

void ColliderTool::loadSettings(const nlohmann::json& settings, std::vector<std::string>& warnings) {
    readSettingsBool(settings, "collider_show_pieces", m_showPieces, warnings);
    readSettingsBool(settings, "collider_show_errors", m_showErrors, warnings);
    bool poseMapWindow = m_poseMap.windowOpen();
    readSettingsBool(settings, "collider_pose_map_window", poseMapWindow, warnings);
    m_poseMap.setWindowOpen(poseMapWindow);
}

}  // namespace cl
