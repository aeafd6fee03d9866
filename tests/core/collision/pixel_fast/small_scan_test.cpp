#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast.h"
#include "core/collision/pixel_fast/hit_sink.h"
#include "core/collision/pixel_fast/kernels.h"
#include "core/collision/pixel_fast/lattice_polygon.h"
#include "core/collision/pixel_fast/row_walker.h"
#include "core/collision/pixel_fast/small_scan.h"
#include "core/collision/pixel_fast/translation_scan.h"
#include "core/collision/pixel_scans.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::hitOnlyScan;

// A random image: a cross, a disc, a solid block, noise or a sparse scatter, alphas random so that the
// threshold picks which pixels are solid.
RgbaImage randomImage(std::mt19937& rng, int w, int h) {
    RgbaImage image{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)};
    const unsigned shape = rng() % 5;
    std::uniform_int_distribution<int> alpha(1, 255), coin(0, 99);
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            const double r = std::hypot(x + 0.5 - w / 2.0, y + 0.5 - h / 2.0);
            const bool on = shape == 0   ? (3 * x >= w && 3 * x < 2 * w) || (3 * y >= h && 3 * y < 2 * h)
                            : shape == 1 ? r <= std::min(w, h) / 2.0
                            : shape == 2 ? true
                            : shape == 3 ? coin(rng) < 50
                                         : coin(rng) < 4;
            if (on) image.pixels[(static_cast<std::size_t>(y) * w + x) * 4 + 3] = static_cast<std::uint8_t>(alpha(rng));
        }
    }
    return image;
}

double randomTurn(std::mt19937& rng) {
    switch (rng() % 5) {
        case 0: return 90.0 * static_cast<int>(rng() % 9) - 360.0;  // quarter turns, both signs
        case 1: return std::uniform_real_distribution<double>(-1.0, 1.0)(rng) * 1e-3;  // almost unturned
        default: return std::uniform_real_distribution<double>(-3000.0, 3000.0)(rng);
    }
}

double smallRandomScale(std::mt19937& rng) {
    const double s = rng() % 4 == 0 ? 1.0 : std::exp(std::uniform_real_distribution<double>(std::log(0.3), std::log(3.0))(rng));
    return rng() % 4 == 0 ? -s : s;  // flips
}

// A random pair whose A has a solid box around the small scan's limit (kSmallRows): A's image 1 to 72 wide and
// high, most of them 58 to 70; B anything up to 90; placed so that their discs often meet.
struct RandomPair {
    AlphaMask ma, mb;
    Body a, b;
    Sampling sampling;
};
RandomPair randomPair(std::mt19937& rng) {
    std::uniform_int_distribution<int> near(pixel_fast::kSmallRows - 6, pixel_fast::kSmallRows + 6), any(1, 72), bSide(1, 90);
    const int wa = rng() % 3 ? near(rng) : any(rng), ha = rng() % 3 ? near(rng) : any(rng);
    RandomPair p{AlphaMask(randomImage(rng, wa, ha), rng() % 2 ? 0 : static_cast<int>(rng() % 256)),
                 AlphaMask(randomImage(rng, bSide(rng), bSide(rng)), rng() % 2 ? 0 : static_cast<int>(rng() % 256)),
                 {}, {}, rng() % 2 ? Sampling::Xna : Sampling::Center};
    p.a.mask = &p.ma;
    p.b.mask = &p.mb;
    for (Body* body : {&p.a, &p.b}) {
        SpriteTransform& t = body->transform;
        const auto coordinate = [&](double lo, double hi) {
            const double v = std::uniform_real_distribution<double>(lo, hi)(rng);
            return rng() % 4 == 0 ? std::round(v) : rng() % 4 == 0 ? std::round(v) + 0.5 : v;  // whole, half, any
        };
        t.origin = {coordinate(0.0, body->mask->width()), coordinate(0.0, body->mask->height())};
        t.rotationDeg = randomTurn(rng);
        t.scale = {smallRandomScale(rng), 0.0};
        t.scale.y = rng() % 3 == 0 ? smallRandomScale(rng) : t.scale.x;
    }
    const double reach = 0.6 * (p.ma.width() + p.ma.height() + p.mb.width() + p.mb.height()) / 2.0;
    p.a.transform.position = {std::uniform_real_distribution<double>(-300.0, 300.0)(rng), std::uniform_real_distribution<double>(-300.0, 300.0)(rng)};
    p.b.transform.position = p.a.transform.position + glm::dvec2{std::uniform_real_distribution<double>(-reach, reach)(rng),
                                                                 std::uniform_real_distribution<double>(-reach, reach)(rng)};
    return p;
}

// The small scan's hit-only answer is pixel-naive's (hit and first hit, in every kernel code), on random pairs
// whose A lies at and around the scan's limit, turned, scaled, flipped, off by fractions of a pixel.
TEST(SmallScan, HitOnlyEqualsPixelNaiveOnRandomPairsAroundItsLimit) {
    std::mt19937 rng(25004u);
    int small = 0, hits = 0;
    constexpr int kPairs = 6000;
    for (int pair = 0; pair < kPairs; ++pair) {
        const RandomPair p = randomPair(rng);
        const TestOptions options = hitOnlyScan(p.sampling);
        const CollisionResult expected = pixelNaive(p.a, p.b, options);
        for (const PixelFastCode code : {PixelFastCode::Fastest, PixelFastCode::Popcount, PixelFastCode::Portable}) {
            const CollisionResult actual = pixelFast(p.a, p.b, options, code);
            ASSERT_EQ(actual.hit, expected.hit) << "pair " << pair << ", code " << static_cast<int>(code);
            ASSERT_EQ(actual.firstHit, expected.firstHit) << "pair " << pair << ", code " << static_cast<int>(code);
        }
        ASSERT_EQ(pixelFastHitOnly(p.a, p.b, p.sampling), expected.hit) << "pair " << pair;
        const IntRect ta = p.ma.tightBounds();
        small += ta.y1 - ta.y0 <= pixel_fast::kSmallRows ? 1 : 0;
        hits += expected.hit ? 1 : 0;
    }
    // Both sides of the limit, and both answers, are exercised.
    EXPECT_GT(small, kPairs / 3);
    EXPECT_LT(small, kPairs - kPairs / 10);
    EXPECT_GT(hits, kPairs / 5);
    EXPECT_LT(hits, kPairs - kPairs / 5);
}

// The reference for which samples the small scan looks at: every row LatticePolygon::rows gives, clipped by
// LatticePolygon::range one row at a time (the general scan's clipping, no runs, no passing over), walked in
// order until the first hit.
template <bool kXna>
void rowByRow(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t, pixel_fast::HitSink& sink, CollisionResult& r) {
    const IntRect ta = ma.tightBounds();
    pixel_fast::LatticePolygon polygon(mb, t, ta, pixel_fast::kWholePolygon);
    pixel_fast::RowWalker<kXna> walker(ma, mb, t, sink, r, ta.x0, pixel_fast::Kernels::choose(PixelFastCode::Portable));
    const auto [yFrom, yTo] = polygon.rows(ta.y0, ta.y1 - 1);
    for (int y = yFrom; y <= yTo; ++y) {
        double lo, hi;
        polygon.range(y, lo, hi);
        int xFirst, xLast;
        pixel_fast::portable::clipRows(ma.rowExtents().data() + y, 1, &lo, &hi, &xFirst, &xLast);
        const FixedVec p = samplePositionInB(t, ta.x0, y);
        if (xFirst <= xLast && walker.walk(y, static_cast<std::uint64_t>(static_cast<std::int64_t>(p.x)),
                                           static_cast<std::uint64_t>(static_cast<std::int64_t>(p.y)), xFirst, xLast))
            return;
    }
}

// The small scan looks at the very samples that clipping every row by LatticePolygon::range looks at (its
// runs of rows and the rows it passes over by solving the lines change the work, not the rows walked): the
// two agree on the first hit and on `samples`.
TEST(SmallScan, LooksAtTheSameSamplesAsClippingEveryRow) {
    std::mt19937 rng(25005u);
    int compared = 0, walked = 0;
    for (int pair = 0; pair < 6000; ++pair) {
        const RandomPair p = randomPair(rng);
        const TestOptions options = hitOnlyScan(p.sampling);
        const SampleLattice t = makeSampleLattice(p.a.transform, p.b.transform, p.sampling);
        const IntRect ta = p.ma.tightBounds();
        if (pixel_fast::isWholePixelTranslation(t) || p.ma.solidCount() == 0 || p.mb.solidCount() == 0 ||
            ta.y1 - ta.y0 > pixel_fast::kSmallRows || !pixel_fast::fitsNarrow(t, ta))
            continue;
        for (const PixelFastCode code : {PixelFastCode::Fastest, PixelFastCode::Portable}) {
            CollisionResult reference, small;
            pixel_fast::HitSink g(reference, options, p.a.transform, p.sampling), s(small, options, p.a.transform, p.sampling);
            if (p.sampling == Sampling::Xna) {
                rowByRow<true>(p.ma, p.mb, t, g, reference);
                pixel_fast::scanSmall<true>(p.ma, p.mb, t, s, small, pixel_fast::Kernels::choose(code));
            } else {
                rowByRow<false>(p.ma, p.mb, t, g, reference);
                pixel_fast::scanSmall<false>(p.ma, p.mb, t, s, small, pixel_fast::Kernels::choose(code));
            }
            g.finish();
            s.finish();
            ASSERT_EQ(small.samples, reference.samples) << "pair " << pair;
            ASSERT_EQ(small.hit, reference.hit) << "pair " << pair;
            ASSERT_EQ(small.firstHit, reference.firstHit) << "pair " << pair;
            walked += code == PixelFastCode::Portable && reference.samples > 0 ? 1 : 0;
        }
        ++compared;
    }
    EXPECT_GT(compared, 1500);
    EXPECT_GT(walked, compared / 3);
}

}  // namespace
}  // namespace cl
