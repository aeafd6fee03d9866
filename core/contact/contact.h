#pragma once
// Contact: which way out of a hit, and how far — the separation vector, push-out and approach along a
// direction, the contact centroid and the gradient normal, all answered on a lattice of offsets of A by
// running the pair's contact test (core/README.md "Contact: which way out" has the definitions).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "core/contact/contact_pair.h"

namespace cl {

/// The minimum translation out of a hit.
struct Separation {
    glm::ivec2 cell{0, 0};          ///< Lattice cell of the separation vector.
    glm::dvec2 vector{0.0, 0.0};    ///< cell * h; (0, 0) when the pair does not hit.
    double depth = 0.0;             ///< |vector|.
    std::optional<glm::dvec2> normal;  ///< vector / depth; empty when depth is 0.
    std::int64_t testsRun = 0;      ///< Contact tests run to find it (for the curious and the benchmarks).
};

class AnnulusWalk;

/// The memory separation() works in, kept from one call to the next so that a run of calls neither
/// allocates nor touches new pages after the first (a new page costs a fault, dear on a virtual machine).
/// Holds nothing a later call reads: every call starts it afresh. Never shared by calls running at once:
/// separation(pair) uses one per thread.
class SeparationScratch {
public:
    SeparationScratch();
    ~SeparationScratch();
    SeparationScratch(const SeparationScratch&) = delete;
    SeparationScratch& operator=(const SeparationScratch&) = delete;
    /// This thread's scratch, the one separation(pair) uses.
    static SeparationScratch& forThisThread();
    /// Cells it keeps room for between calls; a call that needed more hands its memory back when it ends.
    static constexpr std::size_t kKeptCells = std::size_t(1) << 16;
    /// Cells it has room for now.
    std::size_t capacity() const;

private:
    friend Separation separation(const ContactPair& pair, SeparationScratch& scratch);
    std::unique_ptr<AnnulusWalk> m_annuli;  // one annulus of the search at a time
    std::vector<std::uint64_t> m_blocks;    // per block of cells, a bit "tried" and a bit "proven"
};

/// Among lattice offsets where the contact test reports no hit, the one with the least |t|, ties to the
/// least angle atan2(t.y, t.x) in [0, 360) degrees. Exactly the first free cell of a plain search in that
/// order; cells outside defaultWindow() are known free without a test. Works in this thread's scratch.
Separation separation(const ContactPair& pair);
/// separation(pair) working in `scratch`.
Separation separation(const ContactPair& pair, SeparationScratch& scratch);

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
