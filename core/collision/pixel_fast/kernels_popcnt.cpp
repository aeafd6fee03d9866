// The full count's portable code built with the CPU's POPCNT (kernels.h, namespace popcnt): the core is
// built for baseline x86-64, where a popcount is a library call. Run only where kCpuLevel allows it.

#include "core/collision/pixel_fast/kernels.h"

#include <cstdint>

namespace cl::pixel_fast::popcnt {
#if defined(__x86_64__)
// The lambda carries the target too (lambdas do not inherit it).
[[gnu::target("popcnt")]] void countRows(const CountRows& c, bool xna, std::int64_t& count, std::int64_t& samples) {
    const auto popcount = [](std::uint64_t v) __attribute__((target("popcnt"))) {
        return static_cast<std::int64_t>(__builtin_popcountll(v));
    };
    if (xna) {
        portable::countRows<true>(c, count, samples, popcount);
    } else {
        portable::countRows<false>(c, count, samples, popcount);
    }
}
#else
void countRows(const CountRows&, bool, std::int64_t&, std::int64_t&) {}
#endif
}  // namespace cl::pixel_fast::popcnt
