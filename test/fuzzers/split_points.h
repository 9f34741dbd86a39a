// Where a fuzzer cuts its input into up to three Feed/Parse calls, so it
// also explores chunk boundaries inside tokens and messages. Derived from the
// first, middle and last bytes: they change with the input but stay the same
// for a given input (reproducible crashes).
#ifndef TEST_FUZZERS_SPLIT_POINTS_H_
#define TEST_FUZZERS_SPLIT_POINTS_H_

#include <array>
#include <cstddef>
#include <cstdint>

namespace weft {

// Chunk i is [bounds[i], bounds[i + 1]); chunks may be empty.
inline std::array<size_t, 4> SplitPoints(const uint8_t* data, size_t size) {
  size_t split1 = 0, split2 = 0;
  if (size >= 2) {
    split1 = (static_cast<size_t>(data[0]) * 131 + data[size - 1]) % size;
    split2 = split1 + (static_cast<size_t>(data[size / 2]) * 257 + size) %
                          (size - split1 + 1);
  }
  if (split2 > size) split2 = size;
  return {0, split1, split2, size};
}

}  // namespace weft

#endif  // TEST_FUZZERS_SPLIT_POINTS_H_
