#pragma once
// The scan's answers as SFML geometry for the views: A's overlapping pixels as world quads (world view),
// A's sample points and the overlapping samples as dots in A's texture space (local view). Built on the
// main thread from the report's plain answers, once per answer (the sample dots once per mask).

#include <cstdint>
#include <memory>
#include <vector>

#include <SFML/Graphics/Vertex.hpp>

#include "app/analysis/collision_report.h"

namespace cl {

/// Geometry of one answer's scan, in the units each view maps it from.
struct ScanGeometry {
    std::vector<sf::Vertex> overlapQuadsWorld;  ///< A's overlapping pixels as world-space quads, one per run along a row.
    /// A's sample points as small quads in A's texture space (the local view maps them into B with
    /// aToB); shared by every answer while A's mask and the sampling stay the same. Null when omitted.
    std::shared_ptr<const std::vector<sf::Vertex>> samplesInA;
    std::vector<sf::Vertex> hitsInA;            ///< Overlapping samples, larger, in A's texture space.
    bool hitsAsRuns = false;                    ///< Too many for dots: hitsInA has a bar per run along A's rows.
    bool samplesOmitted = false;                ///< A has too many samples to draw them all.
};

/// Builds ScanGeometry for the report's newest answer and keeps it until the next one.
class ScanGeometryCache {
public:
    /// The geometry of `report`'s current answer (rebuilt only when its generation changed).
    const ScanGeometry& update(const CollisionReport& report);

private:
    ScanGeometry m_geometry;
    std::uint64_t m_generation = ~std::uint64_t{0};
    std::shared_ptr<const AlphaMask> m_dotsMask;  // the mask and sampling samplesInA was built for
    Sampling m_dotsSampling = Sampling::Center;
};

}  // namespace cl
