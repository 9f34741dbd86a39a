// DecodeTrackEvent: one pass over a TrackEvent's fields into
// TrackEventFields (see track_event_fields.h). Inline: it is the parser's
// hottest loop, and its fields stay in registers only when it is part of
// the caller.
#ifndef SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_DECODER_H_
#define SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_DECODER_H_

#include <string>

#include <protozero/pbf_reader.hpp>

#include "src/base/compiler.h"
#include "src/base/numeric.h"
#include "src/importers/proto/proto_wire.h"
#include "src/importers/proto/track_event/track_event_fields.h"

namespace weft {
namespace track_event_decoder {

// Whether DecodeTrackEvent reads TrackEvent field |field| itself (one of
// another wire type is then skipped, not left to the typed args).
bool IsDecoded(uint32_t field);
void DecodeLegacyEvent(protozero::pbf_reader legacy, const SequenceGeneration& gen,
                       TraceStorage* storage, LegacyEventFields* out);

// |*out| = the interned string |iid| of |map|; counted as an error if unknown.
inline void ResolveIid(const SequenceGeneration::InternMap& map, uint64_t iid,
                       TraceStorage* storage, StringId* out) {
  const StringId* found = map.Find(iid);
  if (found) {
    *out = *found;
  } else {
    storage->stats.Increment(Stat::interned_data_tokenizer_errors);
  }
}

// Reads a field holding int64 counter values (packed or not) as doubles.
inline void ReadIntValues(protozero::pbf_reader* event, TrackEventDetails* details) {
  details->raw.clear();
  proto_wire::ReadRepeatedUint64(event, false, &details->raw);
  for (uint64_t v : details->raw) {
    details->extra_values.push_back(static_cast<double>(static_cast<int64_t>(v)));
  }
}

inline void ReadCategoryIids(protozero::pbf_reader* event, const SequenceGeneration& gen,
                             TraceStorage* storage, TrackEventDetails* details) {
  details->raw.clear();
  proto_wire::ReadRepeatedUint64(event, false, &details->raw);
  for (uint64_t iid : details->raw) {
    const StringId* category = gen.categories.Find(iid);
    if (category) {
      details->categories.push_back(*category);
    } else {
      storage->stats.Increment(Stat::interned_data_tokenizer_errors);
    }
  }
}

}  // namespace track_event_decoder

// Decodes a queued TrackEvent (|header| already read, |event| the bytes
// after it) into |fields| and |details| (reset first): the header's fields,
// then the rest from header.resume on. Names and categories are interned in
// |storage| and iids resolved with |gen| (unknown iids counted as
// interned_data_tokenizer_errors). A field of a wrong wire type is skipped.
WEFT_ALWAYS_INLINE void DecodeTrackEvent(const TrackEventHeader& header,
                                         protozero::data_view event,
                                         const SequenceGeneration& gen, TraceStorage* storage,
                                         TrackEventFields* fields, TrackEventDetails* details) {
  using namespace proto_wire;           // NOLINT
  using namespace track_event_decoder;  // NOLINT
  namespace te = pb::track_event;
  TrackEventFields& f = *fields;
  details->Reset();
  f.has_type = header.flags & TrackEventHeader::kHasType;
  f.has_track = header.flags & TrackEventHeader::kHasTrack;
  f.type = f.has_type ? header.type : pb::track_event_type::kUnspecified;
  f.track_uuid = f.has_track ? header.track_uuid
                             : (gen.has_default_track ? gen.default_track_uuid : 0);
  if (header.flags & TrackEventHeader::kHasName) f.name = header.name;
  if (header.flags & TrackEventHeader::kHasCategory) details->categories.push_back(header.category);

  protozero::pbf_reader r(event.data() + header.resume, event.size() - header.resume);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(te::kType, kVarint):
        f.type = r.get_uint32();
        f.has_type = true;
        break;
      case tag_and_type(te::kTrackUuid, kVarint):
        f.track_uuid = r.get_uint64();
        f.has_track = true;
        break;
      case tag_and_type(te::kName, kBytes):
        f.name = storage->Intern(View(r.get_view()));
        break;
      case tag_and_type(te::kNameIid, kVarint):
        ResolveIid(gen.event_names, r.get_uint64(), storage, &f.name);
        break;
      case tag_and_type(te::kCategories, kBytes):
        details->categories.push_back(storage->Intern(View(r.get_view())));
        break;
      case tag_and_type(te::kCategoryIids, kVarint):
      case tag_and_type(te::kCategoryIids, kBytes):
        ReadCategoryIids(&r, gen, storage, details);
        break;
      case tag_and_type(te::kCounterValue, kVarint):
        f.value = static_cast<double>(r.get_int64());
        f.has_value = true;
        break;
      case tag_and_type(te::kDoubleCounterValue, kFixed64):
        f.value = r.get_double();
        f.has_value = true;
        break;
      case tag_and_type(te::kExtraCounterTrackUuids, kVarint):
      case tag_and_type(te::kExtraCounterTrackUuids, kBytes):
        ReadRepeatedUint64(&r, false, &details->extra_uuids);
        break;
      case tag_and_type(te::kExtraDoubleCounterTrackUuids, kVarint):
      case tag_and_type(te::kExtraDoubleCounterTrackUuids, kBytes):
        ReadRepeatedUint64(&r, false, &details->extra_double_uuids);
        break;
      case tag_and_type(te::kExtraCounterValues, kVarint):
      case tag_and_type(te::kExtraCounterValues, kBytes):
        ReadIntValues(&r, details);
        break;
      case tag_and_type(te::kExtraDoubleCounterValues, kFixed64):
        details->extra_double_values.push_back(r.get_double());
        break;
      case tag_and_type(te::kExtraDoubleCounterValues, kBytes):
        for (double v : r.get_packed_double()) details->extra_double_values.push_back(v);
        break;
      case tag_and_type(te::kThreadTimeAbsoluteUs, kVarint):
        f.thread_time = SaturatingMul(r.get_int64(), 1000);
        break;
      case tag_and_type(te::kThreadInstructionCountAbsolute, kVarint):
        f.instruction_count = r.get_int64();
        break;
      case tag_and_type(te::kFlowIds, kFixed64):
      case tag_and_type(te::kFlowIds, kBytes):
        ReadRepeatedUint64(&r, true, &details->flow_ids);
        break;
      case tag_and_type(te::kFlowIdsOld, kVarint):
      case tag_and_type(te::kFlowIdsOld, kBytes):
        ReadRepeatedUint64(&r, false, &details->flow_ids);
        break;
      case tag_and_type(te::kTerminatingFlowIds, kFixed64):
      case tag_and_type(te::kTerminatingFlowIds, kBytes):
        ReadRepeatedUint64(&r, true, &details->terminating_flow_ids);
        break;
      case tag_and_type(te::kTerminatingFlowIdsOld, kVarint):
      case tag_and_type(te::kTerminatingFlowIdsOld, kBytes):
        ReadRepeatedUint64(&r, false, &details->terminating_flow_ids);
        break;
      case tag_and_type(te::kCorrelationId, kVarint):
        f.correlation = storage->Intern("tp:#" + std::to_string(r.get_uint64()));
        break;
      case tag_and_type(te::kCorrelationIdStr, kBytes):
        f.correlation = storage->Intern(View(r.get_view()));
        break;
      case tag_and_type(te::kCallstack, kBytes):
        details->inline_stack = r.get_view();
        f.has_inline_stack = true;
        break;
      case tag_and_type(te::kCallstackIid, kVarint):
        details->stack_iid = r.get_uint64();
        f.has_stack_iid = true;
        break;
      case tag_and_type(te::kCallstackWeight, kFixed64):
        details->stack_weight = r.get_double();
        f.has_stack_weight = true;
        break;
      case tag_and_type(te::kDebugAnnotations, kBytes): {
        // Built in place: copying a returned data_view through the stack
        // stalls (two 8-byte stores read back as one 16-byte load).
        protozero::data_view view = r.get_view();
        details->annotations.emplace_back(view.data(), view.size());
        break;
      }
      case tag_and_type(te::kLegacyEvent, kBytes):
        f.has_legacy = details->legacy_set = true;
        DecodeLegacyEvent(r.get_message(), gen, storage, &details->legacy);
        break;
      default:
        // A field read above but of another wire type is skipped; the rest
        // are typed args.
        if (IsDecoded(r.tag())) {
          r.skip();
        } else {
          details->typed.Collect(&r);
        }
    }
  }
  if (f.name == kNullStringId) f.name = details->legacy.name;
}

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_DECODER_H_
