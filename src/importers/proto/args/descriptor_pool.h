// DescriptorPool: protobuf message schemas known at run time — message full
// name -> fields by number (name, type, repeated, message / enum type) and
// enum values by number — built from serialized FileDescriptorSets (the
// compiled-in one and those of ExtensionDescriptor packets). Extensions are
// added to the fields of the message they extend.
#ifndef SRC_IMPORTERS_PROTO_ARGS_DESCRIPTOR_POOL_H_
#define SRC_IMPORTERS_PROTO_ARGS_DESCRIPTOR_POOL_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/base/status.h"

namespace weft {

struct ProtoFieldInfo {
  std::string name;
  uint32_t type = 0;  // FieldDescriptorProto.Type.
  bool repeated = false;
  // Message or enum type, fully qualified (".package.Outer.Inner") once
  // resolved; empty for scalars.
  std::string type_name;
};

struct ProtoMessageInfo {
  std::string full_name;
  std::unordered_map<uint32_t, ProtoFieldInfo> fields;
  // A trace's ExtensionDescriptor declared extensions of this message: the
  // trace describes its extensions, so a field it leaves out is omitted on
  // purpose (not kept as an unknown field).
  bool extended_by_trace = false;
};

struct ProtoEnumInfo {
  std::unordered_map<int32_t, std::string> values;
};

class DescriptorPool {
 public:
  // Adds every message, enum and extension of a serialized
  // FileDescriptorSet. On malformed input nothing is added and the error
  // names what was wrong. A field redefined with another name or type
  // replaces the earlier definition. |from_trace|: the set came from the
  // trace (marks the messages it extends, see extended_by_trace).
  Status AddFileDescriptorSet(const uint8_t* data, size_t size, bool from_trace = false);

  const ProtoMessageInfo* FindMessage(const std::string& full_name) const;
  const ProtoEnumInfo* FindEnum(const std::string& full_name) const;
  // Every message by full name (the metrics' proto builders list them).
  const std::unordered_map<std::string, ProtoMessageInfo>& messages() const { return messages_; }

 private:
  // A field whose type_name still needs resolving against its scope.
  struct PendingType {
    std::string message;  // Owner of the field (the extendee for extensions).
    uint32_t number;
    std::string scope;    // Where the field was declared.
  };
  Status AddFile(protozero::data_view file);
  Status AddMessage(protozero::data_view message, const std::string& scope);
  Status AddEnum(protozero::data_view enum_type, const std::string& scope);
  // A field of |owner| (empty for an extension: its extendee is the owner).
  Status AddField(protozero::data_view field, const std::string& owner,
                  const std::string& scope);
  // Resolves a relative type name the way protoc does: innermost scope first.
  bool ResolveType(const std::string& name, const std::string& scope, std::string* out) const;

  std::unordered_map<std::string, ProtoMessageInfo> messages_;
  std::unordered_map<std::string, ProtoEnumInfo> enums_;
  std::vector<PendingType> pending_;
  bool adding_from_trace_ = false;  // During AddFileDescriptorSet().
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_ARGS_DESCRIPTOR_POOL_H_
