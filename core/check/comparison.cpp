// Comparison sets of two pixel tests' hits, keyed by (A pixel, B pixel).
#include "core/check/comparison.h"

#include <algorithm>
#include <tuple>

#include "core/scene/scene.h"

namespace cl {
namespace {

using Key = std::tuple<int, int, int, int>;

Key keyOf(const PixelHit& hit) { return {hit.a.y, hit.a.x, hit.b.y, hit.b.x}; }

// One hit per key, the earliest in scan order, sorted by key.
std::vector<PixelHit> distinctByKey(const std::vector<PixelHit>& hits) {
    std::vector<PixelHit> sorted = hits;
    std::stable_sort(sorted.begin(), sorted.end(), [](const PixelHit& l, const PixelHit& r) { return keyOf(l) < keyOf(r); });
    sorted.erase(std::unique(sorted.begin(), sorted.end(), [](const PixelHit& l, const PixelHit& r) { return keyOf(l) == keyOf(r); }),
                 sorted.end());
    return sorted;
}

// Why a result cannot take part in a comparison; empty when it can.
std::string unusable(const ComparedTest& test, const CollisionResult& result) {
    const std::string name = comparedTestName(test);
    if (!result.applicable) return name + " does not apply: " + result.reason;
    if (result.overlap > 0.0 && result.hits.empty()) return name + " reports a count but does not list its pixels";
    return {};
}

}  // namespace

ComparisonSets compareHits(const CollisionResult& first, const CollisionResult& second) {
    const std::vector<PixelHit> l = distinctByKey(first.hits);
    const std::vector<PixelHit> r = distinctByKey(second.hits);
    ComparisonSets sets;
    std::size_t i = 0, j = 0;
    while (i < l.size() || j < r.size()) {
        if (j == r.size() || (i < l.size() && keyOf(l[i]) < keyOf(r[j]))) {
            sets.onlyFirst.push_back(l[i++]);
        } else if (i == l.size() || keyOf(r[j]) < keyOf(l[i])) {
            sets.onlySecond.push_back(r[j++]);
        } else {
            sets.both.push_back(l[i++]);
            ++j;
        }
    }
    return sets;
}

std::string comparedTestName(const ComparedTest& test) {
    if (!test.algorithm) return "(no test)";
    std::string name(test.algorithm->name);
    if (!test.algorithm->directional) return name;
    return name + " (" + std::string(samplingName(test.sampling)) + ", " + std::string(scanDirectionName(test.scan)) + ")";
}

Comparison compareTests(const ComparedTest& first, const ComparedTest& second, const Body& a, const Body& b) {
    Comparison out;
    for (const ComparedTest* test : {&first, &second}) {
        // A bound test takes part when it lists pixel pairs (polygon: the pairs inside both colliders).
        if (!test->algorithm || (test->algorithm->kind != AlgorithmKind::Pixel && !test->algorithm->listsHits)) {
            out.applicable = false;
            out.reason = comparedTestName(*test) + " is not a pixel test; only pixel tests list the pixels they count";
            return out;
        }
    }
    auto run = [&](const ComparedTest& test) {
        TestOptions options;
        options.sampling = test.sampling;
        options.scan = test.scan;
        options.listHits = true;
        return runAlgorithm(*test.algorithm, a, b, options);
    };
    out.first = run(first);
    out.second = run(second);
    std::string why = unusable(first, out.first);
    if (why.empty()) why = unusable(second, out.second);
    if (!why.empty()) {
        out.applicable = false;
        out.reason = why;
        return out;
    }
    out.sets = compareHits(out.first, out.second);
    return out;
}

}  // namespace cl
