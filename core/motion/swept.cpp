#include "core/motion/swept.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "core/base/alpha_mask.h"
#include "core/io/json_text.h"

namespace cl {
namespace {


// The least n >= 1 with travel / n <= h, checked in the arithmetic the caller will compare with.
double leastCount(double travel, double h) {
    if (!(travel > 0.0)) return 1.0;
    double n = std::max(1.0, std::ceil(travel / h));
    // travel / h may round down across a whole number; the division below is what "moves at most h" means.
    while (travel / n > h) n += 1.0;
    return n;
}

// Half the world diagonal of one pixel: how far a sample may sit outside a sprite's solid squares and
// still pick a solid pixel (xna's round-half-to-even reaches half a pixel past each edge).
double pixelMargin(const SpriteTransform& t) { return 0.5 * std::hypot(t.scale.x, t.scale.y); }

// The sub-steps m in [0, n] at which the pivot circles can meet: |d0 + tau dv| <= reach, tau = frame + m/n.
// Outside it no solid point of A is within a pixel of B's solid points, so no pixel test can hit.
struct StepRange {
    std::int64_t first = 0;
    std::int64_t last = -1;
};

StepRange candidateSteps(const MovingBody& a, const MovingBody& b, double reachA, double reachB, int frame, std::int64_t n,
                         bool pixelKind) {
    if (!pixelKind || !a.mask || !b.mask) return {0, n};
    for (const MovingBody* body : {&a, &b}) {
        for (const AlphaMask* m : body->masks()) {
            if (!m || m->solidCount() == 0) return {0, n};
        }
    }
    double reach = reachA + reachB + pixelMargin(a.transform) + pixelMargin(b.transform);
    const glm::dvec2 start = (a.transform.position + double(frame) * a.motion.velocity) -
                             (b.transform.position + double(frame) * b.motion.velocity);
    const glm::dvec2 dv = a.motion.velocity - b.motion.velocity;
    // Generous slack for the rounding of positions, matrices and the 32.32 fixed point of the sampled tests.
    reach += 1e-6 * (1.0 + reach + std::fabs(start.x) + std::fabs(start.y) + std::fabs(dv.x) + std::fabs(dv.y));
    // |start + s dv|^2 <= reach^2 for s = tau - frame in [0, 1]: a quadratic in s.
    const double qa = dv.x * dv.x + dv.y * dv.y;
    const double qb = 2.0 * (start.x * dv.x + start.y * dv.y);
    const double qc = start.x * start.x + start.y * start.y - reach * reach;
    double s0 = 0.0, s1 = 1.0;
    if (qa == 0.0) {
        if (qc > 0.0) return {};
    } else {
        const double disc = qb * qb - 4.0 * qa * qc;
        if (disc < 0.0) return {};
        const double root = std::sqrt(disc);
        s0 = (-qb - root) / (2.0 * qa);
        s1 = (-qb + root) / (2.0 * qa);
    }
    if (s1 < 0.0 || s0 > 1.0) return {};
    // One sub-step of slack at each end absorbs the rounding of the roots.
    const double nd = static_cast<double>(n);
    StepRange range;
    range.first = static_cast<std::int64_t>(std::max(0.0, std::floor(s0 * nd) - 1.0));
    range.last = static_cast<std::int64_t>(std::min(nd, std::ceil(s1 * nd) + 1.0));
    return range;
}

// |v| + |w| R: the most a solid point of the body moves in one frame.
double travel(const MovingBody& body, double reach) {
    const double speed = std::hypot(body.motion.velocity.x, body.motion.velocity.y);
    const double turn = std::fabs(body.motion.angularVelocityDeg) * (std::numbers::pi / 180.0);
    return turn == 0.0 ? speed : speed + turn * reach;
}

SubStepCount countFor(double travelA, double travelB, double resolution, std::int64_t limit) {
    SubStepCount out;
    if (!(resolution > 0.0) || !std::isfinite(resolution)) {
        out.error = "the sweep resolution must be a positive number, got " + numberText(resolution);
        return out;
    }
    const double n = std::max(leastCount(travelA, resolution), leastCount(travelB, resolution));
    if (!(n <= static_cast<double>(limit))) {
        out.error = "needs " + numberText(n) + " sub-steps per frame (the sprites' solid points move up to " +
                    numberText(std::max(travelA, travelB)) + " px a frame, sweep resolution " + numberText(resolution) +
                    "); the limit is " + std::to_string(limit) + ": raise sweep_resolution or slow the sprites";
        return out;
    }
    out.count = static_cast<std::int64_t>(n);
    return out;
}

TestOptions modeOptions(const SweepOptions& options, bool full) {
    TestOptions t = options.test;
    t.stopAtFirstHit = !full;
    t.listHits = false;
    return t;
}

SweptResult notApplicableSweep(int frame, std::int64_t n, std::string reason) {
    SweptResult r;
    r.applicable = false;
    r.frame = frame;
    r.subSteps = n;
    r.reason = std::move(reason);
    return r;
}

// The swept test; `knownStart` is frame k's hit-only answer when the caller already has it.
SweptResult sweep(const MovingBody& a, const MovingBody& b, int frame, const SweepOptions& options,
                  std::optional<bool> knownStart) {
    if (!options.algorithm) return notApplicableSweep(frame, 0, "no test chosen");
    // The reaches cost a pass over each mask's rows: once per interval, not once per use.
    const double reachA = a.reach();
    const double reachB = b.reach();
    SubStepCount count = countFor(travel(a, reachA), travel(b, reachB), options.resolution, options.maxSubSteps);
    if (!count.ok()) return notApplicableSweep(frame, 0, count.error);
    const std::int64_t n = count.count;
    const StepRange range = candidateSteps(a, b, reachA, reachB, frame, n, options.algorithm->kind == AlgorithmKind::Pixel);
    const TestOptions hitOnly = modeOptions(options, false);

    SweptResult r;
    r.frame = frame;
    r.subSteps = n;
    std::string reason;
    auto hitsAt = [&](std::int64_t m) {
        if (m < range.first || m > range.last) return false;
        const double tau = subStepTau(frame, m, n);
        CollisionResult result = runAlgorithm(*options.algorithm, a.at(tau), b.at(tau), hitOnly);
        ++r.testsRun;
        if (!result.applicable && reason.empty()) reason = result.reason;
        return result.applicable && result.hit;
    };
    r.hitAtStart = knownStart ? *knownStart : hitsAt(0);
    r.hitAtEnd = hitsAt(n);
    std::optional<std::int64_t> first;
    if (r.hitAtStart) {
        first = 0;
    } else {
        for (std::int64_t m = std::max<std::int64_t>(1, range.first); m < n && m <= range.last; ++m) {
            if (hitsAt(m)) {
                first = m;
                break;
            }
        }
        if (!first && r.hitAtEnd) first = n;
    }
    if (!reason.empty()) return notApplicableSweep(frame, n, "at a sub-step: " + reason);
    r.hit = first.has_value();
    if (first) {
        TimeOfImpact impact;
        impact.step = *first;
        impact.tau = subStepTau(frame, *first, n);
        if (options.detailImpact) {
            impact.result = runAlgorithm(*options.algorithm, a.at(impact.tau), b.at(impact.tau), modeOptions(options, true));
            ++r.testsRun;
        } else {
            impact.result.hit = true;
        }
        r.impact = std::move(impact);
    }
    return r;
}

}  // namespace

SubStepCount subStepCount(const MovingBody& a, const MovingBody& b, double resolution, std::int64_t limit) {
    return countFor(travelPerFrame(a), travelPerFrame(b), resolution, limit);
}

double subStepTau(int frame, std::int64_t m, std::int64_t n) {
    if (m >= n) return static_cast<double>(frame) + 1.0;
    return static_cast<double>(frame) + static_cast<double>(m) / static_cast<double>(n);
}

SweptResult sweptTest(const MovingBody& a, const MovingBody& b, int frame, const SweepOptions& options) {
    return sweep(a, b, frame, options, std::nullopt);
}

CollisionResult discreteTest(const MovingBody& a, const MovingBody& b, int frame, const SweepOptions& options) {
    if (!options.algorithm) return notApplicable("no test chosen");
    const double tau = static_cast<double>(frame);
    return runAlgorithm(*options.algorithm, a.at(tau), b.at(tau), modeOptions(options, true));
}

std::vector<SpriteTransform> subStepPoses(const MovingBody& body, int frame, std::int64_t subSteps) {
    std::vector<SpriteTransform> poses;
    if (subSteps < 1) return poses;
    poses.reserve(static_cast<std::size_t>(subSteps) + 1);
    for (std::int64_t m = 0; m <= subSteps; ++m) {
        poses.push_back(transformAt(body.transform, body.motion, subStepTau(frame, m, subSteps)));
    }
    return poses;
}

TimelineStrip makeTimelineStrip(int frames) {
    TimelineStrip strip;
    strip.cells.resize(static_cast<std::size_t>(std::max(1, frames)));
    return strip;
}

int fillTimelineStrip(TimelineStrip& strip, const MovingBody& a, const MovingBody& b, const SweepOptions& options,
                      int maxFrames) {
    SweepOptions stripOptions = options;
    stripOptions.detailImpact = false;
    const int frames = static_cast<int>(strip.cells.size());
    const int stop = std::min(frames, strip.filled + std::max(0, maxFrames));
    for (int k = strip.filled; k < stop; ++k) {
        StripCell& cell = strip.cells[static_cast<std::size_t>(k)];
        std::optional<bool> known;
        if (k > 0 && strip.cells[static_cast<std::size_t>(k - 1)].applicable) known = strip.cells[static_cast<std::size_t>(k - 1)].nextHit;
        if (k + 1 == frames) {
            if (known) {
                cell.hit = *known;
            } else {
                CollisionResult r = runAlgorithm(*options.algorithm, a.at(k), b.at(k), modeOptions(options, false));
                cell.applicable = r.applicable;
                cell.hit = r.applicable && r.hit;
                if (!r.applicable && strip.reason.empty()) strip.reason = r.reason;
            }
        } else {
            SweptResult s = sweep(a, b, k, stripOptions, known);
            cell.applicable = s.applicable;
            if (!s.applicable && strip.reason.empty()) strip.reason = "frame " + std::to_string(k) + ": " + s.reason;
            cell.hit = s.hitAtStart;
            cell.nextHit = s.hitAtEnd;
            cell.sweptHit = s.hit;
            cell.tunnelling = s.tunnelling();
            cell.impactTau = s.impact ? s.impact->tau : -1.0;
            cell.subSteps = s.subSteps;
        }
        strip.filled = k + 1;
    }
    return strip.filled;
}

}  // namespace cl
