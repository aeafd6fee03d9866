#pragma once
// The `gpu` test: the source document's red/blue method on an off-screen OpenGL target.
//
// Implements:
//  [x] Draws sprite A solid red and sprite B solid blue with additive blending into an sf::RenderTexture
//      covering the world pixels whose centres lie strictly inside both world boxes; reads back only
//      that rectangle and counts the pixels holding both colours. Same meaning as `pixel-world`.
//  [x] Where the GPU has double-precision shaders (GLSL 4.00), the fragment shader maps each world pixel
//      centre into the sprite's texture with the very arithmetic pixel-world uses: the two agree pixel
//      for pixel. Elsewhere (any GLSL 1.10) each sprite is a textured quad, as in the source document;
//      the rasteriser's sub-pixel snapping and single-precision interpolation can then move a pixel
//      whose centre lies within a small fraction of a pixel of a texel edge.
//  [x] Reuses the render target (grow-only) and the mask textures between calls.
//  [x] Tiles regions larger than the tile size; firstHit and hits stay in row-major world order.
//  [x] Not applicable, with the reason, when there is no X display, no OpenGL context or no shaders, a
//      mask exceeds the texture size limit, or the overlap covers more than 2^26 world pixels.
// Not thread-safe: use a collider from one thread only (the one that owns the OpenGL work). A call made
// while a window's context is active draws through a framebuffer object in that context and leaves it
// active with the window's own framebuffer bound, so raw OpenGL (the ImGui renderer) can follow.

#include <cstdint>
#include <memory>
#include <string>

#include "core/collision/algorithms.h"
#include "core/base/collision_result.h"

namespace cl {

/// How long the phases of the last GPU test took, in nanoseconds of wall time.
struct GpuTimings {
    std::int64_t uploadNs = 0;    ///< Checking the cached mask textures and uploading changed ones.
    std::int64_t renderNs = 0;    ///< Clearing the tile, drawing both sprites, waiting for the GPU to finish.
    std::int64_t readBackNs = 0;  ///< glReadPixels of the overlap rectangle only.
    std::int64_t countNs = 0;     ///< Counting red-and-blue pixels on the CPU.
    std::int64_t pixelsRead = 0;  ///< Pixels read back.
};

/// How the sprites reach the world pixel grid.
enum class GpuMapping {
    DoublePrecision,  ///< The shader maps every world pixel centre into the texture in doubles: exact.
    Rasterised,       ///< Textured quads through the GPU's rasteriser: exact except within a hair of an edge.
};

/// Owns the OpenGL objects of the red/blue test and runs it; created lazily on the first test.
class GpuCollider {
public:
    /// Largest side of one rendered tile, in world pixels; larger regions are drawn in tiles.
    static constexpr int kDefaultMaxTileSize = 2048;

    /// A collider that draws tiles of at most maxTileSize x maxTileSize pixels (clamped to the GPU's limit)
    /// with the preferred mapping, or with Rasterised when the GPU cannot do the preferred one.
    explicit GpuCollider(int maxTileSize = kDefaultMaxTileSize, GpuMapping preferred = GpuMapping::DoublePrecision);
    ~GpuCollider();
    GpuCollider(const GpuCollider&) = delete;
    GpuCollider& operator=(const GpuCollider&) = delete;

    /// The red/blue test of a against b; not applicable (with the reason) when OpenGL cannot do it.
    CollisionResult test(const Body& a, const Body& b, const TestOptions& options);
    /// Phase timings of the last test that reached the GPU.
    const GpuTimings& lastTimings() const { return m_timings; }
    /// Empty when OpenGL is usable; otherwise why not. Sets up OpenGL on first use.
    std::string unavailableReason();
    /// The mapping in use; meaningful once unavailableReason() is empty.
    GpuMapping mapping() const { return m_mapping; }

private:
    struct Resources;
    std::unique_ptr<Resources> m_resources;
    std::string m_unavailable;
    bool m_initialised = false;
    int m_maxTileSize;
    GpuMapping m_mapping;
    GpuTimings m_timings;
};

/// `gpu`: the red/blue test on this thread's shared GpuCollider; same signature as the core tests.
CollisionResult gpuTest(const Body& a, const Body& b, const TestOptions& options);

/// The algorithm table entry for gpuTest: "gpu", a pixel test, not directional (it samples the world grid).
const Algorithm& gpuAlgorithm();

/// This thread's collider used by gpuTest (for its timings).
GpuCollider& sharedGpuCollider();

/// Frees the shared collider's OpenGL objects (call before the display or window goes away).
void releaseSharedGpuCollider();

}  // namespace cl
