#include "core/game/block_box.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>

namespace cl {

BoxEstimate blockBoxEstimate(const FallingBlock& block, const AlphaMask& mask) {
    // The box of a w x h texture turned by t about its centre is the centre plus or minus |cos t| w/2 + |sin t| h/2
    // across and |sin t| w/2 + |cos t| h/2 down. t less the nearest whole quarter turns k pi/2 is u, |u| <= pi/4
    // (and a hair): |cos t| and |sin t| are |cos u| and |sin u|, swapped when k is odd.
    const double t = block.rotation;
    const double turns = t * (2.0 / std::numbers::pi);
    const bool reducible = std::abs(turns) < 0x1p40;  // else (or NaN) k would not fit: the exact boxes answer
    const std::int64_t k = reducible ? static_cast<std::int64_t>(turns < 0.0 ? turns - 0.5 : turns + 0.5) : 0;
    const double u = t - static_cast<double>(k) * (std::numbers::pi / 2.0);
    // Taylor to u^8 and u^9: the first terms left out are below (pi/4)^10/10! = 2.5e-8 and (pi/4)^11/11! = 1.8e-9.
    const double u2 = u * u;
    const double cu = 1.0 + u2 * (-1.0 / 2.0 + u2 * (1.0 / 24.0 + u2 * (-1.0 / 720.0 + u2 * (1.0 / 40320.0))));
    const double su = std::abs(u * (1.0 + u2 * (-1.0 / 6.0 + u2 * (1.0 / 120.0 + u2 * (-1.0 / 5040.0 + u2 * (1.0 / 362880.0))))));
    const bool odd = (k & 1) != 0;
    const double c = odd ? su : cu, s = odd ? cu : su;
    const double halfW = mask.width() / 2.0, halfH = mask.height() / 2.0;
    const glm::dvec2 half{c * halfW + s * halfH, s * halfW + c * halfH};
    BoxEstimate e;
    e.box = Rect{block.position - half, block.position + half};
    // The errors, each bounded here a hundred times over: |cos| and |sin| within 3e-8, so the half-extents within
    // 3e-8 (w + h)/2; the turn the exact box uses (t in degrees, rounded once, then reduced exactly) and u differ
    // by a few 1e-16 of |t|, which moves a half-extent by as much times (w + h)/2; the exact box rounds a handful
    // of times at the size of its coordinates (a few 1e-16 of |centre| + w + h), this box twice.
    const double size = mask.width() + mask.height();
    e.error = 1e-6 * size + 1e-13 * (std::abs(t) * size + std::abs(block.position.x) + std::abs(block.position.y) + size);
    // Something not finite (std::min and std::max may drop a NaN) leaves every pair to the exact boxes.
    if (!reducible || !std::isfinite(half.x + half.y + block.position.x + block.position.y)) {
        e.error = std::numeric_limits<double>::quiet_NaN();
    }
    return e;
}

}  // namespace cl
