// Sprite-sheet frames (issue 16): switching the shown frame of a big atlas once every frame's mask exists, and
// the frame matrix of `check --all-frames` from cold caches.
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>

#include "core/check/frame_matrix.h"
#include "core/scene/scene.h"

namespace cl::bench {
namespace {

/// A square atlas of `columns` x `columns` frames, each `cell` pixels square and trimmed by 8 pixels on every
/// side: frame k is a disc whose radius grows with k, stored at its cell's corner + (8, 8).
struct BenchAtlas {
    std::shared_ptr<const RgbaImage> image;
    std::shared_ptr<const Atlas> atlas;
};

BenchAtlas makeAtlas(int columns, int cell) {
    RgbaImage image{columns * cell, columns * cell, std::vector<std::uint8_t>(static_cast<std::size_t>(columns) * cell * columns * cell * 4, 0)};
    auto atlas = std::make_shared<Atlas>();
    atlas->width = image.width;
    atlas->height = image.height;
    const int stored = cell - 16;
    for (int k = 0; k < columns * columns; ++k) {
        const int x0 = (k % columns) * cell + 8, y0 = (k / columns) * cell + 8;
        const double radius = stored * (0.25 + 0.25 * k / (columns * columns));
        for (int y = 0; y < stored; ++y) {
            for (int x = 0; x < stored; ++x) {
                const double dx = x + 0.5 - stored / 2.0, dy = y + 0.5 - stored / 2.0;
                if (dx * dx + dy * dy <= radius * radius) image.pixels[((static_cast<std::size_t>(y0 + y)) * image.width + x0 + x) * 4 + 3] = 255;
            }
        }
        AtlasFrame frame;
        frame.name = "frame_" + std::to_string(k);
        frame.frame = {x0, y0, stored, stored};
        frame.trimmed = true;
        frame.spriteSourceSize = {8, 8, stored, stored};
        frame.sourceWidth = frame.sourceHeight = cell;
        atlas->frames.push_back(frame);
    }
    return {std::make_shared<const RgbaImage>(std::move(image)), atlas};
}

SceneSprite atlasSprite(const std::string& name, const BenchAtlas& art, glm::dvec2 position) {
    SceneSprite sprite;
    sprite.name = name;
    sprite.sheet = art.image;
    sprite.atlas = name + ".json";
    sprite.atlasData = art.atlas;
    sprite.frame.kind = FrameRef::Kind::Atlas;
    sprite.frame.name = art.atlas->frames.front().name;
    sprite.pixels = art.image;
    sprite.transform.position = position;
    sprite.transform.origin = {art.atlas->frames.front().sourceWidth / 2.0, art.atlas->frames.front().sourceHeight / 2.0};
    return sprite;
}

// What the Sprites tool does when the user picks another frame: setSpriteFrame, then the mask for the answers.
// Every frame's image and mask were made once before timing.
void switchFrame(benchmark::State& state) {
    const BenchAtlas art = makeAtlas(8, 256);  // 2048 x 2048, 64 frames
    SceneSprite sprite = atlasSprite("A", art, {0, 0});
    FrameImageCache frames;
    MaskCache masks;
    std::vector<FrameRef> refs;
    for (const auto& f : art.atlas->frames) {
        FrameRef ref;
        ref.kind = FrameRef::Kind::Atlas;
        ref.name = f.name;
        refs.push_back(ref);
        if (!setSpriteFrame(sprite, ref, {}, frames).empty()) state.SkipWithError("frame cannot be shown");
        masks.get(sprite.pixels, 0);
    }
    std::size_t k = 0;
    for (auto _ : state) {
        k = (k + 1) % refs.size();
        std::string error = setSpriteFrame(sprite, refs[k], {}, frames);
        auto mask = masks.get(sprite.pixels, 0);
        benchmark::DoNotOptimize(mask);
        benchmark::DoNotOptimize(error);
    }
    state.counters["masks"] = static_cast<double>(masks.size());
}
BENCHMARK(switchFrame)->Name("frames/switch/2048x2048-64-frames")->Unit(benchmark::kMicrosecond);

// `check --all-frames` on two sprites of 8 frames of 128 x 128, from cold caches (every frame cut and masked).
void allFrames(benchmark::State& state) {
    const BenchAtlas art = makeAtlas(3, 128);  // 9 frames; the first 8 are used through an animation
    Scene scene;
    for (const char* name : {"A", "B"}) {
        SceneSprite sprite = atlasSprite(name, art, {name[0] == 'A' ? 0.0 : 60.0, name[0] == 'A' ? 0.0 : 10.0});
        for (int k = 0; k < 8; ++k) sprite.animation.frames.push_back(art.atlas->frames[static_cast<std::size_t>(k)].name);
        sprite.animation.tag = "all";
        scene.sprites.push_back(sprite);
    }
    scene.sprites[1].transform.rotationDeg = 30;
    const Algorithm& test = *findAlgorithm(state.range(0) == 0 ? "pixel-fast" : "pixel-exact");
    int hits = 0;
    for (auto _ : state) {
        FrameImageCache frames;
        MaskCache masks;
        std::string error;
        auto matrix = frameMatrix(scene, 0, 1, test, TestOptions{}, frames, masks, error);
        if (!matrix) state.SkipWithError(error.c_str());
        hits = 0;
        for (const auto& row : matrix->results) {
            for (const auto& r : row) hits += r.hit ? 1 : 0;
        }
        benchmark::DoNotOptimize(hits);
    }
    state.counters["hits"] = hits;
    state.SetLabel(std::string(test.name));
}
BENCHMARK(allFrames)->Name("frames/all-frames/8x8-of-128")->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace cl::bench
