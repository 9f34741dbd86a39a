// Small helpers shared by the proto importer's protozero readers: short
// names for the wire types fields are matched on, and a string_view of a
// length-delimited field.
#ifndef SRC_IMPORTERS_PROTO_PROTOZERO_UTIL_H_
#define SRC_IMPORTERS_PROTO_PROTOZERO_UTIL_H_

#include <string_view>

#include <protozero/data_view.hpp>
#include <protozero/types.hpp>

namespace weft {

constexpr auto kWireVarint = protozero::pbf_wire_type::varint;
constexpr auto kWireBytes = protozero::pbf_wire_type::length_delimited;
constexpr auto kWireFixed64 = protozero::pbf_wire_type::fixed64;

inline std::string_view StringViewOf(protozero::data_view v) {
  return std::string_view(v.data(), v.size());
}

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTOZERO_UTIL_H_
