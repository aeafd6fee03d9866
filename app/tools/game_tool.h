#pragma once
// GameTool: the XNA tutorial's falling-blocks game in the world view — Play, Left/Right (A/D), Space to
// pause, Open as scene, Replay, Save run..., the game's settings as sliders and a HUD of the collision
// stages. The stepping itself is GameSession (window-free).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "app/tools/game_session.h"
#include "app/tools/tool.h"
#include "app/views/sprite_textures.h"

namespace cl {

/// See the file comment.
class GameTool : public Tool {
public:
    std::string_view id() const override { return "game"; }
    std::string_view title() const override { return "Game"; }
    std::string_view help() const override {
        return "the tutorial's falling-blocks game: Play, Left/Right or A/D move, Space pauses, Open as scene";
    }
    void update(ToolContext& ctx) override;
    void drawPanel(ToolContext& ctx) override;
    bool overlayActive() const override { return m_session.active(); }
    std::optional<WindowStatus> windowStatus() const override;
    void drawWorldOverlay(const WorldOverlay& view, const ToolContext& ctx) const override;
    void addCommands(CommandTable& commands) override;
    /// --describe-ui: "game": whether a run is open and the block under the pointer (null: none).
    void describeUi(nlohmann::json& ui) const override;
    /// The start-up option --game-blocks K: on its next update the tool sets Blocks to K, fills the field,
    /// sets a steady spawn rate and plays.
    void playAtStart(int blocks) { m_blocksAtStart = blocks; }

private:
    /// The tutorial's settings with Blocks as a count: 200 blocks, the field filled at the start.
    static GameSettings toolDefaults() {
        GameSettings s;
        s.maxBlocks = 200;
        s.initialBlocks = 200;
        return s;
    }
    bool loadSprites(ToolContext& ctx);
    bool play(ToolContext& ctx);
    void drawHud(bool compact) const;
    /// The pair the window shows while the game runs: the block under the pointer with the person, else the
    /// person's last hit as it was in its frame; rebuilt (a new revision) only when it changes.
    void updateShownPair(const ToolContext& ctx);
    /// A new run (Play, Replay, Stop): no last hit, no pair.
    void forgetShownPair();

    GameSession m_session;
    GameSettings m_settings = toolDefaults();
    /// Play sets the spawn rate that keeps Blocks alive (steadySpawnProbability), so Blocks is the count.
    bool m_steadySpawn = true;
    std::uint64_t m_seed = 1;
    bool m_playing = false;
    bool m_everyBlock = false;
    std::uint8_t m_tapped = 0;  // keys pressed since the last step (a tap shorter than a frame still moves)
    bool m_pauseRequested = false;
    std::optional<GameSprites> m_sprites;
    std::optional<int> m_blocksAtStart;   // --game-blocks: taken by the next update()
    std::optional<Scene> m_pendingScene;  // Open as scene: opened by the next update()
    std::string m_runFile = "run.json";
    std::string m_status;
    mutable SpriteTextures m_textures;
    // The pair the window shows (windowStatus().pair) and what it was built from.
    struct ShownKey {
        std::int64_t frame = -1;
        std::uint64_t block = 0;
        bool hovered = false;
        bool operator==(const ShownKey&) const = default;
    };
    std::shared_ptr<const Scene> m_shownPair;
    ShownKey m_shownKey;
    std::uint64_t m_shownRevision = 0;
    std::shared_ptr<const Scene> m_lastHitPair;  // the person's last hit, as a pair scene of its frame
    ShownKey m_lastHitKey;
    std::int64_t m_seenFrame = -1;               // the frame whose hits were looked at
};

}  // namespace cl
