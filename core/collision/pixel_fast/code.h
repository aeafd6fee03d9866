#pragma once
// PixelFastCode: which of pixel-fast's kernels run (core/collision/pixel_fast.h), apart so that the kernels
// need not include the algorithm they serve.

namespace cl {

/// Which code pixel-fast's inner loops run. The answer is the same with any of them.
enum class PixelFastCode {
    Fastest,   ///< AVX2 where the CPU has it, else as Popcount: what pixelFast(a, b, options) runs.
    Popcount,  ///< The portable code, counting with the CPU's POPCNT where it has it (else Portable): for tests.
    Portable,  ///< The portable scalar code only, on any CPU: for tests and benchmarks of that path.
};

}  // namespace cl
