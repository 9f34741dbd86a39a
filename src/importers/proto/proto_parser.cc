// ProtoParser: track resolution and TrackEvent semantics (Perfetto's).
#include "src/importers/proto/proto_parser.h"

#include <string>
#include <vector>

#include <protozero/pbf_reader.hpp>

#include "src/base/hash.h"
#include "src/importers/proto/proto_fields.h"

namespace weft {
namespace {

using protozero::pbf_wire_type;
using protozero::tag_and_type;

constexpr auto kVarint = pbf_wire_type::varint;
constexpr auto kBytes = pbf_wire_type::length_delimited;
constexpr auto kFixed64 = pbf_wire_type::fixed64;
constexpr uint32_t kNull = Uint32Column::kNull;
constexpr int kMaxTrackDepth = 32;

std::string_view View(protozero::data_view v) { return std::string_view(v.data(), v.size()); }

// Appends a repeated uint64 field, packed or not.
void ReadRepeated(protozero::pbf_reader* r, bool fixed, std::vector<uint64_t>* out) {
  if (r->wire_type() == kBytes) {
    if (fixed) {
      for (uint64_t v : r->get_packed_fixed64()) out->push_back(v);
    } else {
      for (uint64_t v : r->get_packed_uint64()) out->push_back(v);
    }
  } else if (fixed && r->wire_type() == kFixed64) {
    out->push_back(r->get_fixed64());
  } else if (!fixed && r->wire_type() == kVarint) {
    out->push_back(r->get_uint64());
  } else {
    r->skip();
  }
}

uint64_t FlowKey(uint64_t id) { return HashCombine(id, 0x747266); }  // "trf"

}  // namespace

ProtoParser::ProtoParser(TraceContext* context, ProtoEventQueue* queue,
                         const ProtoTokenizer* tokenizer)
    : ctx_(context),
      storage_(context->storage),
      queue_(queue),
      tokenizer_(tokenizer),
      annotations_(context->storage) {
  TraceStorage* s = storage_;
  type_track_event_ = s->Intern("track_event");
  type_process_ = s->Intern("process");
  type_counter_ = s->Intern("counter");
  default_track_name_ = s->Intern("Default Track");
  thread_time_ = s->Intern("thread_time");
  thread_instruction_count_ = s->Intern("thread_instruction_count");
  unit_ns_ = s->Intern("ns");
  unit_count_ = s->Intern("count");
}

void ProtoParser::ParseAll() {
  std::vector<uint32_t> order = queue_->SortedOrder();
  const auto& packets = queue_->packets();
  for (uint32_t index : order) Parse(packets[index]);
  queue_->Clear();
}

void ProtoParser::Parse(const QueuedPacket& p) {
  namespace tp = pb::trace_packet;
  uint32_t field = 0;
  switch (p.kind) {
    case PacketKind::kTrackEvent: field = tp::kTrackEvent; break;
    case PacketKind::kTrackDescriptor: field = tp::kTrackDescriptor; break;
    case PacketKind::kThreadDescriptor: field = tp::kThreadDescriptor; break;
    case PacketKind::kProcessDescriptor: field = tp::kProcessDescriptor; break;
  }
  uint32_t args_rows = storage_->args.row_count();
  try {
    protozero::pbf_reader packet(reinterpret_cast<const char*>(p.data), p.size);
    protozero::data_view payload;
    while (packet.next(field, kBytes)) payload = packet.get_view();
    switch (p.kind) {
      case PacketKind::kTrackEvent:
        ParseTrackEvent(p, payload);
        break;
      case PacketKind::kTrackDescriptor: {
        protozero::pbf_reader desc(payload);
        uint64_t uuid = 0;
        while (desc.next(pb::track_descriptor::kUuid, kVarint)) uuid = desc.get_uint64();
        TrackForUuid(uuid);
        break;
      }
      case PacketKind::kThreadDescriptor:
        ParseThreadDescriptor(payload);
        break;
      case PacketKind::kProcessDescriptor:
        ParseProcessDescriptor(payload);
        break;
    }
  } catch (const protozero::exception&) {
    // The tokenizer read the packet's top level; a nested message is bad.
    storage_->args.Truncate(args_rows);
    storage_->stats.Increment(Stat::proto_malformed_packet);
  }
}

uint32_t ProtoParser::ProcessTrack(uint32_t upid) {
  auto it = process_track_by_upid_.find(upid);
  if (it != process_track_by_upid_.end()) return it->second;
  TrackTable::Row row;
  row.type = type_process_;
  row.upid = upid;
  uint32_t id = storage_->track.Insert(row, storage_->Intern("slice"));
  process_track_by_upid_.emplace(upid, id);
  return id;
}

uint32_t ProtoParser::TrackForUuid(uint64_t uuid, int depth) {
  auto cached = track_by_uuid_.find(uuid);
  if (cached != track_by_uuid_.end()) return cached->second;
  const TrackDescriptorMap& descriptors = tokenizer_->descriptors();
  auto it = descriptors.find(uuid);
  uint32_t id = kNull;
  if (it == descriptors.end()) {
    if (uuid != 0) return kNull;
    // The implicit trace-global track.
    TrackTable::Row row;
    row.name = default_track_name_;
    row.type = type_track_event_;
    id = storage_->track.Insert(row, storage_->Intern("slice"));
  } else {
    const TrackDescriptorInfo& d = it->second;
    ProcessTracker& processes = ctx_->processes;
    if (d.has_thread && !d.is_counter) {
      uint32_t utid = processes.UpdateThread(d.tid, d.pid);
      if (d.thread_name != kNullStringId) processes.SetThreadName(utid, d.thread_name);
      id = ctx_->tracks.ThreadTrack(utid);
    } else if (d.has_process && !d.is_counter) {
      uint32_t upid = processes.GetOrCreateProcess(d.pid);
      if (d.process_name != kNullStringId) processes.SetProcessName(upid, d.process_name);
      id = ProcessTrack(upid);
    } else {
      TrackTable::Row row;
      row.name = d.name;
      row.type = d.is_counter ? type_counter_ : type_track_event_;
      if (d.parent_uuid != 0 && depth < kMaxTrackDepth) {
        uint32_t parent = TrackForUuid(d.parent_uuid, depth + 1);
        if (parent != kNull) {
          row.parent_id = parent;
          row.utid = storage_->track.utid[parent];
          row.upid = storage_->track.upid[parent];
        }
      }
      if (d.is_counter) {
        row.event_type = TrackEventType::kCounter;
        row.unit = d.unit;
        if (d.counter_type == pb::counter_descriptor::kThreadTimeNs) {
          if (row.name == kNullStringId) row.name = thread_time_;
          row.unit = unit_ns_;
        } else if (d.counter_type == pb::counter_descriptor::kThreadInstructionCount) {
          if (row.name == kNullStringId) row.name = thread_instruction_count_;
          row.unit = unit_count_;
        }
      }
      id = storage_->track.Insert(
          row, storage_->Intern(d.is_counter ? "counter" : "slice"));
      if (row.name == kNullStringId && !d.is_counter) unnamed_tracks_.insert(id);
    }
    if (d.description != kNullStringId) storage_->track.description.Set(id, d.description);
  }
  track_by_uuid_.emplace(uuid, id);
  return id;
}

void ProtoParser::ParseThreadDescriptor(protozero::data_view bytes) {
  namespace td = pb::thread_descriptor;
  int64_t pid = 0, tid = 0;
  StringId name = kNullStringId;
  protozero::pbf_reader desc(bytes);
  while (desc.next()) {
    switch (desc.tag_and_type()) {
      case tag_and_type(td::kPid, kVarint): pid = desc.get_int32(); break;
      case tag_and_type(td::kTid, kVarint): tid = desc.get_int32(); break;
      case tag_and_type(td::kThreadName, kBytes):
        name = storage_->Intern(View(desc.get_view()));
        break;
      default: desc.skip();
    }
  }
  uint32_t utid = ctx_->processes.UpdateThread(tid, pid);
  if (name != kNullStringId) ctx_->processes.SetThreadName(utid, name);
}

void ProtoParser::ParseProcessDescriptor(protozero::data_view bytes) {
  namespace pd = pb::process_descriptor;
  int64_t pid = 0;
  StringId name = kNullStringId;
  std::string cmdline;
  protozero::pbf_reader desc(bytes);
  while (desc.next()) {
    switch (desc.tag_and_type()) {
      case tag_and_type(pd::kPid, kVarint): pid = desc.get_int32(); break;
      case tag_and_type(pd::kProcessName, kBytes):
        name = storage_->Intern(View(desc.get_view()));
        break;
      case tag_and_type(pd::kCmdline, kBytes):
        if (!cmdline.empty()) cmdline.push_back(' ');
        cmdline.append(View(desc.get_view()));
        break;
      default: desc.skip();
    }
  }
  uint32_t upid = ctx_->processes.GetOrCreateProcess(pid);
  if (name != kNullStringId) ctx_->processes.SetProcessName(upid, name);
  if (!cmdline.empty()) storage_->process.cmdline.Set(upid, storage_->Intern(cmdline));
}

void ProtoParser::ParseTrackEvent(const QueuedPacket& p, protozero::data_view bytes) {
  namespace te = pb::track_event;
  const SequenceGeneration& gen = tokenizer_->generation(p.generation);
  uint32_t type = te::kTypeUnspecified;
  bool has_track = false, has_name = false, has_legacy = false, has_value = false;
  uint64_t track_uuid = 0;
  StringId name = kNullStringId;
  std::vector<StringId> categories;
  std::vector<uint64_t> flow_ids, terminating_flow_ids;
  std::vector<protozero::data_view> annotations;
  double value = 0;
  protozero::pbf_reader event(bytes);
  while (event.next()) {
    switch (event.tag()) {
      case te::kType:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        type = event.get_uint32();
        break;
      case te::kTrackUuid:
        if (event.wire_type() != kVarint) { event.skip(); break; }
        track_uuid = event.get_uint64();
        has_track = true;
        break;
      case te::kName:
        if (event.wire_type() != kBytes) { event.skip(); break; }
        name = storage_->Intern(View(event.get_view()));
        has_name = true;
        break;
      case te::kNameIid: {
        if (event.wire_type() != kVarint) { event.skip(); break; }
        auto it = gen.event_names.find(event.get_uint64());
        has_name = true;
        if (it != gen.event_names.end()) {
          name = it->second;
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
        std::vector<uint64_t> iids;
        ReadRepeated(&event, false, &iids);
        for (uint64_t iid : iids) {
          auto it = gen.categories.find(iid);
          if (it != gen.categories.end()) {
            categories.push_back(it->second);
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
      case te::kFlowIds:
        ReadRepeated(&event, true, &flow_ids);
        break;
      case te::kFlowIdsOld:
        ReadRepeated(&event, false, &flow_ids);
        break;
      case te::kTerminatingFlowIds:
        ReadRepeated(&event, true, &terminating_flow_ids);
        break;
      case te::kTerminatingFlowIdsOld:
        ReadRepeated(&event, false, &terminating_flow_ids);
        break;
      case te::kDebugAnnotations:
        if (event.wire_type() != kBytes) { event.skip(); break; }
        annotations.push_back(event.get_view());
        break;
      case te::kLegacyEvent:
        has_legacy = true;
        event.skip();
        break;
      default:
        event.skip();
    }
  }
  (void)has_name;
  if (type == te::kTypeUnspecified) {
    // Legacy (JSON-style) phases are not imported yet.
    storage_->stats.Increment(Stat::track_event_parser_errors);
    (void)has_legacy;
    return;
  }

  uint32_t track;
  if (has_track) {
    track = TrackForUuid(track_uuid);
  } else if (gen.has_default_track) {
    track_uuid = gen.default_track_uuid;
    track = TrackForUuid(track_uuid);
  } else if (gen.has_thread) {
    track = ctx_->tracks.ThreadTrack(ctx_->processes.UpdateThread(gen.tid, gen.pid));
  } else {
    track = TrackForUuid(0);
  }
  if (track == kNull) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }
  bool counter_track = storage_->track.kind(track) == TrackEventType::kCounter;

  if (type == te::kTypeCounter) {
    if (!counter_track || (!has_value && !p.has_counter_value)) {
      storage_->stats.Increment(Stat::track_event_parser_errors);
      return;
    }
    if (p.has_counter_value) value = p.counter_value;
    auto d = tokenizer_->descriptors().find(track_uuid);
    if (d != tokenizer_->descriptors().end() && d->second.unit_multiplier != 1) {
      value *= static_cast<double>(d->second.unit_multiplier);
    }
    storage_->counter.Insert(p.ts, track, value, kNull);
    return;
  }
  if (counter_track) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return;
  }

  SliceInfo info;
  if (categories.size() == 1) {
    info.cat = categories[0];
  } else if (!categories.empty()) {
    std::string joined;
    for (StringId c : categories) {
      if (!joined.empty()) joined.push_back(',');
      joined.append(storage_->pool().Get(c));
    }
    info.cat = storage_->Intern(joined);
  }
  info.name = name;
  if (!annotations.empty()) {
    ArgsTable& args = storage_->args;
    uint32_t set = args.BeginSet();
    for (const protozero::data_view& a : annotations) annotations_.Add(set, a, gen);
    info.arg_set = args.FinishSet();
  }
  if (name != kNullStringId && !unnamed_tracks_.empty() && type != te::kTypeSliceEnd) {
    auto it = unnamed_tracks_.find(track);
    if (it != unnamed_tracks_.end()) {
      storage_->track.name.Set(track, name);
      unnamed_tracks_.erase(it);
    }
  }

  uint32_t row = kNoSlice;
  switch (type) {
    case te::kTypeSliceBegin:
      row = ctx_->slices.Begin(track, p.ts, info);
      break;
    case te::kTypeSliceEnd: {
      SliceInfo end;  // Ends the innermost open slice, whatever its name.
      end.arg_set = info.arg_set;
      row = ctx_->slices.End(track, p.ts, end);
      break;
    }
    case te::kTypeInstant: {
      Overlap unused;
      row = ctx_->slices.Scoped(track, p.ts, 0, info, &unused);
      if (row == kNoSlice && info.arg_set != kNull) storage_->args.ReleaseSet(info.arg_set);
      break;
    }
    default:
      storage_->stats.Increment(Stat::track_event_parser_errors);
      if (info.arg_set != kNull) storage_->args.ReleaseSet(info.arg_set);
      return;
  }
  if (row == kNoSlice) return;
  if (type != te::kTypeSliceEnd) ctx_->flows.OnSliceBegin(track, row);
  BindFlows(flow_ids, false, row);
  BindFlows(terminating_flow_ids, true, row);
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
