#include "app/collision_report.h"

#include <chrono>

#include "core/bounds.h"

namespace cl {

bool CollisionReport::update(const Scene& scene, std::uint64_t revision, int pairA, int pairB, const std::string& chosen) {
    if (m_valid && revision == m_revision && pairA == m_pairA && pairB == m_pairB && chosen == m_chosen) return false;
    const auto start = std::chrono::steady_clock::now();
    m_valid = true;
    m_revision = revision;
    m_pairA = pairA;
    m_pairB = pairB;
    m_chosen = chosen;

    m_sprites.clear();
    m_sprites.reserve(scene.sprites.size());
    for (const SceneSprite& sprite : scene.sprites) {
        SpriteShapes shapes;
        if (sprite.pixels) shapes.mask = m_masks.get(sprite.pixels, sprite.alphaThreshold);
        if (!shapes.mask) shapes.mask = std::make_shared<const AlphaMask>();
        const Body body{shapes.mask.get(), sprite.transform};
        shapes.quad = worldQuad(body);
        shapes.aabb = worldAabb(body);
        shapes.tightAabb = tightWorldAabb(body);
        shapes.circle = boundingCircle(body);
        m_sprites.push_back(std::move(shapes));
    }
    m_masks.pruneUnused();

    m_pair = PairAnalysis{};
    const int count = static_cast<int>(scene.sprites.size());
    if (pairA >= 0 && pairB >= 0 && pairA < count && pairB < count && pairA != pairB) {
        PairAnalysis& p = m_pair;
        p.a = pairA;
        p.b = pairB;
        const Body a{m_sprites[pairA].mask.get(), scene.sprites[pairA].transform};
        const Body b{m_sprites[pairB].mask.get(), scene.sprites[pairB].transform};
        p.transform = makePairTransform(a.transform, b.transform, scene.sampling);
        if (overlapsPositively(m_sprites[pairA].aabb, m_sprites[pairB].aabb)) {
            p.aabbOverlap = intersection(m_sprites[pairA].aabb, m_sprites[pairB].aabb);
        }
        p.chosen = findAlgorithm(chosen);
        if (!p.chosen) p.chosen = findAlgorithm(kDefaultPixelAlgorithm);
        p.pixelTest = p.chosen && p.chosen->kind == AlgorithmKind::Pixel ? p.chosen : findAlgorithm(kDefaultPixelAlgorithm);

        TestOptions options;
        options.sampling = scene.sampling;
        for (const Algorithm& algorithm : algorithms()) {
            p.rows.push_back({&algorithm, runAlgorithm(algorithm, a, b, options), false});
        }
        if (p.pixelTest) {
            TestOptions listing = options;
            listing.listHits = true;
            p.scan = runAlgorithm(*p.pixelTest, a, b, listing);
        }
        bool reference = false;
        for (const AlgorithmRow& row : p.rows) {
            if (row.algorithm == p.pixelTest) reference = row.result.hit;
            if (row.algorithm == p.chosen) p.hit = row.result.hit;
        }
        for (AlgorithmRow& row : p.rows) {
            row.disagrees = row.algorithm->kind == AlgorithmKind::Pixel && row.result.applicable &&
                            row.result.hit != reference;
        }
    }
    ++m_generation;
    m_lastUpdateMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return true;
}

}  // namespace cl
