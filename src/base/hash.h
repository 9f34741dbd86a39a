// Small, fast non-cryptographic hashing for interning and lookup tables.
// Not stable across versions: never persist these values.
#ifndef SRC_BASE_HASH_H_
#define SRC_BASE_HASH_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace weft {

inline uint64_t HashMix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

// Reads 8 bytes at a time with one multiply per word and a full mix at the
// end: cheap for the short identifiers traces are full of.
inline uint64_t HashBytes(const char* data, size_t size) {
  uint64_t h = 0x9e3779b97f4a7c15ULL ^ size;
  while (size >= 8) {
    uint64_t w;
    memcpy(&w, data, 8);
    h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 29;
    data += 8;
    size -= 8;
  }
  if (size > 0) {
    uint64_t tail = 0;
    memcpy(&tail, data, size);
    h = (h ^ tail) * 0x94d049bb133111ebULL;
  }
  return HashMix(h);
}

inline uint64_t HashCombine(uint64_t a, uint64_t b) {
  return HashMix(a ^ (b + 0x9e3779b97f4a7c15ULL + (a << 6) + (a >> 2)));
}

}  // namespace weft

#endif  // SRC_BASE_HASH_H_
