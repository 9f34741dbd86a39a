// ProtoTokenizer, timestamps: ClockSnapshots, conversion of packet
// timestamps to the trace clock, and the deprecated microsecond TrackEvent
// timestamps (absolute, or deltas from the sequence's ThreadDescriptor),
// which are in the MONOTONIC clock. Overflows drop the event with a stat.
#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/clock_snapshot.fields.h"
#include "protos/perfetto/trace/track_event/range_of_interest.fields.h"
#include "protos/perfetto/trace/track_event/track_event.fields.h"
#include "src/importers/proto/proto_tokenizer.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT

// Microseconds to nanoseconds; false on overflow.
bool UsToNs(int64_t us, int64_t* ns) { return !__builtin_mul_overflow(us, 1000, ns); }

}  // namespace

void ProtoTokenizer::ReadClockSnapshot(protozero::data_view bytes, uint32_t seq_id) {
  namespace cs = pb::clock_snapshot;
  namespace clk = pb::clock_snapshot_clock;
  std::vector<ClockTracker::Reading> readings;
  std::vector<uint32_t> raw_ids;  // As written, for the clock_snapshot table.
  uint32_t primary = 0;
  protozero::pbf_reader snapshot(bytes);
  while (snapshot.next()) {
    switch (snapshot.tag_and_type()) {
      case tag_and_type(cs::kClocks, kBytes): {
        ClockTracker::Reading r;
        uint32_t id = 0;
        protozero::pbf_reader clock = snapshot.get_message();
        while (clock.next()) {
          switch (clock.tag_and_type()) {
            case tag_and_type(clk::kClockId, kVarint): id = clock.get_uint32(); break;
            case tag_and_type(clk::kTimestamp, kVarint): r.timestamp = clock.get_uint64(); break;
            case tag_and_type(clk::kIsIncremental, kVarint): r.incremental = clock.get_bool(); break;
            case tag_and_type(clk::kUnitMultiplierNs, kVarint):
              r.unit_multiplier_ns = clock.get_uint64();
              break;
            default: clock.skip();
          }
        }
        r.id = ClockTracker::SequenceScoped(seq_id, id);
        readings.push_back(r);
        raw_ids.push_back(id);
        break;
      }
      case tag_and_type(cs::kPrimaryTraceClock, kVarint):
        primary = snapshot.get_uint32();
        break;
      default:
        snapshot.skip();
    }
  }
  if (primary != 0 && !clocks_.SetTraceClock(primary)) {
    CountStat(Stat::invalid_clock_snapshots);
  }
  if (!clocks_.AddSnapshot(readings)) {
    CountStat(Stat::invalid_clock_snapshots);
    return;
  }
  RecordClockSnapshot(readings, raw_ids);
}

void ProtoTokenizer::RecordClockSnapshot(const std::vector<ClockTracker::Reading>& readings,
                                         const std::vector<uint32_t>& raw_ids) {
  // The snapshot's time in the trace clock: its reading of that clock, or
  // a conversion of another of its readings.
  std::optional<int64_t> ts;
  for (const ClockTracker::Reading& r : readings) {
    if (r.id == clocks_.trace_clock()) {
      ts = static_cast<int64_t>(r.timestamp * r.unit_multiplier_ns);
    }
  }
  for (size_t i = 0; !ts && i < readings.size(); ++i) {
    ts = clocks_.ToTraceTime(readings[i].id,
                             static_cast<int64_t>(readings[i].timestamp * readings[i].unit_multiplier_ns));
  }
  if (!ts) return;
  uint32_t snapshot = clock_snapshots_++;
  for (size_t i = 0; i < readings.size(); ++i) {
    const ClockTracker::Reading& r = readings[i];
    storage_->clock_snapshot.Insert(*ts, raw_ids[i], ClockName(raw_ids[i]),
                                    static_cast<int64_t>(r.timestamp * r.unit_multiplier_ns),
                                    snapshot);
  }
}

StringId ProtoTokenizer::ClockName(uint32_t id) {
  // BuiltinClock names, as Perfetto's clock_snapshot table shows them.
  static constexpr const char* kNames[] = {nullptr, "REALTIME", "REALTIME_COARSE", "MONOTONIC",
                                           "MONOTONIC_COARSE", "MONOTONIC_RAW", "BOOTTIME"};
  if (id >= sizeof(kNames) / sizeof(kNames[0]) || !kNames[id]) return kNullStringId;
  return storage_->Intern(kNames[id]);
}

bool ProtoTokenizer::PacketTime(uint64_t ts, uint32_t clock_id, uint32_t seq_id,
                                int64_t* out) {
  // No clock id: the timestamp is in the trace clock already.
  ClockTracker::ClockId clock =
      clock_id == 0 ? clocks_.trace_clock() : ClockTracker::SequenceScoped(seq_id, clock_id);
  std::optional<int64_t> converted = clocks_.PacketToTraceTime(clock, ts);
  if (!converted) {
    CountStat(Stat::clock_sync_failure);
    return false;
  }
  *out = *converted;
  return true;
}

void ProtoTokenizer::SetTrackEventReferenceTime(int64_t us, SequenceState* seq) {
  seq->track_event_time =
      UsToNs(us, &seq->track_event_ns) ? SequenceState::kTimeValid : SequenceState::kTimeInvalid;
}

bool ProtoTokenizer::AdvanceTrackEventTime(int64_t delta_us, SequenceState* seq) {
  int64_t delta_ns = 0;
  if (seq->track_event_time != SequenceState::kTimeValid || !UsToNs(delta_us, &delta_ns) ||
      __builtin_add_overflow(seq->track_event_ns, delta_ns, &seq->track_event_ns)) {
    // After an overflow the sequence's time is unknown until the next
    // ThreadDescriptor.
    if (seq->track_event_time == SequenceState::kTimeValid) {
      seq->track_event_time = SequenceState::kTimeInvalid;
    }
    return false;
  }
  return true;
}

ProtoTokenizer::LegacyTime ProtoTokenizer::ScanTrackEvent(protozero::data_view bytes,
                                                         const SequenceGeneration& gen,
                                                         SequenceState* seq, int64_t* ts,
                                                         TrackEventHeader* header) {
  namespace te = pb::track_event;
  TrackEventHeader& h = *header;
  h = TrackEventHeader{};
  bool open = true;  // Still reading header fields.
  protozero::pbf_reader event(bytes);
  for (;;) {
    if (open) {
      size_t pos = bytes.size() - event.length();
      if (pos > UINT16_MAX) {  // Cannot say where to resume: the parser reads it all.
        h = TrackEventHeader{};
        open = false;
      } else {
        h.resume = static_cast<uint16_t>(pos);
      }
    }
    if (!event.next()) break;
    int64_t ns = 0;
    switch (event.tag_and_type()) {
      case tag_and_type(te::kType, kVarint): {
        uint32_t type = event.get_uint32();
        open = open && type <= UINT8_MAX;
        if (open) {
          h.type = static_cast<uint8_t>(type);
          h.flags |= TrackEventHeader::kHasType;
        }
        continue;
      }
      case tag_and_type(te::kTrackUuid, kVarint): {
        uint64_t uuid = event.get_uint64();
        if (open) {
          h.track_uuid = uuid;
          h.flags |= TrackEventHeader::kHasTrack;
        }
        continue;
      }
      case tag_and_type(te::kNameIid, kVarint): {
        uint64_t iid = event.get_uint64();
        const StringId* name = open ? gen.event_names.Find(iid) : nullptr;
        open = name != nullptr;
        if (open) {
          h.name = *name;
          h.flags |= TrackEventHeader::kHasName;
        }
        continue;
      }
      case tag_and_type(te::kCategoryIids, kVarint): {
        uint64_t iid = event.get_uint64();
        const StringId* category = open && !(h.flags & TrackEventHeader::kHasCategory)
                                       ? gen.categories.Find(iid)
                                       : nullptr;
        open = category != nullptr;
        if (open) {
          h.category = *category;
          h.flags |= TrackEventHeader::kHasCategory;
        }
        continue;
      }
      default:
        break;
    }
    open = false;  // The header ends at this field.
    switch (event.tag_and_type()) {
      case tag_and_type(te::kTimestampDeltaUs, kVarint):
        if (seq->track_event_time == SequenceState::kTimeUnset) {
          // Deltas need a ThreadDescriptor since the last loss / reset.
          CountStat(Stat::track_event_tokenizer_errors);
          return LegacyTime::kDrop;
        }
        if (!AdvanceTrackEventTime(event.get_int64(), seq)) {
          CountStat(Stat::track_event_invalid_timestamp);
          return LegacyTime::kDrop;
        }
        ns = seq->track_event_ns;
        break;
      case tag_and_type(te::kTimestampAbsoluteUs, kVarint):
        if (!UsToNs(event.get_int64(), &ns)) {
          CountStat(Stat::track_event_invalid_timestamp);
          return LegacyTime::kDrop;
        }
        break;
      default:
        event.skip();
        continue;
    }
    // These fields are in the MONOTONIC clock: converted when snapshots
    // allow, else taken as they are (as Perfetto does).
    std::optional<int64_t> converted =
        clocks_.ToTraceTime(pb::builtin_clock::kMonotonic, ns);
    *ts = converted ? *converted : ns;
    return LegacyTime::kSet;
  }
  return LegacyTime::kNone;
}

void ProtoTokenizer::ReadRangeOfInterest(protozero::data_view bytes) {
  int64_t start_us = 0;
  protozero::pbf_reader range(bytes);
  while (range.next(pb::track_event_range_of_interest::kStartUs, kVarint)) {
    start_us = range.get_int64();
  }
  if (!has_range_metadata_) {
    DeferWrite([s = storage_, start_us] {
      s->metadata.InsertInt(s->Intern("range_of_interest_start_us"), s->Intern("single"),
                            start_us);
    });
    has_range_metadata_ = true;
  }
  if (config_.crop_track_events) {
    has_range_of_interest_ = UsToNs(start_us, &range_of_interest_start_ns_);
  }
}

}  // namespace weft
