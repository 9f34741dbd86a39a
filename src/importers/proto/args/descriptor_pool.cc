// DescriptorPool: reads FileDescriptorSets with protozero.
#include "src/importers/proto/args/descriptor_pool.h"

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/common/descriptor.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using protozero::tag_and_type;

using namespace proto_wire;  // NOLINT

std::string Str(protozero::data_view v) { return std::string(v.data(), v.size()); }

std::string Join(const std::string& scope, const std::string& name) {
  return scope + "." + name;
}

}  // namespace

Status DescriptorPool::AddFileDescriptorSet(const uint8_t* data, size_t size,
                                            bool from_trace) {
  // Stage into a copy so that a malformed set adds nothing.
  DescriptorPool staged = *this;
  staged.pending_.clear();
  staged.adding_from_trace_ = from_trace;
  try {
    protozero::pbf_reader set(reinterpret_cast<const char*>(data), size);
    while (set.next()) {
      if (set.tag_and_type() != tag_and_type(pb::file_descriptor_set::kFile, kBytes)) {
        set.skip();
        continue;
      }
      WEFT_RETURN_IF_ERROR(staged.AddFile(set.get_view()));
    }
  } catch (const protozero::exception& e) {
    return Status::Error(std::string("malformed FileDescriptorSet: ") + e.what());
  }
  for (const PendingType& p : staged.pending_) {
    ProtoFieldInfo& field = staged.messages_[p.message].fields[p.number];
    std::string resolved;
    if (!staged.ResolveType(field.type_name, p.scope, &resolved)) {
      return ErrStatus("field %s of %s: unknown type %s", field.name.c_str(),
                       p.message.c_str(), field.type_name.c_str());
    }
    field.type_name = resolved;
  }
  staged.pending_.clear();
  staged.adding_from_trace_ = false;
  *this = std::move(staged);
  return Status::Ok();
}

const ProtoMessageInfo* DescriptorPool::FindMessage(const std::string& full_name) const {
  auto it = messages_.find(full_name);
  return it == messages_.end() ? nullptr : &it->second;
}

const ProtoEnumInfo* DescriptorPool::FindEnum(const std::string& full_name) const {
  auto it = enums_.find(full_name);
  return it == enums_.end() ? nullptr : &it->second;
}

bool DescriptorPool::ResolveType(const std::string& name, const std::string& scope,
                                 std::string* out) const {
  auto known = [&](const std::string& n) {
    return messages_.count(n) != 0 || enums_.count(n) != 0;
  };
  if (!name.empty() && name[0] == '.') {
    *out = name;
    return known(name);
  }
  std::string s = scope;
  while (true) {
    std::string candidate = Join(s, name);
    if (known(candidate)) {
      *out = candidate;
      return true;
    }
    if (s.empty()) return false;
    size_t dot = s.rfind('.');
    s.resize(dot == std::string::npos ? 0 : dot);
  }
}

Status DescriptorPool::AddFile(protozero::data_view file) {
  namespace f = pb::file_descriptor_proto;
  std::string package;
  std::vector<protozero::data_view> messages, enums, extensions;
  protozero::pbf_reader r(file);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(f::kPackage, kBytes): package = Str(r.get_view()); break;
      case tag_and_type(f::kMessageType, kBytes): messages.push_back(r.get_view()); break;
      case tag_and_type(f::kEnumType, kBytes): enums.push_back(r.get_view()); break;
      case tag_and_type(f::kExtension, kBytes): extensions.push_back(r.get_view()); break;
      default: r.skip();
    }
  }
  std::string scope = package.empty() ? "" : "." + package;
  for (auto e : enums) WEFT_RETURN_IF_ERROR(AddEnum(e, scope));
  for (auto m : messages) WEFT_RETURN_IF_ERROR(AddMessage(m, scope));
  for (auto x : extensions) WEFT_RETURN_IF_ERROR(AddField(x, "", scope));
  return Status::Ok();
}

Status DescriptorPool::AddMessage(protozero::data_view message, const std::string& scope) {
  namespace d = pb::descriptor_proto;
  std::string name;
  std::vector<protozero::data_view> fields, nested, enums, extensions;
  protozero::pbf_reader r(message);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(d::kName, kBytes): name = Str(r.get_view()); break;
      case tag_and_type(d::kField, kBytes): fields.push_back(r.get_view()); break;
      case tag_and_type(d::kNestedType, kBytes): nested.push_back(r.get_view()); break;
      case tag_and_type(d::kEnumType, kBytes): enums.push_back(r.get_view()); break;
      case tag_and_type(d::kExtension, kBytes): extensions.push_back(r.get_view()); break;
      default: r.skip();
    }
  }
  // A nameless message can still carry extensions (a wrapper scope).
  if (name.empty() && !fields.empty()) {
    return ErrStatus("a message in %s has fields but no name",
                     scope.empty() ? "the root scope" : scope.c_str());
  }
  std::string full = name.empty() ? scope : Join(scope, name);
  if (!name.empty()) messages_[full].full_name = full;
  for (auto e : enums) WEFT_RETURN_IF_ERROR(AddEnum(e, full));
  for (auto n : nested) WEFT_RETURN_IF_ERROR(AddMessage(n, full));
  for (auto f : fields) WEFT_RETURN_IF_ERROR(AddField(f, full, full));
  for (auto x : extensions) WEFT_RETURN_IF_ERROR(AddField(x, "", full));
  return Status::Ok();
}

Status DescriptorPool::AddEnum(protozero::data_view enum_type, const std::string& scope) {
  std::string name;
  ProtoEnumInfo info;
  protozero::pbf_reader r(enum_type);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(pb::enum_descriptor_proto::kName, kBytes)) {
      name = Str(r.get_view());
    } else if (r.tag_and_type() == tag_and_type(pb::enum_descriptor_proto::kValue, kBytes)) {
      namespace v = pb::enum_value_descriptor_proto;
      std::string value_name;
      int32_t number = 0;
      protozero::pbf_reader value = r.get_message();
      while (value.next()) {
        if (value.tag_and_type() == tag_and_type(v::kName, kBytes)) {
          value_name = Str(value.get_view());
        } else if (value.tag_and_type() == tag_and_type(v::kNumber, kVarint)) {
          number = value.get_int32();
        } else {
          value.skip();
        }
      }
      info.values.emplace(number, std::move(value_name));
    } else {
      r.skip();
    }
  }
  if (name.empty()) return ErrStatus("an enum in %s has no name", scope.c_str());
  enums_[Join(scope, name)] = std::move(info);
  return Status::Ok();
}

Status DescriptorPool::AddField(protozero::data_view field, const std::string& owner,
                                const std::string& scope) {
  namespace fd = pb::field_descriptor_proto;
  namespace ft = pb::field_descriptor_proto_type;
  namespace fl = pb::field_descriptor_proto_label;
  ProtoFieldInfo info;
  std::string extendee;
  int64_t number = 0;
  protozero::pbf_reader r(field);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(fd::kName, kBytes): info.name = Str(r.get_view()); break;
      case tag_and_type(fd::kExtendee, kBytes): extendee = Str(r.get_view()); break;
      case tag_and_type(fd::kNumber, kVarint): number = r.get_int64(); break;
      case tag_and_type(fd::kLabel, kVarint):
        info.repeated = r.get_uint32() == fl::kRepeated;
        break;
      case tag_and_type(fd::kType, kVarint): info.type = r.get_uint32(); break;
      case tag_and_type(fd::kTypeName, kBytes): info.type_name = Str(r.get_view()); break;
      default: r.skip();
    }
  }
  const char* where = owner.empty() ? extendee.c_str() : owner.c_str();
  if (info.name.empty()) return ErrStatus("a field of %s has no name", where);
  if (number <= 0 || number > 536870911) {
    return ErrStatus("field %s of %s: bad number %lld", info.name.c_str(), where,
                     static_cast<long long>(number));
  }
  if (info.type < ft::kDouble || info.type > ft::kSint64) {
    return ErrStatus("field %s of %s: bad type %u", info.name.c_str(), where, info.type);
  }
  bool needs_type = info.type == ft::kMessage || info.type == ft::kEnum ||
                    info.type == ft::kGroup;
  if (needs_type && info.type_name.empty()) {
    return ErrStatus("field %s of %s: no type_name", info.name.c_str(), where);
  }
  std::string message = owner;
  if (message.empty()) {
    if (extendee.empty()) return ErrStatus("extension %s has no extendee", info.name.c_str());
    if (!ResolveType(extendee, scope, &message) || !messages_.count(message)) {
      // The extended message may be defined later in the set (or never):
      // keep the extension under the name it was given.
      message = extendee[0] == '.' ? extendee : "." + extendee;
      messages_[message].full_name = message;
    }
    if (adding_from_trace_) messages_[message].extended_by_trace = true;
  }
  uint32_t n = static_cast<uint32_t>(number);
  if (needs_type) pending_.push_back({message, n, scope});
  messages_[message].fields[n] = std::move(info);
  return Status::Ok();
}

}  // namespace weft
