// The cold parts of DecodeTrackEvent (track_event_decoder.h): legacy
// events and the set of fields it reads.
#include "src/importers/proto/track_event/track_event_decoder.h"

namespace weft {
namespace track_event_decoder {
namespace {

using namespace proto_wire;  // NOLINT
namespace te = pb::track_event;
namespace le = pb::track_event_legacy_event;

constexpr uint64_t Bits(std::initializer_list<uint32_t> fields) {
  uint64_t bits = 0;
  for (uint32_t f : fields) bits |= uint64_t{1} << f;
  return bits;
}

// The fields DecodeTrackEvent reads itself: one of another wire type is
// skipped, not left to the typed args.
constexpr uint64_t kDecodedFields = Bits({
    te::kType, te::kTrackUuid, te::kName, te::kNameIid, te::kCategories, te::kCategoryIids,
    te::kCounterValue, te::kDoubleCounterValue, te::kExtraCounterTrackUuids,
    te::kExtraDoubleCounterTrackUuids, te::kExtraCounterValues, te::kExtraDoubleCounterValues,
    te::kThreadTimeAbsoluteUs, te::kThreadInstructionCountAbsolute, te::kFlowIds,
    te::kFlowIdsOld, te::kTerminatingFlowIds, te::kTerminatingFlowIdsOld, te::kCorrelationId,
    te::kCorrelationIdStr, te::kCallstack, te::kCallstackIid, te::kCallstackWeight,
    te::kDebugAnnotations, te::kLegacyEvent,
});
static_assert(te::kCallstackWeight < 64 && te::kCorrelationIdStr < 64,
              "kDecodedFields holds field numbers below 64");

}  // namespace

bool IsDecoded(uint32_t field) { return field < 64 && ((kDecodedFields >> field) & 1); }

void DecodeLegacyEvent(protozero::pbf_reader legacy, const SequenceGeneration& gen,
                       TraceStorage* storage, LegacyEventFields* out) {
  using Kind = LegacyEventFields::IdKind;
  while (legacy.next()) {
    switch (legacy.tag_and_type()) {
      case tag_and_type(le::kIdScope, kBytes):
        out->id_scope = storage->Intern(View(legacy.get_view()));
        break;
      case tag_and_type(le::kNameIid, kVarint): {
        const StringId* name = gen.event_names.Find(legacy.get_uint64());
        if (name) out->name = *name;
        break;
      }
      case tag_and_type(le::kPhase, kVarint): out->phase = legacy.get_int32(); break;
      case tag_and_type(le::kDurationUs, kVarint): out->duration_us = legacy.get_int64(); break;
      case tag_and_type(le::kThreadDurationUs, kVarint):
        out->thread_duration_us = legacy.get_int64();
        break;
      case tag_and_type(le::kUnscopedId, kVarint):
        out->id_kind = Kind::kUnscoped;
        out->id = legacy.get_uint64();
        break;
      case tag_and_type(le::kLocalId, kVarint):
        out->id_kind = Kind::kLocal;
        out->id = legacy.get_uint64();
        break;
      case tag_and_type(le::kGlobalId, kVarint):
        out->id_kind = Kind::kGlobal;
        out->id = legacy.get_uint64();
        break;
      case tag_and_type(le::kBindId, kVarint):
        out->has_bind_id = true;
        out->bind_id = legacy.get_uint64();
        break;
      case tag_and_type(le::kBindToEnclosing, kVarint):
        out->bind_to_enclosing = legacy.get_bool();
        break;
      case tag_and_type(le::kFlowDirection, kVarint):
        out->flow_direction = legacy.get_int32();
        break;
      case tag_and_type(le::kInstantEventScope, kVarint):
        out->instant_scope = legacy.get_int32();
        break;
      case tag_and_type(le::kPidOverride, kVarint):
        out->has_pid_override = true;
        out->pid_override = legacy.get_int32();
        break;
      case tag_and_type(le::kTidOverride, kVarint):
        out->has_tid_override = true;
        out->tid_override = legacy.get_int32();
        break;
      default:
        legacy.skip();
    }
  }
}

}  // namespace track_event_decoder
}  // namespace weft
