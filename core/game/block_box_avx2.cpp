// blockEstimatesAndTurnsAvx2(): the batch's loop compiled for AVX2, four blocks at a time (block_box.h).

#include "core/game/block_box.h"

namespace cl {

#if defined(__x86_64__)
[[gnu::target("avx2")]] void blockEstimatesAndTurnsAvx2(std::span<const FallingBlock> blocks, const BlockBoxShape& shape,
                                                        BoxEstimate* out, BlockTurn* turns) {
    block_box_detail::estimates<4, block_box_detail::Doubles4, block_box_detail::Bits4>(blocks, shape, out, turns);
}
#else
void blockEstimatesAndTurnsAvx2(std::span<const FallingBlock> blocks, const BlockBoxShape& shape, BoxEstimate* out,
                                BlockTurn* turns) {
    blockEstimatesAndTurns(blocks, shape, out, turns);
}
#endif

}  // namespace cl
