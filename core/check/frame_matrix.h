#pragma once
// FrameMatrix: which frames of sprite A hit which frames of sprite B under one test — "which frames of the
// swing hit the enemy?". Each sprite keeps its transform (origin in texture coordinates) while its frame changes.

#include <cstdint>
#include <string>
#include <vector>

#include "core/collision/algorithms.h"
#include "core/scene/frame_image.h"
#include "core/base/mask_cache.h"
#include "core/scene/scene.h"

namespace cl {

/// One frame a sprite can show, for the matrix.
struct NamedFrame {
    std::string name;  ///< The atlas frame's name, "cell N", or "(shown)" for a sprite with one frame.
    FrameRef ref;
};

/// The frames a sprite can show: its animation's frames, else every atlas frame, else every grid cell of its
/// sheet, else only the frame it shows.
std::vector<NamedFrame> spriteFrames(const SceneSprite& sprite);

/// The answers of one test for every (frame of A, frame of B).
struct FrameMatrix {
    std::string a;
    std::string b;
    const Algorithm* algorithm = nullptr;
    std::vector<NamedFrame> framesA;
    std::vector<NamedFrame> framesB;
    std::vector<std::vector<CollisionResult>> results;  ///< results[i][j]: frame i of A against frame j of B.
};

/// Most cells (frames of A x frames of B) one matrix may hold: each is a test and a result kept in memory.
inline constexpr std::int64_t kMaxFrameMatrixCells = 1000000;

/// The matrix for sprites `a` and `b` of `scene` (each keeps its flip and transform), or an error message in
/// `error`. Frame images and masks come from the caches, so each frame is cut and masked once. Refused before
/// any cut when the matrix would pass kMaxFrameMatrixCells or the frames the memory estimate
/// (core/scene/frame_memory.h); every test counts against options.budget.
std::optional<FrameMatrix> frameMatrix(const Scene& scene, std::size_t a, std::size_t b, const Algorithm& algorithm,
                                       const TestOptions& options, FrameImageCache& frames, MaskCache& masks, std::string& error);

/// The matrix as a table: rows are A's frames, columns B's; X hit, . miss, - not applicable.
std::string frameMatrixTable(const FrameMatrix& matrix);

/// The matrix as JSON: {"a", "b", "algorithm", "frames_a", "frames_b", "hit": [[...]], "overlap": [[...]]}.
nlohmann::ordered_json frameMatrixJson(const FrameMatrix& matrix);

}  // namespace cl
