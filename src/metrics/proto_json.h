// ProtoToJson: a protobuf message as JSON, for `--metrics-output json` and
// ComputeMetric's JSON format: an object per message, fields by name in
// order of first appearance, repeated fields as arrays, enums by name,
// integers and doubles as numbers, strings / bytes as strings. Indented by
// two spaces per level.
#ifndef SRC_METRICS_PROTO_JSON_H_
#define SRC_METRICS_PROTO_JSON_H_

#include <string>

#include <protozero/data_view.hpp>

#include "src/importers/proto/args/descriptor_pool.h"

namespace weft {

// |type|: the message's full name. Malformed bytes throw protozero::exception.
std::string ProtoToJson(const DescriptorPool& pool, const std::string& type,
                        protozero::data_view bytes);

}  // namespace weft

#endif  // SRC_METRICS_PROTO_JSON_H_
