#pragma once
// PairSetUp: what pixel-fast works out for a pair before its scan that does not move with the sprites' positions —
// the lattice's turn (LatticeTurn) and B's polygon in A's lattice less the start (KeptShape) — kept per thread for
// the pairs seen lately, so that a pair tested at many offsets (the C-space map, the contact search, a frame matrix,
// a benchmark's cycle) works them out once. A pair is kept from its second sighting on: the first only notes a
// hash of its key (a tag), so a pair never seen again costs its look-up and two words written, and its scan is the
// uncached one.

#include <cstdint>

#include "core/base/alpha_mask.h"
#include "core/base/collision_result.h"
#include "core/base/pair_transform.h"
#include "core/collision/pixel_fast/kept_polygon.h"

namespace cl::pixel_fast {

/// What the set-up reads besides the positions and origins: both masks (by AlphaMask::serial(), never reused, so
/// a freed mask's address holding a new mask, or a new threshold or frame, is a new key), the exact bits of both
/// turns and scales, and the sampling. Two keys are equal only when every bit is.
struct alignas(16) PairSetUpKey {
    std::uint64_t maskA = 0, maskB = 0;  // serial 0 is never made: a key of a slot never filled matches nothing
    std::uint64_t turnA = 0, turnB = 0;
    std::uint64_t scaleA[2] = {0, 0}, scaleB[2] = {0, 0};
    std::uint64_t sampling = 0, unused = 0;
};

struct PairSetUpSlot;

/// One pair's kept set-up: latticeTurn() of its transforms, and the KeptShape of its masks on that turn, made
/// when a small scan first asks for it.
class PairSetUp {
public:
    /// latticeTurn(a, b, sampling) of the pair's transforms.
    const LatticeTurn& turn() const { return m_turn; }
    /// False when no lattice placed from turn() is a whole-pixel translation (its fixed steps are not one pixel
    /// along each axis): isWholePixelTranslation need not be asked.
    bool mayTranslate() const { return m_mayTranslate; }
    /// KeptShape(mb, t, ma.tightBounds()), made on the first call; ma and mb are the pair's masks (or copies: the
    /// same serial), t a lattice placed from turn().
    const KeptShape& shape(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t) {
        if (!m_shapeMade) [[unlikely]] makeShape(ma, mb, t);
        return m_shape;
    }

private:
    friend PairSetUp* pairSetUp(const Body& a, const Body& b, Sampling sampling);
    friend PairSetUp* pairSetUpFound(PairSetUpSlot& slot, int way, const Body& a, const Body& b, Sampling sampling);
    friend struct PairSetUpFill;
    void makeShape(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t);

    // The key of what is kept. A tag noted over it leaves it as it is: the turn and the shape are the key's alone, so
    // they serve whichever pair has that key (a slot never filled has serial 0, never made: it matches nothing).
    PairSetUpKey m_key;
    std::uint64_t m_tag = 0;  // the tag of the pair seen last in this way
    bool m_shapeMade = false;
    bool m_mayTranslate = true;
    LatticeTurn m_turn;
    KeptShape m_shape;
};

/// The kept set-up of A and B (masks, turns, scales) under `sampling` when this thread has seen the pair before
/// (made now on its second sighting); null on a first sighting, whose tag is noted in place of the least recently
/// used of its slot's two (unless the tag is found there: a pair differing from a noted one only in its scales is
/// kept at once). Valid until this thread's next call. Bit for bit what latticeTurn() gives now. Out of line, so that
/// a caller's own code stays as it is without the look-up.
PairSetUp* pairSetUp(const Body& a, const Body& b, Sampling sampling);

}  // namespace cl::pixel_fast
