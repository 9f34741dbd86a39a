// Unit tests of DescriptorPool: messages, nested and relative types,
// extensions, enums, and malformed sets that must add nothing.
#include "src/importers/proto/args/descriptor_pool.h"

#include <string>

#include <gtest/gtest.h>
#include <protozero/pbf_writer.hpp>

#include "src/importers/proto/args/compiled_descriptors.h"
#include "protos/perfetto/common/descriptor.fields.h"

namespace weft {
namespace {

namespace fd = pb::field_descriptor_proto;
namespace ft = pb::field_descriptor_proto_type;
namespace fl = pb::field_descriptor_proto_label;

std::string Field(const std::string& name, uint32_t number, uint32_t type,
                  const std::string& type_name = "", bool repeated = false,
                  const std::string& extendee = "") {
  std::string out;
  protozero::pbf_writer w(out);
  w.add_string(fd::kName, name);
  w.add_int32(fd::kNumber, static_cast<int32_t>(number));
  w.add_enum(fd::kLabel, repeated ? fl::kRepeated : 1);
  w.add_enum(fd::kType, static_cast<int32_t>(type));
  if (!type_name.empty()) w.add_string(fd::kTypeName, type_name);
  if (!extendee.empty()) w.add_string(fd::kExtendee, extendee);
  return out;
}

std::string Set(const std::string& package, const std::vector<std::string>& messages,
                const std::vector<std::string>& extensions) {
  std::string file;
  protozero::pbf_writer f(file);
  f.add_string(pb::file_descriptor_proto::kPackage, package);
  for (const auto& m : messages) f.add_message(pb::file_descriptor_proto::kMessageType, m);
  for (const auto& x : extensions) f.add_message(pb::file_descriptor_proto::kExtension, x);
  std::string set;
  protozero::pbf_writer s(set);
  s.add_message(pb::file_descriptor_set::kFile, file);
  return set;
}

std::string Message(const std::string& name, const std::vector<std::string>& fields,
                    const std::vector<std::string>& nested = {}) {
  std::string out;
  protozero::pbf_writer w(out);
  w.add_string(pb::descriptor_proto::kName, name);
  for (const auto& f : fields) w.add_message(pb::descriptor_proto::kField, f);
  for (const auto& n : nested) w.add_message(pb::descriptor_proto::kNestedType, n);
  return out;
}

Status Add(DescriptorPool* pool, const std::string& set) {
  return pool->AddFileDescriptorSet(reinterpret_cast<const uint8_t*>(set.data()), set.size());
}

TEST(DescriptorPoolTest, ResolvesNestedAndRelativeTypes) {
  DescriptorPool pool;
  std::string inner = Message("Inner", {Field("x", 1, ft::kInt32)});
  std::string outer = Message("Outer", {Field("inner", 2, ft::kMessage, "Inner", true)},
                              {inner});
  ASSERT_TRUE(Add(&pool, Set("a.b", {outer}, {})).ok());
  const ProtoMessageInfo* m = pool.FindMessage(".a.b.Outer");
  ASSERT_NE(m, nullptr);
  const ProtoFieldInfo& f = m->fields.at(2);
  EXPECT_EQ(f.name, "inner");
  EXPECT_TRUE(f.repeated);
  EXPECT_EQ(f.type_name, ".a.b.Outer.Inner");
  EXPECT_NE(pool.FindMessage(".a.b.Outer.Inner"), nullptr);
}

TEST(DescriptorPoolTest, ExtensionsJoinTheExtendedMessage) {
  DescriptorPool pool;
  ASSERT_TRUE(Add(&pool, Set("p", {Message("Base", {Field("a", 1, ft::kString)})}, {})).ok());
  std::string ext = Field("ext", 1000, ft::kUint64, "", false, ".p.Base");
  ASSERT_TRUE(Add(&pool, Set("q", {}, {ext})).ok());
  const ProtoMessageInfo* base = pool.FindMessage(".p.Base");
  ASSERT_NE(base, nullptr);
  ASSERT_EQ(base->fields.count(1000), 1u);
  EXPECT_EQ(base->fields.at(1000).name, "ext");
  EXPECT_EQ(base->fields.count(1), 1u);
}

TEST(DescriptorPoolTest, MarksMessagesExtendedByTheTrace) {
  DescriptorPool pool;
  std::string base = Set("p", {Message("Base", {Field("a", 1, ft::kString)})}, {});
  ASSERT_TRUE(Add(&pool, base).ok());
  // Extensions from a compiled-in set do not count as the trace's.
  std::string ext = Field("ext", 1000, ft::kUint64, "", false, ".p.Base");
  ASSERT_TRUE(Add(&pool, Set("q", {}, {ext})).ok());
  EXPECT_FALSE(pool.FindMessage(".p.Base")->extended_by_trace);
  std::string ext2 = Set("r", {}, {Field("ext2", 1001, ft::kUint64, "", false, ".p.Base")});
  ASSERT_TRUE(
      pool.AddFileDescriptorSet(reinterpret_cast<const uint8_t*>(ext2.data()), ext2.size(),
                                /*from_trace=*/true)
          .ok());
  EXPECT_TRUE(pool.FindMessage(".p.Base")->extended_by_trace);
}

TEST(DescriptorPoolTest, MalformedSetAddsNothing) {
  DescriptorPool pool;
  // A valid message followed by a field with an unknown type: all rejected.
  std::string bad = Set("p", {Message("Ok", {Field("a", 1, ft::kInt32)}),
                              Message("Bad", {Field("b", 1, ft::kMessage, "Missing")})},
                        {});
  Status s = Add(&pool, bad);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("Missing"), std::string::npos);
  EXPECT_EQ(pool.FindMessage(".p.Ok"), nullptr);
  // Truncated bytes.
  std::string good = Set("p", {Message("Ok", {Field("a", 1, ft::kInt32)})}, {});
  EXPECT_FALSE(Add(&pool, good.substr(0, good.size() - 3)).ok());
  EXPECT_EQ(pool.FindMessage(".p.Ok"), nullptr);
  // Field number 0.
  EXPECT_FALSE(Add(&pool, Set("p", {Message("Z", {Field("z", 0, ft::kInt32)})}, {})).ok());
}

TEST(DescriptorPoolTest, CompiledSetDescribesTypedTrackEventFields) {
  DescriptorPool pool;
  ASSERT_TRUE(pool.AddFileDescriptorSet(kCompiledDescriptorSet, kCompiledDescriptorSetSize).ok());
  const ProtoMessageInfo* te = pool.FindMessage(".perfetto.protos.TrackEvent");
  ASSERT_NE(te, nullptr);
  EXPECT_EQ(te->fields.at(29).name, "chrome_latency_info");
  EXPECT_EQ(te->fields.at(1000).name, "chrome_app_state");  // A Chrome extension.
  const ProtoEnumInfo* e = pool.FindEnum(".perfetto.protos.ChromeLegacyIpc.MessageClass");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->values.at(1), "CLASS_AUTOMATION");
}

}  // namespace
}  // namespace weft
