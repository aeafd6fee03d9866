#pragma once
// Pause into a scene: one frame of the falling-blocks game as an ordinary scene that every tool and
// `collision-lab check` can read — the bug report of "I was hit but nothing touched me".

#include <cstdint>
#include <optional>
#include <string>

#include "core/scene/scene.h"

namespace cl {

class FallingBlocksGame;

/// Which blocks the scene holds.
struct FrameSceneOptions {
    /// Every live block (at most kMaxSceneSprites - 1); otherwise only the blocks near the person.
    bool everyBlock = false;
    /// "Near": the block's broad-phase box comes within this many world pixels of the person's.
    double nearDistance = 64.0;
    /// The scene's timeline length: frames the captured motion plays over (one second of the game).
    int frames = 60;
    /// Only this block (by id) besides the person, near or not — the pair the sandbox shows while the game
    /// runs; everyBlock and nearDistance are ignored. A block not in the frame is an error.
    std::optional<std::uint64_t> onlyBlock;
};

/// The scene, or why there is none.
struct FrameSceneResult {
    std::optional<Scene> scene;
    std::string error;
    /// True on success.
    bool ok() const { return scene.has_value(); }
};

/// The game's current frame as a scene: sprite "person" first, then "block-<id>" for each block chosen,
/// in id order, at their transforms, each with its motion (a block's fall and spin, the person's last
/// move: velocity and angular_velocity) and a timeline of `options.frames` frames at frame 0, so the
/// scene replays the game's next frames; images by the sprites' file paths (embedded when they have none);
/// the game's sampling and alpha threshold; notes with the seed, frame and stage counts; and an
/// `expect` block holding the game's hit answer (its pixel test) for each person pair, and each block
/// pair when the game tests all pairs — so `check --verify` on the saved scene confirms the frame.
/// When the person is hit in this frame, the scene's view selects the person and the first block (in id
/// order) hitting it, so the scene opens on a pair that hits.
FrameSceneResult sceneFromFrame(const FallingBlocksGame& game, const FrameSceneOptions& options = {});

}  // namespace cl
