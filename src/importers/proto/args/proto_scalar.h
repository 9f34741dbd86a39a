// FormatProtoScalar: the printed value of a scalar protobuf field from its
// wire value and descriptor, shared by the text-format printer (trace
// config, metrics text output) and the metrics' JSON output, which differ
// only in how they quote enum names and spell non-finite doubles.
#ifndef SRC_IMPORTERS_PROTO_ARGS_PROTO_SCALAR_H_
#define SRC_IMPORTERS_PROTO_ARGS_PROTO_SCALAR_H_

#include <cstdint>
#include <string>

#include "src/importers/proto/args/descriptor_pool.h"

namespace weft {

struct ProtoScalar {
  enum class Kind { kNumber, kEnumName, kNonFinite };
  Kind kind = Kind::kNumber;
  std::string text;  // The number ("inf" / "nan" when non-finite) or enum name.
};

// |field| nullptr (unknown field): the raw value as an unsigned integer.
ProtoScalar FormatProtoScalar(const DescriptorPool& pool, const ProtoFieldInfo* field,
                              uint64_t raw);

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_ARGS_PROTO_SCALAR_H_
