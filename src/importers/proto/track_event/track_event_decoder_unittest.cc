// Unit tests of the TrackEvent decode step (DecodeTrackEvent) and the
// phase it gives an event (TrackEventPhase).
#include "src/importers/proto/track_event/track_event_decoder.h"

#include <string>

#include <gtest/gtest.h>
#include <protozero/pbf_writer.hpp>

namespace weft {
namespace {

namespace te = pb::track_event;
namespace le = pb::track_event_legacy_event;

class TrackEventDecoderTest : public ::testing::Test {
 protected:
  // Decodes |event| queued behind |header| (as the tokenizer queues it).
  TrackEventFields Decode(const std::string& event, TrackEventHeader header = {}) {
    uint8_t encoded[TrackEventHeader::kMaxEncoded];
    queued_.assign(reinterpret_cast<const char*>(encoded), header.Encode(encoded));
    queued_ += event;
    TrackEventHeader read;
    protozero::data_view bytes = read.Decode({queued_.data(), queued_.size()});
    TrackEventFields f;
    DecodeTrackEvent(read, bytes, gen_, &storage_, &f, &details_);
    return f;
  }
  std::string Str(StringId id) { return std::string(storage_.pool().Get(id)); }

  TraceStorage storage_;
  SequenceGeneration gen_;
  TrackEventDetails details_;
  std::string queued_;
};

TEST_F(TrackEventDecoderTest, ReadsScalarFieldsAndInternsNames) {
  std::string event;
  protozero::pbf_writer w(event);
  w.add_uint32(te::kType, pb::track_event_type::kSliceBegin);
  w.add_uint64(te::kTrackUuid, 42);
  w.add_string(te::kName, "work");
  w.add_string(te::kCategories, "cat");
  w.add_int64(te::kThreadTimeAbsoluteUs, 7);
  w.add_uint64(te::kCorrelationId, 9);
  TrackEventFields f = Decode(event);
  EXPECT_TRUE(f.has_type && f.has_track);
  EXPECT_EQ(f.type, pb::track_event_type::kSliceBegin);
  EXPECT_EQ(f.track_uuid, 42u);
  EXPECT_EQ(Str(f.name), "work");
  ASSERT_EQ(details_.categories.size(), 1u);
  EXPECT_EQ(Str(details_.categories[0]), "cat");
  EXPECT_EQ(f.thread_time, 7000);
  EXPECT_EQ(Str(f.correlation), "tp:#9");
  EXPECT_FALSE(details_.typed.any());
  EXPECT_EQ(TrackEventPhase(f, details_.legacy), 'B');
}

TEST_F(TrackEventDecoderTest, HeaderFieldsAndSequenceDefaults) {
  gen_.has_default_track = true;
  gen_.default_track_uuid = 5;
  TrackEventHeader header;
  header.flags = TrackEventHeader::kHasType | TrackEventHeader::kHasName |
                 TrackEventHeader::kHasCategory;
  header.type = pb::track_event_type::kInstant;
  header.name = storage_.Intern("from header");
  header.category = storage_.Intern("c1");
  std::string event;
  protozero::pbf_writer w(event);
  w.add_string(te::kCategories, "c2");
  header.resume = 0;
  TrackEventFields f = Decode(event, header);
  EXPECT_FALSE(f.has_track);
  EXPECT_EQ(f.track_uuid, 5u);  // The sequence's default track.
  EXPECT_EQ(Str(f.name), "from header");
  ASSERT_EQ(details_.categories.size(), 2u);
  EXPECT_EQ(Str(details_.categories[1]), "c2");
  EXPECT_EQ(TrackEventPhase(f, details_.legacy), 'i');
}

TEST_F(TrackEventDecoderTest, ResolvesInternedIidsAndCountsUnknownOnes) {
  gen_.event_names.Set(1, storage_.Intern("interned"));
  gen_.categories.Set(2, storage_.Intern("icat"));
  std::string event;
  protozero::pbf_writer w(event);
  w.add_uint64(te::kNameIid, 1);
  uint64_t iids[] = {2, 3};  // 3 is unknown.
  w.add_packed_uint64(te::kCategoryIids, iids, iids + 2);
  TrackEventFields f = Decode(event);
  EXPECT_EQ(Str(f.name), "interned");
  ASSERT_EQ(details_.categories.size(), 1u);
  EXPECT_EQ(Str(details_.categories[0]), "icat");
  EXPECT_EQ(storage_.stats.Get(Stat::interned_data_tokenizer_errors), 1);
}

TEST_F(TrackEventDecoderTest, WrongWireTypeIsSkippedNotTypedArg) {
  std::string event;
  protozero::pbf_writer w(event);
  w.add_string(te::kType, "not a varint");
  w.add_fixed32(te::kTrackUuid, 3);
  w.add_uint64(te::kCallstackWeight, 1);  // Should be a double.
  TrackEventFields f = Decode(event);
  EXPECT_FALSE(f.has_type || f.has_track || f.has_stack_weight);
  EXPECT_FALSE(details_.typed.any());
  EXPECT_EQ(TrackEventPhase(f, details_.legacy), 0);  // Untyped, no legacy phase: an error.
}

TEST_F(TrackEventDecoderTest, UnknownFieldsAreTypedArgs) {
  std::string event;
  protozero::pbf_writer w(event);
  w.add_string(te::kLogMessage, "");
  w.add_uint64(te::kSourceLocationIid, 4);
  w.add_uint64(999, 1);
  Decode(event);
  EXPECT_TRUE(details_.typed.has_log_message);
  EXPECT_TRUE(details_.typed.has_source_location_iid);
  EXPECT_TRUE(details_.typed.has_reflected);
}

TEST_F(TrackEventDecoderTest, RepeatedFieldsPackedOrNot) {
  std::string event;
  protozero::pbf_writer w(event);
  uint64_t flows[] = {10, 11};
  w.add_packed_fixed64(te::kFlowIds, flows, flows + 2);
  w.add_uint64(te::kFlowIdsOld, 12);
  w.add_fixed64(te::kTerminatingFlowIds, 13);
  w.add_int64(te::kExtraCounterValues, -2);
  double doubles[] = {0.5, 1.5};
  w.add_packed_double(te::kExtraDoubleCounterValues, doubles, doubles + 2);
  w.add_double(te::kExtraDoubleCounterValues, 2.5);
  w.add_string(te::kDebugAnnotations, "a");
  w.add_string(te::kDebugAnnotations, "b");
  Decode(event);
  EXPECT_EQ(details_.flow_ids, (std::vector<uint64_t>{10, 11, 12}));
  EXPECT_EQ(details_.terminating_flow_ids, (std::vector<uint64_t>{13}));
  EXPECT_EQ(details_.extra_values, (std::vector<double>{-2}));
  EXPECT_EQ(details_.extra_double_values, (std::vector<double>{0.5, 1.5, 2.5}));
  EXPECT_EQ(details_.annotations.size(), 2u);
  EXPECT_FALSE(details_.typed.any());
  // The lists are cleared for the next event.
  Decode("");
  EXPECT_TRUE(details_.flow_ids.empty() && details_.annotations.empty());
}

TEST_F(TrackEventDecoderTest, LegacyEvent) {
  gen_.event_names.Set(6, storage_.Intern("legacy name"));
  std::string legacy;
  protozero::pbf_writer l(legacy);
  l.add_uint64(le::kNameIid, 6);
  l.add_int32(le::kPhase, 'X');
  l.add_int64(le::kDurationUs, 30);
  l.add_uint64(le::kLocalId, 77);
  l.add_string(le::kIdScope, "scope");
  l.add_uint64(le::kBindId, 8);
  l.add_int32(le::kFlowDirection, 2);
  l.add_int32(le::kTidOverride, 99);
  l.add_string(le::kPhase, "wrong wire type");
  std::string event;
  protozero::pbf_writer w(event);
  w.add_message(te::kLegacyEvent, legacy);
  TrackEventFields f = Decode(event);
  EXPECT_TRUE(f.has_legacy);
  EXPECT_EQ(Str(f.name), "legacy name");  // No name of its own.
  EXPECT_EQ(details_.legacy.phase, 'X');
  EXPECT_EQ(details_.legacy.duration_us, 30);
  EXPECT_EQ(details_.legacy.id_kind, LegacyEventFields::kLocal);
  EXPECT_EQ(details_.legacy.id, 77u);
  EXPECT_EQ(Str(details_.legacy.id_scope), "scope");
  EXPECT_TRUE(details_.legacy.has_bind_id);
  EXPECT_EQ(details_.legacy.bind_id, 8u);
  EXPECT_EQ(details_.legacy.flow_direction, 2);
  EXPECT_TRUE(details_.legacy.has_tid_override);
  EXPECT_EQ(details_.legacy.tid_override, 99);
  EXPECT_FALSE(details_.legacy.has_pid_override);
  EXPECT_EQ(TrackEventPhase(f, details_.legacy), 'X');
  // The next event without one sees the defaults again.
  f = Decode("");
  EXPECT_FALSE(f.has_legacy);
  EXPECT_EQ(details_.legacy.id_kind, LegacyEventFields::kNoId);
  EXPECT_EQ(details_.legacy.duration_us, -1);
  EXPECT_FALSE(details_.legacy.has_bind_id);
}

TEST_F(TrackEventDecoderTest, PhaseOfTypesAndBadLegacyPhases) {
  TrackEventFields f;
  LegacyEventFields legacy;
  f.type = pb::track_event_type::kSliceEnd;
  EXPECT_EQ(TrackEventPhase(f, legacy), 'E');
  f.type = pb::track_event_type::kCounter;
  EXPECT_EQ(TrackEventPhase(f, legacy), 'C');
  f.type = 17;  // Unknown type.
  EXPECT_EQ(TrackEventPhase(f, legacy), 0);
  f.type = pb::track_event_type::kUnspecified;
  f.has_legacy = true;
  legacy.phase = 300;
  EXPECT_EQ(TrackEventPhase(f, legacy), 0);
  legacy.phase = 'b';
  EXPECT_EQ(TrackEventPhase(f, legacy), 'b');
}

}  // namespace
}  // namespace weft
