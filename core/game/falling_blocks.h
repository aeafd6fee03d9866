#pragma once
// FallingBlocksGame: the XNA tutorial's game — a person dodging falling, spinning blocks — as a
// deterministic simulation that a window, the headless command and the tests drive frame by frame.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/base/alpha_mask.h"
#include "core/game/collision_pass.h"
#include "core/game/falling_block.h"
#include "core/game/game_random.h"
#include "core/game/game_settings.h"
#include "core/game/game_sprites.h"
#include "core/motion/motion.h"
#include "core/base/sprite_transform.h"

namespace cl {

/// The simulation. Same seed, settings, sprites and inputs give the same frames, bit for bit.
class FallingBlocksGame {
public:
    /// A run before its first frame: the person centred on the bottom edge and `initialBlocks` blocks
    /// scattered over the field. Throws std::invalid_argument with validate()'s message for bad settings
    /// (callers validate first) or when a sprite is missing.
    FallingBlocksGame(const GameSprites& sprites, const GameSettings& settings, std::uint64_t seed);

    /// Advances one frame with the input bits held (kInputLeft, kInputRight): the person moves, blocks
    /// spawn, fall, spin and leave below the field, then the collision work runs on the new positions.
    /// Throws WorkBudgetExceeded (CollisionPass::run()) when the frame has too many candidate pairs or the
    /// budget runs out; the run is then half-stepped and only good for its message.
    void step(std::uint8_t input);
    /// The work budget every frame counts against (null: none); it must outlive the steps that use it.
    void setBudget(WorkBudget* budget) { m_pass.setBudget(budget); }

    /// Frames stepped so far; the last one's index is frames() - 1.
    std::int64_t frames() const { return static_cast<std::int64_t>(m_inputs.size()); }
    /// The input of every frame stepped, in order: what a run file records.
    std::span<const std::uint8_t> inputs() const { return m_inputs; }
    /// The settings the run was made with.
    const GameSettings& settings() const { return m_settings; }
    /// The run's seed.
    std::uint64_t seed() const { return m_seed; }
    /// The two images (shared, never copied).
    const GameSprites& sprites() const { return m_sprites; }
    /// The person's solid pixels at the settings' alpha threshold, built once.
    const AlphaMask& personMask() const { return *m_personMask; }
    /// The block's solid pixels, built once and shared by every block.
    const AlphaMask& blockMask() const { return *m_blockMask; }

    /// The live blocks, ids ascending.
    std::span<const FallingBlock> blocks() const { return m_blocks; }
    /// The person's top-left corner in the world.
    glm::dvec2 personPosition() const { return m_person; }
    /// Where to draw the person (a translation, as in the tutorial).
    SpriteTransform personTransform() const;
    /// Where to draw a block: its centre, turned about the texture's centre.
    SpriteTransform blockTransform(const FallingBlock& block) const;
    /// The person's motion: how far it moved in the last frame (its keys, stopped at the field's edges),
    /// so a scene replays the frame as if the same keys stay held.
    SpriteMotion personMotion() const;
    /// A block's motion each frame: it falls the fall speed and turns its spin (in degrees), so its
    /// transformAt(1) is where the next frame draws it.
    SpriteMotion blockMotion(const FallingBlock& block) const;

    /// The last frame's counts, times and hits (frame -1 before the first step).
    const FrameReport& lastFrame() const { return m_report; }

    /// How far a block falls from its spawn height until it leaves (spawn above the field, leave once its
    /// centre is a half-diagonal below it).
    double fallDistance() const;

private:
    void spawnBlock(double centreY);

    GameSprites m_sprites;
    GameSettings m_settings;
    std::uint64_t m_seed;
    GameRandom m_random;
    std::shared_ptr<const AlphaMask> m_personMask;
    std::shared_ptr<const AlphaMask> m_blockMask;
    CollisionPass m_pass;
    glm::dvec2 m_person{0.0, 0.0};
    glm::dvec2 m_personStep{0.0, 0.0};  // the person's move in the last frame
    std::vector<FallingBlock> m_blocks;
    std::uint64_t m_nextId = 1;
    std::vector<std::uint8_t> m_inputs;
    FrameReport m_report;
};

/// Expected new blocks per frame that keeps about `blocks` alive once the field has filled:
/// blocks × fall speed ÷ fall distance (capped at kMaxSpawnPerFrame).
double steadySpawnProbability(const GameSettings& settings, const GameSprites& sprites, int blocks);

}  // namespace cl
