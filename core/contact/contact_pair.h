#pragma once
// ContactPair: a pair of bodies whose contact test runs with A moved by any offset of a lattice, the
// lattice's resolutions and windows, and push directions. The contact questions (core/contact/contact.h)
// and the C-space map (core/contact/contact_map.h) both ask it.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <glm/vec2.hpp>

#include "core/collision/algorithms.h"
#include "core/base/collision_result.h"
#include "core/base/geometry.h"

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
    /// The work budget every contact test (and the map's correlated rows) counts against; null: none.
    WorkBudget* budget = nullptr;
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
    /// The window a configuration-space map shows: defaultWindow(), or, when a sprite has no solid pixel
    /// (so every cell is free), the cells where the sprites' texture rectangles' world boxes meet, so that
    /// the map is still a picture of the pair (all free) rather than an empty image.
    LatticeWindow mapWindow() const;
    /// The world box of A's (or B's) solid pixels, the tight world AABB; empty when there is none.
    std::optional<Rect> tightBoxA() const { return m_tightA; }
    std::optional<Rect> tightBoxB() const { return m_tightB; }

private:
    // The lattice cells t at which box A moved by t meets box B (touching counts).
    LatticeWindow cellsWhereBoxesMeet(const Rect& boxA, const Rect& boxB) const;

    Body m_a, m_b;
    ContactOptions m_options;
    const Algorithm* m_test;
    double m_step;
    std::optional<Rect> m_tightA, m_tightB;  // tight world boxes
    std::optional<Rect> m_reachA, m_reachB;  // grown boxes of mayHitAt()
};

}  // namespace cl
