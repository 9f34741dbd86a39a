// Test helper: FXT records written as 64-bit words, turned into the bytes a
// trace file holds (little endian, as every supported host is).
#ifndef SRC_IMPORTERS_FXT_FXT_TEST_WORDS_H_
#define SRC_IMPORTERS_FXT_FXT_TEST_WORDS_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace weft {

inline std::string FxtBytes(const std::vector<uint64_t>& words) {
  std::string out(words.size() * 8, '\0');
  if (!words.empty()) memcpy(&out[0], words.data(), out.size());
  return out;
}

}  // namespace weft

#endif  // SRC_IMPORTERS_FXT_FXT_TEST_WORDS_H_
