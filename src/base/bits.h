// Bit counting for the rank structures (sparse_column.h, running_rows.h).
#ifndef SRC_BASE_BITS_H_
#define SRC_BASE_BITS_H_

#include <cstdint>

#include "src/base/compiler.h"

namespace weft {

// The set bits of |x|. x86-64's baseline has no popcnt instruction, and
// __builtin_popcountll is then a libgcc call (~3% of loading a kernel
// trace); the bit-twiddling count is a dozen inlined instructions.
// Elsewhere (wasm, or built with -mpopcnt) the builtin is one instruction.
WEFT_ALWAYS_INLINE uint32_t PopCount64(uint64_t x) {
#if defined(__x86_64__) && !defined(__POPCNT__)
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return static_cast<uint32_t>((x * 0x0101010101010101ull) >> 56);
#else
  return static_cast<uint32_t>(__builtin_popcountll(x));
#endif
}

}  // namespace weft

#endif  // SRC_BASE_BITS_H_
