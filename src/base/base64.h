// Base64Encode: standard base64 (RFC 4648, '+' '/' and '=' padding), for
// binary metadata shown as text (e.g. Chrome's background tracing
// metadata, which Perfetto stores base64-encoded).
#ifndef SRC_BASE_BASE64_H_
#define SRC_BASE_BASE64_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace weft {

inline std::string Base64Encode(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t v = static_cast<uint8_t>(bytes[i]) << 16 | static_cast<uint8_t>(bytes[i + 1]) << 8 |
                 static_cast<uint8_t>(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6) out.push_back(kAlphabet[v >> shift & 63]);
  }
  size_t rest = bytes.size() - i;
  if (rest == 0) return out;
  uint32_t v = static_cast<uint8_t>(bytes[i]) << 16;
  if (rest == 2) v |= static_cast<uint8_t>(bytes[i + 1]) << 8;
  out.push_back(kAlphabet[v >> 18 & 63]);
  out.push_back(kAlphabet[v >> 12 & 63]);
  out.push_back(rest == 2 ? kAlphabet[v >> 6 & 63] : '=');
  out.push_back('=');
  return out;
}

}  // namespace weft

#endif  // SRC_BASE_BASE64_H_
