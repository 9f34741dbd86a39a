// ProtoToJson: fields grouped by number, then printed recursively.
#include "src/metrics/proto_json.h"

#include <cstdio>
#include <utility>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/common/descriptor.fields.h"
#include "src/base/string_view_util.h"
#include "src/importers/proto/args/proto_scalar.h"

namespace weft {
namespace {

namespace ft = pb::field_descriptor_proto_type;
using protozero::pbf_wire_type;

constexpr int kMaxDepth = 32;

struct RawValue {
  pbf_wire_type wire = pbf_wire_type::unknown;
  uint64_t number = 0;
  protozero::data_view view;
};

// A scalar: enum names are JSON strings, non-finite doubles null.
void AppendNumber(const DescriptorPool& pool, const ProtoFieldInfo* field, uint64_t raw,
                  std::string* out) {
  ProtoScalar v = FormatProtoScalar(pool, field, raw);
  switch (v.kind) {
    case ProtoScalar::Kind::kEnumName:
      return AppendJsonString(v.text, out);
    case ProtoScalar::Kind::kNonFinite:
      out->append("null");
      return;
    case ProtoScalar::Kind::kNumber:
      out->append(v.text);
  }
}

void AppendMessage(const DescriptorPool& pool, const ProtoMessageInfo* message,
                   protozero::data_view bytes, int depth, std::string* out);

void AppendValue(const DescriptorPool& pool, const ProtoFieldInfo* field, const RawValue& v,
                 int depth, std::string* out) {
  if (v.wire != pbf_wire_type::length_delimited) return AppendNumber(pool, field, v.number, out);
  const ProtoMessageInfo* nested =
      field && field->type == ft::kMessage ? pool.FindMessage(field->type_name) : nullptr;
  if (nested && depth < kMaxDepth) return AppendMessage(pool, nested, v.view, depth, out);
  AppendJsonString(std::string_view(v.view.data(), v.view.size()), out);
}

void AppendMessage(const DescriptorPool& pool, const ProtoMessageInfo* message,
                   protozero::data_view bytes, int depth, std::string* out) {
  std::vector<std::pair<uint32_t, std::vector<RawValue>>> fields;  // First-seen order.
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    RawValue v;
    v.wire = r.wire_type();
    switch (v.wire) {
      case pbf_wire_type::varint: v.number = r.get_uint64(); break;
      case pbf_wire_type::fixed64: v.number = r.get_fixed64(); break;
      case pbf_wire_type::fixed32: v.number = r.get_fixed32(); break;
      case pbf_wire_type::length_delimited: v.view = r.get_view(); break;
      default: r.skip(); continue;
    }
    auto it = fields.begin();
    while (it != fields.end() && it->first != r.tag()) ++it;
    if (it == fields.end()) it = fields.insert(fields.end(), {r.tag(), {}});
    it->second.push_back(v);
  }
  std::string indent(static_cast<size_t>(depth + 1) * 2, ' ');
  out->append("{");
  for (size_t i = 0; i < fields.size(); ++i) {
    const ProtoFieldInfo* field = nullptr;
    if (message) {
      auto f = message->fields.find(fields[i].first);
      if (f != message->fields.end()) field = &f->second;
    }
    out->append(i ? ",\n" : "\n");
    out->append(indent);
    AppendJsonString(field ? field->name : std::to_string(fields[i].first), out);
    out->append(": ");
    const std::vector<RawValue>& values = fields[i].second;
    bool array = (field && field->repeated) || values.size() > 1;
    if (array) out->append("[");
    for (size_t j = 0; j < values.size(); ++j) {
      if (j) out->append(", ");
      AppendValue(pool, field, values[j], depth + 1, out);
    }
    if (array) out->append("]");
  }
  if (!fields.empty()) out->append("\n" + std::string(static_cast<size_t>(depth) * 2, ' '));
  out->append("}");
}

}  // namespace

std::string ProtoToJson(const DescriptorPool& pool, const std::string& type,
                        protozero::data_view bytes) {
  std::string out;
  AppendMessage(pool, pool.FindMessage(type), bytes, 0, &out);
  return out;
}

}  // namespace weft
