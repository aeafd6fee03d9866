#include "tests/bench/bench_cases.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>

#include <stb_image.h>

#include "core/collision/pixel_scans.h"

namespace cl::bench {
namespace {

SpriteTransform centred(int width, int height, double rotationDeg = 0.0, double scale = 1.0) {
    SpriteTransform t;
    t.origin = {width / 2.0, height / 2.0};
    t.rotationDeg = rotationDeg;
    t.scale = {scale, scale};
    return t;
}

// Distance from pixel (x, y)'s centre to the centre of a size x size image.
double radiusAt(int x, int y, int size) { return std::hypot(x + 0.5 - size / 2.0, y + 0.5 - size / 2.0); }

std::unique_ptr<BenchCase> makeCase(std::string name, const RgbaImage& imageA, const RgbaImage& imageB) {
    auto c = std::make_unique<BenchCase>();
    c->name = std::move(name);
    c->maskA = AlphaMask(imageA, 0);
    c->maskB = AlphaMask(imageB, 0);
    c->a.mask = &c->maskA;
    c->b.mask = &c->maskB;
    return c;
}

}  // namespace

RgbaImage loadPng(const std::string& path) {
    int width = 0, height = 0, channels = 0;
    stbi_uc* pixels = stbi_load(path.c_str(), &width, &height, &channels, 4);
    if (!pixels) {
        std::fprintf(stderr, "%s: cannot read the PNG (%s)\n", path.c_str(), stbi_failure_reason());
        std::exit(1);
    }
    RgbaImage image;
    image.width = width;
    image.height = height;
    image.pixels.assign(pixels, pixels + static_cast<std::size_t>(width) * height * 4);
    stbi_image_free(pixels);
    return image;
}

std::unique_ptr<BenchCase> makeRings(int size) {
    const double s = size;
    auto c = makeCase("rings/" + std::to_string(size),
                      drawImage(size, size, [&](int x, int y) { const double r = radiusAt(x, y, size); return r >= 0.30 * s && r <= 0.45 * s; }),
                      drawImage(size, size, [&](int x, int y) { const double r = radiusAt(x, y, size); return r >= 0.15 * s && r < 0.30 * s - 2.0; }));
    c->a.transform = centred(size, size);
    c->b.transform = centred(size, size, 30.0);
    return c;
}

std::unique_ptr<BenchCase> makeCombs(int size) {
    const auto comb = [](int x, int) { return x % 4 == 0; };
    auto c = makeCase("combs/" + std::to_string(size), drawImage(size, size, comb), drawImage(size, size, comb));
    c->b.transform.position = {2.0, 0.0};
    // B's bars land on A's columns 2, 6, 10, ...: the AND reads them aligned with A's words.
    c->maskBInA = AlphaMask(drawImage(size, size, [](int x, int) { return x % 4 == 2; }), 0);
    return c;
}

std::unique_ptr<BenchCase> makeGlyphs() {
    const std::string dir = COLLISION_LAB_SPRITES_DIR;
    auto c = makeCase("F/R", loadPng(dir + "/F.png"), loadPng(dir + "/R.png"));
    c->a.transform = centred(c->maskA.width(), c->maskA.height());
    c->b.transform = centred(c->maskB.width(), c->maskB.height(), 30.0, 1.7);
    // Slide R to the right until the overlap is closest to a quarter of F's solid pixels.
    const double target = 0.25 * static_cast<double>(c->maskA.solidCount());
    double bestError = INFINITY, bestX = 0.0;
    for (int dx = 0; dx <= 4 * c->maskA.width(); ++dx) {
        c->b.transform.position = {static_cast<double>(dx), 0.0};
        const double error = std::abs(pixelNaive(c->a, c->b, {}).overlap - target);
        if (error < bestError) {
            bestError = error;
            bestX = dx;
        }
    }
    c->b.transform.position = {bestX, 0.0};
    return c;
}

std::unique_ptr<BenchCase> makeDiscs(int size) {
    const double s = size;
    const auto disc = [&](int x, int y) { return radiusAt(x, y, size) <= 0.45 * s; };
    auto c = makeCase("discs/" + std::to_string(size), drawImage(size, size, disc), drawImage(size, size, disc));
    c->a.transform = centred(size, size);
    c->b.transform = centred(size, size, 30.0);
    c->b.transform.position = {0.25 * s, 0.0};
    return c;
}

namespace {

// crosses/64's placement `place` (0 .. 15), both turns moved on by `moreA` and back by `moreB` degrees: pivots 12 to
// 64.5 pixels apart (each cross's solid disc reaches about 34 pixels from its pivot), in directions and at turns
// spread over the circle; turns beyond a whole turn, as the game's blocks reach after spinning a while.
std::pair<SpriteTransform, SpriteTransform> crossPlacement(const RgbaImage& cross, int place, double moreA, double moreB) {
    SpriteTransform a = centred(cross.width, cross.height, -700.0 + 97.3 * place + moreA);
    SpriteTransform b = centred(cross.width, cross.height, 913.0 - 131.7 * place - moreB);
    const double distance = 12.0 + 3.5 * place, direction = (37.0 + 71.0 * place) * std::numbers::pi / 180.0;
    a.position = {100.0, 100.0};
    b.position = a.position + distance * glm::dvec2(std::cos(direction), std::sin(direction));
    return {a, b};
}

}  // namespace

std::unique_ptr<BenchCase> makeCrosses() {
    const std::string dir = COLLISION_LAB_SPRITES_DIR;
    const RgbaImage cross = loadPng(dir + "/cross.png");
    auto c = makeCase("crosses/64", cross, cross);
    for (int k = 0; k < 16; ++k) c->placements.push_back(crossPlacement(cross, k, 0.0, 0.0));
    c->a.transform = c->placements.front().first;
    c->b.transform = c->placements.front().second;
    return c;
}

std::unique_ptr<BenchCase> makeCrossesTouching() {
    auto c = makeCrosses();
    c->name = "crosses/64-touching";
    for (std::size_t k = 0; k < c->placements.size(); ++k) {
        auto& [a, b] = c->placements[k];
        const glm::dvec2 direction = glm::normalize(b.position - a.position);
        // Out from the pivot, a quarter pixel at a time, to the first distance with no hit.
        double distance = 0.0;
        auto hitAt = [&](double d) {
            b.position = a.position + d * direction;
            return pixelNaive(Body{c->a.mask, a}, Body{c->b.mask, b}, TestOptions{.stopAtFirstHit = true}).hit;
        };
        while (hitAt(distance)) distance += 0.25;
        hitAt(k % 2 == 0 ? distance - 0.25 : distance);
    }
    c->a.transform = c->placements.front().first;
    c->b.transform = c->placements.front().second;
    return c;
}

std::unique_ptr<BenchCase> makeCrossesTurning() {
    const std::string dir = COLLISION_LAB_SPRITES_DIR;
    const RgbaImage cross = loadPng(dir + "/cross.png");
    auto c = makeCase("crosses/64-turning", cross, cross);
    // Each of the 16 places visited 64 times with both turns moved on a little: 1,024 pairs of turns, so a cache of
    // a few dozen pairs of turns never sees one again before it is evicted.
    for (int k = 0; k < 1024; ++k) c->placements.push_back(crossPlacement(cross, k % 16, 0.25 * (k / 16), 0.35 * (k / 16)));
    c->a.transform = c->placements.front().first;
    c->b.transform = c->placements.front().second;
    return c;
}

std::unique_ptr<BenchCase> makeCorner() {
    constexpr int kSize = 1024, kOverlap = 16;
    const auto solid = [](int, int) { return true; };
    auto c = makeCase("corner/1024", drawImage(kSize, kSize, solid), drawImage(kSize, kSize, solid));
    c->b.transform.position = {kSize - kOverlap, kSize - kOverlap};
    c->b.transform.rotationDeg = 10.0;
    return c;
}

}  // namespace cl::bench
