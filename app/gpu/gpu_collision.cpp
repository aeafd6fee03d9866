#include "app/gpu/gpu_collision.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

#include <glm/glm.hpp>

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/Graphics/Shader.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <SFML/Graphics/VertexArray.hpp>
#include <SFML/OpenGL.hpp>
#include <SFML/System/Err.hpp>

#include "core/base/bounds.h"
#include "core/collision/pixel_scans.h"
#include "core/base/sprite_transform.h"

namespace cl {
namespace {

// Mask textures kept between calls; the least recently used one goes first.
constexpr std::size_t kMaxCachedTextures = 8;
// The render target grows in steps of this many pixels so small size changes do not recreate it.
constexpr unsigned kTargetGranularity = 256;

// DoublePrecision mapping, one pass per sprite. Each world pixel centre of the tile is mapped into the
// sprite's texture with the same double-precision arithmetic, in the same order, as pixel-world on the
// CPU. A textured quad (the Rasterised mapping) has its corners snapped to the rasteriser's sub-pixel
// grid and its texture coordinates interpolated in single precision, which can move a pixel whose
// centre lies within a hair of a texel edge. Doubles arrive as raw bits in int pairs because SFML has
// no double uniforms.
constexpr const char* kDoublePrecisionShader = R"(#version 400 compatibility
uniform ivec4 tileOrigin;   // world x and y of the tile's first pixel, as double bits (lo, hi)
uniform ivec4 rowX;         // world -> local matrix m[0][0] and m[1][0]
uniform ivec4 rowY;         // m[0][1] and m[1][1]
uniform ivec4 translation;  // m[2][0] and m[2][1]
uniform ivec2 maskSize;
uniform float threshold;
uniform vec4 paint;
uniform sampler2D maskTexture;

double unpack(int lo, int hi) { return packDouble2x32(uvec2(lo, hi)); }

void main() {
    precise double wx = unpack(tileOrigin.x, tileOrigin.y) + double(gl_FragCoord.x);
    precise double wy = unpack(tileOrigin.z, tileOrigin.w) + double(gl_FragCoord.y);
    precise double lx = unpack(rowX.x, rowX.y) * wx + unpack(rowX.z, rowX.w) * wy + unpack(translation.x, translation.y);
    precise double ly = unpack(rowY.x, rowY.y) * wx + unpack(rowY.z, rowY.w) * wy + unpack(translation.z, translation.w);
    double px = floor(lx);
    double py = floor(ly);
    if (px < 0.0 || py < 0.0 || px >= double(maskSize.x) || py >= double(maskSize.y)) discard;
    // Alpha bytes arrive normalised; compare half a step away from the threshold so rounding cannot flip it.
    float alpha = texelFetch(maskTexture, ivec2(int(px), int(py)), 0).a;
    if (!(alpha * 255.0 > threshold + 0.5)) discard;
    gl_FragColor = paint;
}
)";

// Rasterised mapping: the sprite is a textured quad and the GPU picks the texel (nearest, so floor).
constexpr const char* kRasterisedShader = R"(#version 110
uniform sampler2D maskTexture;
uniform float threshold;
uniform vec4 paint;

void main() {
    float alpha = texture2D(maskTexture, gl_TexCoord[0].xy).a;
    if (!(alpha * 255.0 > threshold + 0.5)) discard;
    gl_FragColor = paint;
}
)";

using Clock = std::chrono::steady_clock;

std::int64_t nanosecondsSince(Clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count();
}

// Sends SFML's error stream into a string while alive, so failures become reasons instead of stderr noise.
class SfmlErrorCapture {
public:
    SfmlErrorCapture() : m_previous(sf::err().rdbuf(m_text.rdbuf())) {}
    ~SfmlErrorCapture() { sf::err().rdbuf(m_previous); }
    SfmlErrorCapture(const SfmlErrorCapture&) = delete;
    SfmlErrorCapture& operator=(const SfmlErrorCapture&) = delete;
    /// The first non-empty line written so far, or `fallback`.
    std::string firstLine(const std::string& fallback) const {
        std::istringstream lines(m_text.str());
        for (std::string line; std::getline(lines, line);) {
            if (line.find_first_not_of(" \t\r") != std::string::npos) return line;
        }
        return fallback;
    }

private:
    std::ostringstream m_text;
    std::streambuf* m_previous;
};

// A double's bits as two ints (low word first), for the shader's packDouble2x32.
std::pair<int, int> doubleBits(double value) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    return {static_cast<int>(static_cast<std::uint32_t>(bits)),
            static_cast<int>(static_cast<std::uint32_t>(bits >> 32))};
}

sf::Glsl::Ivec4 twoDoubles(double first, double second) {
    const auto [lo0, hi0] = doubleBits(first);
    const auto [lo1, hi1] = doubleBits(second);
    return {lo0, hi0, lo1, hi1};
}

// An open connection to the X display, closed when the handle goes; null with `problem` set when there is
// none. Defined at the end, after Xlib's macros.
std::shared_ptr<void> connectToDisplay(std::string& problem);

}  // namespace

struct GpuCollider::Resources {
    struct MaskTexture {
        const AlphaMask* mask = nullptr;
        // What the upload was made from: at an equal threshold, equal solid bits mean the texture's alpha
        // passes the shader's threshold test exactly where the new mask is solid.
        int threshold = -1;
        std::vector<std::uint64_t> bits;
        sf::Texture texture;
        std::uint64_t lastUse = 0;
    };

    sf::RenderTexture target;
    sf::Vector2u targetSize{0, 0};
    sf::Shader shader;
    unsigned maxTextureSize = 0;
    std::vector<std::unique_ptr<MaskTexture>> textures;
    std::uint64_t useClock = 0;
    std::vector<std::uint8_t> uploadPixels;
    std::vector<std::uint8_t> readPixels;

    // True when `bits` holds exactly the mask's solid bits, row after row.
    static bool sameBits(const std::vector<std::uint64_t>& bits, const AlphaMask& mask) {
        const std::size_t words = static_cast<std::size_t>(mask.wordsPerRow());
        if (bits.size() != words * static_cast<std::size_t>(mask.height())) return false;
        for (int y = 0; y < mask.height(); ++y) {
            if (std::memcmp(bits.data() + words * static_cast<std::size_t>(y), mask.bitRow(y).data(),
                            words * sizeof(std::uint64_t)) != 0)
                return false;
        }
        return true;
    }

    // The texture holding `mask`'s alpha, uploading it when it is new or its content changed; nullptr
    // with `problem` set on failure.
    const sf::Texture* textureFor(const AlphaMask& mask, std::string& problem) {
        const int w = mask.width(), h = mask.height();
        ++useClock;
        // The pointer alone is not a safe key: a freed mask's address can be reused by another mask.
        MaskTexture* entry = nullptr;
        for (auto& candidate : textures) {
            if (candidate->mask == &mask) entry = candidate.get();
        }
        if (entry && entry->texture.getSize() == sf::Vector2u(w, h) && entry->threshold == mask.threshold() &&
            sameBits(entry->bits, mask)) {
            entry->lastUse = useClock;
            return &entry->texture;
        }
        if (!entry) {
            if (textures.size() >= kMaxCachedTextures) {
                auto oldest = std::min_element(textures.begin(), textures.end(),
                                               [](const auto& l, const auto& r) { return l->lastUse < r->lastUse; });
                textures.erase(oldest);
            }
            textures.push_back(std::make_unique<MaskTexture>());
            entry = textures.back().get();
            entry->mask = &mask;
        }
        if (entry->texture.getSize() != sf::Vector2u(w, h) && !entry->texture.create(w, h)) {
            problem = "could not create a " + std::to_string(w) + "x" + std::to_string(h) + " texture";
            entry->threshold = -1;
            return nullptr;
        }
        uploadPixels.assign(static_cast<std::size_t>(w) * h * 4, 255);
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) uploadPixels[(static_cast<std::size_t>(y) * w + x) * 4 + 3] = mask.alpha(x, y);
        }
        entry->texture.update(uploadPixels.data());
        entry->texture.setSmooth(false);
        entry->threshold = mask.threshold();
        entry->bits.clear();
        for (int y = 0; y < h; ++y) {
            const auto row = mask.bitRow(y);
            entry->bits.insert(entry->bits.end(), row.begin(), row.end());
        }
        entry->lastUse = useClock;
        return &entry->texture;
    }

    // Makes the target at least w x h pixels; false when it cannot be created.
    bool ensureTarget(unsigned w, unsigned h) {
        if (targetSize.x >= w && targetSize.y >= h) return true;
        auto grow = [](unsigned have, unsigned need) {
            return std::max(have, (need + kTargetGranularity - 1) / kTargetGranularity * kTargetGranularity);
        };
        const sf::Vector2u size{std::min(grow(targetSize.x, w), maxTextureSize),
                                std::min(grow(targetSize.y, h), maxTextureSize)};
        if (!target.create(size.x, size.y)) {
            targetSize = {0, 0};
            return false;
        }
        targetSize = size;
        return true;
    }

    // Why a mask cannot be uploaded (larger than the texture limit); empty when both can.
    std::string tooLargeForTextures(const Body& a, const Body& b) const {
        for (const Body* body : {&a, &b}) {
            const AlphaMask& mask = *body->mask;
            if (static_cast<unsigned>(std::max(mask.width(), mask.height())) > maxTextureSize) {
                return "a " + std::to_string(mask.width()) + "x" + std::to_string(mask.height()) +
                       " mask is larger than this GPU's texture limit of " + std::to_string(maxTextureSize);
            }
        }
        return {};
    }

    // A w x h quad at the view's origin in one colour.
    static sf::VertexArray quadOver(unsigned w, unsigned h, sf::Color colour) {
        sf::VertexArray quad(sf::Quads, 4);
        quad[0] = sf::Vertex({0.f, 0.f}, colour);
        quad[1] = sf::Vertex({static_cast<float>(w), 0.f}, colour);
        quad[2] = sf::Vertex({static_cast<float>(w), static_cast<float>(h)}, colour);
        quad[3] = sf::Vertex({0.f, static_cast<float>(h)}, colour);
        return quad;
    }

    // Points the target at the tile alone (framebuffer rows [0, h)), so a sprite reaching past the tile
    // costs no fragments there, and clears only the tile: the grow-only target may be far larger. The
    // view puts y = 0 at the bottom, so that framebuffer row r (what glReadPixels returns r-th) is world
    // row tileY + r, and view coordinates are world coordinates minus the tile's corner.
    void beginTile(unsigned w, unsigned h) {
        const auto targetWidth = static_cast<float>(targetSize.x), targetHeight = static_cast<float>(targetSize.y);
        sf::View view(sf::FloatRect(0.f, static_cast<float>(h), static_cast<float>(w), -static_cast<float>(h)));
        view.setViewport(sf::FloatRect(0.f, (targetHeight - static_cast<float>(h)) / targetHeight,
                                       static_cast<float>(w) / targetWidth, static_cast<float>(h) / targetHeight));
        target.setView(view);
        target.draw(quadOver(w, h, sf::Color::Transparent), sf::RenderStates(sf::BlendNone));
    }

    // Rasterised: the sprite's own quad. Corners are placed relative to the tile in doubles before the
    // cast to float, so far-away worlds keep their precision.
    void drawRasterised(const Body& body, const sf::Texture& texture, sf::Color paint, std::int64_t tileX, std::int64_t tileY) {
        const glm::dmat3 world = worldMatrix(body.transform);
        const double w = body.mask->width(), h = body.mask->height();
        const glm::dvec2 corners[4] = {{0.0, 0.0}, {w, 0.0}, {w, h}, {0.0, h}};
        sf::VertexArray quad(sf::Quads, 4);
        for (int i = 0; i < 4; ++i) {
            const glm::dvec2 p = transformPoint(world, corners[i]);
            quad[i].position = {static_cast<float>(p.x - static_cast<double>(tileX)),
                                static_cast<float>(p.y - static_cast<double>(tileY))};
            quad[i].texCoords = {static_cast<float>(corners[i].x), static_cast<float>(corners[i].y)};
        }
        shader.setUniform("maskTexture", sf::Shader::CurrentTexture);
        shader.setUniform("threshold", static_cast<float>(body.mask->threshold()));
        shader.setUniform("paint", sf::Glsl::Vec4(paint));
        sf::RenderStates states(sf::BlendAdd);
        states.shader = &shader;
        states.texture = &texture;
        target.draw(quad, states);
    }

    // DoublePrecision: the pass paints the whole tile and the shader keeps only the pixels the sprite
    // covers solidly.
    void drawMapped(const AlphaMask& mask, const glm::dmat3& toLocal, const sf::Texture& texture, sf::Color paint,
                    std::int64_t tileX, std::int64_t tileY, unsigned w, unsigned h) {
        shader.setUniform("tileOrigin", twoDoubles(static_cast<double>(tileX), static_cast<double>(tileY)));
        shader.setUniform("rowX", twoDoubles(toLocal[0][0], toLocal[1][0]));
        shader.setUniform("rowY", twoDoubles(toLocal[0][1], toLocal[1][1]));
        shader.setUniform("translation", twoDoubles(toLocal[2][0], toLocal[2][1]));
        shader.setUniform("maskSize", sf::Glsl::Ivec2(mask.width(), mask.height()));
        shader.setUniform("threshold", static_cast<float>(mask.threshold()));
        shader.setUniform("paint", sf::Glsl::Vec4(paint));
        shader.setUniform("maskTexture", texture);
        sf::RenderStates states(sf::BlendAdd);
        states.shader = &shader;
        target.draw(quadOver(w, h, sf::Color::White), states);
    }

    // Reads the tile's w x h pixels back into readPixels (RGBA, bottom row first = lowest world row).
    void readTile(unsigned w, unsigned h) {
        readPixels.resize(static_cast<std::size_t>(w) * h * 4);
        glPixelStorei(GL_PACK_ALIGNMENT, 4);
        glReadPixels(0, 0, static_cast<GLsizei>(w), static_cast<GLsizei>(h), GL_RGBA, GL_UNSIGNED_BYTE, readPixels.data());
    }
};

namespace {

// Counts the red-and-blue pixels of the tiles of one band (a row of tiles) and keeps the band's first
// hit and, if asked, its hits, as world pixels (j, i) so that sorting gives row-major order.
struct BandCount {
    std::int64_t count = 0;
    bool listHits = false;
    std::vector<std::pair<std::int64_t, std::int64_t>> hits;
    bool hasFirst = false;
    std::pair<std::int64_t, std::int64_t> first{0, 0};

    void addTile(const std::vector<std::uint8_t>& pixels, std::int64_t tileX, std::int64_t tileY, unsigned w, unsigned h) {
        const std::uint8_t* p = pixels.data();
        bool tileHasFirst = false;
        for (unsigned row = 0; row < h; ++row) {
            for (unsigned col = 0; col < w; ++col, p += 4) {
                if (p[0] == 0 || p[2] == 0) continue;
                ++count;
                const std::pair<std::int64_t, std::int64_t> pixel{tileY + row, tileX + col};
                if (!tileHasFirst) {
                    tileHasFirst = true;
                    if (!hasFirst || pixel < first) first = pixel;
                    hasFirst = true;
                }
                if (listHits) hits.push_back(pixel);
            }
        }
    }

    // Moves the band's first hit and hits into `r` (hitAt(i, j) names world pixel (i, j)) and starts a new band.
    template <typename HitAt>
    void endBand(CollisionResult& r, HitAt hitAt) {
        if (hasFirst && !r.firstHit) r.firstHit = hitAt(first.second, first.first);
        if (listHits) {
            std::sort(hits.begin(), hits.end());
            for (const auto& [j, i] : hits) r.hits.push_back(hitAt(i, j));
        }
        hits.clear();
        hasFirst = false;
    }
};

}  // namespace

GpuCollider::GpuCollider(int maxTileSize, GpuMapping preferred)
    : m_maxTileSize(std::max(1, maxTileSize)), m_mapping(preferred) {}

GpuCollider::~GpuCollider() = default;

std::string GpuCollider::unavailableReason() {
    if (m_initialised) return m_unavailable;
    m_initialised = true;
    // SFML aborts the process when it cannot open the display, so look before creating anything. The
    // connection stays open until SFML holds its own: Xvfb resets, refusing clients for a moment, when
    // its last client leaves.
    const std::shared_ptr<void> display = connectToDisplay(m_unavailable);
    if (!display) return m_unavailable;

    SfmlErrorCapture errors;
    auto resources = std::make_unique<Resources>();
    if (!sf::Shader::isAvailable()) {
        m_unavailable = "this OpenGL has no shaders: " + errors.firstLine("sf::Shader::isAvailable() is false");
        return m_unavailable;
    }
    resources->maxTextureSize = sf::Texture::getMaximumSize();
    // Without double-precision shaders, fall back to the source document's textured quads.
    if (m_mapping == GpuMapping::DoublePrecision &&
        !resources->shader.loadFromMemory(kDoublePrecisionShader, sf::Shader::Fragment)) {
        m_mapping = GpuMapping::Rasterised;
    }
    if (m_mapping == GpuMapping::Rasterised &&
        !resources->shader.loadFromMemory(kRasterisedShader, sf::Shader::Fragment)) {
        m_unavailable = "this OpenGL cannot compile the shader: " + errors.firstLine("no compiler message");
        return m_unavailable;
    }
    if (!resources->ensureTarget(1, 1)) {
        m_unavailable =
            "no off-screen OpenGL target could be made: " + errors.firstLine("sf::RenderTexture::create failed");
        return m_unavailable;
    }
    resources->target.setActive(false);
    m_resources = std::move(resources);
    return m_unavailable;
}

CollisionResult GpuCollider::test(const Body& a, const Body& b, const TestOptions& options) {
    if (const std::string reason = unavailableReason(); !reason.empty()) return notApplicable("gpu: " + reason);
    CollisionResult r;

    // Exactly the centres pixel-world visits.
    const WorldPixelRange range = pixelWorldRange(a, b);
    if (range.empty()) return r;
    if (range.count() > kMaxWorldPixels) return notApplicable("gpu: the overlap covers more than 2^26 world pixels");
    Resources& res = *m_resources;
    if (const std::string tooLarge = res.tooLargeForTextures(a, b); !tooLarge.empty()) return notApplicable("gpu: " + tooLarge);

    // Upload the masks (or find them cached).
    SfmlErrorCapture errors;
    m_timings = GpuTimings{};
    const Clock::time_point uploadStart = Clock::now();
    std::string problem;
    const sf::Texture* textureA = res.textureFor(*a.mask, problem);
    const sf::Texture* textureB = textureA ? res.textureFor(*b.mask, problem) : nullptr;
    if (!textureA || !textureB) return notApplicable("gpu: " + problem + ": " + errors.firstLine("no message"));
    m_timings.uploadNs = nanosecondsSince(uploadStart);

    // A target for one tile.
    const std::int64_t x0 = static_cast<std::int64_t>(range.first.x), x1 = static_cast<std::int64_t>(range.last.x) + 1;
    const std::int64_t y0 = static_cast<std::int64_t>(range.first.y), y1 = static_cast<std::int64_t>(range.last.y) + 1;
    const std::int64_t tile = std::min<std::int64_t>(m_maxTileSize, res.maxTextureSize);
    if (!res.ensureTarget(static_cast<unsigned>(std::min(tile, x1 - x0)),
                          static_cast<unsigned>(std::min(tile, y1 - y0)))) {
        return notApplicable("gpu: no off-screen OpenGL target could be made: " + errors.firstLine("no message"));
    }

    const glm::dmat3 toA = affineInverse(worldMatrix(a.transform));
    const glm::dmat3 toB = affineInverse(worldMatrix(b.transform));
    const auto drawSprite = [&](const Body& body, const glm::dmat3& toLocal, const sf::Texture& texture, sf::Color paint,
                                std::int64_t tileX, std::int64_t tileY, unsigned w, unsigned h) {
        if (m_mapping == GpuMapping::Rasterised)
            res.drawRasterised(body, texture, paint, tileX, tileY);
        else
            res.drawMapped(*body.mask, toLocal, texture, paint, tileX, tileY, w, h);
    };
    const auto hitAt = [&](std::int64_t i, std::int64_t j) {
        const glm::dvec2 world{i + 0.5, j + 0.5};
        return PixelHit{glm::ivec2(glm::floor(transformPoint(toA, world))),
                        glm::ivec2(glm::floor(transformPoint(toB, world))), world};
    };

    // Each tile: draw A red and B blue additively, read the tile back, count the pixels holding both.
    BandCount counter;
    counter.listHits = options.listHits && !options.stopAtFirstHit;
    // SFML sets its client-side vertex arrays up once per render target, not once per context: drawn in
    // a context it has not used before (e.g. a window's, made active by the caller), nothing would appear.
    res.target.resetGLStates();
    for (std::int64_t tileY = y0; tileY < y1; tileY += tile) {
        const auto h = static_cast<unsigned>(std::min(tile, y1 - tileY));
        for (std::int64_t tileX = x0; tileX < x1; tileX += tile) {
            const auto w = static_cast<unsigned>(std::min(tile, x1 - tileX));
            const Clock::time_point renderStart = Clock::now();
            res.beginTile(w, h);
            drawSprite(a, toA, *textureA, sf::Color::Red, tileX, tileY, w, h);
            drawSprite(b, toB, *textureB, sf::Color::Blue, tileX, tileY, w, h);
            res.target.setActive(true);
            glFinish();
            m_timings.renderNs += nanosecondsSince(renderStart);

            const Clock::time_point readStart = Clock::now();
            res.readTile(w, h);
            m_timings.readBackNs += nanosecondsSince(readStart);
            m_timings.pixelsRead += static_cast<std::int64_t>(w) * h;
            r.samples += static_cast<std::int64_t>(w) * h;

            const Clock::time_point countStart = Clock::now();
            counter.addTile(res.readPixels, tileX, tileY, w, h);
            m_timings.countNs += nanosecondsSince(countStart);
        }
        counter.endBand(r, hitAt);
        if (options.stopAtFirstHit && counter.count > 0) break;
    }
    res.target.setActive(false);

    r.hit = counter.count > 0;
    r.overlap = options.stopAtFirstHit ? (r.hit ? 1.0 : 0.0) : static_cast<double>(counter.count);
    return r;
}

CollisionResult gpuTest(const Body& a, const Body& b, const TestOptions& options) {
    return sharedGpuCollider().test(a, b, options);
}

const Algorithm& gpuAlgorithm() {
    static const Algorithm algorithm{
        .name = "gpu",
        .kind = AlgorithmKind::Pixel,
        .summary = "red/blue on the GPU: world pixels painted by both sprites, the same answer as pixel-world",
        .run = &gpuTest,
        .threadBound = true,
        .deferWhileEditing = true,  // a read-back stalls the pipeline, and without a GPU it is drawn in software
        .needsDisplay = true,
    };
    return algorithm;
}

namespace {
thread_local std::unique_ptr<GpuCollider> tSharedCollider;
}  // namespace

GpuCollider& sharedGpuCollider() {
    if (!tSharedCollider) tSharedCollider = std::make_unique<GpuCollider>();
    return *tSharedCollider;
}

void releaseSharedGpuCollider() { tSharedCollider.reset(); }

}  // namespace cl

// Xlib's macros (None, Bool, Status, ...) would clash with SFML's names, so it comes last.
#include <GL/glx.h>
#include <X11/Xlib.h>

namespace cl {
namespace {

std::shared_ptr<void> connectToDisplay(std::string& problem) {
    const char* name = std::getenv("DISPLAY");
    if (name == nullptr || *name == '\0') {
        problem = "no X display (DISPLAY is not set; try xvfb-run -a)";
        return nullptr;
    }
    // A few tries: a display that lost its last client a moment ago may still be resetting.
    Display* opened = nullptr;
    for (int attempt = 0; attempt < 5 && opened == nullptr; ++attempt) {
        if (attempt > 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
        opened = XOpenDisplay(name);
    }
    std::shared_ptr<void> display(opened, [](void* d) {
        if (d) XCloseDisplay(static_cast<Display*>(d));
    });
    if (!display) {
        problem = std::string("cannot open X display \"") + name + "\"";
        return nullptr;
    }
    int errorBase = 0, eventBase = 0;
    if (!glXQueryExtension(static_cast<Display*>(display.get()), &errorBase, &eventBase)) {
        problem = std::string("X display \"") + name + "\" has no GLX (no OpenGL)";
        return nullptr;
    }
    return display;
}

}  // namespace
}  // namespace cl
