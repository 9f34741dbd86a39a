// ProtoArgsWriter: field-by-field walk driven by descriptors.
#include "src/importers/proto/args/proto_args_writer.h"

#include <cstring>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "src/importers/proto/args/arg_key_scope.h"
#include "src/importers/proto/args/unknown_fields.h"
#include "protos/perfetto/common/descriptor.fields.h"
#include "protos/perfetto/trace/track_event/debug_annotation.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

namespace fd = pb::field_descriptor_proto;
namespace ft = pb::field_descriptor_proto_type;
namespace fl = pb::field_descriptor_proto_label;
using protozero::pbf_wire_type;

constexpr char kDebugAnnotationType[] = ".perfetto.protos.DebugAnnotation";

// The wire type a field of |type| is written with (unpacked).
pbf_wire_type WireTypeOf(uint32_t type) {
  switch (type) {
    case ft::kDouble: case ft::kFixed64: case ft::kSfixed64:
      return pbf_wire_type::fixed64;
    case ft::kFloat: case ft::kFixed32: case ft::kSfixed32:
      return pbf_wire_type::fixed32;
    case ft::kString: case ft::kBytes: case ft::kMessage:
      return pbf_wire_type::length_delimited;
    case ft::kGroup:
      return pbf_wire_type::unknown;  // Groups are not decoded.
    default:
      return pbf_wire_type::varint;
  }
}

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

void ProtoArgsWriter::Add(uint32_t set, const DescriptorPool& pool,
                          const ProtoMessageInfo& message, protozero::data_view bytes,
                          const SequenceGeneration& gen, uint64_t skip) {
  set_ = set;
  pool_ = &pool;
  gen_ = &gen;
  key_.clear();
  flat_key_.clear();
  AddFields(message, bytes, skip, 0);
}

bool ProtoArgsWriter::AddSourceLocation(uint32_t set, uint64_t iid, const SequenceGeneration& gen,
                                        std::string_view prefix) {
  const auto* it = gen.source_locations.Find(iid);
  if (!it) {
    storage_->stats.Increment(Stat::interned_data_tokenizer_errors);
    return false;
  }
  ArgsTable& args = storage_->args;
  auto key = [&](const char* leaf) {
    std::string k(prefix);
    if (!k.empty()) k.push_back('.');
    k += leaf;
    return storage_->Intern(k);
  };
  const InternedSourceLocation& loc = *it;
  StringId file = key("file_name"), function = key("function_name"), line = key("line_number");
  if (loc.file_name != kNullStringId) args.AddString(set, file, file, loc.file_name);
  if (loc.function_name != kNullStringId) {
    args.AddString(set, function, function, loc.function_name);
  }
  args.AddInt(set, line, line, loc.line_number);
  return true;
}

void ProtoArgsWriter::AddFields(const ProtoMessageInfo& message, protozero::data_view bytes,
                                uint64_t skip, int depth) {
  if (depth > kMaxDepth) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }
  // Next [i] of each repeated field seen so far in this message.
  std::vector<std::pair<uint32_t, size_t>> indices;
  auto next_index = [&](uint32_t number) -> size_t* {
    for (auto& p : indices) {
      if (p.first == number) return &p.second;
    }
    indices.emplace_back(number, 0);
    return &indices.back().second;
  };
  UnknownFields unknown;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    uint32_t number = r.tag();
    if (number < 64 && ((skip >> number) & 1)) {
      r.skip();
      continue;
    }
    auto it = message.fields.find(number);
    if (it == message.fields.end()) {
      // Kept as args, unless the trace's own descriptors extend this
      // message and leave the field out (Perfetto omits those).
      if (message.extended_by_trace) {
        storage_->stats.Increment(Stat::track_event_unknown_fields);
        r.skip();
      } else {
        unknown.Collect(&r, storage_);
      }
      continue;
    }
    const ProtoFieldInfo& field = it->second;
    pbf_wire_type wire = WireTypeOf(field.type);
    bool packed = field.repeated && r.wire_type() == pbf_wire_type::length_delimited &&
                  wire != pbf_wire_type::length_delimited;
    if (r.wire_type() != wire && !packed) {
      storage_->stats.Increment(Stat::track_event_typed_args_errors);
      r.skip();
      continue;
    }
    if (field.type == ft::kMessage && field.type_name == kDebugAnnotationType) {
      // Perfetto keys these by the annotation's own name, not the field's.
      annotations_->AddUnder(set_, r.get_view(), *gen_, key_, flat_key_);
      continue;
    }
    if (depth > 0 && wire == pbf_wire_type::varint && !field.repeated &&
        EndsWith(field.name, "location_iid")) {
      // An interned SourceLocation: its fields join the enclosing message.
      uint64_t iid = r.get_uint64();
      if (AddSourceLocation(set_, iid, *gen_, key_)) continue;
      ArgKeyScope scope(&key_, &flat_key_);
      scope.Member(field.name);
      AddLeaf(ArgType::kUint, static_cast<int64_t>(iid));
      continue;
    }
    ArgKeyScope scope(&key_, &flat_key_);
    scope.Member(field.name);
    size_t* index = field.repeated ? next_index(number) : nullptr;
    if (packed) {
      AddPacked(field, r.get_view(), index);
      continue;
    }
    if (index) scope.Index((*index)++);
    switch (wire) {
      case pbf_wire_type::varint:
        AddScalar(field, r.get_uint64());
        break;
      case pbf_wire_type::fixed64:
        AddScalar(field, r.get_fixed64());
        break;
      case pbf_wire_type::fixed32:
        AddScalar(field, r.get_fixed32());
        break;
      case pbf_wire_type::length_delimited:
        if (field.type == ft::kMessage) {
          const ProtoMessageInfo* nested = pool_->FindMessage(field.type_name);
          if (!nested) {
            storage_->stats.Increment(Stat::track_event_unknown_fields);
            r.skip();
            break;
          }
          AddFields(*nested, r.get_view(), 0, depth + 1);
        } else {  // string or bytes.
          AddLeaf(ArgType::kString, storage_->Intern(proto_wire::View(r.get_view())));
        }
        break;
      default:  // Groups (deprecated): not imported.
        storage_->stats.Increment(Stat::track_event_unknown_fields);
        r.skip();
    }
  }
  if (!unknown.empty()) unknown.AddTo(set_, storage_, key_, flat_key_);
}

void ProtoArgsWriter::AddPacked(const ProtoFieldInfo& field, protozero::data_view bytes,
                                size_t* index) {
  pbf_wire_type wire = WireTypeOf(field.type);
  size_t width = wire == pbf_wire_type::fixed64 ? 8 : wire == pbf_wire_type::fixed32 ? 4 : 0;
  if (width && bytes.size() % width) throw protozero::invalid_length_exception();
  const char* p = bytes.data();
  const char* end = p + bytes.size();
  while (p < end) {
    uint64_t v = 0;
    if (width) {
      memcpy(&v, p, width);  // Little-endian, as on every target weft builds for.
      p += width;
    } else {
      v = protozero::decode_varint(&p, end);
    }
    ArgKeyScope scope(&key_, &flat_key_);
    scope.Index((*index)++);
    AddScalar(field, v);
  }
}

void ProtoArgsWriter::AddScalar(const ProtoFieldInfo& field, uint64_t raw) {
  switch (field.type) {
    case ft::kInt32:
      AddLeaf(ArgType::kInt, static_cast<int32_t>(raw));
      break;
    case ft::kInt64:
    case ft::kSfixed64:
      AddLeaf(ArgType::kInt, static_cast<int64_t>(raw));
      break;
    case ft::kSfixed32:
      AddLeaf(ArgType::kInt, static_cast<int32_t>(static_cast<uint32_t>(raw)));
      break;
    case ft::kSint32:
    case ft::kSint64:
      AddLeaf(ArgType::kInt, static_cast<int64_t>((raw >> 1) ^ (~(raw & 1) + 1)));
      break;
    case ft::kUint32:
    case ft::kUint64:
    case ft::kFixed32:
    case ft::kFixed64:
      AddLeaf(ArgType::kUint, static_cast<int64_t>(raw));
      break;
    case ft::kBool:
      AddLeaf(ArgType::kBool, raw != 0);
      break;
    case ft::kDouble:
      AddLeaf(ArgType::kReal, static_cast<int64_t>(raw));
      break;
    case ft::kFloat: {
      float f;
      uint32_t bits = static_cast<uint32_t>(raw);
      memcpy(&f, &bits, 4);
      double d = f;
      int64_t out;
      memcpy(&out, &d, 8);
      AddLeaf(ArgType::kReal, out);
      break;
    }
    case ft::kEnum: {
      int32_t value = static_cast<int32_t>(raw);
      const ProtoEnumInfo* e = pool_->FindEnum(field.type_name);
      auto name = e ? e->values.find(value) : decltype(e->values.end())();
      if (e && name != e->values.end()) {
        AddLeaf(ArgType::kString, storage_->Intern(name->second));
      } else {
        AddLeaf(ArgType::kInt, value);  // A value the schema does not name.
      }
      break;
    }
    default:
      storage_->stats.Increment(Stat::track_event_typed_args_errors);
  }
}

void ProtoArgsWriter::AddLeaf(ArgType type, int64_t raw) {
  StringId key = storage_->Intern(key_);
  StringId flat = flat_key_.size() == key_.size() ? key : storage_->Intern(flat_key_);
  storage_->args.Add(set_, flat, key, type, raw);
}

}  // namespace weft
