#include "app/tools/timeline_tool.h"

#include "core/scene/animation_time.h"
#include "core/io/json_text.h"
#include "core/scene/frame_memory.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/tools/tool_context.h"
#include "app/views/number_format.h"
#include "app/views/text_wrap.h"
#include "app/views/view_drawing.h"
#include "core/collision/algorithms.h"
#include "core/scene/animation_time.h"

namespace cl {

namespace {

// Strip and ghost colours (0xRRGGBBAA): hits red like the hit background, tunnelling a loud magenta.
constexpr std::uint32_t kStripEmpty = 0x3A3F47FF;
constexpr std::uint32_t kStripPending = 0x24282EFF;
constexpr std::uint32_t kStripHit = 0xE04848FF;
constexpr std::uint32_t kStripSwept = 0xF0A030FF;
constexpr std::uint32_t kStripTunnel = 0xFF3CF0FF;
constexpr std::uint32_t kStripNotApplicable = 0x707070FF;
constexpr std::uint32_t kPastGhost = 0x6FA8FFFF;
constexpr std::uint32_t kFutureGhost = 0xFFB060FF;
constexpr std::uint32_t kPath = 0xE8E8E8FF;
constexpr std::uint32_t kBand = 0x60D0FFFF;
constexpr std::uint32_t kImpact = 0xFF3CF0FF;
constexpr std::uint32_t kVelocity = 0x50F0A0FF;
constexpr std::uint32_t kSpin = 0xFFD23CFF;

constexpr double kTipGrabPx = 9.0;
constexpr double kRingGrabPx = 7.0;
constexpr double kMinArrowPx = 28.0;   // a slow (or still) sprite's arrow is drawn at least this long
constexpr int kMaxBandPoses = 48;      // the swept band draws at most this many sub-step poses
constexpr int kPathDotsEachSide = 40;  // frame dots on the pivot's path around the current frame


// The sprite's image rectangle at `t`, on screen.
std::array<ImVec2, 4> screenQuad(const SceneSprite& sprite, const SpriteTransform& t, const Camera& camera) {
    const glm::dmat3 m = worldMatrix(t);
    const double w = sprite.pixels ? sprite.pixels->width : 0, h = sprite.pixels ? sprite.pixels->height : 0;
    const glm::dvec2 corners[4] = {{0.0, 0.0}, {w, 0.0}, {w, h}, {0.0, h}};
    std::array<ImVec2, 4> out;
    for (int k = 0; k < 4; ++k) out[k] = toIm(camera.worldToScreen(transformPoint(m, corners[k])));
    return out;
}

// Texture pixel `p`'s square at `t`, on screen.
std::array<ImVec2, 4> pixelQuad(glm::ivec2 p, const SpriteTransform& t, const Camera& camera) {
    const glm::dmat3 m = worldMatrix(t);
    const glm::dvec2 corners[4] = {{double(p.x), double(p.y)}, {p.x + 1.0, double(p.y)}, {p.x + 1.0, p.y + 1.0}, {double(p.x), p.y + 1.0}};
    std::array<ImVec2, 4> out;
    for (int k = 0; k < 4; ++k) out[k] = toIm(camera.worldToScreen(transformPoint(m, corners[k])));
    return out;
}

std::string formatTau(double tau) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4f", printable(tau, 4));
    return text;
}

}  // namespace

void TimelineTool::sceneOpened() {
    m_playback.playing = false;
    m_playback.carry = 0.0;
    m_drag = Drag::None;
    m_progress.reset();
    m_seenRevision = ~std::uint64_t{0};
}

void TimelineTool::addCommands(CommandTable& commands) {
    auto moving = [this] { return m_frames > 1; };
    commands.add({.id = "timeline.play", .label = "Play / pause the timeline", .shortcuts = {{Key::P}},
                  .help = "Timeline: play or pause the scene's frames", .enabled = moving,
                  .run = [this] { m_playRequest = true; }});
    commands.add({.id = "timeline.previous", .label = "Previous frame", .shortcuts = {{Key::Comma}},
                  .help = "Timeline: one frame back", .enabled = moving, .run = [this] { m_stepRequest -= 1; }});
    commands.add({.id = "timeline.next", .label = "Next frame", .shortcuts = {{Key::Period}},
                  .help = "Timeline: one frame on", .enabled = moving, .run = [this] { m_stepRequest += 1; }});
    commands.add({.id = "timeline.impact", .label = "Go to time of impact",
                  .help = "Timeline: the first sub-step that hits, shown as a ghost with its pixel pair",
                  .enabled = moving, .run = [this] { m_impactRequest = true; }});
}

void TimelineTool::requestStrip(ToolContext& ctx) {
    const Document& doc = ctx.document();
    const Scene& scene = doc.scene();
    const Selection& sel = doc.selection();
    const Algorithm* algorithm = findAlgorithm(ctx.algorithm());
    // The drawn test when core has it (gpu is the app's own and needs the window), else the default pixel test.
    if (!algorithm) algorithm = findAlgorithm(kDefaultPixelAlgorithm);
    m_algorithmName = std::string(algorithm->name);
    if (scene.timeline.frames <= 1 || sel.pairA < 0 || sel.pairB < 0) {
        m_progress.reset();
        return;
    }
    const SceneSprite& a = scene.sprites[sel.pairA];
    const SceneSprite& b = scene.sprites[sel.pairB];
    StripJob job;
    job.imageA = a.pixels;
    job.imageB = b.pixels;
    job.thresholdA = a.alphaThreshold;
    job.thresholdB = b.alphaThreshold;
    job.a = doc.frameZeroTransform(sel.pairA);
    job.b = doc.frameZeroTransform(sel.pairB);
    job.motionA = a.motion;
    job.motionB = b.motion;
    for (auto [sprite, index, animation] : {std::tuple{&a, sel.pairA, &job.animationA}, std::tuple{&b, sel.pairB, &job.animationB}}) {
        if (!playsAnimation(*sprite)) continue;
        *animation = StripAnimation{sprite->sheet, sprite->atlasData, sprite->animation.frames, sprite->flip, doc.frameZeroIndex(index)};
    }
    job.fps = scene.timeline.framesPerSecond();
    job.frames = scene.timeline.frames;
    job.resolution = scene.timeline.sweepResolution;
    job.algorithm = algorithm;
    job.sampling = scene.sampling;
    job.scan = scene.scan;
    if (!m_worker) m_worker = std::make_unique<TimelineStripWorker>();
    m_worker->request(job);
}

void TimelineTool::update(ToolContext& ctx) {
    m_panelShown = m_panelDrawn;
    m_panelDrawn = false;
    Document& doc = ctx.document();
    const Scene& scene = doc.scene();
    m_frames = scene.timeline.frames;
    if (doc.revision() != m_seenRevision || ctx.algorithm() != m_seenAlgorithm) {
        m_seenRevision = doc.revision();
        m_seenAlgorithm = ctx.algorithm();
        requestStrip(ctx);
    }
    if (m_worker && m_frames > 1) m_progress = m_worker->progress();

    const int frame = scene.timeline.frame;
    int target = frame;
    if (m_playRequest) {
        m_playRequest = false;
        m_playback.playing = !m_playback.playing && m_frames > 1;
        m_playback.carry = 0.0;
        // Play from the start when stopped at the end without looping.
        if (m_playback.playing && !m_playback.loop && frame + 1 >= m_frames) target = 0;
    }
    if (m_stepRequest != 0) {
        target = stepFrame(target, m_stepRequest, m_frames, m_playback.loop);
        m_stepRequest = 0;
        m_playback.playing = false;
    }
    // Time stands still while a drag is open (the drag's step must not swallow frame changes).
    if (!doc.inGesture()) target = m_playback.advance(target, m_frames, ctx.seconds());
    if (m_impactRequest) {
        m_impactRequest = false;
        if (m_progress && m_progress->impact) {
            target = m_progress->impact->frame;
            m_showImpact = true;
            m_playback.playing = false;
        }
    }
    if (target != frame) doc.setFrame(target, "timeline.frame");
    m_textures.prune();
}

bool TimelineTool::impactShown(const Scene& scene) const {
    return m_showImpact && m_progress && m_progress->impact && m_progress->impact->frame == scene.timeline.frame;
}

void TimelineTool::drawStrip(ToolContext& ctx, const StripProgress& progress) {
    const TimelineStrip& strip = progress.strip;
    const int frames = int(strip.cells.size());
    const float width = std::max(40.0f, ImGui::GetContentRegionAvail().x);
    const float height = std::round(ImGui::GetFrameHeight() * 0.9f);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton("##strip", ImVec2(width, height));
    ImDrawList* list = ImGui::GetWindowDrawList();
    const auto xOf = [&](double k) { return origin.x + float(k / frames) * width; };
    list->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), toImColor(kStripPending));
    // One column per frame, several frames to a screen pixel on long timelines (the loudest state wins).
    const int columns = std::max(1, std::min(frames, int(width)));
    int cell = 0;
    for (int c = 0; c < columns; ++c) {
        const int end = int((long long)(c + 1) * frames / columns);
        bool filled = false, hit = false, tunnel = false, swept = false, notApplicable = false;
        for (; cell < end; ++cell) {
            if (cell >= strip.filled) continue;
            const StripCell& s = strip.cells[cell];
            filled = true;
            hit |= s.hit;
            tunnel |= s.tunnelling;
            swept |= s.sweptHit && !s.hit;
            notApplicable |= !s.applicable;
        }
        if (!filled) continue;
        const std::uint32_t colour = tunnel ? kStripTunnel : hit ? kStripHit : notApplicable ? kStripNotApplicable
                                   : swept ? kStripSwept : kStripEmpty;
        const float x0 = xOf(double(c) * frames / columns), x1 = xOf(double(c + 1) * frames / columns);
        // Tunnelling marks the interval after its frame: the right half of k's column and the left of k+1's.
        const float shift = tunnel && frames <= columns ? (x1 - x0) * 0.5f : 0.0f;
        list->AddRectFilled(ImVec2(x0 + shift, origin.y + 2), ImVec2(std::max(x0 + shift + 1.0f, x1 + shift - 1.0f), origin.y + height - 2),
                            toImColor(colour));
    }
    const Scene& scene = ctx.document().scene();
    const float cx = (xOf(scene.timeline.frame) + xOf(scene.timeline.frame + 1.0)) * 0.5f;
    list->AddLine(ImVec2(cx, origin.y - 2), ImVec2(cx, origin.y + height + 2), IM_COL32_WHITE, 2.0f);
    if (ImGui::IsItemActive() && frames > 1) {
        const float at = (ImGui::GetIO().MousePos.x - origin.x) / width;
        const int k = std::clamp(int(std::floor(at * frames)), 0, frames - 1);
        if (k != scene.timeline.frame) ctx.document().setFrame(k, "timeline.frame");
    }
    if (ImGui::IsItemDeactivated()) ctx.document().breakMerge();
}

void TimelineTool::drawPanel(ToolContext& ctx) {
    m_panelDrawn = true;
    m_panelShown = true;
    Document& doc = ctx.document();
    const Scene& scene = doc.scene();
    const int frames = scene.timeline.frames;
    const int frame = scene.timeline.frame;

    // --- the slider and playback ---
    int k = frame;
    ImGui::BeginDisabled(frames <= 1);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::SliderInt("##frame", &k, 0, std::max(0, frames - 1), "frame %d")) doc.setFrame(k, "timeline.frame");
    if (ImGui::IsItemDeactivated()) doc.breakMerge();
    if (ImGui::Button("|<")) doc.setFrame(0);
    ImGui::SameLine();
    if (ImGui::Button("<")) m_stepRequest -= 1;
    ImGui::SameLine();
    if (ImGui::Button(m_playback.playing ? "Pause" : "Play")) m_playRequest = true;
    ImGui::SameLine();
    if (ImGui::Button(">")) m_stepRequest += 1;
    ImGui::SameLine();
    if (ImGui::Button(">|")) doc.setFrame(frames - 1);
    ImGui::SameLine();
    ImGui::Checkbox("Loop", &m_playback.loop);
    ImGui::EndDisabled();
    const std::string tau = impactShown(scene) ? formatTau(m_progress->impact->impact.tau) : std::to_string(frame);
    ImGui::Text("frame %d of 0..%d   tau = %s%s", frame, std::max(0, frames - 1), tau.c_str(),
                impactShown(scene) ? " (time-of-impact ghost)" : "");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    float fps = float(m_playback.framesPerSecond);
    if (ImGui::SliderFloat("frames per second", &fps, 1.0f, 60.0f, "%.0f")) m_playback.framesPerSecond = fps;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("How fast Play steps through the timeline; not the scene's clock.");
    if (std::any_of(scene.sprites.begin(), scene.sprites.end(), [](const SceneSprite& s) { return playsAnimation(s); })) {
        const std::string clock = numberText(scene.timeline.framesPerSecond());
        textDisabledWrapped("Animations advance by the scene's clock: %s fps (a frame is %s ms).", clock.c_str(),
                            numberText(1000.0 / scene.timeline.framesPerSecond()).c_str());
    }

    // --- the strip ---
    ImGui::Spacing();
    if (frames <= 1) {
        ImGui::TextWrapped("A still scene (frames: 1). Set Frames above 1 and give a sprite a velocity to see it move.");
    } else if (m_progress) {
        drawStrip(ctx, *m_progress);
        const StripSummary summary = summarise(m_progress->strip);
        const auto swatch = [](std::uint32_t colour, const char* text) {
            const ImVec2 p = ImGui::GetCursorScreenPos();
            const float s = ImGui::GetTextLineHeight();
            ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + 2), ImVec2(p.x + s - 2, p.y + s - 2), toImColor(colour));
            ImGui::Dummy(ImVec2(s, s));
            ImGui::SameLine(0, 4);
            ImGui::TextUnformatted(text);
        };
        swatch(kStripHit, "hit");
        ImGui::SameLine();
        swatch(kStripTunnel, "tunnels (only swept hits)");
        ImGui::SameLine();
        swatch(kStripSwept, "swept hit");
        if (!m_progress->strip.complete()) {
            ImGui::Text("computing with %s... %d of %d frames", m_algorithmName.c_str(), summary.filled, summary.frames);
        } else {
            ImGui::Text("%s, sweep resolution %g px", m_algorithmName.c_str(), scene.timeline.sweepResolution);
        }
        if (!m_progress->strip.reason.empty()) ImGui::TextWrapped("not swept: %s", m_progress->strip.reason.c_str());
        ImGui::TextWrapped("discrete hits: %s", describeRuns(summary.hits).c_str());
        std::vector<StripRun> tunnels;
        for (int t : summary.tunnelling) tunnels.push_back({t, t + 1});
        ImGui::TextWrapped("tunnelling: %s", describeRuns(tunnels).c_str());
        const std::optional<StripImpact>& impact = m_progress->impact;
        ImGui::BeginDisabled(!impact);
        if (ImGui::Button("Go to time of impact")) m_impactRequest = true;
        ImGui::EndDisabled();
        ImGui::SameLine();
        if (impact) {
            const TimeOfImpact& toi = impact->impact;
            if (impact->subSteps > 0) {
                ImGui::TextWrapped("tau %s (frame %d, step %" PRId64 " of %" PRId64 ")", formatTau(toi.tau).c_str(),
                                   impact->frame, toi.step, impact->subSteps);
            } else {
                ImGui::TextWrapped("tau %s (the last frame)", formatTau(toi.tau).c_str());
            }
            if (toi.result.firstHit) {
                const PixelHit& h = *toi.result.firstHit;
                ImGui::TextWrapped("first pair: A (%d, %d) on B (%d, %d) at world (%.4g, %.4g)", h.a.x, h.a.y, h.b.x,
                                   h.b.y, printable(h.world.x, 4), printable(h.world.y, 4));
            }
            ImGui::Checkbox("Show the impact ghost at its frame", &m_showImpact);
        } else {
            ImGui::TextDisabled(m_progress->impactSearched ? "no sub-step hits" : "searching...");
        }
    }

    // --- what the world view draws ---
    ImGui::Separator();
    ImGui::TextUnformatted("Ghosts in the world view");
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::SliderInt("onion skins", &m_onion, 0, 8);
    ImGui::Checkbox("Pivot path", &m_showPath);
    ImGui::SameLine();
    ImGui::Checkbox("Swept band", &m_showBand);
    ImGui::SameLine();
    ImGui::Checkbox("Velocity handle", &m_showHandle);
    if (m_progress && frame + 1 < frames && frame < m_progress->strip.filled) {
        ImGui::TextDisabled("swept %d-%d: %" PRId64 " sub-steps (the band draws at most %d)", frame, frame + 1,
                            m_progress->strip.cells[frame].subSteps, kMaxBandPoses);
    }

    // --- the timeline's numbers and the selected sprite's motion ---
    ImGui::Separator();
    ImGui::TextUnformatted("Motion");
    int wantedFrames = frames;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    if (ImGui::InputInt("frames", &wantedFrames) ) {
        wantedFrames = std::clamp(wantedFrames, 1, kMaxSceneFrames);
        if (wantedFrames != frames) {
            if (frame >= wantedFrames) doc.setFrame(wantedFrames - 1);
            doc.edit("Frames", [wantedFrames](Scene& s) { s.timeline.frames = wantedFrames; }, "timeline.frames");
        }
    }
    if (ImGui::IsItemDeactivated()) doc.breakMerge();
    double resolution = scene.timeline.sweepResolution;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    if (ImGui::InputDouble("sweep resolution (px)", &resolution, 0.05, 0.25, "%.3f")) {
        resolution = std::clamp(resolution, kMinSweepResolution, kMaxSweepResolution);
        doc.edit("Sweep resolution", [resolution](Scene& s) { s.timeline.sweepResolution = resolution; }, "timeline.resolution");
    }
    if (ImGui::IsItemDeactivated()) doc.breakMerge();
    const int s = doc.selection().sprite;
    if (s >= 0) {
        const SceneSprite& sprite = scene.sprites[s];
        ImGui::Text("%s:", sprite.name.c_str());
        double v[2] = {sprite.motion.velocity.x, sprite.motion.velocity.y};
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
        const double maxV = kMaxVelocity, minV = -kMaxVelocity;
        if (ImGui::DragScalarN("velocity (px/frame)", ImGuiDataType_Double, v, 2, 0.1f, &minV, &maxV, "%.2f")) {
            const glm::dvec2 nv{v[0], v[1]};
            doc.edit("Velocity of " + sprite.name, [s, nv](Scene& sc) { sc.sprites[s].motion.velocity = nv; },
                     "sprite." + std::to_string(s) + ".velocity");
        }
        if (ImGui::IsItemDeactivated()) doc.breakMerge();
        double w = sprite.motion.angularVelocityDeg;
        const double maxW = kMaxAngularVelocityDeg, minW = -kMaxAngularVelocityDeg;
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
        if (ImGui::DragScalar("angular velocity (deg/frame)", ImGuiDataType_Double, &w, 0.5f, &minW, &maxW, "%.2f")) {
            doc.edit("Angular velocity of " + sprite.name, [s, w](Scene& sc) { sc.sprites[s].motion.angularVelocityDeg = w; },
                     "sprite." + std::to_string(s) + ".spin");
        }
        if (ImGui::IsItemDeactivated()) doc.breakMerge();
        textDisabledWrapped("In the world view: drag the green arrow's tip (where the pivot is next frame) to set the "
                            "velocity, the yellow ring to set the turn per frame.");
    } else {
        ImGui::TextDisabled("Select a sprite to edit its velocity.");
    }
}

TimelineTool::HandleGeometry TimelineTool::handleGeometry(const Scene& scene, int sprite, const Camera& camera) const {
    HandleGeometry g;
    if (!m_showHandle || sprite < 0 || sprite >= int(scene.sprites.size())) return g;
    const SceneSprite& s = scene.sprites[sprite];
    g.valid = true;
    g.pivot = camera.worldToScreen(s.transform.position);
    g.tip = camera.worldToScreen(s.transform.position + s.motion.velocity);
    const glm::dvec2 d = g.tip - g.pivot;
    const double length = std::hypot(d.x, d.y);
    if (length < kMinArrowPx) g.tip = g.pivot + (length > 1e-9 ? d / length : glm::dvec2(1.0, 0.0)) * kMinArrowPx;
    // The ring sits outside the sprite's corners and the rotation knob (30 px above the top edge).
    double reach = 0.0;
    for (const ImVec2& c : screenQuad(s, s.transform, camera)) reach = std::max(reach, std::hypot(c.x - g.pivot.x, c.y - g.pivot.y));
    // ...but within the view, so that a big or zoomed-in sprite's ring stays on screen to be grabbed.
    const glm::dvec2 view = camera.viewport().size();
    g.ringRadius = std::clamp(reach + 48.0, 48.0, std::max(48.0, 0.4 * std::min(view.x, view.y)));
    return g;
}

TimelineTool::Drag TimelineTool::partAt(const HandleGeometry& g, glm::dvec2 screen) {
    if (!g.valid) return Drag::None;
    if (std::hypot(screen.x - g.tip.x, screen.y - g.tip.y) <= kTipGrabPx) return Drag::Tip;
    if (std::abs(std::hypot(screen.x - g.pivot.x, screen.y - g.pivot.y) - g.ringRadius) <= kRingGrabPx) return Drag::Ring;
    return Drag::None;
}

bool TimelineTool::handleWorldInput(const InputEvent& event, ToolContext& ctx) {
    Document& doc = ctx.document();
    const Camera& camera = ctx.worldCamera();
    if (event.type == InputEvent::Type::MouseUp) {
        if (m_drag == Drag::None) return false;
        m_drag = Drag::None;
        doc.commitGesture();
        return true;
    }
    if (event.type == InputEvent::Type::MouseMove) {
        if (m_drag == Drag::None) return false;
        const int s = m_dragSprite;
        if (s < 0 || s >= int(doc.scene().sprites.size())) return true;
        if (m_drag == Drag::Tip) {
            glm::dvec2 v = draggedVelocity(m_dragVelocity, m_dragFromWorld, camera.screenToWorld(event.position), 0.1);
            v = glm::clamp(v, glm::dvec2(-kMaxVelocity), glm::dvec2(kMaxVelocity));
            doc.edit("Velocity", [s, v](Scene& scene) { scene.sprites[s].motion.velocity = v; }, "timeline.handle");
        } else {
            const glm::dvec2 pivot = camera.worldToScreen(doc.scene().sprites[s].transform.position);
            m_dragOmega += ringTurnDegrees(pivot, m_dragLastScreen, event.position);
            m_dragLastScreen = event.position;
            const double w = std::clamp(std::round(m_dragOmega * 10.0) / 10.0, -kMaxAngularVelocityDeg, kMaxAngularVelocityDeg);
            // The merge key keeps the drag one step even if an undo closed its gesture halfway.
            doc.edit("Angular velocity", [s, w](Scene& scene) { scene.sprites[s].motion.angularVelocityDeg = w == 0.0 ? 0.0 : w; },
                     "timeline.handle");
        }
        return true;
    }
    if (event.type != InputEvent::Type::MouseDown || event.button != MouseButton::Left) return false;
    const int s = doc.selection().sprite;
    const HandleGeometry g = handleGeometry(doc.scene(), s, camera);
    if (!g.valid) return false;
    const SceneSprite& sprite = doc.scene().sprites[s];
    const Drag part = partAt(g, event.position);
    if (part == Drag::Tip) {
        m_drag = Drag::Tip;
        m_dragFromWorld = camera.screenToWorld(event.position);
        m_dragVelocity = sprite.motion.velocity;
        doc.beginGesture("Set the velocity of " + sprite.name);
    } else if (part == Drag::Ring) {
        m_drag = Drag::Ring;
        m_dragLastScreen = event.position;
        m_dragOmega = sprite.motion.angularVelocityDeg;
        doc.beginGesture("Set the angular velocity of " + sprite.name);
    } else {
        return false;
    }
    m_dragSprite = s;
    return true;
}

void TimelineTool::drawGhost(ImDrawList* list, const Camera& camera, const Document& doc, int index, double dt,
                             std::uint32_t tint, std::uint8_t alpha, bool outline) const {
    const SceneSprite& sprite = doc.scene().sprites[std::size_t(index)];
    const SpriteTransform t = transformAt(sprite.transform, sprite.motion, dt);
    const std::array<ImVec2, 4> q = screenQuad(sprite, t, camera);
    std::shared_ptr<const RgbaImage> pixels = sprite.pixels;
    // Ghosts cut every animation frame in time: not when the memory estimate refuses them (the strip says why).
    if (playsAnimation(sprite) && cutPixelsProblem(sprite.name, cutFramePixels(sprite, animationFrameRefs(sprite))).empty()) {
        // The frame shown at that time (core/scene/animation_time.h); the caches are the tool's own, as the textures'.
        const Scene& scene = doc.scene();
        const int shown = animationFrameAt(animationDurations(sprite), doc.frameZeroIndex(index), scene.timeline.frame + dt,
                                           scene.timeline.framesPerSecond());
        FrameRef ref;
        ref.kind = FrameRef::Kind::Atlas;
        ref.name = sprite.animation.frames[std::size_t(shown)];
        if (auto cut = const_cast<FrameImageCache&>(m_ghostFrames).get(sprite.sheet, sprite.atlasData.get(), ref, sprite.flip)) pixels = cut;
    }
    // The texture cache is the tool's own; uploading on first use is what a const draw may do.
    auto& textures = const_cast<SpriteTextures&>(m_textures);
    if (const sf::Texture* texture = pixels ? textures.get(pixels) : nullptr) {
        list->AddImageQuad(textureId(texture), q[0], q[1], q[2], q[3], ImVec2(0, 0), ImVec2(1, 0), ImVec2(1, 1), ImVec2(0, 1),
                           toImColor(withAlpha(tint, alpha)));
    }
    if (outline) list->AddPolyline(q.data(), 4, toImColor(withAlpha(tint, std::min<int>(255, alpha * 2 + 60))), ImDrawFlags_Closed, 1.5f);
}

void TimelineTool::drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const {
    const Document& doc = ctx.document();
    const Scene& scene = doc.scene();
    const Selection& sel = doc.selection();
    const Camera& camera = *view.camera;
    ImDrawList* list = view.list;
    const int frames = scene.timeline.frames;
    const int frame = scene.timeline.frame;
    const int pair[2] = {sel.pairA, sel.pairB};

    if (frames > 1) {
        for (int i : pair) {
            if (i < 0) continue;
            const SceneSprite& sprite = scene.sprites[i];
            if (sprite.motion.still()) continue;
            // Onion skins: earlier frames blue, later ones orange, fainter with distance.
            for (int d = m_onion; d >= 1; --d) {
                const auto alpha = std::uint8_t(std::max(24, 110 - 18 * d));
                if (frame - d >= 0) drawGhost(list, camera, doc, i, -d, kPastGhost, alpha, true);
                if (frame + d < frames) drawGhost(list, camera, doc, i, d, kFutureGhost, alpha, true);
            }
            if (m_showPath && sprite.motion.velocity != glm::dvec2(0.0)) {
                // The pivot's path over the whole timeline, with a dot at each frame near the current one.
                const MovingBody body{nullptr, doc.frameZeroTransform(i), sprite.motion};
                const auto ends = pivotPath(body, 0.0, frames - 1.0, 1);
                const glm::dvec2 p0 = camera.worldToScreen(ends.front()), p1 = camera.worldToScreen(ends.back());
                list->AddLine(toIm(p0), toIm(p1), toImColor(withAlpha(kPath, 150)), 1.5f);
                for (int f = std::max(0, frame - kPathDotsEachSide); f <= std::min(frames - 1, frame + kPathDotsEachSide); ++f) {
                    const glm::dvec2 p = camera.worldToScreen(transformAt(sprite.transform, sprite.motion, f - frame).position);
                    list->AddCircleFilled(toIm(p), f == frame ? 4.0f : 2.5f, toImColor(withAlpha(kPath, f == frame ? 255 : 170)));
                }
            }
        }
        // The swept band: each moving sprite's box at the sub-steps between this frame and the next, filled faintly.
        for (int a : pair) {
            if (!m_showBand || a < 0 || frame + 1 >= frames || scene.sprites[a].motion.still()) continue;
            const SceneSprite& sprite = scene.sprites[a];
            std::int64_t n = 0;
            if (m_progress && frame < m_progress->strip.filled) n = m_progress->strip.cells[frame].subSteps;
            const std::int64_t shown = std::clamp<std::int64_t>(n, 1, kMaxBandPoses);
            // The poses overlap: each is filled so faintly that all of them together stay a faint band.
            const auto fill = std::uint8_t(std::clamp<std::int64_t>(48 / (shown + 1), 2, 14));
            for (std::int64_t m = 0; m <= shown; ++m) {
                const SpriteTransform t = transformAt(sprite.transform, sprite.motion, double(m) / double(shown));
                const std::array<ImVec2, 4> q = screenQuad(sprite, t, camera);
                list->AddQuadFilled(q[0], q[1], q[2], q[3], toImColor(withAlpha(kBand, fill)));
                list->AddPolyline(q.data(), 4, toImColor(withAlpha(kBand, 45)), ImDrawFlags_Closed, 1.0f);
            }
        }
        // The time of impact: both sprites at tau as ghosts, the first pixel pair outlined, the world point crossed.
        if (impactShown(scene)) {
            const StripImpact& impact = *m_progress->impact;
            const double dt = impact.impact.tau - frame;
            for (int i : pair) {
                // A still sprite (or any sprite at an impact on a whole frame) is where it is drawn already.
                if (i < 0 || scene.sprites[i].motion.still() || dt == 0.0) continue;
                drawGhost(list, camera, doc, i, dt, kImpact, 150, true);
            }
            if (const auto& hit = impact.impact.result.firstHit; hit && sel.pairA >= 0 && sel.pairB >= 0) {
                const SceneSprite& sa = scene.sprites[sel.pairA];
                const SceneSprite& sb = scene.sprites[sel.pairB];
                const auto qa = pixelQuad(hit->a, transformAt(sa.transform, sa.motion, dt), camera);
                const auto qb = pixelQuad(hit->b, transformAt(sb.transform, sb.motion, dt), camera);
                list->AddPolyline(qa.data(), 4, IM_COL32_WHITE, ImDrawFlags_Closed, 2.0f);
                list->AddPolyline(qb.data(), 4, toImColor(0xFFE600FF), ImDrawFlags_Closed, 2.0f);
                const glm::dvec2 w = camera.worldToScreen(hit->world);
                drawCrosshair(list, w, toImColor(kImpact));
                char text[96];
                std::snprintf(text, sizeof text, "impact tau %s: A (%d, %d) / B (%d, %d)", formatTau(impact.impact.tau).c_str(),
                              hit->a.x, hit->a.y, hit->b.x, hit->b.y);
                drawLabel(list, w + glm::dvec2(14.0, -26.0), toImColor(kImpact), text);
            }
        }
    }

    // The velocity handle on the selected sprite: the arrow's tip is where the pivot is one frame on.
    const HandleGeometry g = handleGeometry(scene, sel.sprite, camera);
    if (g.valid) {
        const SceneSprite& sprite = scene.sprites[sel.sprite];
        // Under the cursor (and not over a panel): brighter, and the hand cursor says it can be dragged.
        const ImGuiIO& io = ImGui::GetIO();
        const glm::dvec2 mouse{io.MousePos.x, io.MousePos.y};
        const Rect& viewport = camera.viewport();
        const bool inView = mouse.x >= viewport.min.x && mouse.y >= viewport.min.y && mouse.x < viewport.max.x &&
                            mouse.y < viewport.max.y;
        const Drag hover = m_drag != Drag::None ? m_drag : !io.WantCaptureMouse && inView ? partAt(g, mouse) : Drag::None;
        if (hover != Drag::None) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
        const bool hot = hover == Drag::Tip;
        drawArrow(list, g.pivot, g.tip, toImColor(kVelocity), hot ? 3.0f : 2.0f);
        list->AddCircleFilled(toIm(g.tip), float(kTipGrabPx) - (hot ? 0.0f : 2.0f), toImColor(kVelocity));
        list->AddCircle(toIm(g.tip), float(kTipGrabPx) - (hot ? 0.0f : 2.0f), IM_COL32_BLACK, 0, 1.5f);
        char text[64];
        std::snprintf(text, sizeof text, "v (%.1f, %.1f)", printable(sprite.motion.velocity.x, 1), printable(sprite.motion.velocity.y, 1));
        drawLabel(list, g.tip + glm::dvec2(12.0, 6.0), toImColor(kVelocity), text);
        const ImU32 ring = toImColor(withAlpha(kSpin, hover == Drag::Ring ? 255 : 150));
        list->AddCircle(toIm(g.pivot), float(g.ringRadius), ring, 96, hover == Drag::Ring ? 3.0f : 1.5f);
        // The turn per frame as an arc from 3 o'clock, clockwise for positive (at most one full turn drawn).
        const double w = std::clamp(sprite.motion.angularVelocityDeg, -360.0, 360.0);
        const double end = w * 3.14159265358979323846 / 180.0;
        if (w != 0.0) {
            list->PathArcTo(toIm(g.pivot), float(g.ringRadius), 0.0f, float(end), 48);
            list->PathStroke(toImColor(kSpin), 0, 4.0f);
        }
        std::snprintf(text, sizeof text, "turn %.1f deg/frame", printable(sprite.motion.angularVelocityDeg, 1));
        if (w != 0.0 || hover == Drag::Ring) {
            drawLabel(list, g.pivot + g.ringRadius * glm::dvec2(std::cos(end), std::sin(end)) + glm::dvec2(8.0, 4.0),
                      toImColor(kSpin), text);
        }
    }
}

}  // namespace cl
