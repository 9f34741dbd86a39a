// ProtoParser::ParseTrackEvent: one TrackEvent into slices, counters, args
// and flows, with Perfetto's semantics (typed and legacy events alike).
#include <string>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "src/base/hash.h"
#include "src/importers/proto/proto_parser.h"
#include "src/importers/proto/proto_wire.h"
#include "src/importers/proto/track_event/track_event_header.h"
#include "protos/perfetto/trace/track_event/counter_descriptor.fields.h"
#include "protos/perfetto/trace/track_event/track_event.fields.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT
constexpr uint32_t kNull = Uint32Column::kNull;

uint64_t FlowKey(uint64_t id) { return HashCombine(id, 0x747266); }  // "trf"

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

}  // namespace

void ProtoParser::ParseTrackEvent(const QueuedPacket& p, protozero::data_view queued) {
  namespace te = pb::track_event;
  namespace le = pb::track_event_legacy_event;
  const SequenceGeneration& gen = tokenizer_->generation(p.generation);
  // The leading fields the tokenizer read (TrackEventHeader); the loop
  // below reads the rest.
  TrackEventHeader header;
  protozero::data_view bytes = header.Decode(queued);
  bool has_type = header.flags & TrackEventHeader::kHasType;
  bool has_track = header.flags & TrackEventHeader::kHasTrack;
  bool has_value = false;
  uint32_t type = has_type ? header.type : pb::track_event_type::kUnspecified;
  uint64_t track_uuid = has_track ? header.track_uuid
                                  : (gen.has_default_track ? gen.default_track_uuid : 0);
  StringId name = (header.flags & TrackEventHeader::kHasName) ? header.name : kNullStringId;
  // Reused buffers: no allocations per event.
  scratch_.Clear();
  std::vector<StringId>& categories = scratch_.categories;
  std::vector<uint64_t>& flow_ids = scratch_.flow_ids;
  std::vector<uint64_t>& terminating_flow_ids = scratch_.terminating_flow_ids;
  std::vector<uint64_t>& extra_uuids = scratch_.extra_uuids;
  std::vector<uint64_t>& extra_double_uuids = scratch_.extra_double_uuids;
  std::vector<double>& extra_values = scratch_.extra_values;
  std::vector<double>& extra_double_values = scratch_.extra_double_values;
  std::vector<protozero::data_view>& annotations = scratch_.annotations;
  TrackEventTypedFields typed;
  StringId correlation = kNullStringId;  // correlation_id(_str), as Perfetto's arg.
  double value = 0;
  int64_t thread_time = kNoThreadTime, instruction_count = kNoThreadTime;
  // LegacyEvent.
  bool has_legacy = false;
  int32_t phase = 0;
  int64_t duration_us = -1, thread_duration_us = -1;
  enum IdKind { kNoId, kUnscoped, kLocal, kGlobal } id_kind = kNoId;
  uint64_t legacy_id = 0, bind_id = 0;
  bool has_bind_id = false, bind_to_enclosing = false;
  bool has_pid_override = false, has_tid_override = false;
  int32_t pid_override = 0, tid_override = 0, flow_direction = 0, instant_scope = 0;
  StringId id_scope = kNullStringId, legacy_name = kNullStringId;
  // TrackEvent.callstack / callstack_iid / callstack_weight.
  bool has_inline_stack = false, has_stack_iid = false, has_stack_weight = false;
  protozero::data_view inline_stack;
  uint64_t stack_iid = 0;
  double stack_weight = 0;

  if (header.flags & TrackEventHeader::kHasCategory) categories.push_back(header.category);
  protozero::pbf_reader event(bytes.data() + header.resume, bytes.size() - header.resume);
  while (event.next()) {
    switch (event.tag()) {
      case te::kType:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        type = event.get_uint32();
        has_type = true;
        break;
      case te::kTrackUuid:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        track_uuid = event.get_uint64();
        has_track = true;
        break;
      case te::kName:
        if (event.wire_type() != kBytes) { event.skip(); break; }
        name = storage_->Intern(View(event.get_view()));
        break;
      case te::kNameIid: {
        if (event.wire_type() != kVarint) { event.skip(); break; }
        const auto* it = gen.event_names.Find(event.get_uint64());
        if (it) {
          name = *it;
        } else {
          storage_->stats.Increment(Stat::interned_data_tokenizer_errors);
        }
        break;
      }
      case te::kCategories:
        if (event.wire_type() != kBytes) { event.skip(); break; }
        categories.push_back(storage_->Intern(View(event.get_view())));
        break;
      case te::kCategoryIids: {
        std::vector<uint64_t>& iids = scratch_.raw;
        iids.clear();
        ReadRepeatedUint64(&event, false, &iids);
        for (uint64_t iid : iids) {
          const auto* it = gen.categories.Find(iid);
          if (it) {
            categories.push_back(*it);
          } else {
            storage_->stats.Increment(Stat::interned_data_tokenizer_errors);
          }
        }
        break;
      }
      case te::kCounterValue:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        value = static_cast<double>(event.get_int64());
        has_value = true;
        break;
      case te::kDoubleCounterValue:
        if (event.wire_type() != kFixed64) { event.skip(); break; }
        value = event.get_double();
        has_value = true;
        break;
      case te::kExtraCounterTrackUuids:
        ReadRepeatedUint64(&event, false, &extra_uuids);
        break;
      case te::kExtraDoubleCounterTrackUuids:
        ReadRepeatedUint64(&event, false, &extra_double_uuids);
        break;
      case te::kExtraCounterValues: {
        std::vector<uint64_t>& raw = scratch_.raw;
        raw.clear();
        ReadRepeatedUint64(&event, false, &raw);
        for (uint64_t v : raw) extra_values.push_back(static_cast<double>(static_cast<int64_t>(v)));
        break;
      }
      case te::kExtraDoubleCounterValues:
        if (event.wire_type() == kFixed64) {
          extra_double_values.push_back(event.get_double());
        } else if (event.wire_type() == kBytes) {
          for (double v : event.get_packed_double()) extra_double_values.push_back(v);
        } else {
          event.skip();
        }
        break;
      case te::kThreadTimeAbsoluteUs:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        thread_time = event.get_int64() * 1000;
        break;
      case te::kThreadInstructionCountAbsolute:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        instruction_count = event.get_int64();
        break;
      case te::kFlowIds:
        ReadRepeatedUint64(&event, true, &flow_ids);
        break;
      case te::kFlowIdsOld:
        ReadRepeatedUint64(&event, false, &flow_ids);
        break;
      case te::kTerminatingFlowIds:
        ReadRepeatedUint64(&event, true, &terminating_flow_ids);
        break;
      case te::kTerminatingFlowIdsOld:
        ReadRepeatedUint64(&event, false, &terminating_flow_ids);
        break;
      case te::kCorrelationId:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        correlation = storage_->Intern("tp:#" + std::to_string(event.get_uint64()));
        break;
      case te::kCorrelationIdStr:
        if (event.wire_type() != kBytes) { event.skip(); break; }
        correlation = storage_->Intern(View(event.get_view()));
        break;
      case te::kCallstack:
        if (event.wire_type() != kBytes) { event.skip(); break; }
        inline_stack = event.get_view();
        has_inline_stack = true;
        break;
      case te::kCallstackIid:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        stack_iid = event.get_uint64();
        has_stack_iid = true;
        break;
      case te::kCallstackWeight:
        if (event.wire_type() != kFixed64) { event.skip(); break; }
        stack_weight = event.get_double();
        has_stack_weight = true;
        break;
      case te::kDebugAnnotations: {
        if (event.wire_type() != kBytes) { event.skip(); break; }
        // Built in place: copying a returned data_view through the stack
        // stalls (two 8-byte stores read back as one 16-byte load).
        protozero::data_view view = event.get_view();
        annotations.emplace_back(view.data(), view.size());
        break;
      }
      case te::kLegacyEvent: {
        if (event.wire_type() != kBytes) { event.skip(); break; }
        has_legacy = true;
        protozero::pbf_reader legacy = event.get_message();
        while (legacy.next()) {
          if (legacy.wire_type() == kBytes) {
            if (legacy.tag() == le::kIdScope) {
              id_scope = storage_->Intern(View(legacy.get_view()));
            } else {
              legacy.skip();
            }
            continue;
          }
          if (legacy.wire_type() != kVarint) { legacy.skip(); continue; }
          switch (legacy.tag()) {
            case le::kNameIid: {
              const auto* it = gen.event_names.Find(legacy.get_uint64());
              if (it) legacy_name = *it;
              break;
            }
            case le::kPhase: phase = legacy.get_int32(); break;
            case le::kDurationUs: duration_us = legacy.get_int64(); break;
            case le::kThreadDurationUs: thread_duration_us = legacy.get_int64(); break;
            case le::kUnscopedId: id_kind = kUnscoped; legacy_id = legacy.get_uint64(); break;
            case le::kLocalId: id_kind = kLocal; legacy_id = legacy.get_uint64(); break;
            case le::kGlobalId: id_kind = kGlobal; legacy_id = legacy.get_uint64(); break;
            case le::kBindId: has_bind_id = true; bind_id = legacy.get_uint64(); break;
            case le::kBindToEnclosing: bind_to_enclosing = legacy.get_bool(); break;
            case le::kFlowDirection: flow_direction = legacy.get_int32(); break;
            case le::kInstantEventScope: instant_scope = legacy.get_int32(); break;
            case le::kPidOverride: has_pid_override = true; pid_override = legacy.get_int32(); break;
            case le::kTidOverride: has_tid_override = true; tid_override = legacy.get_int32(); break;
            default: legacy.skip();
          }
        }
        break;
      }
      default:
        typed.Collect(&event);
    }
  }
  if (name == kNullStringId) name = legacy_name;
  if (type == pb::track_event_type::kState) {
    ParseStateEvent(p.ts, track_uuid, gen.seq_id, JoinCategories(storage_, categories), name);
    return;
  }

  char ph;
  switch (type) {
    case pb::track_event_type::kSliceBegin: ph = 'B'; break;
    case pb::track_event_type::kSliceEnd: ph = 'E'; break;
    case pb::track_event_type::kInstant: ph = 'i'; break;
    case pb::track_event_type::kCounter: ph = 'C'; break;
    default:
      if (type != pb::track_event_type::kUnspecified || !has_legacy || phase <= 0 || phase > 127) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        return;
      }
      ph = static_cast<char>(phase);
  }
  StringId category = JoinCategories(storage_, categories);
  content_annotations_.OnTrackEvent(category, name);

  // The track: a descriptor's, or (legacy events) the sequence's thread.
  uint32_t track = kNull;
  uint32_t utid = kNull, upid = kNull;
  if (track_uuid != 0) {
    track = TrackForUuid(track_uuid, gen.seq_id);
    if (track == kNull) {
      storage_->stats.Increment(Stat::track_event_parser_errors);
      return;
    }
    utid = storage_->track.utid[track];
    upid = utid != kNull ? storage_->thread.upid[utid] : storage_->track.upid[track];
  } else {
    bool fallback = ((!has_track || !has_type) && gen.has_thread) || has_pid_override ||
                    (has_tid_override && gen.has_thread);
    if (fallback) {
      int64_t pid = gen.pid, tid = gen.tid;
      if (has_pid_override) {
        pid = pid_override;
        tid = -1;
      }
      if (has_tid_override) tid = tid_override;
      utid = ctx_->processes.UpdateThread(tid, pid);
      upid = storage_->thread.upid[utid];
    } else {
      track = TrackForUuid(0, gen.seq_id);
    }
  }
  auto thread_track = [&]() {
    // An event whose track names no thread (e.g. a bad track uuid) goes to
    // the default track rather than to a thread that does not exist.
    if (track == kNull) {
      track = utid == kNull ? TrackForUuid(0, gen.seq_id) : ctx_->tracks.ThreadTrack(utid);
    }
    return track;
  };

  // Extra counters sampled with the event.
  if (!extra_values.empty() || !extra_double_values.empty()) {
    if (extra_uuids.empty()) extra_uuids = gen.default_extra_counter_uuids;
    if (extra_double_uuids.empty()) extra_double_uuids = gen.default_extra_double_counter_uuids;
    const ProtoTokenizer::IncrementalValues* incremental = tokenizer_->incremental_values(p.order);
    if (incremental && !incremental->extra.empty()) {
      const std::vector<double>& acc = incremental->extra;
      size_t n = extra_values.size();
      for (size_t i = 0; i < acc.size(); ++i) {
        if (i < n) {
          extra_values[i] = acc[i];
        } else if (i - n < extra_double_values.size()) {
          extra_double_values[i - n] = acc[i];
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
          thread_time = static_cast<int64_t>(v);
        }
      }
    };
    add(extra_uuids, extra_values);
    add(extra_double_uuids, extra_double_values);
  } else if (utid != kNull && ph != 'C') {
    // Thread time and instruction counts given on the event itself.
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
    if (thread_time != kNoThreadTime) {
      storage_->counter.Insert(p.ts, thread_counter(&thread_time_tracks_, thread_time_),
                               static_cast<double>(thread_time), kNull);
    }
    if (instruction_count != kNoThreadTime) {
      storage_->counter.Insert(p.ts,
                               thread_counter(&instruction_tracks_, thread_instruction_count_),
                               static_cast<double>(instruction_count), kNull);
    }
  }

  if (ph == 'C') {
    const ProtoTokenizer::IncrementalValues* incremental = tokenizer_->incremental_values(p.order);
    bool incremental_value = incremental && incremental->has_counter_value;
    if (track == kNull || storage_->track.kind(track) != TrackEventType::kCounter ||
        (!has_value && !incremental_value)) {
      storage_->stats.Increment(Stat::track_event_parser_errors);
      return;
    }
    if (incremental_value) value = incremental->counter_value;
    const TrackDescriptorInfo* d = Descriptor(track_uuid);
    if (d && d->unit_multiplier > 0) {
      value *= static_cast<double>(d->unit_multiplier);
    }
    storage_->counter.Insert(p.ts, track, value, kNull);
    return;
  }
  if (ph == 'M') return;  // Metadata: nothing to import.
  if (track != kNull && storage_->track.kind(track) != TrackEventType::kSlice) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }

  SliceInfo info;
  info.cat = category;
  info.name = name;
  info.tts = thread_time;

  bool is_async = false;
  switch (ph) {
    case 'b': case 'e': case 'n': case 'S': case 'T': case 'p': case 'F': {
      if (id_kind == kNoId || (id_kind == kLocal && upid == kNull)) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        return;
      }
      is_async = true;
      // Ids are scoped by category (and id_scope), as in catapult.
      StringId scope = info.cat;
      if (id_scope != kNullStringId) {
        std::string joined(storage_->pool().Get(info.cat));
        joined.push_back(':');
        joined.append(storage_->pool().Get(id_scope));
        scope = storage_->Intern(joined);
      }
      track = AsyncTrack(id_kind == kLocal ? upid : kNull, legacy_id, scope, name, upid);
      break;
    }
    case 's': case 't': case 'f': {
      if (utid == kNull && track == kNull) return;
      uint32_t flow_track = utid != kNull ? thread_track() : track;
      if (id_kind == kNoId) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        return;
      }
      uint64_t key = HashCombine(HashCombine(legacy_id, info.cat), name);
      if (ph == 'f' && !bind_to_enclosing) {
        ctx_->flows.EndAtNextSlice(key, flow_track);
        return;
      }
      uint32_t slice = ctx_->slices.OpenSliceAt(flow_track, p.ts);
      if (slice == kNoSlice) {
        storage_->stats.Increment(Stat::flow_no_enclosing_slice);
        return;
      }
      if (ph == 's') {
        ctx_->flows.Begin(key, slice);
      } else if (ph == 't') {
        ctx_->flows.Step(key, slice);
      } else {
        ctx_->flows.End(key, slice, /*close=*/true);
      }
      return;
    }
    case 'i': case 'I': case 'R':
      if (instant_scope == pb::track_event_legacy_event_instant_event_scope::kScopeGlobal) {
        track = ctx_->tracks.GlobalInstantTrack();
      } else if (instant_scope == pb::track_event_legacy_event_instant_event_scope::kScopeProcess) {
        if (upid == kNull) {
          storage_->stats.Increment(Stat::track_event_parser_errors);
          return;
        }
        track = ctx_->tracks.ProcessInstantTrack(upid);
      }
      break;
    case 'B': case 'E': case 'X':
      break;
    default:
      storage_->stats.Increment(Stat::track_event_parser_errors);
      return;
  }
  if (track == kNull) thread_track();
  bool is_end = ph == 'E' || ph == 'e' || ph == 'F';

  // Args: the correlation id, the async id, debug annotations, then the
  // legacy fields.
  bool passthrough = is_async && utid != kNull && !is_end;
  if (!annotations.empty() || typed.any() || (is_async && !is_end) ||
      correlation != kNullStringId) {
    ArgsTable& args = storage_->args;
    uint32_t set = args.BeginSet();
    if (correlation != kNullStringId) {
      args.AddString(set, key_correlation_id_, key_correlation_id_, correlation);
    }
    if (is_async && !is_end) {
      args.AddInt(set, key_source_id_, key_source_id_, static_cast<int64_t>(legacy_id));
    }
    for (const protozero::data_view& a : annotations) annotations_.Add(set, a, gen);
    if (typed.any()) typed_args_.Add(set, typed, bytes, tokenizer_->descriptor_pool(), gen);
    if (passthrough) args.AddInt(set, key_passthrough_utid_, key_passthrough_utid_, utid);
    if (is_async && !is_end && ph != 'b') {  // Perfetto: not for nestable begins.
      char buf[2] = {ph, 0};
      args.AddString(set, key_phase_, key_phase_, storage_->Intern(buf));
    }
    info.arg_set = args.FinishSet();
  }
  if (track == kNull) {  // No usable track (malformed descriptors).
    storage_->stats.Increment(Stat::track_event_parser_errors);
    if (info.arg_set != kNull) storage_->args.ReleaseSet(info.arg_set);
    return;
  }
  if (name != kNullStringId && !unnamed_tracks_.empty() && !is_end) {
    auto it = unnamed_tracks_.find(track);
    if (it != unnamed_tracks_.end()) {
      storage_->track.name.Set(track, name);
      unnamed_tracks_.erase(it);
    }
  }

  uint32_t row = kNoSlice;
  switch (ph) {
    case 'B': case 'b': case 'S':
      row = ctx_->slices.Begin(track, p.ts, info);
      break;
    case 'E': case 'e': case 'F': {
      // Ends the innermost open slice of the end event's category and name
      // (each matching anything when not given), as Perfetto does.
      SliceInfo end;
      end.cat = info.cat;
      end.name = info.name;
      end.arg_set = info.arg_set;
      end.tts = thread_time;
      row = ctx_->slices.End(track, p.ts, end);
      break;
    }
    case 'X': {
      if (duration_us < 0) {
        storage_->stats.Increment(Stat::track_event_parser_errors);
        if (info.arg_set != kNull) storage_->args.ReleaseSet(info.arg_set);
        return;
      }
      if (info.tts != kNoThreadTime && thread_duration_us >= 0) {
        info.tdur = thread_duration_us * 1000;
      }
      Overlap unused;
      row = ctx_->slices.Scoped(track, p.ts, duration_us * 1000, info, &unused);
      if (row == kNoSlice && info.arg_set != kNull) storage_->args.ReleaseSet(info.arg_set);
      break;
    }
    default: {  // Instants.
      if (ph == 'i' || ph == 'I' || ph == 'R' || is_async) info.tts = thread_time;
      Overlap unused;
      row = ctx_->slices.Scoped(track, p.ts, 0, info, &unused);
      if (row == kNoSlice && info.arg_set != kNull) storage_->args.ReleaseSet(info.arg_set);
      break;
    }
  }
  if (row == kNoSlice) return;
  if (has_stack_iid || has_inline_stack) {
    uint32_t callsite = has_stack_iid ? callstacks_.InternedCallsite(p.generation, gen, stack_iid)
                                      : callstacks_.InlineCallsite(inline_stack);
    if (callsite != kNull) {
      callstacks_.Record(row, track, callsite, is_end, has_stack_weight, stack_weight);
    }
  }
  if (!is_end) ctx_->flows.OnSliceBegin(track, row);
  // Most events have no flows: skip the calls (a measurable cost per event).
  if (!flow_ids.empty()) BindFlows(flow_ids, false, row);
  if (!terminating_flow_ids.empty()) BindFlows(terminating_flow_ids, true, row);
  if (has_bind_id) {
    uint64_t key = HashCombine(bind_id, 0x7632);
    if (flow_direction == pb::track_event_legacy_event_flow_direction::kFlowInout) {
      ctx_->flows.Step(key, row);
    } else if (flow_direction == pb::track_event_legacy_event_flow_direction::kFlowOut) {
      ctx_->flows.Begin(key, row);
    } else if (flow_direction == pb::track_event_legacy_event_flow_direction::kFlowIn) {
      ctx_->flows.End(key, row, /*close=*/false);
    }
  }
}

void ProtoParser::BindFlows(const std::vector<uint64_t>& ids, bool terminating,
                            uint32_t slice) {
  for (uint64_t id : ids) {
    uint64_t key = FlowKey(id);
    bool open = open_flows_.count(id) != 0;
    if (terminating) {
      if (!open) continue;
      ctx_->flows.End(key, slice, /*close=*/true);
      open_flows_.erase(id);
    } else if (open) {
      ctx_->flows.Step(key, slice);
    } else {
      ctx_->flows.Begin(key, slice);
      open_flows_.insert(id);
    }
  }
}

}  // namespace weft
