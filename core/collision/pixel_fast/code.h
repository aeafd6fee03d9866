#pragma once
// PixelFastCode: which of pixel-fast's kernels run (core/collision/pixel_fast.h), apart so that the kernels
// need not include the algorithm they serve.

namespace cl {

/// Which code pixel-fast's inner loops run. The answer is the same with either.
enum class PixelFastCode {
    Fastest,   ///< AVX2 where the CPU has it, else the portable code: what pixelFast(a, b, options) runs.
    Portable,  ///< The portable scalar code only, on any CPU: for tests and benchmarks of that path.
};

}  // namespace cl
