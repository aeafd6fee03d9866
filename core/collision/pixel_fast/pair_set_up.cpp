#include "core/collision/pixel_fast/pair_set_up.h"

#include <array>
#include <bit>
#include <cstddef>
#include <new>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cl::pixel_fast {
namespace {

#if defined(__SSE2__)
// The key in five vector registers, read straight from the bodies (the turn and the scale lie side by side in a
// SpriteTransform), compared with a slot's key in five comparisons and one branch, and written in five stores.
struct KeyWords {
    __m128i masks, turns, scaleA, scaleB, sampling;
    bool matches(const PairSetUpKey& e) const {
        const auto* kept = reinterpret_cast<const __m128i*>(&e);
        const __m128i same = _mm_and_si128(
            _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi32(masks, _mm_load_si128(kept)), _mm_cmpeq_epi32(turns, _mm_load_si128(kept + 1))),
                          _mm_and_si128(_mm_cmpeq_epi32(scaleA, _mm_load_si128(kept + 2)), _mm_cmpeq_epi32(scaleB, _mm_load_si128(kept + 3)))),
            _mm_cmpeq_epi32(sampling, _mm_load_si128(kept + 4)));
        return _mm_movemask_epi8(same) == 0xFFFF;
    }
    void store(PairSetUpKey& e) const {
        auto* kept = reinterpret_cast<__m128i*>(&e);
        _mm_store_si128(kept, masks);
        _mm_store_si128(kept + 1, turns);
        _mm_store_si128(kept + 2, scaleA);
        _mm_store_si128(kept + 3, scaleB);
        _mm_store_si128(kept + 4, sampling);
    }
};
[[gnu::always_inline]] inline KeyWords keyWords(const Body& a, const Body& b, Sampling sampling) {
    const SpriteTransform &ta = a.transform, &tb = b.transform;
    const auto low = [](const void* p) { return _mm_loadl_epi64(static_cast<const __m128i*>(p)); };
    return {_mm_unpacklo_epi64(_mm_cvtsi64_si128(static_cast<long long>(a.mask->serial())),
                               _mm_cvtsi64_si128(static_cast<long long>(b.mask->serial()))),
            _mm_unpacklo_epi64(low(&ta.rotationDeg), low(&tb.rotationDeg)),
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(&ta.scale)),
            _mm_loadu_si128(reinterpret_cast<const __m128i*>(&tb.scale)),
            _mm_cvtsi32_si128(static_cast<int>(sampling))};
}
#else
// Every word compared, no early exit: a hit reads them all anyway, and one branch is cheaper than nine.
struct KeyWords {
    PairSetUpKey k;
    bool matches(const PairSetUpKey& e) const {
        return ((k.maskA ^ e.maskA) | (k.maskB ^ e.maskB) | (k.turnA ^ e.turnA) | (k.turnB ^ e.turnB) |
                (k.scaleA[0] ^ e.scaleA[0]) | (k.scaleA[1] ^ e.scaleA[1]) | (k.scaleB[0] ^ e.scaleB[0]) |
                (k.scaleB[1] ^ e.scaleB[1]) | (k.sampling ^ e.sampling)) == 0;
    }
    void store(PairSetUpKey& e) const { e = k; }
};
inline KeyWords keyWords(const Body& a, const Body& b, Sampling sampling) {
    const auto bits = [](double v) { return std::bit_cast<std::uint64_t>(v); };
    const SpriteTransform &ta = a.transform, &tb = b.transform;
    return {{a.mask->serial(), b.mask->serial(), bits(ta.rotationDeg), bits(tb.rotationDeg),
             {bits(ta.scale.x), bits(ta.scale.y)}, {bits(tb.scale.x), bits(tb.scale.y)}, static_cast<std::uint64_t>(sampling), 0}};
}
#endif

}  // namespace

// One slot of this thread's kept set-ups: two ways, so that two of a cycle's pairs that fall in one slot do not
// push each other out every time (crosses/64's 16 pairs in 64 one-way slots would share one in three cycles out of
// four, the birthday bound, each such pair then missing every call).
struct PairSetUpSlot {
    std::array<PairSetUp, 2> ways;
    int older = 0;  // the way to replace next
};
// This thread's kept set-ups: 64 slots (about 100 KB a thread).
struct PairSetUpTable {
    static constexpr int kSlotBits = 6;
    std::array<PairSetUpSlot, std::size_t{1} << kSlotBits> slots;
};
constinit thread_local PairSetUpTable pairSetUpTable;

// A second sighting (or the rare tag shared by two keys): this pair's set-up kept in place of what was there.
struct PairSetUpFill {
    [[gnu::noinline]] static PairSetUp* keep(PairSetUp& seen, const Body& a, const Body& b, Sampling sampling) {
        keyWords(a, b, sampling).store(seen.m_key);
        // Made in place (a prvalue initialises the member itself: no copy through the stack).
        ::new (&seen.m_turn) LatticeTurn(latticeTurn(a.transform, b.transform, sampling));
        seen.m_shapeMade = false;
        // isWholePixelTranslation's first test, which reads only the fixed steps.
        seen.m_mayTranslate = seen.m_turn.stepXFx == FixedVec{kFixedOne, 0} && seen.m_turn.stepYFx == FixedVec{0, kFixedOne};
        return &seen;
    }
};

void PairSetUp::makeShape(const AlphaMask& ma, const AlphaMask& mb, const SampleLattice& t) {
    ::new (&m_shape) KeptShape(mb, t, ma.tightBounds());
    m_shapeMade = true;
}

// A tag found in `slot`'s way `way`: the kept set-up when its key is the pair's, else this pair's set-up made there
// now. Not inlined into pairSetUp: then a first sighting there saves no registers (the found tag is a tail call).
[[gnu::noinline]] PairSetUp* pairSetUpFound(PairSetUpSlot& slot, int way, const Body& a, const Body& b, Sampling sampling) {
    slot.older = 1 - way;
    PairSetUp& kept = slot.ways[static_cast<std::size_t>(way)];
    // The very key (a tag may stand for another key): the set-up.
    if (keyWords(a, b, sampling).matches(kept.m_key)) [[likely]] return &kept;
    return PairSetUpFill::keep(kept, a, b, sampling);
}

PairSetUp* pairSetUp(const Body& a, const Body& b, Sampling sampling) {
    // The key less the scales hashed into one tag (one multiply, Fibonacci hashing: the top bits, the slot, depend
    // on every bit): what a slot's ways are told apart by before their keys are compared, and all a first sighting
    // writes. Pairs that differ only in their scales share a tag (rare: the second is kept at its first sighting).
    const auto bits = [](double v) { return std::bit_cast<std::uint64_t>(v); };
    const std::uint64_t tag = (bits(a.transform.rotationDeg) ^ std::rotl(bits(b.transform.rotationDeg), 32) ^
                               (a.mask->serial() + (b.mask->serial() << 24) + static_cast<std::uint64_t>(sampling))) *
                              0x9E3779B97F4A7C15ull;
    PairSetUpSlot& slot = pairSetUpTable.slots[static_cast<std::size_t>(tag >> (64 - PairSetUpTable::kSlotBits))];
    const int way = slot.ways[0].m_tag == tag ? 0 : slot.ways[1].m_tag == tag ? 1 : -1;
    if (way >= 0) return pairSetUpFound(slot, way, a, b, sampling);
    // A first sighting: only its tag noted, the scan made as if nothing were kept.
    PairSetUp& noted = slot.ways[static_cast<std::size_t>(slot.older)];
    slot.older = 1 - slot.older;
    noted.m_tag = tag;
    return nullptr;
}

}  // namespace cl::pixel_fast
