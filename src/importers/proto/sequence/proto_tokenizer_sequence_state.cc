// ProtoTokenizer: the packet fields that update a sequence's state before
// its packets are sorted: TracePacketDefaults, InternedData, extension
// descriptors, TrackDescriptors (reserved for the parser) and incremental
// counter values.
#include <algorithm>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/extension_descriptor.fields.h"
#include "protos/perfetto/trace/interned_data/interned_data.fields.h"
#include "protos/perfetto/trace/trace_packet_defaults.fields.h"
#include "protos/perfetto/trace/track_event/counter_descriptor.fields.h"
#include "protos/perfetto/trace/track_event/debug_annotation.fields.h"
#include "protos/perfetto/trace/track_event/process_descriptor.fields.h"
#include "protos/perfetto/trace/track_event/source_location.fields.h"
#include "protos/perfetto/trace/track_event/thread_descriptor.fields.h"
#include "protos/perfetto/trace/track_event/track_descriptor.fields.h"
#include "protos/perfetto/trace/track_event/track_event.fields.h"
#include "src/importers/proto/sequence/interned_strings.h"
#include "src/importers/proto/proto_tokenizer.h"

#include "src/importers/proto/proto_wire.h"
#include "src/importers/proto/track_event/track_event_callstacks.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT

// TrackDescriptor.process: the track's process.
void ReadProcessOfTrack(protozero::pbf_reader p, TraceStorage* storage,
                        TrackDescriptorInfo* info) {
  while (p.next()) {
    switch (p.tag_and_type()) {
      case tag_and_type(pb::process_descriptor::kPid, kVarint):
        info->pid = p.get_int32();
        break;
      case tag_and_type(pb::process_descriptor::kProcessName, kBytes):
        info->process_name = storage->Intern(View(p.get_view()));
        break;
      default:
        p.skip();
    }
  }
}

// TrackDescriptor.thread: the track's thread (*has_pid / *has_tid set when
// given).
void ReadThreadOfTrack(protozero::pbf_reader t, TraceStorage* storage, TrackDescriptorInfo* info,
                       bool* has_pid, bool* has_tid) {
  while (t.next()) {
    switch (t.tag_and_type()) {
      case tag_and_type(pb::thread_descriptor::kPid, kVarint):
        info->pid = t.get_int32();
        *has_pid = true;
        break;
      case tag_and_type(pb::thread_descriptor::kTid, kVarint):
        info->tid = t.get_int32();
        *has_tid = true;
        break;
      case tag_and_type(pb::thread_descriptor::kThreadName, kBytes):
        info->thread_name = storage->Intern(View(t.get_view()));
        break;
      default:
        t.skip();
    }
  }
}

// TrackDescriptor.counter: a counter track's type, unit and category.
void ReadCounterOfTrack(protozero::pbf_reader c, TraceStorage* storage,
                        TrackDescriptorInfo* info) {
  namespace cd = pb::counter_descriptor;
  while (c.next()) {
    switch (c.tag_and_type()) {
      case tag_and_type(cd::kType, kVarint):
        info->counter_type = c.get_uint32();
        break;
      case tag_and_type(cd::kCategories, kBytes):
        if (info->counter_category == kNullStringId) {
          info->counter_category = storage->Intern(View(c.get_view()));
        }
        break;
      case tag_and_type(cd::kUnit, kVarint): {
        uint32_t unit = c.get_uint32();
        const char* s = unit == pb::counter_descriptor_unit::kTimeNs      ? "ns"
                        : unit == pb::counter_descriptor_unit::kCount     ? "count"
                        : unit == pb::counter_descriptor_unit::kSizeBytes ? "bytes"
                                                                          : nullptr;
        if (s && info->unit == kNullStringId) info->unit = storage->Intern(s);
        break;
      }
      case tag_and_type(cd::kUnitName, kBytes):
        info->unit = storage->Intern(View(c.get_view()));
        break;
      case tag_and_type(cd::kUnitMultiplier, kVarint):
        info->unit_multiplier = c.get_int64();
        break;
      case tag_and_type(cd::kIsIncremental, kVarint):
        info->is_incremental = c.get_bool();
        break;
      default:
        c.skip();
    }
  }
}

}  // namespace

void ProtoTokenizer::ReadDefaults(protozero::data_view bytes, SequenceGeneration* gen) {
  namespace d = pb::trace_packet_defaults;
  gen->has_default_track = false;
  gen->default_clock_id = 0;
  gen->has_perf_sample_defaults = gen->has_stack_sample_defaults = false;
  protozero::pbf_reader defaults(bytes);
  while (defaults.next()) {
    switch (defaults.tag_and_type()) {
      case tag_and_type(d::kTimestampClockId, kVarint):
        gen->default_clock_id = defaults.get_uint32();
        break;
      case tag_and_type(d::kTrackEventDefaults, kBytes): {
        namespace ted = pb::track_event_defaults;
        gen->default_extra_counter_uuids.clear();
        gen->default_extra_double_counter_uuids.clear();
        protozero::pbf_reader te = defaults.get_message();
        while (te.next()) {
          switch (te.tag_and_type()) {
            case tag_and_type(ted::kTrackUuid, kVarint):
              gen->default_track_uuid = te.get_uint64();
              gen->has_default_track = true;
              break;
            case tag_and_type(ted::kExtraCounterTrackUuids, kVarint):
              gen->default_extra_counter_uuids.push_back(te.get_uint64());
              break;
            case tag_and_type(ted::kExtraCounterTrackUuids, kBytes):
              for (uint64_t v : te.get_packed_uint64()) gen->default_extra_counter_uuids.push_back(v);
              break;
            case tag_and_type(ted::kExtraDoubleCounterTrackUuids, kVarint):
              gen->default_extra_double_counter_uuids.push_back(te.get_uint64());
              break;
            case tag_and_type(ted::kExtraDoubleCounterTrackUuids, kBytes):
              for (uint64_t v : te.get_packed_uint64()) {
                gen->default_extra_double_counter_uuids.push_back(v);
              }
              break;
            default:
              te.skip();
          }
        }
        break;
      }
      case tag_and_type(d::kPerfSampleDefaults, kBytes): {
        protozero::data_view v = defaults.get_view();
        gen->perf_sample_defaults.assign(v.data(), v.size());
        gen->has_perf_sample_defaults = true;
        break;
      }
      case tag_and_type(d::kStackSampleDefaults, kBytes): {
        protozero::data_view v = defaults.get_view();
        gen->stack_sample_defaults.assign(v.data(), v.size());
        gen->has_stack_sample_defaults = true;
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
        case id::kHistogramNames: map = &gen->histogram_names; break;
        case id::kLogMessageBody: map = &gen->log_message_bodies; break;
        case id::kKernelSymbols: map = &gen->kernel_symbols; break;
        case id::kSourceLocations:
          ReadSourceLocation(interned.get_view(), gen);
          continue;
      }
      if (IsInternedProfilingField(interned.tag())) {
        ReadInternedProfiling(interned.tag(), interned.get_view(), storage_, gen);
        continue;
      }
    }
    if (!map) {
      interned.skip();
      continue;
    }
    ReadInternedString(interned.get_view(), storage_, kNullStringId, InternedBytes::kText, map);
  }
}

void ProtoTokenizer::ReadSourceLocation(protozero::data_view bytes, SequenceGeneration* gen) {
  namespace sl = pb::source_location;
  uint64_t iid = 0;
  InternedSourceLocation loc;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(sl::kIid, kVarint): iid = r.get_uint64(); break;
      case tag_and_type(sl::kFileName, kBytes):
        loc.file_name = storage_->Intern(View(r.get_view()));
        break;
      case tag_and_type(sl::kFunctionName, kBytes):
        loc.function_name = storage_->Intern(View(r.get_view()));
        break;
      case tag_and_type(sl::kLineNumber, kVarint): loc.line_number = r.get_uint32(); break;
      default: r.skip();
    }
  }
  gen->source_locations.Set(iid, loc);
}

void ProtoTokenizer::ReadExtensionDescriptor(protozero::data_view bytes, int64_t ts) {
  Status status;
  protozero::pbf_reader r(bytes);
  while (status.ok() && r.next()) {
    if (r.tag_and_type() != tag_and_type(pb::extension_descriptor::kExtensionSet, kBytes)) {
      r.skip();
      continue;
    }
    protozero::data_view set = r.get_view();
    status = descriptor_pool_.AddFileDescriptorSet(reinterpret_cast<const uint8_t*>(set.data()),
                                                   set.size(), /*from_trace=*/true);
  }
  if (status.ok()) return;
  CountStat(Stat::extension_descriptor_errors);
  ArgsTable& args = storage_->args;
  uint32_t arg_set = args.BeginSet();
  StringId key = storage_->Intern("error");
  args.AddString(arg_set, key, key, storage_->Intern(status.message()));
  storage_->import_logs.Insert(ts, storage_->Intern("error"),
                               storage_->Intern("extension_descriptor_errors"),
                               args.FinishSet(/*shareable=*/false));
}

void ProtoTokenizer::ReserveTrack(protozero::data_view bytes, SequenceState* seq) {
  namespace td = pb::track_descriptor;
  TrackDescriptorInfo info;
  bool has_tid = false, has_pid = false, sandboxed_tid = false;
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
      case tag_and_type(td::kAtraceName, kBytes):
        info.name = storage_->Intern(View(desc.get_view()));
        break;
      case tag_and_type(td::kDescription, kBytes):
        info.description = storage_->Intern(View(desc.get_view()));
        break;
      case tag_and_type(td::kState, kBytes):
        info.is_state = true;
        desc.skip();
        break;
      case tag_and_type(td::kDisallowMergingWithSystemTracks, kVarint):
        info.use_separate_track = desc.get_bool();
        break;
      case tag_and_type(td::kChildOrdering, kVarint):
        info.child_ordering = desc.get_uint32();
        break;
      case tag_and_type(td::kSiblingOrderRank, kVarint):
        info.has_rank = true;
        info.sibling_order_rank = desc.get_int32();
        break;
      case tag_and_type(td::kSiblingMergeBehavior, kVarint):
        info.merge_behavior = desc.get_uint32();
        break;
      case tag_and_type(td::kSiblingMergeKey, kBytes):
        info.merge_key = storage_->Intern(View(desc.get_view()));
        break;
      case tag_and_type(td::kProcessRankAsSortIndex, kVarint):
        if (desc.get_bool()) process_rank_hint_ = std::min(process_rank_hint_, queue_->epoch());
        break;
      case tag_and_type(td::kThreadRankAsSortIndex, kVarint):
        if (desc.get_bool()) thread_rank_hint_ = std::min(thread_rank_hint_, queue_->epoch());
        break;
      case tag_and_type(td::kChromeProcess, kBytes): {
        protozero::pbf_reader c = desc.get_message();
        while (c.next(pb::chrome_process_descriptor::kHostAppPackageName, kBytes)) {
          info.host_app = storage_->Intern(View(c.get_view()));
        }
        break;
      }
      case tag_and_type(td::kChromeThread, kBytes): {
        protozero::pbf_reader c = desc.get_message();
        while (c.next(pb::chrome_thread_descriptor::kIsSandboxedTid, kVarint)) {
          sandboxed_tid = c.get_bool();
        }
        break;
      }
      case tag_and_type(td::kProcess, kBytes):
        info.has_process = true;
        ReadProcessOfTrack(desc.get_message(), storage_, &info);
        break;
      case tag_and_type(td::kThread, kBytes):
        info.has_thread = true;
        ReadThreadOfTrack(desc.get_message(), storage_, &info, &has_pid, &has_tid);
        break;
      case tag_and_type(td::kCounter, kBytes):
        info.is_counter = true;
        ReadCounterOfTrack(desc.get_message(), storage_, &info);
        if (info.is_incremental) has_incremental_counters_ = true;
        break;
      default:
        desc.skip();
    }
  }
  // A sandboxed tid may repeat across processes: Perfetto makes it unique
  // as (pid << 32) | tid.
  if (info.has_thread && sandboxed_tid) {
    info.tid = static_cast<int64_t>(static_cast<uint64_t>(info.pid) << 32 |
                                    static_cast<uint32_t>(info.tid));
  }
  // The thread of a TrackDescriptor is also the sequence's thread, for
  // events that fall back to pid/tid tracks.
  if (info.has_thread && has_pid && has_tid) {
    SequenceGeneration* g = NewGeneration(seq, /*copy=*/true);
    g->has_thread = true;
    g->pid = info.pid;
    g->tid = info.tid;
  }
  info.epoch = queue_->epoch();
  auto [it, inserted] = descriptors_.emplace(info.uuid, info);
  if (inserted) return;
  // Later descriptors of a uuid only rename it: a track without a name yet,
  // or one that must not merge with its siblings, takes the new name.
  TrackDescriptorInfo& old = it->second;
  if (old.has_thread != info.has_thread || old.has_process != info.has_process ||
      old.is_counter != info.is_counter || old.pid != info.pid || old.tid != info.tid ||
      old.parent_uuid != info.parent_uuid) {
    CountStat(Stat::track_event_tokenizer_errors);
    return;
  }
  if (info.name != kNullStringId && old.name != info.name &&
      (old.name == kNullStringId ||
       info.merge_behavior == pb::track_descriptor_sibling_merge_behavior::kNone)) {
    // Packets of epochs already begun keep the name they saw.
    if (old.epoch < info.epoch) {
      descriptor_versions_.push_back(old);
      old.earlier = &descriptor_versions_.back();
      old.epoch = info.epoch;
    }
    old.name = info.name;
  }
}

bool ProtoTokenizer::AccumulateIncrementalCounters(protozero::data_view bytes,
                                                   SequenceState* seq,
                                                   const SequenceGeneration& gen,
                                                   IncrementalValues* out) {
  namespace te = pb::track_event;
  uint64_t uuid = gen.has_default_track ? gen.default_track_uuid : 0;
  uint32_t type = 0;
  bool has_value = false;
  double v = 0;
  std::vector<uint64_t> extra_uuids, extra_double_uuids;
  std::vector<double> extra, extra_double;
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
      case tag_and_type(te::kExtraCounterTrackUuids, kVarint):
        extra_uuids.push_back(event.get_uint64());
        break;
      case tag_and_type(te::kExtraCounterTrackUuids, kBytes):
        for (uint64_t u : event.get_packed_uint64()) extra_uuids.push_back(u);
        break;
      case tag_and_type(te::kExtraDoubleCounterTrackUuids, kVarint):
        extra_double_uuids.push_back(event.get_uint64());
        break;
      case tag_and_type(te::kExtraDoubleCounterTrackUuids, kBytes):
        for (uint64_t u : event.get_packed_uint64()) extra_double_uuids.push_back(u);
        break;
      case tag_and_type(te::kExtraCounterValues, kVarint):
        extra.push_back(static_cast<double>(event.get_int64()));
        break;
      case tag_and_type(te::kExtraCounterValues, kBytes):
        for (int64_t x : event.get_packed_int64()) extra.push_back(static_cast<double>(x));
        break;
      case tag_and_type(te::kExtraDoubleCounterValues, pbf_wire_type::fixed64):
        extra_double.push_back(event.get_double());
        break;
      case tag_and_type(te::kExtraDoubleCounterValues, kBytes):
        for (double x : event.get_packed_double()) extra_double.push_back(x);
        break;
      default:
        event.skip();
    }
  }
  // Extra counters: int values first, then double ones, as the parser reads
  // them.
  if (!extra.empty() || !extra_double.empty()) {
    if (extra_uuids.empty()) extra_uuids = gen.default_extra_counter_uuids;
    if (extra_double_uuids.empty()) extra_double_uuids = gen.default_extra_double_counter_uuids;
    bool any = false;
    auto accumulate = [&](const std::vector<uint64_t>& uuids, std::vector<double>* values) {
      for (size_t i = 0; i < values->size() && i < uuids.size(); ++i) {
        auto it = descriptors_.find(uuids[i]);
        if (it == descriptors_.end() || !it->second.is_incremental) continue;
        double& total = seq->counter_totals[uuids[i]];
        total += (*values)[i];
        (*values)[i] = total;
        any = true;
      }
    };
    accumulate(extra_uuids, &extra);
    accumulate(extra_double_uuids, &extra_double);
    if (any) {
      extra.insert(extra.end(), extra_double.begin(), extra_double.end());
      out->extra = std::move(extra);
    }
  }
  if (type == pb::track_event_type::kCounter && has_value) {
    auto it = descriptors_.find(uuid);
    if (it != descriptors_.end() && it->second.is_incremental) {
      double& total = seq->counter_totals[uuid];
      total += v;
      out->counter_value = total;
      out->has_counter_value = true;
    }
  }
  return out->has_counter_value || !out->extra.empty();
}

}  // namespace weft
