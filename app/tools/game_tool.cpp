#include "app/tools/game_tool.h"

#include <utility>

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include <imgui_stdlib.h>
#include <nlohmann/json.hpp>

#include "app/tools/game_keys.h"
#include "app/tools/tool_context.h"
#include "app/views/overlays.h"
#include "app/views/text_wrap.h"
#include "app/views/view_drawing.h"
#include "core/collision/algorithms.h"
#include "core/game/collision_pass.h"
#include "core/game/frame_scene.h"

namespace cl {

namespace {

constexpr BroadPhaseKind kBroadPhases[] = {BroadPhaseKind::Grid, BroadPhaseKind::Sweep, BroadPhaseKind::Tree,
                                           BroadPhaseKind::None};


// The field fitted into the view with a margin, as an offset and one scale (world pixels to screen).
struct FieldFit {
    glm::dvec2 origin{0.0, 0.0};
    double scale = 1.0;
    glm::dvec2 toScreen(glm::dvec2 world) const { return origin + world * scale; }
};

FieldFit fitField(const Rect& viewport, const GameSettings& s) {
    const glm::dvec2 size = viewport.size();
    FieldFit fit;
    fit.scale = std::max(1e-6, std::min((size.x - 16.0) / s.fieldWidth, (size.y - 16.0) / s.fieldHeight));
    fit.origin = viewport.min + (size - glm::dvec2(s.fieldWidth, s.fieldHeight) * fit.scale) * 0.5;
    return fit;
}

// The falling blocks' tint over their gray image (a light steel blue), and that of a block hitting the person.
constexpr std::uint32_t kGameBlockTint = 0x9CC3FFFFu;
constexpr std::uint32_t kGameBlockHitTint = 0xFF4A3CFFu;

// The screen corners of a width x height image placed by `transform` in the field (top-left, top-right,
// bottom-right, bottom-left).
void screenQuad(const SpriteTransform& transform, double width, double height, const FieldFit& fit, ImVec2 screen[4]) {
    const glm::dmat3 m = worldMatrix(transform);
    const glm::dvec2 corners[4] = {{0.0, 0.0}, {width, 0.0}, {width, height}, {0.0, height}};
    for (int k = 0; k < 4; ++k) screen[k] = toIm(fit.toScreen(transformPoint(m, corners[k])));
}

// Half an image's diagonal: no pixel of it lies farther than this from its centre, however it is turned.
double halfDiagonal(const RgbaImage& image) {
    return std::hypot(double(image.width), double(image.height)) / 2.0;
}

void drawSprite(ImDrawList* list, ImTextureID texture, const SpriteTransform& transform, int width, int height, const FieldFit& fit,
                ImU32 tint = IM_COL32_WHITE) {
    ImVec2 screen[4];
    screenQuad(transform, width, height, fit, screen);
    list->AddImageQuad(texture, screen[0], screen[1], screen[2], screen[3], ImVec2(0, 0), ImVec2(1, 0), ImVec2(1, 1), ImVec2(0, 1), tint);
}

}  // namespace

bool GameTool::loadSprites(ToolContext& ctx) {
    if (m_sprites) return true;
    const GameSpritesResult loaded = loadGameSprites(ctx.assetsDir() / "sprites");
    if (!loaded.ok()) {
        ctx.showError("Game: " + loaded.error);
        return false;
    }
    m_sprites = loaded.sprites;
    return true;
}

bool GameTool::play(ToolContext& ctx) {
    if (!loadSprites(ctx)) return false;
    if (auto bad = validate(m_settings)) {
        ctx.showError("Game: " + *bad);
        return false;
    }
    if (m_steadySpawn) m_settings.spawnProbability = steadySpawnProbability(m_settings, *m_sprites, m_settings.maxBlocks);
    m_session.start(*m_sprites, m_settings, m_seed);
    forgetShownPair();
    m_playing = true;
    m_status.clear();
    return true;
}

void GameTool::update(ToolContext& ctx) {
    if (auto blocks = std::exchange(m_blocksAtStart, std::nullopt); blocks && loadSprites(ctx)) {
        // --game-blocks: what Blocks, fill the field and steady spawn set, then Play.
        m_settings.maxBlocks = *blocks;
        m_settings.initialBlocks = *blocks;
        m_steadySpawn = true;
        play(ctx);
    }
    if (m_pendingScene) {
        m_session.stop();
        m_playing = false;
        ctx.openUntitledScene(std::move(*m_pendingScene));
        m_pendingScene.reset();
        return;
    }
    if (m_pauseRequested) {
        m_playing = !m_playing;
        m_pauseRequested = false;
    }
    if (!m_session.active() || !m_playing) {
        m_tapped = 0;
        updateShownPair(ctx);
        return;
    }
    // Held keys come from the window's own key events (sf::Keyboard::isKeyPressed would also see keys typed
    // into other windows); a tap between two frames still counts.
    const std::uint8_t input = m_tapped | heldGameInput(ImGui::GetIO());
    m_tapped = 0;
    m_session.step(input);
    updateShownPair(ctx);
}

void GameTool::describeUi(nlohmann::json& ui) const {
    ui["game"] = {{"running", m_session.active()},
                  {"pointer_block", m_shownKey.hovered ? nlohmann::json("block-" + std::to_string(m_shownKey.block)) : nlohmann::json()}};
}

void GameTool::forgetShownPair() {
    m_shownPair.reset();
    m_shownKey = {};
    m_lastHitPair.reset();
    m_lastHitKey = {};
    m_seenFrame = -1;
}

void GameTool::updateShownPair(const ToolContext& ctx) {
    if (!m_session.active()) {
        if (m_shownPair || m_lastHitPair) forgetShownPair();
        return;
    }
    const FallingBlocksGame& game = m_session.game();
    const FrameReport& frame = game.lastFrame();
    auto pairScene = [&](std::uint64_t block) -> std::shared_ptr<const Scene> {
        FrameSceneResult made = sceneFromFrame(game, {.onlyBlock = block});
        return made.ok() ? std::make_shared<const Scene>(std::move(*made.scene)) : nullptr;
    };
    if (frame.frame != m_seenFrame) {
        // A hit of the person in this frame becomes the last hit, kept as it is now: the block falls on.
        m_seenFrame = frame.frame;
        for (const GameHit& h : frame.hits) {
            if (h.a != kPersonId) continue;
            m_lastHitKey = {frame.frame, h.b, false};
            m_lastHitPair = pairScene(h.b);
            break;
        }
    }
    // The block under the pointer (the topmost drawn, its image's rectangle), when the pointer is over the field.
    std::optional<std::uint64_t> hovered;
    const ImGuiIO& io = ImGui::GetIO();
    const Rect viewport = ctx.worldCamera().viewport();
    const glm::dvec2 pointer(io.MousePos.x, io.MousePos.y);
    if (!io.WantCaptureMouse && pointer.x >= viewport.min.x && pointer.y >= viewport.min.y && pointer.x < viewport.max.x &&
        pointer.y < viewport.max.y) {
        const FieldFit fit = fitField(viewport, game.settings());
        const glm::dvec2 world = (pointer - fit.origin) / fit.scale;
        const RgbaImage& image = *game.sprites().block;
        // Only a block whose centre is within half its diagonal of the pointer can hold it.
        const double reach = halfDiagonal(image);
        for (auto it = game.blocks().rbegin(); it != game.blocks().rend() && !hovered; ++it) {
            const glm::dvec2 d = it->position - world;
            if (d.x * d.x + d.y * d.y > reach * reach) continue;
            const glm::dvec2 p = transformPoint(affineInverse(worldMatrix(game.blockTransform(*it))), world);
            if (p.x >= 0.0 && p.y >= 0.0 && p.x < image.width && p.y < image.height) hovered = it->id;
        }
    }
    const ShownKey key = hovered ? ShownKey{frame.frame, *hovered, true} : m_lastHitKey;
    if (key == m_shownKey && (m_shownPair || key.frame < 0)) return;
    m_shownKey = key;
    m_shownPair = hovered ? pairScene(*hovered) : m_lastHitPair;
    ++m_shownRevision;
}

void GameTool::addCommands(CommandTable& commands) {
    auto playing = [this] { return m_session.active() && m_playing; };
    auto key = [&](std::string id, std::string label, std::vector<Shortcut> keys, std::uint8_t bit) {
        commands.add({.id = std::move(id), .label = std::move(label), .shortcuts = std::move(keys),
                      .help = bit == kInputLeft ? "Game: move the person left (while the game plays)"
                                                : "Game: move the person right (while the game plays)",
                      .enabled = playing, .run = [this, bit] { m_tapped |= bit; }});
    };
    key("game.left", "Move left", {{Key::Left}, {Key::A}}, kInputLeft);
    key("game.right", "Move right", {{Key::Right}, {Key::D}}, kInputRight);
    commands.add({.id = "game.pause", .label = "Pause / resume the game", .shortcuts = {{Key::Space}},
                  .help = "Game: pause or resume (while a game is open in the world view)",
                  .enabled = [this] { return m_session.active(); }, .run = [this] { m_pauseRequested = true; }});
}

void GameTool::drawHud(bool compact) const {
    const FrameReport& f = m_session.game().lastFrame();
    const StageCounts& c = f.counts;
    const double p50 = m_session.workPercentileMs(50.0), p95 = m_session.workPercentileMs(95.0);
    if (compact) {
        ImGui::Text("frame %" PRId64 "  blocks %" PRId64 "  hits %" PRId64, f.frame, c.alive, c.hits);
        ImGui::Text("broad %" PRId64 " > pre-check %" PRId64 " > pixel %" PRId64, c.broadPhasePairs, c.afterPrecheck, c.pixelTests);
        ImGui::Text("work p50 %.3f ms  p95 %.3f ms", p50, p95);
        return;
    }
    if (ImGui::BeginTable("##hud", 2, ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit)) {
        auto row = [](const char* name, const char* fmt, auto value) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(name);
            ImGui::TableNextColumn();
            ImGui::Text(fmt, value);
        };
        row("frame", "%" PRId64, f.frame);
        row("blocks alive", "%" PRId64, c.alive);
        row("pairs after broad phase", "%" PRId64, c.broadPhasePairs);
        row("pairs after pre-check", "%" PRId64, c.afterPrecheck);
        row("pixel tests run", "%" PRId64, c.pixelTests);
        row("hits", "%" PRId64, c.hits);
        row("broad phase ms", "%.3f", f.times.broadPhaseNs / 1e6);
        row("pre-check ms", "%.3f", f.times.precheckNs / 1e6);
        row("pixel tests ms", "%.3f", f.times.pixelNs / 1e6);
        row("work ms p50 (last second)", "%.3f", p50);
        row("work ms p95 (last second)", "%.3f", p95);
        row("hits this run", "%zu", m_session.hits().size());
        ImGui::EndTable();
    }
}

void GameTool::drawPanel(ToolContext& ctx) {
    const bool active = m_session.active();
    // The same four buttons in the same places whatever the state: Play (a new run from the settings, also
    // while one runs), Pause/Resume, Stop, Replay.
    if (ImGui::Button("Play")) play(ctx);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip(active ? "Start a new run with the settings below (this one ends)." : "Start a run with the settings below.");
    ImGui::SameLine();
    ImGui::BeginDisabled(!active);
    const float pauseWidth = ImGui::CalcTextSize("Resume").x + 2.0f * ImGui::GetStyle().FramePadding.x;
    if (ImGui::Button(active && !m_playing ? "Resume###pause" : "Pause###pause", ImVec2(pauseWidth, 0.0f))) m_playing = !m_playing;
    ImGui::SameLine();
    if (ImGui::Button("Stop")) {
        m_session.stop();
        forgetShownPair();
        m_playing = false;
    }
    ImGui::SameLine();
    if (ImGui::Button("Replay") && m_session.replay()) {
        forgetShownPair();
        m_playing = true;
    }
    ImGui::EndDisabled();
    textDisabledWrapped("Left/Right or A/D move, Space pauses (while the game plays).");
    if (active && m_session.replaying()) ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.3f, 1.0f), "Replaying the recorded keys...");

    ImGui::Separator();
    ImGui::TextDisabled("Paused frame");
    ImGui::BeginDisabled(!active || m_playing);
    if (ImGui::Button("Open as scene")) {
        FrameSceneOptions options;
        options.everyBlock = m_everyBlock;
        FrameSceneResult made = sceneFromFrame(m_session.game(), options);
        if (!made.ok()) {
            ctx.showError("Open as scene: " + made.error);
        } else if (made.scene->sprites.size() < 2) {
            ctx.showError("Open as scene: no block is near the person in this frame; tick \"every block\" or pause nearer one.");
        } else {
            m_pendingScene = std::move(made.scene);  // opened at the start of the next frame, outside the panels
        }
    }
    ImGui::SameLine();
    ImGui::Checkbox("every block", &m_everyBlock);
    ImGui::InputText("##runfile", &m_runFile);
    ImGui::SameLine();
    if (ImGui::Button("Save run...")) {
        std::filesystem::path file = m_runFile;
        std::error_code ec;
        if (file.is_relative() && !ctx.sceneFile().empty()) file = ctx.sceneFile().parent_path() / file;
        file = std::filesystem::absolute(file, ec);
        const std::string error = saveRun(m_session.run(), file);
        if (!error.empty()) ctx.showError(error);
        else m_status = "Saved " + file.string() + " (collision-lab game --run FILE replays it)";
    }
    ImGui::EndDisabled();
    if (!m_status.empty()) ImGui::TextWrapped("%s", m_status.c_str());
    if (!m_session.active() && !m_session.stopReason().empty()) ImGui::TextWrapped("The run stopped: %s", m_session.stopReason().c_str());

    if (m_session.active()) {
        ImGui::Separator();
    ImGui::TextDisabled("This frame");
        drawHud(false);
    }

    ImGui::Separator();
    ImGui::TextDisabled("Settings (Play applies them)");
    unsigned long long seed = m_seed;
    if (ImGui::InputScalar("seed", ImGuiDataType_U64, &seed)) m_seed = seed;
    if (m_session.active()) ImGui::TextDisabled("running seed %llu", static_cast<unsigned long long>(m_session.game().seed()));
    float spawn = float(m_settings.spawnProbability), fall = float(m_settings.fallSpeed), spin = float(m_settings.spinSpeed);
    ImGui::BeginDisabled(m_steadySpawn);
    if (ImGui::SliderFloat("spawn probability", &spawn, 0.0f, 50.0f, "%.3f", ImGuiSliderFlags_Logarithmic)) m_settings.spawnProbability = spawn;
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip(m_steadySpawn ? "Set by Play to keep Blocks in the field (untick \"steady spawn\" to choose it)."
                                        : "New blocks per frame (below 1: the chance of one).");
    if (ImGui::SliderFloat("fall speed", &fall, 0.1f, 20.0f, "%.2f px/frame")) m_settings.fallSpeed = fall;
    if (ImGui::SliderFloat("spin speed", &spin, 0.0f, 0.5f, "%.4f rad/frame", ImGuiSliderFlags_Logarithmic)) m_settings.spinSpeed = spin;
    if (ImGui::SliderInt("Blocks", &m_settings.maxBlocks, 0, kMaxGameBlocks, "%d", ImGuiSliderFlags_Logarithmic)) {
        m_settings.initialBlocks = std::min(m_settings.initialBlocks, m_settings.maxBlocks);
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("How many blocks are in the field: a run starts with this many (fill the field) and, with steady\n"
                          "spawn, new ones fall in as fast as others leave. Without either it is only the most there may be.");
    bool fill = m_settings.initialBlocks > 0;
    if (ImGui::Checkbox("fill the field at the start", &fill)) m_settings.initialBlocks = fill ? m_settings.maxBlocks : 0;
    if (fill) m_settings.initialBlocks = m_settings.maxBlocks;
    ImGui::SameLine();
    ImGui::Checkbox("steady spawn", &m_steadySpawn);
    if (ImGui::BeginCombo("pre-check", m_settings.precheck.c_str())) {
        std::vector<std::string> names{std::string(kNoPrecheck)};
        for (const Algorithm* row : precheckAlgorithms()) names.emplace_back(row->name);
        for (const std::string& name : names) {
            if (ImGui::Selectable(name.c_str(), m_settings.precheck == name)) m_settings.precheck = name;
        }
        ImGui::EndCombo();
    }
    if (ImGui::BeginCombo("pixel test", m_settings.pixelTest.c_str())) {
        for (const Algorithm& a : coreAlgorithms().all()) {
            if (a.kind != AlgorithmKind::Pixel) continue;
            const std::string name(a.name);
            if (ImGui::Selectable(name.c_str(), m_settings.pixelTest == name)) m_settings.pixelTest = name;
        }
        ImGui::EndCombo();
    }
    const std::string broad(broadPhaseName(m_settings.broadPhase));
    if (ImGui::BeginCombo("broad phase", broad.c_str())) {
        for (BroadPhaseKind kind : kBroadPhases) {
            const std::string name(broadPhaseName(kind));
            if (ImGui::Selectable(name.c_str(), kind == m_settings.broadPhase)) m_settings.broadPhase = kind;
        }
        ImGui::EndCombo();
    }
    bool all = m_settings.pairs == PairMode::All;
    if (ImGui::Checkbox("blocks collide with blocks", &all)) m_settings.pairs = all ? PairMode::All : PairMode::Person;
    if (auto bad = validate(m_settings)) ImGui::TextColored(ImVec4(1.0f, 0.5f, 0.4f, 1.0f), "%s", bad->c_str());
}

std::optional<Tool::WindowStatus> GameTool::windowStatus() const {
    if (!m_session.active()) return std::nullopt;
    const FrameReport& f = m_session.game().lastFrame();
    auto name = [](std::uint64_t id) { return id == kPersonId ? std::string("person") : "block-" + std::to_string(id); };
    WindowStatus status{"game, frame " + std::to_string(f.frame) + ": no hit yet", false, m_shownPair, m_shownRevision};
    for (const GameHit& h : f.hits) {
        if (h.a != kPersonId) continue;
        status.text = "game, frame " + std::to_string(f.frame) + ": " + name(h.a) + "/" + name(h.b) + " HIT";
        status.hit = true;
        return status;
    }
    // No hit in this frame: the last hit of the run, if any.
    const std::vector<RecordedHit>& hits = m_session.hits();
    for (auto it = hits.rbegin(); it != hits.rend(); ++it) {
        if (it->a != kPersonId) continue;
        status.text = "game, frame " + std::to_string(f.frame) + ": no hit (last: " + name(it->a) + "/" + name(it->b) + " at frame " +
                      std::to_string(it->frame) + ")";
        return status;
    }
    return status;
}

void GameTool::drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const {
    (void)ctx;
    if (!m_session.active() || !view.list || !view.camera) return;
    const FallingBlocksGame& game = m_session.game();
    const Rect vp = view.camera->viewport();
    ImDrawList* list = view.list;
    const bool hit = game.lastFrame().personHit;
    list->AddRectFilled(toIm(vp.min), toIm(vp.max), toImColor(hit ? palette::kBackgroundHit : palette::kBackground));
    const FieldFit fit = fitField(vp, game.settings());
    const glm::dvec2 fieldMax = fit.toScreen({game.settings().fieldWidth, game.settings().fieldHeight});
    list->AddRect(toIm(fit.origin), toIm(fieldMax), toImColor(withAlpha(palette::kSelection, 120)));
    list->PushClipRect(toIm(fit.origin), toIm(fieldMax), true);
    const GameSprites& sprites = game.sprites();
    // Blocks in a colour of their own (the image's gray, tinted): red is the hit colour, kept for the blocks
    // that touch the person in this frame.
    if (const sf::Texture* block = m_textures.getGray(sprites.block)) {
        std::vector<std::uint64_t> hitting;
        for (const GameHit& h : game.lastFrame().hits)
            if (h.a == kPersonId) hitting.push_back(h.b);
        std::sort(hitting.begin(), hitting.end());
        const double w = sprites.block->width, h = sprites.block->height;
        // A block whose centre lies more than half its diagonal outside the field shows nothing of itself.
        const double reach = halfDiagonal(*sprites.block);
        const Rect shown{{-reach, -reach}, {game.settings().fieldWidth + reach, game.settings().fieldHeight + reach}};
        const ImU32 tint = toImColor(kGameBlockTint), hitTint = toImColor(kGameBlockHitTint);
        // Every block is one quad of one run under one texture (one draw call, whatever the count).
        list->PushTextureID(textureId(block));
        for (const FallingBlock& b : game.blocks()) {
            if (b.position.x < shown.min.x || b.position.y < shown.min.y || b.position.x > shown.max.x || b.position.y > shown.max.y) continue;
            const bool hits = !hitting.empty() && std::binary_search(hitting.begin(), hitting.end(), b.id);
            ImVec2 screen[4];
            screenQuad(game.blockTransform(b), w, h, fit, screen);
            list->PrimReserve(6, 4);
            list->PrimQuadUV(screen[0], screen[1], screen[2], screen[3], ImVec2(0, 0), ImVec2(1, 0), ImVec2(1, 1), ImVec2(0, 1),
                             hits ? hitTint : tint);
        }
        list->PopTextureID();
    }
    // The block under the pointer (the pair the Collision table shows) outlined, so the table's block can be found.
    if (m_shownKey.hovered) {
        const auto blocks = game.blocks();
        const auto it = std::lower_bound(blocks.begin(), blocks.end(), m_shownKey.block,
                                         [](const FallingBlock& b, std::uint64_t id) { return b.id < id; });
        if (it != blocks.end() && it->id == m_shownKey.block) {
            ImVec2 screen[4];
            screenQuad(game.blockTransform(*it), sprites.block->width, sprites.block->height, fit, screen);
            list->AddPolyline(screen, 4, toImColor(palette::kSelection), ImDrawFlags_Closed, 2.0f);
        }
    }
    if (const sf::Texture* person = m_textures.get(sprites.person)) {
        drawSprite(list, textureId(person), game.personTransform(), sprites.person->width, sprites.person->height, fit);
    }
    list->PopClipRect();

    // The HUD's short form, top-left of the view.
    char text[256];
    const FrameReport& f = game.lastFrame();
    std::snprintf(text, sizeof text,
                  "%s  frame %" PRId64 "  seed %llu\nblocks %" PRId64 "  hits %" PRId64 "\nbroad %" PRId64
                  "  pre-check %" PRId64 "  pixel %" PRId64 "\nwork p50 %.3f  p95 %.3f ms",
                  m_playing ? (m_session.replaying() ? "REPLAY" : "PLAYING") : "PAUSED (Space resumes)", f.frame,
                  static_cast<unsigned long long>(game.seed()), f.counts.alive, f.counts.hits, f.counts.broadPhasePairs,
                  f.counts.afterPrecheck, f.counts.pixelTests, m_session.workPercentileMs(50.0),
                  m_session.workPercentileMs(95.0));
    const ImVec2 size = ImGui::CalcTextSize(text);
    const ImVec2 at(float(vp.min.x) + 6.0f, float(vp.min.y) + 6.0f);
    list->AddRectFilled(ImVec2(at.x - 4.0f, at.y - 3.0f), ImVec2(at.x + size.x + 4.0f, at.y + size.y + 3.0f), IM_COL32(0, 0, 0, 170), 3.0f);
    list->AddText(at, IM_COL32(255, 255, 255, 255), text);
}

}  // namespace cl
