// Short names for protozero's wire types and views, shared by the files of
// the protobuf importer that switch on tag_and_type().
#ifndef SRC_IMPORTERS_PROTO_PROTO_WIRE_H_
#define SRC_IMPORTERS_PROTO_PROTO_WIRE_H_

#include <string_view>

#include <protozero/pbf_reader.hpp>

namespace weft {
namespace proto_wire {

using protozero::pbf_wire_type;
using protozero::tag_and_type;

constexpr auto kVarint = pbf_wire_type::varint;
constexpr auto kBytes = pbf_wire_type::length_delimited;
constexpr auto kFixed64 = pbf_wire_type::fixed64;

inline std::string_view View(protozero::data_view v) { return std::string_view(v.data(), v.size()); }

}  // namespace proto_wire
}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTO_WIRE_H_
