#include "app/tools/contact_tool.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <mutex>
#include <thread>

#include <imgui.h>

#include "app/tools/cspace_drag.h"
#include "app/tools/cspace_layout.h"
#include "app/tools/tool_context.h"
#include "app/views/number_format.h"
#include "app/views/view_drawing.h"
#include "core/scene_check.h"

namespace cl {

namespace contactPalette {
inline constexpr std::uint32_t kSeparation = 0x00d8ffffu;  // cyan: separation vector and its ghost
inline constexpr std::uint32_t kGradient = 0xb06cffffu;    // violet: the gradient normal
inline constexpr std::uint32_t kPush = 0x7cd62cffu;        // lime: push-out and its ghost
inline constexpr std::uint32_t kApproach = 0xef8a00ffu;    // orange: approach and its ghost
inline constexpr std::uint32_t kCurrent = 0xe0402affu;     // red: A where it stands (the map's crosshair)
}  // namespace contactPalette

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

/// The tool's own worker: answers the contact questions for the newest job, then fills the newest map a
/// chunk of rows at a time (a newer job is taken between chunks, so a drag never waits on a map).
class ContactWorker {
public:
    ContactWorker() : m_thread([this] { run(); }) {}
    ~ContactWorker() {
        {
            std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        m_thread.join();
    }
    void post(ContactJob job) {
        {
            std::lock_guard lock(m_mutex);
            m_job = std::move(job);
        }
        m_wake.notify_all();
    }
    /// Moves out the newest answer and map progress, if any arrived since the last call.
    void take(std::optional<ContactTool::Shown>& shown, std::optional<ContactTool::ShownMap>& map) {
        std::lock_guard lock(m_mutex);
        if (m_shown) shown = std::move(m_shown), m_shown.reset();
        if (m_map) map = std::move(m_map), m_map.reset();
    }

private:
    // Each chunk publishes a copy of the map: about 64 copies a map, and never tiny chunks.
    static std::int64_t chunkCells(const ContactMapBuilder& builder) {
        return std::max<std::int64_t>(40000, cellCount(builder.map().window) / 64);
    }

    void run() {
        std::shared_ptr<const AlphaMask> mapMaskA, mapMaskB;
        std::unique_ptr<ContactMapBuilder> builder;
        std::optional<ContactJob> waiting;  // the newest map asked for while another was filling
        glm::dvec2 base{0.0, 0.0};
        std::uint64_t mapId = 0;
        double mapMs = 0.0;
        for (;;) {
            std::optional<ContactJob> job;
            {
                std::unique_lock lock(m_mutex);
                const bool mapWork = (builder && !builder->complete()) || waiting;
                if (!mapWork) m_wake.wait(lock, [&] { return m_stop || m_job.has_value(); });
                if (m_stop) return;
                if (m_job) job = std::move(m_job), m_job.reset();
            }
            if (job) {
                const auto start = std::chrono::steady_clock::now();
                const ContactPair pair(Body{job->maskA.get(), job->a}, Body{job->maskB.get(), job->b}, job->options);
                ContactTool::Shown shown;
                shown.jobId = job->id;
                shown.report = contactReport(pair, job->push);
                shown.a = job->spriteA;
                shown.pushDirection = job->push;
                shown.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
                // A map that is filling is finished first (a new one every frame of a turn would never
                // finish); the newest request waits and starts when it is done.
                if (job->rebuildMap) waiting = std::move(*job);
                std::lock_guard lock(m_mutex);
                m_shown = std::move(shown);
                continue;  // a newer job may be waiting: answers before maps
            }
            if ((!builder || builder->complete()) && waiting) {
                const ContactPair pair(Body{waiting->maskA.get(), waiting->a}, Body{waiting->maskB.get(), waiting->b}, waiting->options);
                mapMaskA = waiting->maskA;
                mapMaskB = waiting->maskB;
                builder.reset();
                if (cellCount(pair.defaultWindow()) <= kMaxContactMapCells) builder = std::make_unique<ContactMapBuilder>(pair);
                base = waiting->a.position;
                mapId = waiting->mapId;
                mapMs = 0.0;
                waiting.reset();
                if (!builder) {
                    std::lock_guard lock(m_mutex);
                    m_map = ContactTool::ShownMap{ContactMap{}, base, mapId, 0.0};
                    continue;
                }
            }
            if (builder && !builder->complete()) {
                const auto start = std::chrono::steady_clock::now();
                builder->advance(chunkCells(*builder));
                mapMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
                ContactTool::ShownMap shown{builder->map(), base, mapId, mapMs};
                std::lock_guard lock(m_mutex);
                m_map = std::move(shown);
            }
        }
    }

    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    std::optional<ContactJob> m_job;
    std::optional<ContactTool::Shown> m_shown;
    std::optional<ContactTool::ShownMap> m_map;
    std::thread m_thread;  // last: started after the members it uses
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

// Wrapped so a narrow panel shows every number.
void colourText(std::uint32_t rgba, const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(toImColor(rgba)));
    ImGui::TextWrapped("%s", text);
    ImGui::PopStyleColor();
}

// A colour's name in the legend line, on the same line while it fits.
void colourName(std::uint32_t rgba, const char* text, bool first) {
    if (!first) {
        ImGui::SameLine(0.0f, 10.0f);
        if (ImGui::GetCursorPosX() + ImGui::CalcTextSize(text).x > ImGui::GetWindowContentRegionMax().x) ImGui::NewLine();
    }
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
            drawArrow(view.list, from, camera.worldToScreen(*c.centroid + c.separation.vector), toImColor(contactPalette::kSeparation), 3.0f);
            if (c.gradient.normal) {
                // The gradient normal has no length of its own: drawn 60 screen pixels long beside the separation.
                const glm::dvec2 tip = from + *c.gradient.normal * 60.0;
                drawArrow(view.list, from, tip, toImColor(contactPalette::kGradient), 2.0f);
                drawLabel(view.list, tip + glm::dvec2(4.0, -6.0), toImColor(contactPalette::kGradient), "gradient normal");
            }
            drawLabel(view.list, camera.worldToScreen(*c.centroid + c.separation.vector) + glm::dvec2(-4.0, -18.0),
                      toImColor(contactPalette::kSeparation), "separation");
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
    ImGui::SetNextItemWidth(150.0f);
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
    ImGui::SetNextItemWidth(90.0f);
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
    ImGui::SetNextItemWidth(90.0f);
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
        ImGui::SetNextItemWidth(140.0f);
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
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("h = %s, %lld tests for the separation, %.2f ms on the tool's worker", formatNumber(c.step).c_str(),
                       static_cast<long long>(c.separation.testsRun), m_shown->ms);
    ImGui::PopStyleColor();
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
    // Only the image rows that filled since the last frame are drawn and uploaded (big maps in blocks).
    const int block = mapImageBlock(map.window);
    const int imageWidth = (map.window.width() + block - 1) / block;
    const int imageHeight = (map.window.height() + block - 1) / block;
    // Made on first use: an sf::Texture opens the display, and the tool is also built where there is none.
    if (!m_texture) m_texture = std::make_unique<sf::Texture>();
    if (m_textureMapId != m_map->mapId) {
        if (m_texture->getSize() != sf::Vector2u(unsigned(imageWidth), unsigned(imageHeight)))
            (void)m_texture->create(unsigned(imageWidth), unsigned(imageHeight));
        const std::vector<std::uint8_t> rows = mapImageRows(map, block, 0, imageHeight);
        m_texture->update(rows.data());
        m_textureMapId = m_map->mapId;
        m_textureRows = map.rowsDone / block;
    } else if (m_textureRows < imageHeight) {
        const int done = map.complete() ? imageHeight : map.rowsDone / block;
        if (done > m_textureRows) {
            const std::vector<std::uint8_t> rows = mapImageRows(map, block, m_textureRows, done);
            m_texture->update(rows.data(), unsigned(imageWidth), unsigned(done - m_textureRows), 0, unsigned(m_textureRows));
            m_textureRows = done;
        }
    }
    ImGui::Text("%d x %d cells, %s", map.window.width(), map.window.height(),
                map.complete() ? ("built in " + formatNumber(m_map->ms) + " ms").c_str()
                               : ("filling: " + std::to_string(map.rowsDone) + " of " + std::to_string(map.window.height()) + " rows").c_str());
    if (m_map->mapId != m_requestedMapId)
    {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("(the map of an earlier pose: the newest follows when this one is done)");
        ImGui::PopStyleColor();
    }
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const double cell = fitCellPixels(map.window, {avail.x, std::max(120.0f, avail.y - 30.0f)}, 12.0);
    if (cell <= 0.0) return;
    const ImVec2 corner = ImGui::GetCursorScreenPos();
    const CspaceLayout layout{map.window, {corner.x, corner.y}, cell};
    const glm::dvec2 size = layout.size();
    ImGui::InvisibleButton("##cspace", toIm(size));
    ImDrawList* list = ImGui::GetWindowDrawList();
    list->AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(m_texture->getNativeHandle())), corner,
                   toIm(layout.topLeft + size));
    const double step = map.step;
    Document& doc = ctx.document();
    const int a = doc.selection().pairA;
    // Where A stands now on this map's lattice (the map may lag a frame behind while it is rebuilt).
    const std::optional<glm::ivec2> here =
        a >= 0 ? cellForPosition(m_map->base, doc.scene().sprites[a].transform.position, step) : std::nullopt;
    list->PushClipRect(corner, toIm(layout.topLeft + size), true);
    if (here) {
        const glm::dvec2 at = layout.cellCentre(*here);
        if (m_shown && m_shown->report.applicable && m_shown->report.hit) {
            const ContactReport& c = m_shown->report;
            list->AddLine(toIm(at), toIm(layout.cellCentre(*here + c.separation.cell)), toImColor(contactPalette::kSeparation), 2.5f);
            list->AddRect(toIm(layout.cellTopLeft(*here + c.separation.cell)),
                          toIm(layout.cellTopLeft(*here + c.separation.cell) + glm::dvec2(cell)), toImColor(contactPalette::kSeparation), 0.0f, 0, 2.0f);
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
        // The overlap at a cell changes with anything that moves the pair, so the cache is per revision too.
        if ((hovered != m_hoverCell || doc.revision() != m_hoverRevision) && pair.a >= 0 && here) {
            const CheckContactSettings settings = contactSettings(doc.scene(), CheckOptions{});
            ContactOptions options{settings.test, report.sampling(), doc.scene().scan, settings.resolution};
            const SpriteShapes& sa = report.sprites()[pair.a];
            const SpriteShapes& sb = report.sprites()[pair.b];
            // One full test at the hovered offset, from where A stands now.
            const ContactPair now(Body{sa.mask.get(), sa.transform}, Body{sb.mask.get(), sb.transform}, options);
            const CollisionResult r = now.runAt(glm::dvec2(hovered - *here) * step);
            m_hoverCell = hovered;
            m_hoverRevision = doc.revision();
            m_hoverOverlap = r.overlap;
            m_hoverHit = r.hit;
        }
        if (m_hoverCell && here) {
            const glm::dvec2 t = glm::dvec2(*m_hoverCell - *here) * step;
            ImGui::SetTooltip("offset %s from A: %s, overlap %s\nclick or drag to move A there", vec(t).c_str(),
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
    drawNumbers(ctx);
    ImGui::Separator();
    colourName(contactPalette::kSeparation, "separation", true);
    colourName(contactPalette::kGradient, "gradient normal", false);
    colourName(contactPalette::kPush, "push-out", false);
    colourName(contactPalette::kApproach, "approach", false);
    colourName(contactPalette::kCurrent, "A now", false);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("C-space map: every offset of A that hits (dark) or is free (light), for A's rotation and scale; "
                       "the crosshair is A now. Click or drag in it to move A; hover for that offset's overlap.");
    ImGui::PopStyleColor();
    drawMap(ctx);
}

}  // namespace cl
