// String helpers used by importers and the shell.
#ifndef SRC_BASE_STRING_VIEW_UTIL_H_
#define SRC_BASE_STRING_VIEW_UTIL_H_

#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

namespace weft {

inline bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && s.substr(0, prefix.size()) == prefix;
}

inline bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.substr(s.size() - suffix.size()) == suffix;
}

// Appends |s| as a JSON string literal: quotes, '"' and '\\' escaped,
// other control characters as \u00XX, or, with |short_escapes|, \n \t \r
// in their short forms.
inline void AppendJsonString(std::string_view s, std::string* out, bool short_escapes = false) {
  out->push_back('"');
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(c);
    } else if (short_escapes && (c == '\n' || c == '\t' || c == '\r')) {
      out->push_back('\\');
      out->push_back(c == '\n' ? 'n' : c == '\t' ? 't' : 'r');
    } else if (u < 0x20) {
      char esc[8];
      snprintf(esc, sizeof(esc), "\\u%04x", u);
      out->append(esc);
    } else {
      out->push_back(c);
    }
  }
  out->push_back('"');
}

// How many bytes of [p, p + n) equal |c|, 8 at a time (for line counts over
// whole chunks: a memchr per line costs a call per ~100 bytes).
inline size_t CountByte(const char* p, size_t n, char c) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
  size_t count = 0;
  for (; n >= 8; p += 8, n -= 8) {
    uint64_t w;
    memcpy(&w, p, 8);
    uint64_t x = w ^ (kOnes * static_cast<unsigned char>(c));
    // High bit of each byte: set exactly where x has a zero byte.
    uint64_t zero = ~(((x & kLow7) + kLow7) | x | kLow7);
    count += ((zero >> 7) * kOnes) >> 56;
  }
  for (; n > 0; ++p, --n) count += *p == c;
  return count;
}

// Lower-case hex of the bytes of |s|, after |prefix| (e.g. "0x").
inline std::string HexEncode(std::string_view s, std::string_view prefix = {}) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out(prefix);
  out.reserve(prefix.size() + s.size() * 2);
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  return out;
}

// A 128-bit uuid as text, "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" (msb
// first), as Perfetto prints trace uuids.
inline std::string FormatUuid(uint64_t msb, uint64_t lsb) {
  char text[40];
  std::snprintf(text, sizeof(text), "%08" PRIx64 "-%04" PRIx64 "-%04" PRIx64 "-%04" PRIx64
                "-%012" PRIx64, msb >> 32, (msb >> 16) & 0xffff, msb & 0xffff, lsb >> 48,
                lsb & ((uint64_t{1} << 48) - 1));
  return text;
}

}  // namespace weft

#endif  // SRC_BASE_STRING_VIEW_UTIL_H_
