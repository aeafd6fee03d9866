#pragma once
// Contact: which way out of a hit, and how far — the separation vector, push-out and approach along a
// direction, the contact centroid and the gradient normal, all answered on a lattice of offsets of A by
// running the pair's contact test (README "Contact: which way out" has the definitions).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <glm/vec2.hpp>

#include "core/algorithms.h"
#include "core/collision_result.h"
#include "core/geometry.h"

namespace cl {

/// Resolutions r a lattice may have: h = 1 / r world pixels.
inline constexpr int kContactResolutions[] = {1, 2, 4, 8};

/// True when r is one of kContactResolutions.
bool isContactResolution(int r);

/// Why `name` cannot be a contact test (unknown, not a pixel test, or not applicable at every offset
/// like pixel-rect), or empty when it can.
std::optional<std::string> contactTestProblem(std::string_view name);

/// How contact questions are asked: which pixel test, with which sampling and scan, on which lattice.
struct ContactOptions {
    const Algorithm* test = nullptr;          ///< The contact test; nullptr means kDefaultPixelAlgorithm.
    Sampling sampling = Sampling::Center;     ///< The scene's sampling (for the sampled tests).
    ScanDirection scan = ScanDirection::AToB; ///< The scene's scan direction (for the directional tests).
    int resolution = 1;                       ///< r in kContactResolutions; the lattice step is h = 1 / r.
};

/// A push direction by name: "up" (0, -1), "down" (0, 1), "left" (-1, 0), "right" (1, 0) (y points down).
std::optional<glm::dvec2> namedPushDirection(std::string_view name);

/// A push direction from the command line: a name, or "X,Y" (any non-zero finite vector, made unit).
/// On failure the message says what was wrong with `text`.
std::optional<glm::dvec2> parsePushDirection(std::string_view text, std::string& error);

/// The unit vector of (x, y), or empty when it is zero or not finite.
std::optional<glm::dvec2> unitPushDirection(glm::dvec2 v);

/// A rectangle of lattice cells, inclusive on both ends: cell (i, j) is the offset t = (i h, j h).
struct LatticeWindow {
    glm::ivec2 first{0, 0};   ///< Least i and j.
    glm::ivec2 last{-1, -1};  ///< Greatest i and j.
    /// True when it holds no cell.
    bool empty() const { return last.x < first.x || last.y < first.y; }
    /// Cells per row and rows (0 when empty).
    int width() const { return empty() ? 0 : last.x - first.x + 1; }
    int height() const { return empty() ? 0 : last.y - first.y + 1; }
    /// True when cell c lies inside.
    bool contains(glm::ivec2 c) const { return c.x >= first.x && c.x <= last.x && c.y >= first.y && c.y <= last.y; }
    bool operator==(const LatticeWindow&) const = default;
};

/// A pair of bodies and the contact options: runs the contact test with A moved by any offset.
/// Holds pointers to the bodies' masks (not owned; they must outlive it).
class ContactPair {
public:
    /// The pair as placed; an unknown or missing test means pixel-fast, a bad resolution means 1.
    ContactPair(const Body& a, const Body& b, const ContactOptions& options);

    /// A and B where they stand (t = 0).
    const Body& a() const { return m_a; }
    const Body& b() const { return m_b; }
    /// The options as given.
    const ContactOptions& options() const { return m_options; }
    /// The contact test (never null).
    const Algorithm& test() const { return *m_test; }
    /// The lattice step h = 1 / r.
    double step() const { return m_step; }
    /// The offset of lattice cell c: (c.x h, c.y h).
    glm::dvec2 offset(glm::ivec2 cell) const { return glm::dvec2(cell) * m_step; }

    /// A with its position moved by t; nothing else changes.
    Body movedA(glm::dvec2 t) const;
    /// The contact test at offset t in hit-only mode (the directional tests in the options' scan).
    bool hitAt(glm::dvec2 t) const;
    /// The contact test at offset t in hit-only mode, as run: its first hit names the sample that hit.
    CollisionResult hitOnlyAt(glm::dvec2 t) const;
    /// The contact test at offset t in full mode (optionally listing every overlapping sample).
    CollisionResult runAt(glm::dvec2 t, bool listHits = false) const;
    /// The contact test of one scan direction at t, hit-only: for the map's per-direction shortcuts.
    bool hitAtScanning(glm::dvec2 t, ScanDirection scan) const;

    /// False only when no sample can overlap at offset t: the boxes that hold every point the test can
    /// count (each sprite's solid pixels' box, grown by half a pixel for xna sampling and by a rounding
    /// margin) do not meet. Touching counts as meeting.
    bool mayHitAt(glm::dvec2 t) const;
    /// Every lattice cell at which mayHitAt() holds; outside it every cell is free. Empty when a sprite
    /// has no solid pixel.
    LatticeWindow defaultWindow() const;
    /// The world box of A's (or B's) solid pixels, the tight world AABB; empty when there is none.
    std::optional<Rect> tightBoxA() const { return m_tightA; }
    std::optional<Rect> tightBoxB() const { return m_tightB; }

private:
    Body m_a, m_b;
    ContactOptions m_options;
    const Algorithm* m_test;
    double m_step;
    std::optional<Rect> m_tightA, m_tightB;  // tight world boxes
    std::optional<Rect> m_reachA, m_reachB;  // grown boxes of mayHitAt()
};

/// The minimum translation out of a hit.
struct Separation {
    glm::ivec2 cell{0, 0};          ///< Lattice cell of the separation vector.
    glm::dvec2 vector{0.0, 0.0};    ///< cell * h; (0, 0) when the pair does not hit.
    double depth = 0.0;             ///< |vector|.
    std::optional<glm::dvec2> normal;  ///< vector / depth; empty when depth is 0.
    std::int64_t testsRun = 0;      ///< Contact tests run to find it (for the curious and the benchmarks).
};

/// Among lattice offsets where the contact test reports no hit, the one with the least |t|, ties to the
/// least angle atan2(t.y, t.x) in [0, 360) degrees. Exactly the first free cell of a plain search in that
/// order; cells outside defaultWindow() are known free without a test.
Separation separation(const ContactPair& pair);

/// How far to move A along a direction.
struct DirectionalDistance {
    glm::dvec2 direction{0.0, -1.0};  ///< The unit direction d.
    std::optional<std::int64_t> steps;  ///< k; empty for an approach that finds nothing within its limit.
    double distance = 0.0;            ///< k h (0 when steps is empty).
    glm::dvec2 vector{0.0, 0.0};      ///< k h d, the offset tested.
    std::int64_t limitSteps = 0;      ///< Approach only: the last k examined.
};

/// Push-out along unit d: the least k >= 0 such that A moved by k h d has no hit.
DirectionalDistance pushOut(const ContactPair& pair, glm::dvec2 direction);

/// Approach along unit d: the least k >= 0 such that A moved by k h d hits, for k up to the limit (the
/// last k before A's tight box has wholly passed B's along d, or `limitSteps` when given); `steps` is
/// empty when none hits.
DirectionalDistance approach(const ContactPair& pair, glm::dvec2 direction,
                             std::optional<std::int64_t> limitSteps = std::nullopt);

/// The default approach limit: the largest k at which A's tight box moved by k h d has not wholly passed
/// B's along d (its least projection on d still at most B's greatest); -1 when A has already passed
/// or a sprite has no solid pixel.
std::int64_t defaultApproachLimit(const ContactPair& pair, glm::dvec2 direction);

/// The mean world position of the overlapping samples of the full scan at t = 0 (for pixel-exact the
/// area-weighted centroid of the overlap); empty when nothing overlaps.
std::optional<glm::dvec2> contactCentroid(const ContactPair& pair);

/// The pygame recipe's answer: g and the normal -g / |g| (empty when g = 0).
struct GradientNormal {
    glm::dvec2 gradient{0.0, 0.0};
    std::optional<glm::dvec2> normal;
};
/// The pygame recipe: g = (n(+h,0) - n(-h,0), n(0,+h) - n(0,-h)) with n the overlap (count, or area for
/// pixel-exact) of the full test at that offset.
GradientNormal gradientNormal(const ContactPair& pair);

/// Every contact answer for one pair, as the CLI prints it.
struct ContactReport {
    bool applicable = true;   ///< False when the contact test cannot answer for this pair (see reason).
    std::string reason;
    bool hit = false;         ///< The contact test at t = 0.
    double step = 1.0;        ///< h.
    Separation separation;
    DirectionalDistance push;      ///< Push-out along the chosen direction.
    DirectionalDistance approach;  ///< Approach along the same direction.
    std::optional<glm::dvec2> centroid;
    GradientNormal gradient;
};

/// Runs everything above with push-out and approach along unit `pushDirection`.
ContactReport contactReport(const ContactPair& pair, glm::dvec2 pushDirection);

}  // namespace cl
