// ProtoToText: a protobuf message as text format ("name: value" lines,
// nested messages as "name {" ... "}" indented by two spaces), the way
// Perfetto prints the trace config into the metadata key
// trace_config_pbtxt. Fields the schema does not know print by number.
#ifndef SRC_IMPORTERS_PROTO_ARGS_PROTO_TEXT_H_
#define SRC_IMPORTERS_PROTO_ARGS_PROTO_TEXT_H_

#include <string>

#include <protozero/data_view.hpp>

#include "src/importers/proto/args/descriptor_pool.h"

namespace weft {

// |type|: the message's full name (".perfetto.protos.TraceConfig").
// Malformed bytes throw protozero::exception.
std::string ProtoToText(const DescriptorPool& pool, const std::string& type,
                        protozero::data_view bytes);

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_ARGS_PROTO_TEXT_H_
