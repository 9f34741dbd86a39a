// Varint decoding for the kernel event hot paths, with varints of up to 3
// bytes decoded inline: protozero's decode_varint inlines only 1-byte ones
// and calls out for the rest (most timestamp deltas, pids and comm ids), and
// those calls were ~5% of a compact_sched load's instructions. Values and
// exceptions are protozero's for the same bytes.
#ifndef SRC_IMPORTERS_PROTO_VARINTS_H_
#define SRC_IMPORTERS_PROTO_VARINTS_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include <protozero/data_view.hpp>
#include <protozero/varint.hpp>

#include "src/base/compiler.h"

namespace weft {

// protozero::decode_varint(data, end), with 2- and 3-byte varints inline.
WEFT_ALWAYS_INLINE uint64_t DecodeVarint(const char** data, const char* end) {
  const auto* p = reinterpret_cast<const uint8_t*>(*data);
  if (end - *data >= 3) {
    if (p[0] < 0x80) {
      *data += 1;
      return p[0];
    }
    if (p[1] < 0x80) {
      *data += 2;
      return (p[0] & 0x7fu) | (uint64_t{p[1]} << 7);
    }
    if (p[2] < 0x80) {
      *data += 3;
      return (p[0] & 0x7fu) | (uint64_t{p[1] & 0x7fu} << 7) | (uint64_t{p[2]} << 14);
    }
  }
  return protozero::decode_varint(data, end);
}

// The values of a packed repeated varint field (CompactSched's columns)
// appended to |out|, each cast to T, as protozero's get_packed_* ranges
// read them.
template <typename T>
void AppendPackedVarints(protozero::data_view packed, std::vector<T>* out) {
  const char* p = packed.data();
  const char* end = p + packed.size();
  // Sized first (a varint per byte without its top bit): grown push by
  // push, a bundle's columns were reallocated several times each.
  out->reserve(out->size() + static_cast<size_t>(std::count_if(
                                 p, end, [](char b) { return (b & 0x80) == 0; })));
  while (p != end) out->push_back(static_cast<T>(DecodeVarint(&p, end)));
}

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_VARINTS_H_
