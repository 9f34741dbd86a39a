// ProtoParser::ParseTrackEvent: one TrackEvent into slices, counters, args
// and flows, with Perfetto's semantics (typed and legacy events alike).
// The event is decoded first (DecodeTrackEvent), then each step writes its
// part: the track, counters, the slice, its args and flows. The hot steps
// are inlined into ParseTrackEvent (defined last, after them).
#include <string>
#include <vector>

#include "src/base/hash.h"
#include "src/importers/proto/proto_parser.h"
#include "src/base/compiler.h"
#include "src/base/numeric.h"
#include "src/importers/proto/track_event/track_event_decoder.h"
#include "src/importers/proto/track_event/track_event_header.h"
#include "protos/perfetto/trace/track_event/counter_descriptor.fields.h"
#include "protos/perfetto/trace/track_event/track_event.fields.h"

namespace weft {
namespace {

constexpr uint32_t kNull = Uint32Column::kNull;

// An event's categories as one string, comma-separated (NULL if none).
StringId JoinCategories(TraceStorage* storage, const std::vector<StringId>& categories) {
  if (categories.empty()) return kNullStringId;
  if (categories.size() == 1) return categories[0];
  std::string joined;
  for (StringId c : categories) {
    if (!joined.empty()) joined.push_back(',');
    joined.append(storage->pool().Get(c));
  }
  return storage->Intern(joined);
}

bool IsAsyncPhase(char ph) {
  switch (ph) {
    case 'b': case 'e': case 'n': case 'S': case 'T': case 'p': case 'F': return true;
    default: return false;
  }
}

bool IsEndPhase(char ph) { return ph == 'E' || ph == 'e' || ph == 'F'; }

}  // namespace

WEFT_ALWAYS_INLINE
bool ProtoParser::ResolveEventTrack(const TrackEventFields& f, const SequenceGeneration& gen,
                                    EventTrack* t) {
  if (f.track_uuid != 0) {  // A descriptor's track.
    t->track = TrackForUuid(f.track_uuid, gen.seq_id);
    if (t->track == kNull) return false;
    t->utid = storage_->track.utid[t->track];
    t->upid = t->utid != kNull ? storage_->thread.upid[t->utid] : storage_->track.upid[t->track];
    return true;
  }
  // Legacy events: the sequence's thread, or the one the event names.
  const LegacyEventFields& l = details_.legacy;
  bool on_thread = ((!f.has_track || !f.has_type) && gen.has_thread) || l.has_pid_override ||
                   (l.has_tid_override && gen.has_thread);
  if (!on_thread) {
    t->track = TrackForUuid(0, gen.seq_id);
    return true;
  }
  int64_t pid = gen.pid, tid = gen.tid;
  if (l.has_pid_override) {
    pid = l.pid_override;
    tid = -1;
  }
  if (l.has_tid_override) tid = l.tid_override;
  t->utid = ctx_->processes.UpdateThread(tid, pid);
  t->upid = storage_->thread.upid[t->utid];
  return true;
}

WEFT_ALWAYS_INLINE
uint32_t ProtoParser::ThreadTrackOf(EventTrack* t, uint32_t seq_id) {
  // An event whose track names no thread (e.g. a bad track uuid) goes to
  // the default track rather than to a thread that does not exist.
  if (t->track == kNull) {
    t->track = t->utid == kNull ? TrackForUuid(0, seq_id) : ctx_->tracks.ThreadTrack(t->utid);
  }
  return t->track;
}

void ProtoParser::EmitExtraCounters(const QueuedPacket& p, const SequenceGeneration& gen,
                                    int64_t* thread_time) {
  std::vector<uint64_t>& uuids = details_.extra_uuids;
  std::vector<uint64_t>& double_uuids = details_.extra_double_uuids;
  std::vector<double>& values = details_.extra_values;
  std::vector<double>& double_values = details_.extra_double_values;
  if (uuids.empty()) uuids = gen.default_extra_counter_uuids;
  if (double_uuids.empty()) double_uuids = gen.default_extra_double_counter_uuids;
  // Incremental tracks' values are the tokenizer's running totals.
  const ProtoTokenizer::IncrementalValues* incremental = tokenizer_->incremental_values(p.order);
  if (incremental && !incremental->extra.empty()) {
    const std::vector<double>& acc = incremental->extra;
    size_t n = values.size();
    for (size_t i = 0; i < acc.size(); ++i) {
      if (i < n) {
        values[i] = acc[i];
      } else if (i - n < double_values.size()) {
        double_values[i - n] = acc[i];
      }
    }
  }
  auto add = [&](const std::vector<uint64_t>& uuids, const std::vector<double>& values) {
    for (size_t i = 0; i < values.size(); ++i) {
      if (i >= uuids.size()) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        break;
      }
      uint32_t counter = TrackForUuid(uuids[i], gen.seq_id);
      const TrackDescriptorInfo* d = Descriptor(uuids[i]);
      if (counter == kNull || !d || !d->is_counter) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        continue;
      }
      double v = values[i];
      if (d->unit_multiplier > 0) v *= static_cast<double>(d->unit_multiplier);
      storage_->counter.Insert(p.ts, counter, v, kNull);
      if (d->counter_type == pb::counter_descriptor_builtin_counter_type::kCounterThreadTimeNs) {
        *thread_time = static_cast<int64_t>(v);
      }
    }
  };
  add(uuids, values);
  add(double_uuids, double_values);
}

void ProtoParser::EmitThreadCounters(int64_t ts, uint32_t utid, const TrackEventFields& f) {
  auto thread_counter = [&](std::unordered_map<uint32_t, uint32_t>* map, StringId name) {
    auto it = map->find(utid);
    if (it != map->end()) return it->second;
    TrackTable::Row row;
    row.name = name;
    row.type = type_counter_;
    row.utid = utid;
    row.event_type = TrackEventType::kCounter;
    uint32_t id = storage_->track.Insert(row, counter_event_);
    map->emplace(utid, id);
    return id;
  };
  if (f.thread_time != kNoThreadTime) {
    storage_->counter.Insert(ts, thread_counter(&thread_time_tracks_, thread_time_),
                             static_cast<double>(f.thread_time), kNull);
  }
  if (f.instruction_count != kNoThreadTime) {
    storage_->counter.Insert(ts, thread_counter(&instruction_tracks_, thread_instruction_count_),
                             static_cast<double>(f.instruction_count), kNull);
  }
}

void ProtoParser::EmitCounterEvent(const QueuedPacket& p, const TrackEventFields& f,
                                   uint32_t track) {
  const ProtoTokenizer::IncrementalValues* incremental = tokenizer_->incremental_values(p.order);
  bool incremental_value = incremental && incremental->has_counter_value;
  if (track == kNull || storage_->track.kind(track) != TrackEventType::kCounter ||
      (!f.has_value && !incremental_value)) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }
  double value = incremental_value ? incremental->counter_value : f.value;
  const TrackDescriptorInfo* d = Descriptor(f.track_uuid);
  if (d && d->unit_multiplier > 0) value *= static_cast<double>(d->unit_multiplier);
  storage_->counter.Insert(p.ts, track, value, kNull);
}

WEFT_ALWAYS_INLINE
bool ProtoParser::PlaceEvent(int64_t ts, char ph, const TrackEventFields& f, StringId category,
                             uint32_t seq_id, EventTrack* t) {
  namespace scope = pb::track_event_legacy_event_instant_event_scope;
  const LegacyEventFields& l = details_.legacy;
  switch (ph) {
    case 'b': case 'e': case 'n': case 'S': case 'T': case 'p': case 'F': {
      if (l.id_kind == l.kNoId || (l.id_kind == l.kLocal && t->upid == kNull)) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        return false;
      }
      // Ids are scoped by category (and id_scope), as in catapult.
      StringId id_scope = category;
      if (l.id_scope != kNullStringId) {
        std::string joined(storage_->pool().Get(category));
        joined.push_back(':');
        joined.append(storage_->pool().Get(l.id_scope));
        id_scope = storage_->Intern(joined);
      }
      t->track = AsyncTrack(l.id_kind == l.kLocal ? t->upid : kNull, l.id, id_scope, f.name,
                            t->upid);
      return true;
    }
    case 's': case 't': case 'f': {  // Legacy flow events make no slice.
      if (t->utid == kNull && t->track == kNull) return false;
      uint32_t flow_track = t->utid != kNull ? ThreadTrackOf(t, seq_id) : t->track;
      if (l.id_kind == l.kNoId) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        return false;
      }
      uint64_t key = HashCombine(HashCombine(l.id, category), f.name);
      flows_.LegacyFlowEvent(ph, key, l.bind_to_enclosing, flow_track, ts);
      return false;
    }
    case 'i': case 'I': case 'R':
      if (l.instant_scope == scope::kScopeGlobal) {
        t->track = ctx_->tracks.GlobalInstantTrack();
      } else if (l.instant_scope == scope::kScopeProcess) {
        if (t->upid == kNull) {
          storage_->stats.Increment(Stat::track_event_parser_errors);
          return false;
        }
        t->track = ctx_->tracks.ProcessInstantTrack(t->upid);
      }
      return true;
    case 'B': case 'E': case 'X':
      return true;
    default:
      storage_->stats.Increment(Stat::track_event_parser_errors);
      return false;
  }
}

WEFT_ALWAYS_INLINE
uint32_t ProtoParser::WriteEventArgs(const TrackEventFields& f, const SequenceGeneration& gen,
                                     protozero::data_view event, char ph, bool async_begin,
                                     uint32_t utid) {
  if (details_.annotations.empty() && !details_.typed.any() && !async_begin &&
      f.correlation == kNullStringId) {
    return kNull;
  }
  // The correlation id, the async id, debug annotations, then the legacy
  // fields.
  ArgsTable& args = storage_->args;
  uint32_t set = args.BeginSet();
  if (f.correlation != kNullStringId) {
    args.AddString(set, key_correlation_id_, key_correlation_id_, f.correlation);
  }
  if (async_begin) {
    int64_t id = static_cast<int64_t>(details_.legacy.id);
    args.AddInt(set, key_source_id_, key_source_id_, id);
  }
  for (const protozero::data_view& a : details_.annotations) annotations_.Add(set, a, gen);
  const TrackEventTypedFields& typed = details_.typed;
  if (typed.any()) typed_args_.Add(set, typed, event, tokenizer_->descriptor_pool(), gen);
  if (async_begin && utid != kNull) {
    args.AddInt(set, key_passthrough_utid_, key_passthrough_utid_, utid);
  }
  if (async_begin && ph != 'b') {  // Perfetto: not for nestable begins.
    char buf[2] = {ph, 0};
    args.AddString(set, key_phase_, key_phase_, storage_->Intern(buf));
  }
  return args.FinishSet();
}

WEFT_ALWAYS_INLINE
uint32_t ProtoParser::EmitSlice(int64_t ts, char ph, const LegacyEventFields& legacy,
                                uint32_t track, SliceInfo* info) {
  uint32_t row = kNoSlice;
  Overlap unused;
  switch (ph) {
    case 'B': case 'b': case 'S':
      return ctx_->slices.Begin(track, ts, *info);
    case 'E': case 'e': case 'F':
      // Ends the innermost open slice of the end event's category and name
      // (each matching anything when not given), as Perfetto does.
      return ctx_->slices.End(track, ts, *info);
    case 'X':
      if (legacy.duration_us < 0) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        if (info->arg_set != kNull) storage_->args.ReleaseSet(info->arg_set);
        return kNoSlice;
      }
      if (info->tts != kNoThreadTime && legacy.thread_duration_us >= 0) {
        info->tdur = SaturatingMul(legacy.thread_duration_us, 1000);
      }
      row = ctx_->slices.Scoped(track, ts, SaturatingMul(legacy.duration_us, 1000), *info, &unused);
      break;
    default:  // Instants.
      row = ctx_->slices.Scoped(track, ts, 0, *info, &unused);
      break;
  }
  if (row == kNoSlice && info->arg_set != kNull) storage_->args.ReleaseSet(info->arg_set);
  return row;
}

void ProtoParser::ParseTrackEvent(const QueuedPacket& p, protozero::data_view queued) {
  const SequenceGeneration& gen = tokenizer_->generation(p.generation);
  // The leading fields the tokenizer read (TrackEventHeader), then the rest.
  TrackEventHeader header;
  protozero::data_view bytes = header.Decode(queued);
  TrackEventFields f;
  DecodeTrackEvent(header, bytes, gen, storage_, &f, &details_);
  if (f.type == pb::track_event_type::kState) {
    ParseStateEvent(p.ts, f.track_uuid, gen.seq_id, JoinCategories(storage_, details_.categories),
                    f.name);
    return;
  }
  char ph = TrackEventPhase(f, details_.legacy);
  if (!ph) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }
  StringId category = JoinCategories(storage_, details_.categories);
  content_annotations_.OnTrackEvent(category, f.name);

  EventTrack t;
  if (!ResolveEventTrack(f, gen, &t)) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }
  if (!details_.extra_values.empty() || !details_.extra_double_values.empty()) {
    EmitExtraCounters(p, gen, &f.thread_time);
  } else if (t.utid != kNull && ph != 'C') {
    EmitThreadCounters(p.ts, t.utid, f);
  }
  if (ph == 'C') {
    EmitCounterEvent(p, f, t.track);
    return;
  }
  if (ph == 'M') return;  // Metadata: nothing to import.
  if (t.track != kNull && storage_->track.kind(t.track) != TrackEventType::kSlice) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }
  if (!PlaceEvent(p.ts, ph, f, category, gen.seq_id, &t)) return;
  if (t.track == kNull) ThreadTrackOf(&t, gen.seq_id);
  bool is_async = IsAsyncPhase(ph), is_end = IsEndPhase(ph);

  SliceInfo info;
  info.cat = category;
  info.name = f.name;
  info.tts = f.thread_time;
  info.arg_set = WriteEventArgs(f, gen, bytes, ph, is_async && !is_end, t.utid);
  if (t.track == kNull) {  // No usable track (malformed descriptors).
    storage_->stats.Increment(Stat::track_event_parser_errors);
    if (info.arg_set != kNull) storage_->args.ReleaseSet(info.arg_set);
    return;
  }
  if (f.name != kNullStringId && !unnamed_tracks_.empty() && !is_end) {
    auto it = unnamed_tracks_.find(t.track);
    if (it != unnamed_tracks_.end()) {
      storage_->track.name.Set(t.track, f.name);
      unnamed_tracks_.erase(it);
    }
  }
  uint32_t row = EmitSlice(p.ts, ph, details_.legacy, t.track, &info);
  if (row == kNoSlice) return;
  if (details_.typed.has_log_message && t.utid != kNull) {
    typed_args_.AddLogRow(p.ts, t.utid, details_.typed.log_message, gen);
  }
  // Extensions (fields the parser does not decode) may be Android framework events.
  if (details_.typed.has_reflected) {
    android_framework_events_.OnSlice(bytes, p.ts, tokenizer_->descriptor_pool());
  }
  if (f.has_stack_iid || f.has_inline_stack) {
    uint32_t callsite = f.has_stack_iid
                            ? callstacks_.InternedCallsite(p.generation, gen, details_.stack_iid)
                            : callstacks_.InlineCallsite(details_.inline_stack);
    if (callsite != kNull) {
      callstacks_.Record(row, t.track, callsite, is_end, f.has_stack_weight, details_.stack_weight);
    }
  }
  flows_.OnSlice(details_, t.track, row, is_end);
}

}  // namespace weft
