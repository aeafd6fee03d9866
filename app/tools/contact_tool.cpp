#include "app/tools/contact_tool.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>

#include <imgui.h>

#include "app/analysis/latest_worker.h"
#include "app/tools/cspace_drag.h"
#include "app/tools/cspace_layout.h"
#include "app/tools/tool_context.h"
#include "app/views/number_format.h"
#include "app/views/text_wrap.h"
#include "app/views/view_drawing.h"
#include "core/contact/contact_map_image.h"
#include "core/check/scene_check.h"

namespace cl {

namespace contactPalette {
inline constexpr std::uint32_t kSeparation = 0x00d8ffffu;  // cyan: separation vector and its ghost
inline constexpr std::uint32_t kGradient = 0xb06cffffu;    // violet: the gradient normal
inline constexpr std::uint32_t kPush = 0x7cd62cffu;        // lime: push-out and its ghost
inline constexpr std::uint32_t kApproach = 0xef8a00ffu;    // orange: approach and its ghost
inline constexpr std::uint32_t kCurrent = 0xe0402affu;     // red: A where it stands (the map's crosshair)
inline constexpr std::uint32_t kLagging = 0xf0c040ffu;     // amber: the map shown is of an earlier pose
}  // namespace contactPalette

/// Rows of the numbers' block: a hit's five lines and the worker line, which may wrap once.
inline constexpr float kNumberLines = 7.0f;

/// Everything the worker needs for one answer; masks are shared so they outlive the work.
struct ContactJob {
    std::uint64_t id = 0;
    std::shared_ptr<const AlphaMask> maskA, maskB;
    SpriteTransform a, b;
    ContactOptions options;
    glm::dvec2 push{0.0, -1.0};
    int spriteA = -1;
    bool rebuildMap = false;
    std::uint64_t mapId = 0;
};

/// Adds a progress report to one not yet taken: the same map's rows append, a newer map replaces it.
void mergeMapProgress(std::optional<ContactTool::ShownMap>& into, ContactTool::ShownMap&& from) {
    if (!into) {
        into = std::move(from);
        return;
    }
    mergePendingRows(into->rows, std::move(from.rows));
    from.rows = std::move(into->rows);
    into = std::move(from);
}

/// What the worker hands the panel: the newest answer and the map's progress since the last take.
struct ContactDelivery {
    std::optional<ContactTool::Shown> shown;
    std::optional<ContactTool::ShownMap> map;
};

/// The tool's own worker: answers the contact questions for the newest job, and between answers fills the
/// newest map a few milliseconds at a time, drawing its image rows as they fill. It runs on a LatestWorker
/// with two threads, one unit (an answer and a map chunk) at a time: while the pose keeps changing (a drag,
/// a turn) the background one, at a lower priority than the frame and the collision workers, so on a busy
/// machine the tool lags and the frame does not; once the scene is still, the foreground one, so a map that
/// is left to build gets a whole core's share.
class ContactWorker {
public:
    ContactWorker()
        : m_worker([this](std::optional<ContactJob> job, Worker::Job& control) { return work(std::move(job), control); },
                   WorkerThreads::TwoPriorities, [](ContactDelivery& pending, ContactDelivery&& next) {
                       if (next.shown) pending.shown = std::move(next.shown);
                       if (next.map) mergeMapProgress(pending.map, std::move(*next.map));
                   }) {}
    /// Makes `job` the newest question (its id is the tool's own, shared with the map ids).
    void post(ContactJob job) { m_worker.post(std::move(job)); }
    /// Which thread takes the next unit of work: the background one while the scene's pose is changing.
    void setBackground(bool background) { m_worker.setBackground(background); }
    /// Moves out the newest answer and the map progress, if any arrived since the last call.
    void take(std::optional<ContactTool::Shown>& shown, std::optional<ContactTool::ShownMap>& map) {
        std::optional<ContactDelivery> d = m_worker.take();
        if (!d) return;
        if (d->shown) shown = std::move(d->shown);
        if (d->map) mergeMapProgress(map, std::move(*d->map));
    }

private:
    using Worker = LatestWorker<ContactJob, ContactDelivery>;
    // About this long per map chunk, so an answer asked for meanwhile waits at most that long.
    static constexpr double kChunkMs = 3.0;

    // One unit: the answer to `job` if any, then one chunk of the map. Returns true while a map is filling
    // or waiting to start. Once the worker is stopping, nothing more is started.
    bool work(std::optional<ContactJob> job, Worker::Job& control) {
        // The one work budget's stop hook: quitting the sandbox stops a huge answer or map set-up within a test.
        m_budget.stopWhen([&control] { return control.stopping(); });
        try {
            return workWithin(std::move(job), control);
        } catch (const WorkBudgetExceeded&) {
            return false;  // stopping: nothing more is delivered or started
        }
    }

    bool workWithin(std::optional<ContactJob> job, Worker::Job& control) {
        if (job) job->options.budget = &m_budget;
        if (job && !control.stopping()) {
            const auto start = std::chrono::steady_clock::now();
            const ContactPair pair(Body{job->maskA.get(), job->a}, Body{job->maskB.get(), job->b}, job->options);
            ContactTool::Shown shown;
            shown.jobId = job->id;
            shown.report = contactReport(pair, job->push);
            shown.a = job->spriteA;
            shown.pushDirection = job->push;
            shown.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            // A map that is filling is finished first (a new one every frame of a turn would never finish);
            // the newest request waits and starts when it is done.
            if (job->rebuildMap) m_waiting = std::move(*job);
            control.deliver(ContactDelivery{std::move(shown), std::nullopt});
        }
        // Then one chunk of the map before the next answer: a stream of answers must not starve the map.
        if (!control.stopping()) mapChunk(control);
        return (m_builder && !m_builder->complete()) || m_waiting.has_value();
    }

    void mapChunk(Worker::Job& control) {
        if ((!m_builder || m_builder->complete()) && m_waiting) {
            const ContactJob& w = *m_waiting;
            const ContactPair pair(Body{w.maskA.get(), w.a}, Body{w.maskB.get(), w.b}, w.options);
            m_builder.reset();
            m_mapMaskA = w.maskA;
            m_mapMaskB = w.maskB;
            if (cellCount(pair.defaultWindow()) <= kMaxContactMapCells) m_builder = std::make_unique<ContactMapBuilder>(pair);
            m_base = w.a.position;
            m_mapId = w.mapId;
            m_mapMs = 0.0;
            m_imageRowsSent = 0;
            m_waiting.reset();
            if (!m_builder) {
                ContactTool::ShownMap empty;
                empty.base = m_base;
                empty.mapId = m_mapId;
                empty.rows.mapId = m_mapId;
                control.deliver(ContactDelivery{std::nullopt, std::move(empty)});
                return;
            }
            m_block = mapImageBlock(m_builder->map().window);
        }
        if (!m_builder || m_builder->complete()) return;
        const int rowsBefore = m_builder->map().rowsDone;
        const std::int64_t budget = std::max<std::int64_t>(1024, std::int64_t(m_unitsPerMs * kChunkMs));
        const auto start = std::chrono::steady_clock::now();
        m_builder->advance(budget);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        m_mapMs += ms;
        const ContactMap& map = m_builder->map();
        // The budget is in the builder's work units; the set-up (no rows) says nothing of their speed.
        if (ms > 0.05 && map.rowsDone > rowsBefore) m_unitsPerMs = std::clamp(0.5 * m_unitsPerMs + 0.5 * double(budget) / ms, 200.0, 1e7);
        const int imageHeight = (map.window.height() + m_block - 1) / m_block;
        const int done = map.complete() ? imageHeight : map.rowsDone / m_block;
        ContactTool::ShownMap progress;
        progress.map.window = map.window;
        progress.map.step = map.step;
        progress.map.rowsDone = map.rowsDone;
        progress.base = m_base;
        progress.mapId = m_mapId;
        progress.ms = m_mapMs;
        progress.block = m_block;
        progress.rows = PendingMapRows{m_mapId, m_imageRowsSent, mapImageRows(map, m_block, m_imageRowsSent, done)};
        m_imageRowsSent = done;
        control.deliver(ContactDelivery{std::nullopt, std::move(progress)});
    }

    // The work state: touched by one unit at a time (LatestWorker runs one at a time).
    WorkBudget m_budget;  // no limit; its stop hook is the running unit's stopping()
    std::shared_ptr<const AlphaMask> m_mapMaskA, m_mapMaskB;  // keep the map's masks alive while it fills
    std::unique_ptr<ContactMapBuilder> m_builder;
    std::optional<ContactJob> m_waiting;  // the newest map asked for while another was filling
    glm::dvec2 m_base{0.0, 0.0};
    std::uint64_t m_mapId = 0;
    double m_mapMs = 0.0;
    double m_unitsPerMs = 2000.0;  // advance()'s work units a millisecond, learnt from each chunk; starts low
    int m_block = 1, m_imageRowsSent = 0;
    Worker m_worker;  // last: started after the state it works on, stopped first
};

namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v) { return (h ^ v) * 0x100000001b3ull + 0x9e3779b97f4a7c15ull; }
std::uint64_t mixDouble(std::uint64_t h, double d) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &d, sizeof bits);
    return mix(h, bits);
}

// The map depends on everything but A's position (the map is anchored at the position it was built at).
std::uint64_t mapKeyOf(const ContactJob& j, Sampling sampling, ScanDirection scan) {
    std::uint64_t h = 1469598103934665603ull;
    h = mix(h, reinterpret_cast<std::uintptr_t>(j.maskA.get()));
    h = mix(h, reinterpret_cast<std::uintptr_t>(j.maskB.get()));
    for (double d : {j.a.origin.x, j.a.origin.y, j.a.rotationDeg, j.a.scale.x, j.a.scale.y, j.b.position.x, j.b.position.y,
                     j.b.origin.x, j.b.origin.y, j.b.rotationDeg, j.b.scale.x, j.b.scale.y})
        h = mixDouble(h, d);
    h = mix(h, reinterpret_cast<std::uintptr_t>(j.options.test));
    h = mix(h, static_cast<std::uint64_t>(j.options.resolution));
    h = mix(h, static_cast<std::uint64_t>(sampling));
    return mix(h, static_cast<std::uint64_t>(scan));
}

// Up to four decimals, trailing zeros dropped (lattice offsets are multiples of 1/8: exact), never "-0".
std::string formatNumber(double value) {
    char text[64];
    std::snprintf(text, sizeof text, "%.4f", printable(value, 4));
    std::string s = text;
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

std::string vec(glm::dvec2 v) {
    char text[160];
    std::snprintf(text, sizeof text, "(%s, %s)", formatNumber(v.x).c_str(), formatNumber(v.y).c_str());
    return text;
}

// Wrapped so a narrow panel shows every number, never inside one or inside a vector.
void colourText(std::uint32_t rgba, const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(toImColor(rgba)));
    textWrappedWhole(text);
    ImGui::PopStyleColor();
}

// A colour's name in the legend line, on the same line while it fits.
void colourName(std::uint32_t rgba, const char* text, bool first) {
    if (!first) sameLineIfFits(ImGui::CalcTextSize(text).x, 10.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(toImColor(rgba)), "%s", text);
}

void drawGhost(ImDrawList* list, const Camera& camera, const Quad& quad, glm::dvec2 shift, std::uint32_t rgba) {
    glm::dvec2 points[5];
    for (int i = 0; i < 4; ++i) points[i] = camera.worldToScreen(quad[i] + shift);
    points[4] = points[0];
    ImVec2 fill[4];
    for (int i = 0; i < 4; ++i) fill[i] = toIm(points[i]);
    list->AddConvexPolyFilled(fill, 4, toImColor(withAlpha(rgba, 40)));
    drawPolyline(list, points, 5, toImColor(rgba), 2.0f);
}

const char* kPushNames[] = {"free", "up", "down", "left", "right", "custom"};

// The scene counts as still this long after the tool last asked a new question.
constexpr auto kStillAfter = std::chrono::milliseconds(250);

/// A label's screen rectangle.
struct LabelBox {
    glm::dvec2 topLeft{0.0, 0.0};
    glm::dvec2 size{0.0, 0.0};
    glm::dvec2 bottomRight() const { return topLeft + size; }
    bool overlaps(const LabelBox& o) const {
        return topLeft.x < o.bottomRight().x && o.topLeft.x < bottomRight().x && topLeft.y < o.bottomRight().y &&
               o.topLeft.y < bottomRight().y;
    }
};

// Just beyond an arrow's tip in the arrow's direction: to the left of the tip for an arrow pointing left,
// above it for one pointing up, so the text never lies across its own arrow.
LabelBox labelBeyond(glm::dvec2 tip, glm::dvec2 direction, const char* text) {
    const ImVec2 textSize = ImGui::CalcTextSize(text);
    const glm::dvec2 size(textSize.x, textSize.y);
    const glm::dvec2 anchor = tip + direction * 6.0;
    const glm::dvec2 topLeft(direction.x < 0.0 ? anchor.x - size.x : anchor.x, anchor.y - size.y * 0.5 + direction.y * size.y * 0.5);
    return {topLeft, size};
}

}  // namespace

ContactTool::ContactTool() : m_worker(std::make_unique<ContactWorker>()) {}
ContactTool::~ContactTool() = default;

void ContactTool::sceneOpened() {
    m_shown.reset();
    m_map.reset();
    m_haveMapKey = false;
    m_askedRevision = ~std::uint64_t{0};
    m_hoverCell.reset();
}

void ContactTool::update(ToolContext& ctx) {
    m_worker->take(m_shown, m_map);
    m_panelWasOpen = m_panelOpen;
    m_panelOpen = false;
    if (m_panelWasOpen) ask(ctx);  // nothing to compute while the tab is closed
    // While the pose keeps changing the frames come first; a still scene's map gets a full share.
    m_worker->setBackground(std::chrono::steady_clock::now() - m_lastAsked < kStillAfter);
}

void ContactTool::ask(ToolContext& ctx) {
    const CollisionReport& report = ctx.report();
    const PairAnalysis& pair = report.pair();
    m_stale = report.pending() || (m_shown && m_shown->jobId != m_askedGeneration);
    if (pair.a < 0 || pair.a >= int(report.sprites().size()) || pair.b >= int(report.sprites().size())) return;
    // Ask again only when the report adopted a new answer or the scene's contact settings changed.
    const Scene& scene = ctx.document().scene();
    const CheckContactSettings settings = contactSettings(scene, CheckOptions{});
    ContactJob job;
    job.maskA = report.sprites()[pair.a].mask;
    job.maskB = report.sprites()[pair.b].mask;
    if (!job.maskA || !job.maskB) return;
    job.a = report.sprites()[pair.a].transform;
    job.b = report.sprites()[pair.b].transform;
    job.options.test = settings.test;
    job.options.sampling = report.sampling();
    job.options.scan = scene.scan;
    job.options.resolution = settings.resolution;
    job.push = settings.push;
    job.spriteA = pair.a;
    std::uint64_t key = mapKeyOf(job, job.options.sampling, job.options.scan);
    const std::uint64_t inputs = mixDouble(mixDouble(mixDouble(mixDouble(key, job.a.position.x), job.a.position.y), job.push.x), job.push.y);
    if (inputs == m_askedRevision) return;
    m_askedRevision = inputs;
    const double step = 1.0 / settings.resolution;
    if (!m_haveMapKey || key != m_mapKey || !cellForPosition(m_mapBase, job.a.position, step)) {
        job.rebuildMap = true;
        m_haveMapKey = true;
        m_mapKey = key;
        m_mapBase = job.a.position;
        m_mapStep = step;
        job.mapId = ++m_askedGeneration;
        m_requestedMapId = job.mapId;
    }
    job.id = ++m_askedGeneration;
    m_stale = true;
    m_lastAsked = std::chrono::steady_clock::now();
    m_worker->post(std::move(job));
}

void ContactTool::drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const {
    const Shown& s = *m_shown;
    const CollisionReport& report = ctx.report();
    if (!s.report.applicable || s.a < 0 || s.a >= int(report.sprites().size())) return;
    const Camera& camera = *view.camera;
    const Quad& quad = report.sprites()[s.a].quad;
    const ContactReport& c = s.report;
    if (c.hit) {
        if (!m_free && c.push.distance > 0.0) drawGhost(view.list, camera, quad, c.push.vector, contactPalette::kPush);
        drawGhost(view.list, camera, quad, c.separation.vector, contactPalette::kSeparation);
        if (c.centroid) {
            const glm::dvec2 from = camera.worldToScreen(*c.centroid);
            const glm::dvec2 separationTip = camera.worldToScreen(*c.centroid + c.separation.vector);
            drawArrow(view.list, from, separationTip, toImColor(contactPalette::kSeparation), 3.0f);
            // Each label just beyond its arrow's tip; the two arrows often point alike, so the separation's
            // label moves below the gradient's when they would overlap.
            std::optional<LabelBox> gradientLabel;
            if (c.gradient.normal) {
                // The gradient normal has no length of its own: drawn 60 screen pixels long beside the separation.
                const glm::dvec2 tip = from + *c.gradient.normal * 60.0;
                drawArrow(view.list, from, tip, toImColor(contactPalette::kGradient), 2.0f);
                gradientLabel = labelBeyond(tip, *c.gradient.normal, "gradient normal");
                drawLabel(view.list, gradientLabel->topLeft, toImColor(contactPalette::kGradient), "gradient normal");
            }
            const glm::dvec2 away = c.separation.normal ? *c.separation.normal : glm::dvec2(0.0, -1.0);
            LabelBox separationLabel = labelBeyond(separationTip, away, "separation");
            if (gradientLabel && separationLabel.overlaps(*gradientLabel)) {
                const bool below = separationLabel.topLeft.y >= gradientLabel->topLeft.y;
                separationLabel.topLeft.y = below ? gradientLabel->bottomRight().y + 2.0
                                                  : gradientLabel->topLeft.y - separationLabel.size.y - 2.0;
            }
            drawLabel(view.list, separationLabel.topLeft, toImColor(contactPalette::kSeparation), "separation");
            drawCrosshair(view.list, from, toImColor(contactPalette::kSeparation), 6.0f);
        }
    } else if (c.approach.steps) {
        drawGhost(view.list, camera, quad, c.approach.vector, contactPalette::kApproach);
        const glm::dvec2 centre = (quad[0] + quad[2]) * 0.5;
        drawArrow(view.list, camera.worldToScreen(centre), camera.worldToScreen(centre + c.approach.vector),
                  toImColor(contactPalette::kApproach), 2.0f);
    }
}

void ContactTool::drawSettings(ToolContext& ctx) {
    Document& doc = ctx.document();
    const SceneContact current = doc.scene().contact.value_or(SceneContact{});
    auto setContact = [&](const char* label, const std::function<void(SceneContact&)>& change) {
        doc.edit(label, [&](Scene& scene) {
            SceneContact c = scene.contact.value_or(SceneContact{});
            change(c);
            scene.contact = c;
        });
    };
    const CheckContactSettings settings = contactSettings(doc.scene(), CheckOptions{});
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11.5f);
    if (ImGui::BeginCombo("test", std::string(settings.test->name).c_str())) {
        for (const Algorithm& a : ctx.report().algorithms().all()) {
            if (contactTestProblem(a.name)) continue;
            if (ImGui::Selectable(std::string(a.name).c_str(), &a == settings.test)) {
                const std::string name(a.name);
                setContact("Contact test", [&](SceneContact& c) { c.test = name; });
            }
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The contact test: every answer is this pixel test run with A moved by an offset.");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
    const std::string resolutionText = "h = 1/" + std::to_string(settings.resolution);
    if (ImGui::BeginCombo("resolution", resolutionText.c_str())) {
        for (int r : kContactResolutions) {
            if (ImGui::Selectable(("h = 1/" + std::to_string(r)).c_str(), r == settings.resolution))
                setContact("Contact resolution", [&](SceneContact& c) { c.resolution = r; });
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The lattice: offsets are whole multiples of h = 1/r world pixels.");
    int pushIndex = 1;
    if (m_free) pushIndex = 0;
    else if (current.pushVector) pushIndex = 5;
    else if (current.pushName) {
        for (int i = 1; i <= 4; ++i)
            if (*current.pushName == kPushNames[i]) pushIndex = i;
    }
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
    if (ImGui::Combo("push", &pushIndex, kPushNames, 6)) {
        m_free = pushIndex == 0;
        if (pushIndex >= 1 && pushIndex <= 4) {
            const std::string name = kPushNames[pushIndex];
            setContact("Push direction", [&](SceneContact& c) { c.pushName = name, c.pushVector.reset(); });
        } else if (pushIndex == 5 && !current.pushVector) {
            const glm::dvec2 v = settings.push;
            setContact("Push direction", [&](SceneContact& c) { c.pushVector = v, c.pushName.reset(); });
        }
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Push-out direction (saved in the scene's contact block). \"free\" shows only the separation vector\n"
                          "(any direction) and is not saved; approach goes opposite to the scene's push.");
    if (pushIndex == 5 && current.pushVector) {
        float v[2] = {float(current.pushVector->x), float(current.pushVector->y)};
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11.0f);
        if (ImGui::DragFloat2("##custom", v, 0.01f, -1.0f, 1.0f, "%.2f") && (v[0] != 0.0f || v[1] != 0.0f)) {
            const glm::dvec2 nv(v[0], v[1]);
            doc.edit("Push direction", [&](Scene& scene) { scene.contact->pushVector = nv; }, "contact.push");
        }
        if (ImGui::IsItemDeactivated()) doc.breakMerge();
    }
}

void ContactTool::drawNumbers(ToolContext&) {
    if (!m_shown) {
        ImGui::TextDisabled("Computing...");
        return;
    }
    const ContactReport& c = m_shown->report;
    if (!c.applicable) {
        ImGui::TextWrapped("Not applicable: %s", c.reason.c_str());
        return;
    }
    ImGui::Text("%s%s", c.hit ? "A hits B" : "A does not hit B", m_stale ? "   (updating...)" : "");
    if (c.hit) {
        colourText(contactPalette::kSeparation, ("separation " + vec(c.separation.vector) + "  depth " + formatNumber(c.separation.depth) +
                                                 "  normal " + (c.separation.normal ? vec(*c.separation.normal) : "-")).c_str());
        if (!m_free) colourText(contactPalette::kPush, ("push-out along " + vec(c.push.direction) + ": " + formatNumber(c.push.distance)).c_str());
        colourText(contactPalette::kGradient, ("gradient normal " + (c.gradient.normal ? vec(*c.gradient.normal) : "undefined (g = 0)") +
                                               "  g = " + vec(c.gradient.gradient)).c_str());
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("The pygame recipe: -(n(+h,0) - n(-h,0), n(0,+h) - n(0,-h)) normalised, n = overlap.\n"
                              "Compare its direction with the separation vector's: on spikes and combs it points the wrong way.");
        ImGui::Text("contact centroid %s", c.centroid ? vec(*c.centroid).c_str() : "-");
    } else {
        colourText(contactPalette::kApproach, ("approach along " + vec(c.approach.direction) + ": " +
                                               (c.approach.steps ? formatNumber(c.approach.distance) : std::string("none")) + " (limit " +
                                               formatNumber(double(c.approach.limitSteps) * c.step) + ")").c_str());
    }
    textDisabledWrapped("h = %s, %lld tests for the separation, %.2f ms on the tool's worker", formatNumber(c.step).c_str(),
                        static_cast<long long>(c.separation.testsRun), m_shown->ms);
}

void ContactTool::drawMap(ToolContext& ctx) {
    if (!m_map) {
        ImGui::TextDisabled("Map: computing...");
        return;
    }
    const ContactMap& map = m_map->map;
    if (map.window.empty()) {
        ImGui::TextDisabled("Map: no cell can hit (a sprite has no solid pixel) or the window is too large.");
        return;
    }
    // The worker drew the image rows; only the rows that arrived since the last frame are uploaded.
    const int block = m_map->block;
    const int imageWidth = (map.window.width() + block - 1) / block;
    const int imageHeight = (map.window.height() + block - 1) / block;
    // Made on first use: an sf::Texture opens the display, and the tool is also built where there is none.
    if (!m_texture) m_texture = std::make_unique<sf::Texture>();
    if (m_textureMapId != m_map->mapId) {
        if (m_texture->getSize() != sf::Vector2u(unsigned(imageWidth), unsigned(imageHeight)))
            (void)m_texture->create(unsigned(imageWidth), unsigned(imageHeight));
        m_textureMapId = m_map->mapId;
        m_textureRows = 0;
    }
    PendingMapRows& pending = m_map->rows;
    if (!pending.rgba.empty() && pending.mapId == m_map->mapId) {
        const int rows = int(pending.rgba.size() / (std::size_t(imageWidth) * 4));
        m_texture->update(pending.rgba.data(), unsigned(imageWidth), unsigned(rows), 0, unsigned(pending.firstRow));
        m_textureRows = pending.firstRow + rows;
        pending.rgba.clear();
    }
    ImGui::Text("%d x %d cells, %s", map.window.width(), map.window.height(),
                map.complete() ? ("built in " + formatNumber(m_map->ms) + " ms").c_str()
                               : ("filling: " + std::to_string(map.rowsDone) + " of " + std::to_string(map.window.height()) + " rows").c_str());
    // The lagging line has its row whether shown or not, and never wraps: the map below holds still.
    if (m_map->mapId != m_requestedMapId) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(toImColor(contactPalette::kLagging)));
        ImGui::TextUnformatted("Lagging: the map of an earlier pose of A");
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("The newest pose's map follows when this one is done.");
    } else {
        ImGui::NewLine();
    }
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const double cell = fitCellPixels(map.window, {avail.x, std::max(120.0f, avail.y - 30.0f)}, 12.0);
    if (cell <= 0.0) return;
    const ImVec2 corner = ImGui::GetCursorScreenPos();
    const CspaceLayout layout{map.window, {corner.x, corner.y}, cell};
    const glm::dvec2 size = layout.size();
    ImGui::InvisibleButton("##cspace", toIm(size));
    ImDrawList* list = ImGui::GetWindowDrawList();
    // The uploaded rows as the image, the rest (not filled yet) as one grey rectangle: the texture's other
    // rows still hold an earlier map.
    const double shownHeight = std::min(size.y, double(m_textureRows) * block * cell);
    if (m_textureRows > 0)
        list->AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(m_texture->getNativeHandle())), corner,
                       toIm(layout.topLeft + glm::dvec2(size.x, shownHeight)), ImVec2(0.0f, 0.0f),
                       ImVec2(1.0f, float(m_textureRows) / float(imageHeight)));
    if (shownHeight < size.y)
        list->AddRectFilled(toIm(layout.topLeft + glm::dvec2(0.0, shownHeight)), toIm(layout.topLeft + size), toImColor(kMapPendingColour));
    const double step = map.step;
    Document& doc = ctx.document();
    const int a = doc.selection().pairA;
    // Where A stands now in this map's cells; off the lattice (A moved by a fraction of h: the map is being
    // rebuilt and lags) the crosshair and the lines are drawn where A stands between the cells.
    list->PushClipRect(corner, toIm(layout.topLeft + size), true);
    if (a >= 0) {
        const glm::dvec2 k = (doc.scene().sprites[a].transform.position - m_map->base) / step;
        const glm::dvec2 at = layout.topLeft + (k - glm::dvec2(map.window.first) + 0.5) * cell;
        if (m_shown && m_shown->report.applicable && m_shown->report.hit) {
            const ContactReport& c = m_shown->report;
            const glm::dvec2 free = at + glm::dvec2(c.separation.cell) * cell;
            list->AddLine(toIm(at), toIm(free), toImColor(contactPalette::kSeparation), 2.5f);
            list->AddRect(toIm(free - glm::dvec2(0.5 * cell)), toIm(free + glm::dvec2(0.5 * cell)), toImColor(contactPalette::kSeparation), 0.0f, 0, 2.0f);
            if (!m_free && c.push.distance > 0.0)
                drawArrow(list, at, at + c.push.direction * (c.push.distance / step * cell), toImColor(contactPalette::kPush), 2.0f, 7.0f);
        }
        drawCrosshair(list, at, toImColor(contactPalette::kCurrent), float(std::max(6.0, 2.5 * cell)));
    }
    list->PopClipRect();
    // Click or drag: A moves to the cell under the mouse, one undo step per drag.
    if (a >= 0 && ImGui::IsItemActivated()) {
        doc.beginGesture("Move " + doc.scene().sprites[a].name + " in the C-space map");
        m_dragging = true;
    }
    if (m_dragging && ImGui::IsItemActive() && a >= 0) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const glm::ivec2 target = layout.clampToWindow(layout.cellAt({mouse.x, mouse.y}));
        moveToCell(doc, a, m_map->base, target, step);
    }
    if (m_dragging && !ImGui::IsItemActive()) {
        doc.commitGesture();
        m_dragging = false;
    }
    if (ImGui::IsItemHovered() && !ImGui::IsItemActive() && a >= 0) {
        const ImVec2 mouse = ImGui::GetIO().MousePos;
        const glm::ivec2 hovered = layout.clampToWindow(layout.cellAt({mouse.x, mouse.y}));
        const CollisionReport& report = ctx.report();
        const PairAnalysis& pair = report.pair();
        // The offset a click there would move A by (onto the map's lattice).
        const glm::dvec2 offset = positionForCell(m_map->base, hovered, step) - doc.scene().sprites[a].transform.position;
        // The overlap at a cell changes with anything that moves the pair, so the cache is per revision too.
        if ((hovered != m_hoverCell || doc.revision() != m_hoverRevision) && pair.a >= 0) {
            const CheckContactSettings settings = contactSettings(doc.scene(), CheckOptions{});
            ContactOptions options{settings.test, report.sampling(), doc.scene().scan, settings.resolution};
            const SpriteShapes& sa = report.sprites()[pair.a];
            const SpriteShapes& sb = report.sprites()[pair.b];
            // One full test at the hovered offset, from where A stands now.
            const ContactPair now(Body{sa.mask.get(), sa.transform}, Body{sb.mask.get(), sb.transform}, options);
            const CollisionResult r = now.runAt(offset);
            m_hoverCell = hovered;
            m_hoverRevision = doc.revision();
            m_hoverOverlap = r.overlap;
            m_hoverHit = r.hit;
        }
        if (m_hoverCell) {
            ImGui::SetTooltip("offset %s from A: %s, overlap %s\nclick or drag to move A there", vec(offset).c_str(),
                              m_hoverHit ? "hit" : "free", formatNumber(m_hoverOverlap).c_str());
        }
    }
}

void ContactTool::drawPanel(ToolContext& ctx) {
    m_panelOpen = true;
    if (!m_panelWasOpen) ask(ctx);
    ImGui::Checkbox("Draw in the world view", &m_drawInWorld);
    drawSettings(ctx);
    ImGui::Separator();
    // The numbers take five lines while A hits and two once it is free; in a block of fixed height the map
    // below them holds still while a drag in it takes A across the edge of a hit (else the map jumps under
    // the cursor and A lands on another cell). Longer text scrolls inside the block.
    ImGui::BeginChild("##contact-numbers", ImVec2(0.0f, kNumberLines * ImGui::GetTextLineHeightWithSpacing()));
    drawNumbers(ctx);
    ImGui::EndChild();
    ImGui::Separator();
    colourName(contactPalette::kSeparation, "separation", true);
    colourName(contactPalette::kGradient, "gradient normal", false);
    colourName(contactPalette::kPush, "push-out", false);
    colourName(contactPalette::kApproach, "approach", false);
    colourName(contactPalette::kCurrent, "A now", false);
    textDisabledWrapped("C-space map: every offset of A that hits (dark) or is free (light), for A's rotation and scale; "
                        "the crosshair is A now. Click or drag in it to move A; hover for that offset's overlap.");
    drawMap(ctx);
}

}  // namespace cl
