#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <vector>

#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast.h"
#include "core/collision/pixel_fast/hit_sink.h"
#include "core/collision/pixel_fast/kept_scan.h"
#include "core/collision/pixel_fast/kernels.h"
#include "core/collision/pixel_fast/pair_set_up.h"
#include "core/collision/pixel_fast/row_walker.h"
#include "core/collision/pixel_fast/small_scan.h"
#include "core/collision/pixel_fast/transformed_scan.h"
#include "core/collision/pixel_fast/translation_scan.h"
#include "core/collision/pixel_scans.h"
#include "tests/core/test_masks.h"

namespace cl {
namespace {

using testing::fullScan;
using testing::hitOnlyScan;

// Doubles compared by their bits: the kept set-up must give the very numbers made anew.
bool sameDoubleBits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }
bool sameDoubleBits(glm::dvec2 a, glm::dvec2 b) { return sameDoubleBits(a.x, b.x) && sameDoubleBits(a.y, b.y); }

// Every field of two lattices, bit for bit.
void expectSameLattice(const SampleLattice& kept, const SampleLattice& made, int pair) {
    for (int c = 0; c < 3; ++c) {
        for (int r = 0; r < 3; ++r) ASSERT_TRUE(sameDoubleBits(kept.aToB[c][r], made.aToB[c][r])) << "pair " << pair << ", aToB " << c << r;
    }
    ASSERT_TRUE(sameDoubleBits(kept.stepX, made.stepX)) << "pair " << pair;
    ASSERT_TRUE(sameDoubleBits(kept.stepY, made.stepY)) << "pair " << pair;
    ASSERT_TRUE(sameDoubleBits(kept.start, made.start)) << "pair " << pair;
    ASSERT_EQ(kept.startFx, made.startFx) << "pair " << pair;
    ASSERT_EQ(kept.stepXFx, made.stepXFx) << "pair " << pair;
    ASSERT_EQ(kept.stepYFx, made.stepYFx) << "pair " << pair;
    ASSERT_EQ(kept.sampling, made.sampling) << "pair " << pair;
}

// A random image up to 40 x 40: the union of one to three random boxes, or of a disc and a box, holes punched at
// random in a third of them; alphas random so that thresholds differ.
RgbaImage familyImage(std::mt19937& rng) {
    std::uniform_int_distribution<int> side(1, 40), alpha(1, 255);
    const int w = side(rng), h = side(rng);
    std::vector<IntRect> boxes(1 + rng() % 3);
    for (IntRect& box : boxes) {
        box.x0 = static_cast<int>(rng() % static_cast<unsigned>(w));
        box.y0 = static_cast<int>(rng() % static_cast<unsigned>(h));
        box.x1 = box.x0 + 1 + static_cast<int>(rng() % static_cast<unsigned>(w - box.x0));
        box.y1 = box.y0 + 1 + static_cast<int>(rng() % static_cast<unsigned>(h - box.y0));
    }
    const bool disc = rng() % 3 == 0, holes = rng() % 3 == 0;
    RgbaImage image{w, h, std::vector<std::uint8_t>(static_cast<std::size_t>(w) * h * 4, 0)};
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            bool on = disc && std::hypot(x + 0.5 - w / 2.0, y + 0.5 - h / 2.0) <= std::min(w, h) / 2.0;
            for (const IntRect& box : boxes) on = on || (x >= box.x0 && x < box.x1 && y >= box.y0 && y < box.y1);
            if (holes && rng() % 7 == 0) on = false;
            if (on) image.pixels[(static_cast<std::size_t>(y) * w + x) * 4 + 3] = static_cast<std::uint8_t>(alpha(rng));
        }
    }
    return image;
}

// A turn: whole quarter turns, almost none, or anything.
double familyTurn(std::mt19937& rng) {
    switch (rng() % 4) {
        case 0: return 90.0 * static_cast<int>(rng() % 9) - 360.0;
        case 1: return std::uniform_real_distribution<double>(-1.0, 1.0)(rng) * 1e-3;
        default: return std::uniform_real_distribution<double>(-2000.0, 2000.0)(rng);
    }
}

// Pairs of masks with pairs of turns, scales and samplings that come back (a C-space map's, a contact search's),
// each visited at new positions and origins; half of the families differ from an earlier one in one part only.
struct Family {
    const AlphaMask* ma;
    const AlphaMask* mb;
    SpriteTransform a, b;
    Sampling sampling;
};
struct Families {
    std::vector<std::unique_ptr<AlphaMask>> masks;
    std::vector<Family> families;
};
Families randomFamilies(std::mt19937& rng, int maskCount, int familyCount) {
    Families f;
    for (int i = 0; i < maskCount; ++i) {
        f.masks.push_back(std::make_unique<AlphaMask>(familyImage(rng), rng() % 2 ? 0 : static_cast<int>(rng() % 256)));
    }
    std::uniform_int_distribution<int> pick(0, maskCount - 1);
    std::uniform_real_distribution<double> scale(0.4, 2.5);
    for (int i = 0; i < familyCount; ++i) {
        Family family{f.masks[static_cast<std::size_t>(pick(rng))].get(), f.masks[static_cast<std::size_t>(pick(rng))].get(), {}, {},
                      rng() % 2 ? Sampling::Xna : Sampling::Center};
        for (SpriteTransform* t : {&family.a, &family.b}) {
            t->rotationDeg = familyTurn(rng);
            t->scale = rng() % 3 == 0 ? glm::dvec2{1.0, 1.0} : glm::dvec2{scale(rng), scale(rng)};
            if (rng() % 5 == 0) t->scale.x = -t->scale.x;  // a flip
        }
        if (i > 0 && rng() % 2 == 0) {
            // Half of them an earlier family with one of the key's parts changed: each part must tell pairs apart.
            family = f.families[rng() % f.families.size()];
            switch (rng() % 9) {
                case 0: family.a.rotationDeg = familyTurn(rng); break;
                case 1: family.b.rotationDeg = familyTurn(rng); break;
                case 2: family.a.scale.x = scale(rng); break;
                case 3: family.a.scale.y = scale(rng); break;
                case 4: family.b.scale.x = scale(rng); break;
                case 5: family.b.scale.y = scale(rng); break;
                case 6: family.sampling = family.sampling == Sampling::Xna ? Sampling::Center : Sampling::Xna; break;
                case 7: family.ma = f.masks[static_cast<std::size_t>(pick(rng))].get(); break;
                default: family.mb = f.masks[static_cast<std::size_t>(pick(rng))].get(); break;
            }
        }
        f.families.push_back(family);
    }
    return f;
}

// One visit of a family: new positions near each other (B's pivot within `reach` of A's on each axis: their discs
// often meet) and new origins.
std::pair<Body, Body> visit(std::mt19937& rng, const Family& family, double reach = 30.0) {
    std::uniform_real_distribution<double> place(-200.0, 200.0), near(-reach, reach);
    Body a{family.ma, family.a}, b{family.mb, family.b};
    a.transform.position = {place(rng), place(rng)};
    b.transform.position = a.transform.position + glm::dvec2{near(rng), near(rng)};
    if (rng() % 3 == 0) b.transform.position = glm::round(b.transform.position);
    for (Body* body : {&a, &b}) {
        body->transform.origin = {std::uniform_real_distribution<double>(0.0, body->mask->width())(rng),
                                  std::uniform_real_distribution<double>(0.0, body->mask->height())(rng)};
    }
    return {a, b};
}


// A pair's first sighting keeps nothing (its scan is the uncached one); its second keeps its set-up, found again
// after; a pair differing in any key part is another pair. (A pair differing from an earlier one only in its scales
// shares its tag, which leaves the scales out, so it is kept at its first sighting: such families are skipped.)
TEST(PairSetUp, APairIsKeptFromItsSecondSightingOn) {
    std::mt19937 rng(25903u);
    const Families f = randomFamilies(rng, 6, 40);
    std::vector<const pixel_fast::PairSetUp*> kept;
    for (std::size_t i = 0; i < f.families.size(); ++i) {
        const Family& family = f.families[i];
        bool repeat = false;
        for (std::size_t j = 0; j < i; ++j) {
            const Family& other = f.families[j];
            repeat = repeat || (other.ma == family.ma && other.mb == family.mb && other.sampling == family.sampling &&
                                std::bit_cast<std::uint64_t>(other.a.rotationDeg) == std::bit_cast<std::uint64_t>(family.a.rotationDeg) &&
                                std::bit_cast<std::uint64_t>(other.b.rotationDeg) == std::bit_cast<std::uint64_t>(family.b.rotationDeg));
        }
        if (repeat) continue;  // an earlier family with the same tag (the same key but perhaps its scales)
        const auto [a, b] = visit(rng, family);
        ASSERT_EQ(pixel_fast::pairSetUp(a, b, family.sampling), nullptr) << "family " << i;
        const auto [a2, b2] = visit(rng, family);  // new positions and origins: the same pair
        const pixel_fast::PairSetUp* second = pixel_fast::pairSetUp(a2, b2, family.sampling);
        ASSERT_NE(second, nullptr) << "family " << i;
        ASSERT_EQ(pixel_fast::pairSetUp(a, b, family.sampling), second) << "family " << i;
    }
}

// The kept turn places makeSampleLattice's lattice bit for bit, field by field, for pairs that come back after many
// others have pushed them out of the table (300 families in 128 places) and for pairs found there.
TEST(PairSetUp, KeptTurnPlacesTheMadeLatticeBitForBitThroughEvictions) {
    std::mt19937 rng(25901u);
    const Families f = randomFamilies(rng, 24, 300);
    std::uniform_int_distribution<int> pickFamily(0, 299), pickRecent(0, 7);
    int kept = 0;
    for (int pair = 0; pair < 20000; ++pair) {
        // Half the visits to one of a few families (found kept), half to any (mostly pushed out meanwhile).
        const Family& family = f.families[static_cast<std::size_t>(pair % 2 ? pickRecent(rng) : pickFamily(rng))];
        const auto [a, b] = visit(rng, family);
        pixel_fast::PairSetUp* setUp = pixel_fast::pairSetUp(a, b, family.sampling);
        if (!setUp) setUp = pixel_fast::pairSetUp(a, b, family.sampling);
        else ++kept;
        ASSERT_NE(setUp, nullptr);
        expectSameLattice(placeLattice(setUp->turn(), a.transform, b.transform),
                          makeSampleLattice(a.transform, b.transform, family.sampling), pair);
    }
    EXPECT_GT(kept, 20000 / 3);  // most visits to the few families find them kept
}

// The small scan clipping by a kept polygon, moved to new starts, finds pixel-naive's first hit (or none) on
// over 10,000 pairs (of 40,000 visits, those pixelFast hands to the small scan): each family's shape is made from its first visit's lattice and kept for every later visit at new
// positions and origins (masks with holes, thin lines, one pixel; flips, scales, both samplings). pixelFast (which
// keeps set-ups from a pair's second sighting) gives pixel-naive's hit, first hit and overlap on the same pairs.
TEST(PairSetUp, AKeptPolygonMovedToNewOffsetsScansAsPixelNaive) {
    std::mt19937 rng(25902u);
    const Families f = randomFamilies(rng, 14, 60);
    std::vector<std::optional<pixel_fast::KeptShape>> shapes(f.families.size());
    std::uniform_int_distribution<int> pickFamily(0, 59);
    const pixel_fast::Kernels kernels = pixel_fast::Kernels::choose(PixelFastCode::Fastest);
    int hits = 0, scanned = 0;
    constexpr int kVisits = 40000;
    for (int pair = 0; pair < kVisits; ++pair) {
        const auto k = static_cast<std::size_t>(pickFamily(rng));
        const Family& family = f.families[k];
        const auto [a, b] = visit(rng, family, 12.0);  // nearer than the other tests: about half of them hit
        const TestOptions hitOnly = hitOnlyScan(family.sampling);
        const CollisionResult expected = pixelNaive(a, b, hitOnly);
        hits += expected.hit ? 1 : 0;
        const TestOptions options = pair % 2 ? hitOnly : fullScan(family.sampling, false);
        const CollisionResult expectedHere = pair % 2 ? expected : pixelNaive(a, b, options);
        const CollisionResult actual = pixelFast(a, b, options);
        ASSERT_EQ(actual.hit, expectedHere.hit) << "pair " << pair;
        ASSERT_EQ(actual.firstHit, expectedHere.firstHit) << "pair " << pair;
        ASSERT_EQ(actual.overlap, expectedHere.overlap) << "pair " << pair;
        // The kept polygon's scan itself, where pixelFast would hand the pair to it.
        const SampleLattice t = makeSampleLattice(a.transform, b.transform, family.sampling);
        const IntRect ta = a.mask->tightBounds();
        if (a.mask->solidCount() == 0 || b.mask->solidCount() == 0 || pixel_fast::isWholePixelTranslation(t) ||
            ta.y1 - ta.y0 > pixel_fast::kSmallRows || !pixel_fast::fitsNarrow(t, ta)) {
            continue;
        }
        if (!shapes[k]) shapes[k].emplace(*b.mask, t, ta);
        CollisionResult r;
        pixel_fast::HitSink sink(r, hitOnly, a.transform, family.sampling);
        if (family.sampling == Sampling::Xna) {
            pixel_fast::scanSmall<true>(*a.mask, pixel_fast::KeptB{*b.mask, *shapes[k]}, t, sink, r, kernels);
        } else {
            pixel_fast::scanSmall<false>(*a.mask, pixel_fast::KeptB{*b.mask, *shapes[k]}, t, sink, r, kernels);
        }
        sink.finish();
        ASSERT_EQ(r.hit, expected.hit) << "pair " << pair;
        ASSERT_EQ(r.firstHit, expected.firstHit) << "pair " << pair;
        scanned += 1;
    }
    EXPECT_GT(hits, kVisits / 5);
    EXPECT_LT(hits, kVisits - kVisits / 5);
    EXPECT_GT(scanned, 10000);
}

// A kept pair whose lattice is a whole-pixel translation is still scanned a word at a time (PairSetUp::mayTranslate
// does not skip the check): its first sighting, its second (kept) and its third (found) look at the same word pixels
// and answer as pixel-naive, at several whole and half offsets, both samplings.
TEST(PairSetUp, AKeptWholePixelTranslationIsScannedAsTheUncachedOne) {
    const AlphaMask ma = testing::solidMask(20, 12), mb = testing::solidMask(30, 30);
    for (const Sampling sampling : {Sampling::Center, Sampling::Xna}) {
        for (const glm::dvec2 offset : {glm::dvec2{3.0, 4.0}, glm::dvec2{-18.0, 25.0}, glm::dvec2{29.0, 2.5}}) {
            const Body a = testing::bodyAt(ma, offset), b = testing::bodyAt(mb, {0.0, 0.0});
            const TestOptions options = hitOnlyScan(sampling);
            const CollisionResult first = pixelFast(a, b, options);
            EXPECT_EQ(first.hit, pixelNaive(a, b, options).hit);
            for (int ask = 0; ask < 2; ++ask) {
                const CollisionResult again = pixelFast(a, b, options);
                EXPECT_EQ(again.hit, first.hit);
                EXPECT_EQ(again.firstHit, first.firstHit);
                EXPECT_EQ(again.samples, first.samples) << "offset " << offset.x << ", " << offset.y << " ask " << ask;
            }
        }
    }
}

// A mask freed and a new one with other pixels made in its storage (the same address) is never served the old
// one's corners: the pair, at the same turns and place, answers for the new pixels.
TEST(PairSetUp, AFreedMasksStorageHoldingANewMaskIsNeverServedTheOldCorners) {
    using testing::maskFromArt;
    // B's only solid pixels are its left column, then its right column; A, turned, lies over the right one and the
    // solid discs meet either way (the scan runs). With the first mask's polygon, every row of A would be clipped
    // to the left column's samples, where the second mask has none.
    const std::vector<std::string> leftColumn(8, "#.......");
    const std::vector<std::string> rightColumn(8, ".......#");
    const AlphaMask ma = testing::solidMask(6, 6);
    std::optional<AlphaMask> mb(std::in_place, maskFromArt(leftColumn));
    const AlphaMask* address = &*mb;
    const Body a{&ma, testing::makeTransform({6.0, 4.0}, {3.0, 3.0}, 30.0)};
    const TestOptions options = hitOnlyScan(Sampling::Center);
    for (int round = 0; round < 3; ++round) {
        const Body b{&*mb, testing::makeTransform({0.0, 0.0}, {0.0, 0.0}, 0.5)};
        // Three times: noted, kept, found kept.
        for (int ask = 0; ask < 3; ++ask) EXPECT_EQ(pixelFast(a, b, options).hit, round % 2 == 1) << "round " << round;
        EXPECT_EQ(pixelNaive(a, b, options).hit, round % 2 == 1) << "round " << round;
        mb.reset();
        mb.emplace(maskFromArt(round % 2 == 0 ? rightColumn : leftColumn));
        ASSERT_EQ(&*mb, address);  // the same storage, so the same address
    }
}

// A new threshold is a new mask: the same image at another threshold, at the same turns and place, answers for its
// own pixels (pixel-naive's), however the two are taken in turn.
TEST(PairSetUp, AMaskOfTheSameImageAtANewThresholdIsANewPair) {
    // Alphas rise to the right: at threshold 0 every pixel is solid, at 128 only the right half (x >= 16). A, tall
    // and a little turned, lies over the left half; the solid discs meet at either threshold (the scan runs). The
    // right half's polygon, served for the whole image, would clip A's rows to samples it does not have.
    RgbaImage image{32, 32, std::vector<std::uint8_t>(32 * 32 * 4, 0)};
    for (int y = 0; y < 32; ++y) {
        for (int x = 0; x < 32; ++x) image.pixels[(static_cast<std::size_t>(y) * 32 + x) * 4 + 3] = static_cast<std::uint8_t>(8 * x + 1);
    }
    const AlphaMask ma = testing::solidMask(10, 30);
    const Body a{&ma, testing::makeTransform({9.0, 16.0}, {5.0, 15.0}, 1.0)};
    const TestOptions options = hitOnlyScan(Sampling::Center);
    int hits = 0;
    for (int round = 0; round < 6; ++round) {
        const AlphaMask mb(image, round % 2 == 0 ? 128 : 0);
        const Body b{&mb, testing::makeTransform({0.0, 0.0}, {0.0, 0.0}, -0.5)};
        for (int ask = 0; ask < 3; ++ask) ASSERT_EQ(pixelFast(a, b, options).hit, pixelNaive(a, b, options).hit) << "round " << round;
        hits += pixelNaive(a, b, options).hit ? 1 : 0;
    }
    EXPECT_EQ(hits, 3);  // threshold 0 hits, 128 does not: the rounds tell them apart
}

}  // namespace
}  // namespace cl
