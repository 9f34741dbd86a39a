// Unit tests of TrackEventCallstacks: interned profiling messages read into
// a sequence generation (copy on write between generations) and resolved
// into deduplicated callsites, with stats for what is missing.
#include "src/importers/proto/track_event/track_event_callstacks.h"

#include <string>

#include <gtest/gtest.h>
#include <protozero/pbf_writer.hpp>

#include "protos/perfetto/trace/interned_data/interned_data.fields.h"
#include "protos/perfetto/trace/profiling/profile_common.fields.h"

namespace weft {
namespace {

constexpr uint32_t kNull = Uint32Column::kNull;
namespace id = pb::interned_data;

protozero::data_view View(const std::string& s) { return {s.data(), s.size()}; }

std::string InternedString(uint64_t iid, const std::string& str) {
  std::string out;
  protozero::pbf_writer w(out);
  w.add_uint64(pb::interned_string::kIid, iid);
  w.add_bytes(pb::interned_string::kStr, str);
  return out;
}

std::string Frame(uint64_t iid, uint64_t name_iid, uint64_t mapping_iid, uint64_t rel_pc) {
  std::string out;
  protozero::pbf_writer w(out);
  w.add_uint64(pb::frame::kIid, iid);
  w.add_uint64(pb::frame::kFunctionNameId, name_iid);
  if (mapping_iid) w.add_uint64(pb::frame::kMappingId, mapping_iid);
  w.add_uint64(pb::frame::kRelPc, rel_pc);
  return out;
}

std::string Callstack(uint64_t iid, std::initializer_list<uint64_t> frames) {
  std::string out;
  protozero::pbf_writer w(out);
  w.add_uint64(pb::callstack::kIid, iid);
  w.add_packed_uint64(pb::callstack::kFrameIds, frames.begin(), frames.end());
  return out;
}

class TrackEventCallstacksTest : public ::testing::Test {
 protected:
  void Read(uint32_t field, const std::string& entry, SequenceGeneration* gen) {
    ReadInternedProfiling(field, View(entry), &storage_, gen);
  }
  TraceStorage storage_;
  TraceContext context_{&storage_};
  TrackEventCallstacks callstacks_{&context_};
};

TEST_F(TrackEventCallstacksTest, EqualStacksOfTwoSequencesShareACallsite) {
  SequenceGeneration a, b;
  Read(id::kFunctionNames, InternedString(1, "main"), &a);
  Read(id::kFrames, Frame(1, 1, 0, 0), &a);
  Read(id::kCallstacks, Callstack(1, {1, 1}), &a);
  Read(id::kFunctionNames, InternedString(9, "main"), &b);
  Read(id::kFrames, Frame(8, 9, 0, 0), &b);
  Read(id::kCallstacks, Callstack(7, {8, 8}), &b);
  uint32_t from_a = callstacks_.InternedCallsite(0, a, 1);
  ASSERT_NE(from_a, kNull);
  EXPECT_EQ(callstacks_.InternedCallsite(1, b, 7), from_a);
  EXPECT_EQ(storage_.stack_profile_callsite.row_count(), 2u);
  EXPECT_EQ(storage_.stack_profile_callsite.depth[from_a], 1u);
  EXPECT_EQ(storage_.stack_profile_frame.row_count(), 1u);
}

TEST_F(TrackEventCallstacksTest, CopiedGenerationsDoNotSeeLaterEntries) {
  SequenceGeneration old_gen;
  Read(id::kFunctionNames, InternedString(1, "f"), &old_gen);
  SequenceGeneration new_gen = old_gen;  // As the tokenizer copies them.
  Read(id::kFrames, Frame(1, 1, 0, 0), &new_gen);
  Read(id::kCallstacks, Callstack(1, {1}), &new_gen);
  EXPECT_NE(callstacks_.InternedCallsite(1, new_gen, 1), kNull);
  EXPECT_EQ(old_gen.profiling->callstacks.Find(1), nullptr);
  EXPECT_EQ(callstacks_.InternedCallsite(0, old_gen, 1), kNull);
  EXPECT_EQ(storage_.stats.Get(Stat::stackprofile_invalid_callstack_id), 1);
}

TEST_F(TrackEventCallstacksTest, MissingEntriesAreCountedAndNotCached) {
  SequenceGeneration gen;
  Read(id::kCallstacks, Callstack(1, {5}), &gen);
  EXPECT_EQ(callstacks_.InternedCallsite(0, gen, 1), kNull);
  EXPECT_EQ(storage_.stats.Get(Stat::stackprofile_invalid_frame_id), 1);
  // The frame arrives later on the same generation: the stack resolves now.
  Read(id::kFrames, Frame(5, 0, 0, 0), &gen);
  EXPECT_NE(callstacks_.InternedCallsite(0, gen, 1), kNull);
  Read(id::kFrames, Frame(6, 3, 0, 0), &gen);  // Function name 3: unknown.
  Read(id::kCallstacks, Callstack(2, {6}), &gen);
  EXPECT_EQ(callstacks_.InternedCallsite(0, gen, 2), kNull);
  EXPECT_EQ(storage_.stats.Get(Stat::stackprofile_invalid_string_id), 1);
}

TEST_F(TrackEventCallstacksTest, MappingNameAndHexBuildId) {
  SequenceGeneration gen;
  Read(id::kBuildIds, InternedString(1, std::string("\x01\xab", 2)), &gen);
  Read(id::kMappingPaths, InternedString(1, "/system/lib.so"), &gen);
  std::string mapping;
  {
    protozero::pbf_writer w(mapping);
    w.add_uint64(pb::mapping::kIid, 1);
    w.add_uint64(pb::mapping::kBuildId, 1);
    w.add_uint64(pb::mapping::kPathStringIds, 1);
  }
  Read(id::kMappings, mapping, &gen);
  Read(id::kFrames, Frame(1, 0, 1, 16), &gen);
  Read(id::kCallstacks, Callstack(1, {1}), &gen);
  ASSERT_NE(callstacks_.InternedCallsite(0, gen, 1), kNull);
  ASSERT_EQ(storage_.stack_profile_mapping.row_count(), 1u);
  // A single full path keeps its one leading '/'.
  EXPECT_EQ(storage_.pool().Get(storage_.stack_profile_mapping.name[0]), "/system/lib.so");
  EXPECT_EQ(storage_.pool().Get(storage_.stack_profile_mapping.build_id[0]), "01ab");
}

}  // namespace
}  // namespace weft
