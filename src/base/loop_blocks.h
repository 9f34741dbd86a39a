// Loops over a whole trace (millions of events or rows) split into blocks,
// each block one call of a function that is never inlined.
//
// Why: V8 first runs a WebAssembly function at its baseline tier (Liftoff)
// and compiles an optimized version (TurboFan) in the background once the
// function got hot; a call already running keeps the baseline code (there
// is no on-stack replacement for wasm). A loop over every event in a
// function called once per load (the JSON event parse, a sort pass, a
// column filter of a query) so runs entirely at the baseline tier, 2-5x
// slower. In blocks, every block is a fresh call: once the block function
// is hot, the later blocks run optimized. Natively the extra call per block
// costs nothing measurable, so both builds run the same code.
#ifndef SRC_BASE_LOOP_BLOCKS_H_
#define SRC_BASE_LOOP_BLOCKS_H_

#include <algorithm>
#include <cstddef>

namespace weft {

// Items per block: large enough that the call is free, small enough that a
// load of a few hundred thousand items leaves the baseline tier early.
constexpr size_t kLoopBlockItems = 8192;

// One block: fn(i) for i in [begin, end).
template <typename Fn>
__attribute__((noinline)) void RunLoopBlock(size_t begin, size_t end, Fn& fn) {
  for (size_t i = begin; i < end; ++i) fn(i);
}

// Calls fn(i) for every i in [begin, end), in order, a block at a time.
template <typename Fn>
void ForEachInBlocks(size_t begin, size_t end, Fn&& fn) {
  // Called through a pointer: the wasm optimizer (binaryen) inlines every
  // function that has a single caller, noinline or not.
  void (*volatile run_block)(size_t, size_t, Fn&) = &RunLoopBlock<Fn>;
  while (begin < end) {
    size_t block_end = begin + std::min(kLoopBlockItems, end - begin);
    run_block(begin, block_end, fn);
    begin = block_end;
  }
}

}  // namespace weft

#endif  // SRC_BASE_LOOP_BLOCKS_H_
