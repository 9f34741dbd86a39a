// ProtoToText: a recursive walk of the message with its descriptor.
#include "src/importers/proto/args/proto_text.h"

#include <cstdio>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/common/descriptor.fields.h"
#include "src/importers/proto/args/proto_scalar.h"

namespace weft {
namespace {

namespace ft = pb::field_descriptor_proto_type;
using protozero::pbf_wire_type;

constexpr int kMaxDepth = 32;  // Deeper messages print as bytes.

void AppendQuoted(std::string_view s, std::string* out) {
  out->push_back('"');
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(static_cast<char>(c));
    } else if (c == '\n') {
      out->append("\\n");
    } else if (c < 0x20 || c >= 0x7f) {
      char octal[8];
      std::snprintf(octal, sizeof(octal), "\\%03o", c);
      out->append(octal);
    } else {
      out->push_back(static_cast<char>(c));
    }
  }
  out->push_back('"');
}

// A scalar of |field| (nullptr: unknown) whose wire value is |raw|: enum
// names bare, as text format writes them.
void AppendScalar(const DescriptorPool& pool, const ProtoFieldInfo* field, uint64_t raw,
                  std::string* out) {
  out->append(FormatProtoScalar(pool, field, raw).text);
}

void AppendMessage(const DescriptorPool& pool, const ProtoMessageInfo* message,
                   protozero::data_view bytes, int depth, std::string* out) {
  std::string indent(static_cast<size_t>(depth) * 2, ' ');
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    const ProtoFieldInfo* field = nullptr;
    if (message) {
      auto it = message->fields.find(r.tag());
      if (it != message->fields.end()) field = &it->second;
    }
    if (!out->empty()) out->push_back('\n');
    out->append(indent);
    out->append(field ? field->name : std::to_string(r.tag()));
    switch (r.wire_type()) {
      case pbf_wire_type::varint:
        out->append(": ");
        AppendScalar(pool, field, r.get_uint64(), out);
        break;
      case pbf_wire_type::fixed64:
        out->append(": ");
        AppendScalar(pool, field, r.get_fixed64(), out);
        break;
      case pbf_wire_type::fixed32:
        out->append(": ");
        AppendScalar(pool, field, r.get_fixed32(), out);
        break;
      case pbf_wire_type::length_delimited: {
        protozero::data_view v = r.get_view();
        const ProtoMessageInfo* nested =
            field && field->type == ft::kMessage ? pool.FindMessage(field->type_name) : nullptr;
        if (nested && depth < kMaxDepth) {
          out->append(" {");
          AppendMessage(pool, nested, v, depth + 1, out);
          out->push_back('\n');
          out->append(indent);
          out->push_back('}');
        } else {
          out->append(": ");
          AppendQuoted(std::string_view(v.data(), v.size()), out);
        }
        break;
      }
      default:
        r.skip();
    }
  }
}

}  // namespace

std::string ProtoToText(const DescriptorPool& pool, const std::string& type,
                        protozero::data_view bytes) {
  std::string out;
  AppendMessage(pool, pool.FindMessage(type), bytes, 0, &out);
  return out;
}

}  // namespace weft
