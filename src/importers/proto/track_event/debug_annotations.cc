// DebugAnnotationWriter: recursive walk over annotation values.
#include "src/importers/proto/track_event/debug_annotations.h"

#include <cstring>

#include <nlohmann/json.hpp>
#include <protozero/pbf_reader.hpp>

#include "src/importers/proto/args/arg_key_scope.h"
#include "src/importers/proto/proto_wire.h"
#include "protos/perfetto/trace/track_event/debug_annotation.fields.h"

namespace weft {
namespace {

using protozero::pbf_wire_type;
using protozero::tag_and_type;

using proto_wire::View;

// "<key>.<name>", or just the name after an empty key.
void AppendMember(std::string* key, std::string_view name) {
  if (!key->empty()) key->push_back('.');
  key->append(name);
}

}  // namespace

void DebugAnnotationWriter::Add(uint32_t set, protozero::data_view annotation,
                                const SequenceGeneration& gen) {
  AddNamed(set, annotation, gen, "debug", "debug", /*cache_top_level_key=*/true);
}

void DebugAnnotationWriter::AddUnder(uint32_t set, protozero::data_view annotation,
                                     const SequenceGeneration& gen, std::string_view key_prefix,
                                     std::string_view flat_prefix) {
  AddNamed(set, annotation, gen, key_prefix, flat_prefix, /*cache_top_level_key=*/false);
}

void DebugAnnotationWriter::AddNamed(uint32_t set, protozero::data_view annotation,
                                     const SequenceGeneration& gen, std::string_view key_prefix,
                                     std::string_view flat_prefix, bool cache_top_level_key) {
  set_ = set;
  gen_ = &gen;
  leaf_key_ = kNullStringId;  // Even after a throw from the last call.
  StringId name_id = kNullStringId;
  std::string_view name = NameOf(annotation, &name_id);
  if (cache_top_level_key && name_id != kNullStringId) {
    // The common case, a leaf named by an interned name: its key comes
    // from the cache; the key strings are built only if the value nests.
    leaf_key_ = TopLevelKey(name_id, key_prefix);
    pending_key_ = leaf_key_;
  } else {
    if (name_id != kNullStringId) name = storage_->pool().Get(name_id);
    key_.assign(key_prefix);
    flat_key_.assign(flat_prefix);
    AppendMember(&key_, name);
    AppendMember(&flat_key_, name);
    pending_key_ = kNullStringId;
  }
  AddValue(annotation, 0);
  leaf_key_ = kNullStringId;
}

void DebugAnnotationWriter::BuildPendingKey() {
  if (pending_key_ == kNullStringId) return;
  key_.assign(storage_->pool().Get(pending_key_));
  flat_key_ = key_;  // A cached top-level key has no array index.
  pending_key_ = kNullStringId;
}

StringId DebugAnnotationWriter::TopLevelKey(StringId name_id, std::string_view prefix) {
  CachedKey& slot = top_level_keys_[name_id % kKeyCacheSize];
  if (slot.name != name_id) {
    std::string key(prefix);
    AppendMember(&key, storage_->pool().Get(name_id));
    slot.name = name_id;
    slot.key = storage_->Intern(key);
  }
  return slot.key;
}

std::string_view DebugAnnotationWriter::NameOf(protozero::data_view annotation, StringId* id) {
  namespace da = pb::debug_annotation;
  protozero::pbf_reader r(annotation);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(da::kName, pbf_wire_type::length_delimited):
        return View(r.get_view());
      case tag_and_type(da::kNameIid, pbf_wire_type::varint): {
        const auto* it = gen_->annotation_names.Find(r.get_uint64());
        if (!it) {
          storage_->stats.Increment(Stat::interned_data_tokenizer_errors);
          return std::string_view();
        }
        // The caller reads the string only if it needs it (a pool read
        // is a cache miss per event otherwise).
        if (id) {
          *id = *it;
          return std::string_view();
        }
        return storage_->pool().Get(*it);
      }
      default:
        r.skip();
    }
  }
  return std::string_view();
}

void DebugAnnotationWriter::AddLeaf(ArgType type, int64_t raw) {
  if (leaf_key_ != kNullStringId) {
    storage_->args.Add(set_, leaf_key_, leaf_key_, type, raw);
    return;
  }
  // Without array indices the two keys are the same string: intern once.
  StringId key = storage_->Intern(key_);
  StringId flat = flat_key_.size() == key_.size() ? key : storage_->Intern(flat_key_);
  storage_->args.Add(set_, flat, key, type, raw);
}

void DebugAnnotationWriter::AddValue(protozero::data_view annotation, int depth) {
  namespace da = pb::debug_annotation;
  if (depth > kMaxDepth) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }
  protozero::pbf_reader r(annotation);
  size_t array_index = 0;
  // Values below this one have keys of their own.
  StringId own_key = leaf_key_;
  struct Restore {
    StringId* slot;
    StringId value;
    ~Restore() { *slot = value; }
  } restore{&leaf_key_, own_key};
  while (r.next()) {
    leaf_key_ = own_key;
    switch (r.tag_and_type()) {
      case tag_and_type(da::kBoolValue, pbf_wire_type::varint):
        AddLeaf(ArgType::kBool, r.get_bool());
        break;
      case tag_and_type(da::kUintValue, pbf_wire_type::varint):
        AddLeaf(ArgType::kUint, static_cast<int64_t>(r.get_uint64()));
        break;
      case tag_and_type(da::kIntValue, pbf_wire_type::varint):
        AddLeaf(ArgType::kInt, r.get_int64());
        break;
      case tag_and_type(da::kPointerValue, pbf_wire_type::varint):
        AddLeaf(ArgType::kPointer, static_cast<int64_t>(r.get_uint64()));
        break;
      case tag_and_type(da::kDoubleValue, pbf_wire_type::fixed64): {
        double d = r.get_double();
        int64_t bits;
        memcpy(&bits, &d, 8);
        AddLeaf(ArgType::kReal, bits);
        break;
      }
      case tag_and_type(da::kStringValue, pbf_wire_type::length_delimited):
        AddLeaf(ArgType::kString, storage_->Intern(View(r.get_view())));
        break;
      case tag_and_type(da::kLegacyJsonValue, pbf_wire_type::length_delimited): {
        // Flattened like a nested value, as Perfetto does; text that is not
        // JSON stays a string.
        std::string_view text = View(r.get_view());
        auto json = nlohmann::ordered_json::parse(text, nullptr, /*allow_exceptions=*/false);
        if (json.is_discarded()) {
          AddLeaf(ArgType::kString, storage_->Intern(text));
        } else {
          BuildPendingKey();
          leaf_key_ = kNullStringId;
          AddJson(json, depth + 1);
        }
        break;
      }
      case tag_and_type(da::kStringValueIid, pbf_wire_type::varint): {
        const auto* it = gen_->annotation_strings.Find(r.get_uint64());
        if (!it) {
          storage_->stats.Increment(Stat::interned_data_tokenizer_errors);
          break;
        }
        AddLeaf(ArgType::kString, *it);
        break;
      }
      case tag_and_type(da::kNestedValue, pbf_wire_type::length_delimited):
        BuildPendingKey();
        leaf_key_ = kNullStringId;
        AddNested(r.get_view(), depth + 1);
        break;
      case tag_and_type(da::kDictEntries, pbf_wire_type::length_delimited): {
        BuildPendingKey();
        protozero::data_view entry = r.get_view();
        ArgKeyScope scope(&key_, &flat_key_);
        scope.Member(NameOf(entry));
        leaf_key_ = kNullStringId;
        AddValue(entry, depth + 1);
        break;
      }
      case tag_and_type(da::kArrayValues, pbf_wire_type::length_delimited): {
        BuildPendingKey();
        protozero::data_view entry = r.get_view();
        ArgKeyScope scope(&key_, &flat_key_);
        scope.Index(array_index++);
        leaf_key_ = kNullStringId;
        AddValue(entry, depth + 1);
        break;
      }
      default:
        r.skip();
    }
  }
}

void DebugAnnotationWriter::AddJson(const nlohmann::ordered_json& value, int depth) {
  if (depth > kMaxDepth) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }
  switch (value.type()) {
    case nlohmann::json::value_t::object:
      for (const auto& [name, member] : value.items()) {
        ArgKeyScope scope(&key_, &flat_key_);
        scope.Member(name);
        AddJson(member, depth + 1);
      }
      break;
    case nlohmann::json::value_t::array:
      for (size_t i = 0; i < value.size(); ++i) {
        ArgKeyScope scope(&key_, &flat_key_);
        scope.Index(i);
        AddJson(value[i], depth + 1);
      }
      break;
    case nlohmann::json::value_t::number_integer:
      AddLeaf(ArgType::kInt, value.get<int64_t>());
      break;
    case nlohmann::json::value_t::number_unsigned: {
      // The parser calls every non-negative integer unsigned; Perfetto
      // stores ints unless they do not fit.
      uint64_t v = value.get<uint64_t>();
      AddLeaf(v > INT64_MAX ? ArgType::kUint : ArgType::kInt, static_cast<int64_t>(v));
      break;
    }
    case nlohmann::json::value_t::number_float: {
      double d = value.get<double>();
      int64_t bits;
      memcpy(&bits, &d, 8);
      AddLeaf(ArgType::kReal, bits);
      break;
    }
    case nlohmann::json::value_t::boolean:
      AddLeaf(ArgType::kBool, value.get<bool>());
      break;
    case nlohmann::json::value_t::string:
      AddLeaf(ArgType::kString, storage_->Intern(value.get_ref<const std::string&>()));
      break;
    default:  // null: no value to store.
      break;
  }
}

void DebugAnnotationWriter::AddNested(protozero::data_view nested, int depth) {
  namespace nv = pb::debug_annotation_nested_value;
  if (depth > kMaxDepth) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }
  uint32_t type = 0;
  std::vector<std::string_view> dict_keys;
  std::vector<protozero::data_view> children;
  bool has_leaf = false;
  ArgType leaf_type = ArgType::kNull;
  int64_t leaf_raw = 0;
  protozero::pbf_reader r(nested);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(nv::kNestedType, pbf_wire_type::varint):
        type = r.get_uint32();
        break;
      case tag_and_type(nv::kDictKeys, pbf_wire_type::length_delimited):
        dict_keys.push_back(View(r.get_view()));
        break;
      case tag_and_type(nv::kDictValues, pbf_wire_type::length_delimited):
      case tag_and_type(nv::kArrayValues, pbf_wire_type::length_delimited):
        children.push_back(r.get_view());
        break;
      case tag_and_type(nv::kIntValue, pbf_wire_type::varint):
        has_leaf = true;
        leaf_type = ArgType::kInt;
        leaf_raw = r.get_int64();
        break;
      case tag_and_type(nv::kDoubleValue, pbf_wire_type::fixed64): {
        has_leaf = true;
        leaf_type = ArgType::kReal;
        double d = r.get_double();
        memcpy(&leaf_raw, &d, 8);
        break;
      }
      case tag_and_type(nv::kBoolValue, pbf_wire_type::varint):
        has_leaf = true;
        leaf_type = ArgType::kBool;
        leaf_raw = r.get_bool();
        break;
      case tag_and_type(nv::kStringValue, pbf_wire_type::length_delimited):
        has_leaf = true;
        leaf_type = ArgType::kString;
        leaf_raw = storage_->Intern(View(r.get_view()));
        break;
      default:
        r.skip();
    }
  }
  if (type == pb::debug_annotation_nested_value_nested_type::kDict) {
    for (size_t i = 0; i < children.size() && i < dict_keys.size(); ++i) {
      ArgKeyScope scope(&key_, &flat_key_);
      scope.Member(dict_keys[i]);
      AddNested(children[i], depth + 1);
    }
  } else if (type == pb::debug_annotation_nested_value_nested_type::kArray) {
    for (size_t i = 0; i < children.size(); ++i) {
      ArgKeyScope scope(&key_, &flat_key_);
      scope.Index(i);
      AddNested(children[i], depth + 1);
    }
  } else if (has_leaf) {
    AddLeaf(leaf_type, leaf_raw);
  }
}

}  // namespace weft
