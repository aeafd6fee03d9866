#include "core/check/frame_matrix.h"

#include <algorithm>

#include "core/scene/frame_memory.h"

namespace cl {

std::vector<NamedFrame> spriteFrames(const SceneSprite& sprite) {
    std::vector<NamedFrame> frames;
    auto atlasFrame = [](const std::string& name) {
        FrameRef ref;
        ref.kind = FrameRef::Kind::Atlas;
        ref.name = name;
        return NamedFrame{name, ref};
    };
    if (sprite.animation.active()) {
        for (const auto& name : sprite.animation.frames) frames.push_back(atlasFrame(name));
    } else if (sprite.atlasData) {
        for (const auto& frame : sprite.atlasData->frames) frames.push_back(atlasFrame(frame.name));
    } else if (sprite.frame.kind == FrameRef::Kind::Grid && sprite.sheet) {
        const glm::ivec2 cells = gridSize(sprite.sheet->width, sprite.sheet->height, sprite.frame.grid);
        for (int i = 0; i < cells.x * cells.y; ++i) {
            FrameRef ref = sprite.frame;
            ref.index = i;
            frames.push_back({"cell " + std::to_string(i), ref});
        }
    } else {
        frames.push_back({"(shown)", sprite.frame});
    }
    return frames;
}

std::optional<FrameMatrix> frameMatrix(const Scene& scene, std::size_t a, std::size_t b, const Algorithm& algorithm,
                                       const TestOptions& options, FrameImageCache& frames, MaskCache& masks, std::string& error) {
    const SceneSprite& spriteA = scene.sprites.at(a);
    const SceneSprite& spriteB = scene.sprites.at(b);
    FrameMatrix matrix;
    matrix.a = spriteA.name;
    matrix.b = spriteB.name;
    matrix.algorithm = &algorithm;
    matrix.framesA = spriteFrames(spriteA);
    matrix.framesB = spriteFrames(spriteB);
    const std::int64_t cells = std::int64_t(matrix.framesA.size()) * std::int64_t(matrix.framesB.size());
    if (cells > kMaxFrameMatrixCells) {
        error = "the frame matrix of " + matrix.a + " and " + matrix.b + " would have " + std::to_string(cells) + " cells (" +
                std::to_string(matrix.framesA.size()) + " x " + std::to_string(matrix.framesB.size()) + " frames); the limit is " +
                std::to_string(kMaxFrameMatrixCells) + ": use a sprite with fewer frames or a coarser grid";
        return std::nullopt;
    }
    // The frames are cut before anything is tested; an atlas of many huge untrimmed frames must not exhaust memory.
    auto refsOf = [](const std::vector<NamedFrame>& list) {
        std::vector<FrameRef> refs;
        for (const auto& frame : list) refs.push_back(frame.ref);
        return refs;
    };
    const std::int64_t pixels = cutFramePixels(spriteA, refsOf(matrix.framesA)) + cutFramePixels(spriteB, refsOf(matrix.framesB));
    if (std::string problem = cutPixelsProblem("the frames of " + matrix.a + " and " + matrix.b, pixels); !problem.empty()) {
        error = std::move(problem);
        return std::nullopt;
    }
    // Masks first, so the matrix loop below only runs tests.
    auto masksOf = [&](const SceneSprite& sprite, const std::vector<NamedFrame>& list) {
        std::vector<std::shared_ptr<const AlphaMask>> out;
        for (const auto& frame : list) {
            // A sprite that shows its whole image as is uses its pixels: they may have been replaced since loading.
            if (!sprite.sheet || (frame.ref.kind == FrameRef::Kind::Whole && !sprite.flip.x && !sprite.flip.y)) {
                out.push_back(masks.get(sprite.pixels, sprite.alphaThreshold));
                continue;
            }
            std::string problem;
            auto image = frames.get(sprite.sheet, sprite.atlasData.get(), frame.ref, sprite.flip, &problem);
            if (!image) {
                error = "sprite \"" + sprite.name + "\", frame " + frame.name + ": " + problem;
                return std::vector<std::shared_ptr<const AlphaMask>>{};
            }
            out.push_back(masks.get(image, sprite.alphaThreshold));
        }
        return out;
    };
    auto masksA = masksOf(spriteA, matrix.framesA);
    if (!error.empty()) return std::nullopt;
    auto masksB = masksOf(spriteB, matrix.framesB);
    if (!error.empty()) return std::nullopt;
    for (const auto& maskA : masksA) {
        std::vector<CollisionResult> row;
        for (const auto& maskB : masksB) {
            row.push_back(runAlgorithm(algorithm, Body{maskA.get(), spriteA.transform, spriteA.colliderOptions()},
                                          Body{maskB.get(), spriteB.transform, spriteB.colliderOptions()}, options));
        }
        matrix.results.push_back(std::move(row));
    }
    return matrix;
}

std::string frameMatrixTable(const FrameMatrix& m) {
    std::size_t nameWidth = 0;
    for (const auto& frame : m.framesA) nameWidth = std::max(nameWidth, frame.name.size());
    std::string text = m.a + "/" + m.b + " with " + std::string(m.algorithm->name) + " (rows: frames of " + m.a + ", columns: frames of " +
                       m.b + "; X hit, . miss, - not applicable)\n";
    const std::string indent(nameWidth + 8, ' ');
    text += indent;
    for (std::size_t j = 0; j < m.framesB.size(); ++j) {
        std::string number = std::to_string(j);
        text += number + std::string(number.size() < 3 ? 3 - number.size() : 1, ' ');
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    text += "\n";
    for (std::size_t i = 0; i < m.framesA.size(); ++i) {
        std::string number = std::to_string(i);
        std::string line = std::string(number.size() < 4 ? 4 - number.size() : 0, ' ') + number + "  " + m.framesA[i].name;
        line.resize(indent.size(), ' ');
        for (std::size_t j = 0; j < m.framesB.size(); ++j) {
            const CollisionResult& r = m.results[i][j];
            line += std::string(!r.applicable ? "-" : r.hit ? "X" : ".") + "  ";
            line += std::string(std::to_string(j).size() > 1 ? std::to_string(j).size() - 1 : 0, ' ');
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        text += line + "\n";
    }
    text += "columns:";
    for (std::size_t j = 0; j < m.framesB.size(); ++j) text += (j ? ", " : " ") + std::to_string(j) + " " + m.framesB[j].name;
    return text + "\n";
}

nlohmann::ordered_json frameMatrixJson(const FrameMatrix& m) {
    using Ordered = nlohmann::ordered_json;
    Ordered j;
    j["a"] = m.a;
    j["b"] = m.b;
    j["algorithm"] = std::string(m.algorithm->name);
    Ordered framesA = Ordered::array(), framesB = Ordered::array();
    for (const auto& frame : m.framesA) framesA.push_back(frame.name);
    for (const auto& frame : m.framesB) framesB.push_back(frame.name);
    j["frames_a"] = std::move(framesA);
    j["frames_b"] = std::move(framesB);
    Ordered hit = Ordered::array(), overlap = Ordered::array();
    for (const auto& row : m.results) {
        Ordered hitRow = Ordered::array(), overlapRow = Ordered::array();
        for (const auto& r : row) {
            hitRow.push_back(r.applicable ? Ordered(r.hit) : Ordered(nullptr));
            overlapRow.push_back(m.algorithm->reportsArea ? Ordered(r.overlap) : Ordered(static_cast<std::int64_t>(r.overlap)));
        }
        hit.push_back(std::move(hitRow));
        overlap.push_back(std::move(overlapRow));
    }
    j["hit"] = std::move(hit);
    j[m.algorithm->reportsArea ? "overlap_area" : "overlap"] = std::move(overlap);
    return j;
}

}  // namespace cl
