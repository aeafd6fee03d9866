#include "core/game/frame_scene.h"

#include <algorithm>

#include "core/game/falling_blocks.h"

namespace cl {
namespace {

std::string blockName(std::uint64_t id) { return "block-" + std::to_string(id); }

std::string spriteName(std::uint64_t id) { return id == kPersonId ? "person" : blockName(id); }

SceneSprite spriteOf(const std::string& name, const std::shared_ptr<const RgbaImage>& image, const std::filesystem::path& path,
                     const SpriteTransform& transform, const SpriteMotion& motion, int threshold) {
    SceneSprite sprite;
    sprite.name = name;
    sprite.pixels = image;
    sprite.imagePath = path;
    sprite.image = path.string();  // empty: saveScene embeds the pixels
    sprite.transform = transform;
    sprite.motion = motion;
    sprite.alphaThreshold = threshold;
    return sprite;
}

}  // namespace

FrameSceneResult sceneFromFrame(const FallingBlocksGame& game, const FrameSceneOptions& options) {
    FrameSceneResult result;
    const Body person{&game.personMask(), game.personTransform()};
    Rect near = broadPhaseBox(person);
    near.min -= glm::dvec2(options.nearDistance);
    near.max += glm::dvec2(options.nearDistance);
    std::vector<const FallingBlock*> chosen;
    for (const FallingBlock& block : game.blocks()) {
        if (options.onlyBlock) {
            if (block.id == *options.onlyBlock) chosen.push_back(&block);
        } else if (options.everyBlock || boxesTouch(broadPhaseBox(Body{&game.blockMask(), game.blockTransform(block)}), near)) {
            chosen.push_back(&block);
        }
    }
    if (options.onlyBlock && chosen.empty()) {
        result.error = blockName(*options.onlyBlock) + " is not in frame " + std::to_string(game.lastFrame().frame);
        return result;
    }
    if (static_cast<int>(chosen.size()) + 1 > kMaxSceneSprites) {
        result.error = "the frame has " + std::to_string(chosen.size()) + " blocks" + (options.everyBlock ? "" : " near the person") +
                       "; a scene holds at most " + std::to_string(kMaxSceneSprites - 1) + " besides the person";
        return result;
    }

    const GameSettings& settings = game.settings();
    const FrameReport& frame = game.lastFrame();
    Scene scene;
    scene.title = "Falling blocks: seed " + std::to_string(game.seed()) + ", frame " + std::to_string(frame.frame);
    scene.notes = "A paused frame of the falling-blocks game (" + std::to_string(frame.counts.alive) + " blocks alive, " +
                  std::to_string(chosen.size()) + " in this scene). The game tested " +
                  (settings.pairs == PairMode::All ? "every pair" : "the person against every block") + ": broad phase " +
                  std::string(broadPhaseName(settings.broadPhase)) + " left " + std::to_string(frame.counts.broadPhasePairs) +
                  " pairs, pre-check " + settings.precheck + " left " + std::to_string(frame.counts.afterPrecheck) + " to " +
                  settings.pixelTest + ", which found " + std::to_string(frame.counts.hits) +
                  " hit(s). The expect block holds the game's answers for the pairs in this scene. Each sprite keeps its "
                  "motion (the blocks' fall and spin, the person's last move), so the Timeline plays the next frames.";
    scene.sampling = settings.sampling;
    scene.timeline.frames = std::clamp(options.frames, 1, kMaxSceneFrames);
    scene.timeline.frame = 0;
    scene.sprites.push_back(spriteOf("person", game.sprites().person, game.sprites().personPath, game.personTransform(),
                                     game.personMotion(), settings.alphaThreshold));
    for (const FallingBlock* block : chosen) {
        scene.sprites.push_back(spriteOf(blockName(block->id), game.sprites().block, game.sprites().blockPath,
                                         game.blockTransform(*block), game.blockMotion(*block), settings.alphaThreshold));
    }

    std::vector<GameHit> sortedHits = frame.hits;
    std::sort(sortedHits.begin(), sortedHits.end());
    auto hitIn = [&](std::uint64_t a, std::uint64_t b) { return std::binary_search(sortedHits.begin(), sortedHits.end(), GameHit{a, b}); };
    for (std::size_t i = 0; i < chosen.size(); ++i) {
        scene.expect.set(spriteName(kPersonId), blockName(chosen[i]->id), settings.pixelTest,
                         {{"hit", hitIn(kPersonId, chosen[i]->id)}});
    }
    if (settings.pairs == PairMode::All) {
        for (std::size_t i = 0; i < chosen.size(); ++i) {
            for (std::size_t j = i + 1; j < chosen.size(); ++j) {
                scene.expect.set(blockName(chosen[i]->id), blockName(chosen[j]->id), settings.pixelTest,
                                 {{"hit", hitIn(chosen[i]->id, chosen[j]->id)}});
            }
        }
    }
    // The scene opens on a pair that hits when the frame has one: the person and the first block (in id order)
    // it hits. A view rather than a new sprite order, which would turn the block pairs' A and B round.
    for (const FallingBlock* block : chosen) {
        if (!hitIn(kPersonId, block->id)) continue;
        scene.view.pair = std::pair(spriteName(kPersonId), blockName(block->id));
        break;
    }
    result.scene = std::move(scene);
    return result;
}

}  // namespace cl
