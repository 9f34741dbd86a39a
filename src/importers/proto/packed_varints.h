// AppendPackedVarints: the values of a packed repeated varint field
// (CompactSched's columns: timestamps, pids, states, ...) appended to a
// vector, as protozero's get_packed_* ranges read them (each varint cast to
// T; the same bytes throw the same protozero exceptions), with varints of
// up to 3 bytes decoded inline. Through protozero's iterators every
// multi-byte varint (most timestamp deltas and pids) was a call: ~10% of a
// compact_sched load's instructions.
#ifndef SRC_IMPORTERS_PROTO_PACKED_VARINTS_H_
#define SRC_IMPORTERS_PROTO_PACKED_VARINTS_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include <protozero/data_view.hpp>
#include <protozero/varint.hpp>

namespace weft {

template <typename T>
void AppendPackedVarints(protozero::data_view packed, std::vector<T>* out) {
  const auto* p = reinterpret_cast<const uint8_t*>(packed.data());
  const uint8_t* end = p + packed.size();
  // Sized first (a varint per byte without its top bit): grown push by
  // push, a bundle's columns were reallocated several times each.
  out->reserve(out->size() + static_cast<size_t>(std::count_if(
                                 p, end, [](uint8_t b) { return b < 0x80; })));
  while (p != end) {
    uint64_t v;
    if (end - p >= 3 && p[0] < 0x80) {
      v = p[0];
      p += 1;
    } else if (end - p >= 3 && p[1] < 0x80) {
      v = (p[0] & 0x7fu) | (uint64_t{p[1]} << 7);
      p += 2;
    } else if (end - p >= 3 && p[2] < 0x80) {
      v = (p[0] & 0x7fu) | (uint64_t{p[1] & 0x7fu} << 7) | (uint64_t{p[2]} << 14);
      p += 3;
    } else {
      const auto* at = reinterpret_cast<const char*>(p);
      v = protozero::decode_varint(&at, reinterpret_cast<const char*>(end));
      p = reinterpret_cast<const uint8_t*>(at);
    }
    out->push_back(static_cast<T>(v));
  }
}

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PACKED_VARINTS_H_
