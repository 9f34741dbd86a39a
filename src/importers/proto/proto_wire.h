// Short names for protozero's wire types and views, and a reader of
// repeated integers, shared by the files of the protobuf importer that
// switch on tag_and_type().
#ifndef SRC_IMPORTERS_PROTO_PROTO_WIRE_H_
#define SRC_IMPORTERS_PROTO_PROTO_WIRE_H_

#include <string_view>
#include <vector>

#include <protozero/pbf_reader.hpp>

namespace weft {
namespace proto_wire {

using protozero::pbf_wire_type;
using protozero::tag_and_type;

constexpr auto kVarint = pbf_wire_type::varint;
constexpr auto kBytes = pbf_wire_type::length_delimited;
constexpr auto kFixed64 = pbf_wire_type::fixed64;
constexpr auto kFixed32 = pbf_wire_type::fixed32;

inline std::string_view View(protozero::data_view v) { return std::string_view(v.data(), v.size()); }

// Appends the current field of |r|, a repeated uint64 (fixed64 when
// |fixed|), packed or not; skips it when its wire type is neither.
inline void ReadRepeatedUint64(protozero::pbf_reader* r, bool fixed, std::vector<uint64_t>* out) {
  if (r->wire_type() == kBytes) {
    if (fixed) {
      for (uint64_t v : r->get_packed_fixed64()) out->push_back(v);
    } else {
      for (uint64_t v : r->get_packed_uint64()) out->push_back(v);
    }
  } else if (fixed && r->wire_type() == kFixed64) {
    out->push_back(r->get_fixed64());
  } else if (!fixed && r->wire_type() == kVarint) {
    out->push_back(r->get_uint64());
  } else {
    r->skip();
  }
}

}  // namespace proto_wire
}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTO_WIRE_H_
