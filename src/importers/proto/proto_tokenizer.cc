// ProtoTokenizer: per-packet sequence bookkeeping with protozero.
#include "src/importers/proto/proto_tokenizer.h"

#include <protozero/pbf_reader.hpp>

#include "src/importers/proto/proto_fields.h"

namespace weft {
namespace {

using protozero::pbf_wire_type;
using protozero::tag_and_type;

constexpr auto kVarint = pbf_wire_type::varint;
constexpr auto kBytes = pbf_wire_type::length_delimited;

std::string_view View(protozero::data_view v) { return std::string_view(v.data(), v.size()); }

}  // namespace

ProtoTokenizer::ProtoTokenizer(TraceStorage* storage, ProtoEventQueue* queue)
    : storage_(storage), queue_(queue) {
  generations_.emplace_back(new SequenceGeneration());  // Shared empty state.
}

void ProtoTokenizer::OnPacket(const uint8_t* data, size_t size) {
  try {
    Tokenize(data, size);
  } catch (const protozero::exception&) {
    storage_->stats.Increment(Stat::proto_malformed_packet);
  }
}

SequenceGeneration* ProtoTokenizer::NewGeneration(SequenceState* seq, bool copy) {
  auto* gen = copy ? new SequenceGeneration(*generations_[seq->generation])
                   : new SequenceGeneration();
  generations_.emplace_back(gen);
  seq->generation = static_cast<uint32_t>(generations_.size() - 1);
  return gen;
}

void ProtoTokenizer::Tokenize(const uint8_t* data, size_t size) {
  namespace tp = pb::trace_packet;
  protozero::pbf_reader packet(reinterpret_cast<const char*>(data), size);
  bool has_ts = false, cleared = false, dropped = false;
  uint64_t ts = 0;
  uint32_t clock_id = 0, seq_id = 0, flags = 0;
  bool has_clock_id = false;
  protozero::data_view defaults, interned, payload;
  bool has_defaults = false, has_interned = false;
  uint32_t payload_field = 0;
  while (packet.next()) {
    switch (packet.tag_and_type()) {
      case tag_and_type(tp::kTimestamp, kVarint):
        ts = packet.get_uint64();
        has_ts = true;
        break;
      case tag_and_type(tp::kTimestampClockId, kVarint):
        clock_id = packet.get_uint32();
        has_clock_id = true;
        break;
      case tag_and_type(tp::kTrustedPacketSequenceId, kVarint):
        seq_id = packet.get_uint32();
        break;
      case tag_and_type(tp::kSequenceFlags, kVarint):
        flags = packet.get_uint32();
        break;
      case tag_and_type(tp::kIncrementalStateCleared, kVarint):
        cleared |= packet.get_bool();
        break;
      case tag_and_type(tp::kPreviousPacketDropped, kVarint):
        dropped |= packet.get_bool();
        break;
      case tag_and_type(tp::kTracePacketDefaults, kBytes):
        defaults = packet.get_view();
        has_defaults = true;
        break;
      case tag_and_type(tp::kInternedData, kBytes):
        interned = packet.get_view();
        has_interned = true;
        break;
      case tag_and_type(tp::kTrackEvent, kBytes):
      case tag_and_type(tp::kTrackDescriptor, kBytes):
      case tag_and_type(tp::kThreadDescriptor, kBytes):
      case tag_and_type(tp::kProcessDescriptor, kBytes):
        payload_field = packet.tag();
        payload = packet.get_view();
        break;
      default:
        packet.skip();
    }
  }

  SequenceState& seq = sequences_[seq_id];
  if (dropped) seq.incremental_state_valid = false;
  if (cleared || (flags & tp::kSeqIncrementalStateCleared)) {
    NewGeneration(&seq, /*copy=*/false);
    seq.incremental_state_valid = true;
    seq.counter_totals.clear();
  }
  if (has_defaults) ReadDefaults(defaults, NewGeneration(&seq, /*copy=*/true));
  if (has_interned) ReadInternedData(interned, generations_[seq.generation].get());
  if (!payload_field) return;
  if ((flags & tp::kSeqNeedsIncrementalState) && !seq.incremental_state_valid) {
    storage_->stats.Increment(Stat::tokenizer_skipped_packets);
    return;
  }

  const SequenceGeneration& gen = *generations_[seq.generation];
  if (!has_clock_id) clock_id = gen.default_clock_id;
  int64_t event_ts = last_ts_;
  if (has_ts) {
    if (clock_id != 0 && clock_id != pb::builtin_clock::kBoottime) {
      // Converting other clocks needs ClockSnapshots (a later task).
      storage_->stats.Increment(Stat::clock_sync_failure);
      return;
    }
    if (ts > static_cast<uint64_t>(INT64_MAX)) {
      storage_->stats.Increment(Stat::trace_sorter_negative_timestamp_dropped);
      return;
    }
    event_ts = static_cast<int64_t>(ts);
    last_ts_ = event_ts;
  }

  QueuedPacket q{};
  q.ts = event_ts;
  q.size = static_cast<uint32_t>(size);
  switch (payload_field) {
    case tp::kTrackEvent:
      q.kind = PacketKind::kTrackEvent;
      if (has_incremental_counters_) {
        q.has_counter_value = IncrementalCounterValue(payload, &seq, gen, &q.counter_value);
      }
      break;
    case tp::kTrackDescriptor:
      q.kind = PacketKind::kTrackDescriptor;
      ReserveTrack(payload);
      break;
    case tp::kThreadDescriptor: {
      q.kind = PacketKind::kThreadDescriptor;
      namespace td = pb::thread_descriptor;
      SequenceGeneration* g = NewGeneration(&seq, /*copy=*/true);
      protozero::pbf_reader desc(payload);
      while (desc.next()) {
        switch (desc.tag_and_type()) {
          case tag_and_type(td::kPid, kVarint):
            g->pid = desc.get_int32();
            break;
          case tag_and_type(td::kTid, kVarint):
            g->tid = desc.get_int32();
            g->has_thread = true;
            break;
          default:
            desc.skip();
        }
      }
      break;
    }
    case tp::kProcessDescriptor:
      q.kind = PacketKind::kProcessDescriptor;
      break;
  }
  q.generation = seq.generation;
  q.data = queue_->CopyToArena(data, size);
  queue_->Push(q);
}

void ProtoTokenizer::ReadDefaults(protozero::data_view bytes, SequenceGeneration* gen) {
  namespace d = pb::trace_packet_defaults;
  gen->has_default_track = false;
  gen->default_clock_id = 0;
  protozero::pbf_reader defaults(bytes);
  while (defaults.next()) {
    switch (defaults.tag_and_type()) {
      case tag_and_type(d::kTimestampClockId, kVarint):
        gen->default_clock_id = defaults.get_uint32();
        break;
      case tag_and_type(d::kTrackEventDefaults, kBytes): {
        protozero::pbf_reader te = defaults.get_message();
        while (te.next(pb::track_event_defaults::kTrackUuid, kVarint)) {
          gen->default_track_uuid = te.get_uint64();
          gen->has_default_track = true;
        }
        break;
      }
      default:
        defaults.skip();
    }
  }
}

void ProtoTokenizer::ReadInternedData(protozero::data_view bytes, SequenceGeneration* gen) {
  namespace id = pb::interned_data;
  protozero::pbf_reader interned(bytes);
  while (interned.next()) {
    SequenceGeneration::InternMap* map = nullptr;
    if (interned.wire_type() == kBytes) {
      switch (interned.tag()) {
        case id::kEventCategories: map = &gen->categories; break;
        case id::kEventNames: map = &gen->event_names; break;
        case id::kDebugAnnotationNames: map = &gen->annotation_names; break;
        case id::kDebugAnnotationStringValues: map = &gen->annotation_strings; break;
      }
    }
    if (!map) {
      interned.skip();
      continue;
    }
    protozero::pbf_reader entry = interned.get_message();
    uint64_t iid = 0;
    StringId name = kNullStringId;
    while (entry.next()) {
      switch (entry.tag_and_type()) {
        case tag_and_type(pb::interned_entry::kIid, kVarint):
          iid = entry.get_uint64();
          break;
        case tag_and_type(pb::interned_entry::kName, kBytes):
          name = storage_->Intern(View(entry.get_view()));
          break;
        default:
          entry.skip();
      }
    }
    (*map)[iid] = name;
  }
}

void ProtoTokenizer::ReserveTrack(protozero::data_view bytes) {
  namespace td = pb::track_descriptor;
  TrackDescriptorInfo info;
  protozero::pbf_reader desc(bytes);
  while (desc.next()) {
    switch (desc.tag_and_type()) {
      case tag_and_type(td::kUuid, kVarint):
        info.uuid = desc.get_uint64();
        break;
      case tag_and_type(td::kParentUuid, kVarint):
        info.parent_uuid = desc.get_uint64();
        break;
      case tag_and_type(td::kName, kBytes):
      case tag_and_type(td::kStaticName, kBytes):
        info.name = storage_->Intern(View(desc.get_view()));
        break;
      case tag_and_type(td::kDescription, kBytes):
        info.description = storage_->Intern(View(desc.get_view()));
        break;
      case tag_and_type(td::kProcess, kBytes): {
        info.has_process = true;
        protozero::pbf_reader p = desc.get_message();
        while (p.next()) {
          switch (p.tag_and_type()) {
            case tag_and_type(pb::process_descriptor::kPid, kVarint):
              info.pid = p.get_int32();
              break;
            case tag_and_type(pb::process_descriptor::kProcessName, kBytes):
              info.process_name = storage_->Intern(View(p.get_view()));
              break;
            default:
              p.skip();
          }
        }
        break;
      }
      case tag_and_type(td::kThread, kBytes): {
        info.has_thread = true;
        protozero::pbf_reader t = desc.get_message();
        while (t.next()) {
          switch (t.tag_and_type()) {
            case tag_and_type(pb::thread_descriptor::kPid, kVarint):
              info.pid = t.get_int32();
              break;
            case tag_and_type(pb::thread_descriptor::kTid, kVarint):
              info.tid = t.get_int32();
              break;
            case tag_and_type(pb::thread_descriptor::kThreadName, kBytes):
              info.thread_name = storage_->Intern(View(t.get_view()));
              break;
            default:
              t.skip();
          }
        }
        break;
      }
      case tag_and_type(td::kCounter, kBytes): {
        namespace cd = pb::counter_descriptor;
        info.is_counter = true;
        protozero::pbf_reader c = desc.get_message();
        while (c.next()) {
          switch (c.tag_and_type()) {
            case tag_and_type(cd::kType, kVarint):
              info.counter_type = c.get_uint32();
              break;
            case tag_and_type(cd::kUnit, kVarint): {
              uint32_t unit = c.get_uint32();
              const char* s = unit == cd::kUnitTimeNs      ? "ns"
                              : unit == cd::kUnitCount     ? "count"
                              : unit == cd::kUnitSizeBytes ? "bytes"
                                                           : nullptr;
              if (s && info.unit == kNullStringId) info.unit = storage_->Intern(s);
              break;
            }
            case tag_and_type(cd::kUnitName, kBytes):
              info.unit = storage_->Intern(View(c.get_view()));
              break;
            case tag_and_type(cd::kUnitMultiplier, kVarint):
              info.unit_multiplier = c.get_int64();
              break;
            case tag_and_type(cd::kIsIncremental, kVarint):
              info.is_incremental = c.get_bool();
              break;
            default:
              c.skip();
          }
        }
        if (info.is_incremental) has_incremental_counters_ = true;
        break;
      }
      default:
        desc.skip();
    }
  }
  descriptors_.emplace(info.uuid, info);  // The first descriptor wins.
}

bool ProtoTokenizer::IncrementalCounterValue(protozero::data_view bytes, SequenceState* seq,
                                             const SequenceGeneration& gen, double* value) {
  namespace te = pb::track_event;
  uint64_t uuid = gen.has_default_track ? gen.default_track_uuid : 0;
  uint32_t type = 0;
  bool has_value = false;
  double v = 0;
  protozero::pbf_reader event(bytes);
  while (event.next()) {
    switch (event.tag_and_type()) {
      case tag_and_type(te::kType, kVarint):
        type = event.get_uint32();
        break;
      case tag_and_type(te::kTrackUuid, kVarint):
        uuid = event.get_uint64();
        break;
      case tag_and_type(te::kCounterValue, kVarint):
        v = static_cast<double>(event.get_int64());
        has_value = true;
        break;
      case tag_and_type(te::kDoubleCounterValue, pbf_wire_type::fixed64):
        v = event.get_double();
        has_value = true;
        break;
      default:
        event.skip();
    }
  }
  if (type != te::kTypeCounter || !has_value) return false;
  auto it = descriptors_.find(uuid);
  if (it == descriptors_.end() || !it->second.is_incremental) return false;
  double& total = seq->counter_totals[uuid];
  total += v;
  *value = total;
  return true;
}

}  // namespace weft
