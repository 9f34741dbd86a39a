// FormatProtoScalar: one switch on the field's declared type.
#include "src/importers/proto/args/proto_scalar.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "protos/perfetto/common/descriptor.fields.h"

namespace weft {

namespace ft = pb::field_descriptor_proto_type;

ProtoScalar FormatProtoScalar(const DescriptorPool& pool, const ProtoFieldInfo* field,
                              uint64_t raw) {
  ProtoScalar out;
  char text[40];
  uint32_t type = field ? field->type : ft::kUint64;
  double d = 0;
  switch (type) {
    case ft::kInt32:
    case ft::kSfixed32:
      std::snprintf(text, sizeof(text), "%" PRId32, static_cast<int32_t>(raw));
      break;
    case ft::kInt64:
    case ft::kSfixed64:
      std::snprintf(text, sizeof(text), "%" PRId64, static_cast<int64_t>(raw));
      break;
    case ft::kSint32:
    case ft::kSint64:  // Zigzag.
      std::snprintf(text, sizeof(text), "%" PRId64,
                    static_cast<int64_t>((raw >> 1) ^ (~(raw & 1) + 1)));
      break;
    case ft::kBool:
      std::snprintf(text, sizeof(text), "%s", raw ? "true" : "false");
      break;
    case ft::kDouble:
      std::memcpy(&d, &raw, 8);
      std::snprintf(text, sizeof(text), "%.17g", d);
      break;
    case ft::kFloat: {
      float f;
      uint32_t bits = static_cast<uint32_t>(raw);
      std::memcpy(&f, &bits, 4);
      d = static_cast<double>(f);
      std::snprintf(text, sizeof(text), "%.9g", d);
      break;
    }
    case ft::kEnum: {
      if (const ProtoEnumInfo* e = pool.FindEnum(field->type_name)) {
        auto it = e->values.find(static_cast<int32_t>(raw));
        if (it != e->values.end()) {
          out.kind = ProtoScalar::Kind::kEnumName;
          out.text = it->second;
          return out;
        }
      }
      std::snprintf(text, sizeof(text), "%" PRId32, static_cast<int32_t>(raw));
      break;
    }
    default:
      std::snprintf(text, sizeof(text), "%" PRIu64, raw);
  }
  if ((type == ft::kDouble || type == ft::kFloat) && !std::isfinite(d)) {
    out.kind = ProtoScalar::Kind::kNonFinite;
  }
  out.text = text;
  return out;
}

}  // namespace weft
