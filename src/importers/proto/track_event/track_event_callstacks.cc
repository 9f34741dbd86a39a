// TrackEventCallstacks: interned profiling messages in, callsite rows out.
#include "src/importers/proto/track_event/track_event_callstacks.h"

#include <string>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/interned_data/interned_data.fields.h"
#include "protos/perfetto/trace/profiling/profile_common.fields.h"
#include "protos/perfetto/trace/track_event/track_event.fields.h"
#include "src/base/string_view_util.h"
#include "src/importers/proto/sequence/interned_strings.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT
constexpr uint32_t kNull = Uint32Column::kNull;

void ReadMapping(protozero::data_view bytes, IidMap<InternedMapping>* map) {
  namespace m = pb::mapping;
  uint64_t iid = 0;
  InternedMapping mapping;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    if (r.tag() == m::kPathStringIds) {
      ReadRepeatedUint64(&r, /*fixed=*/false, &mapping.path_iids);
      continue;
    }
    if (r.wire_type() != kVarint) {
      r.skip();
      continue;
    }
    switch (r.tag()) {
      case m::kIid: iid = r.get_uint64(); break;
      case m::kBuildId: mapping.build_id_iid = r.get_uint64(); break;
      case m::kExactOffset: mapping.exact_offset = r.get_uint64(); break;
      case m::kStartOffset: mapping.start_offset = r.get_uint64(); break;
      case m::kStart: mapping.start = r.get_uint64(); break;
      case m::kEnd: mapping.end = r.get_uint64(); break;
      case m::kLoadBias: mapping.load_bias = r.get_uint64(); break;
      default: r.skip();
    }
  }
  map->Set(iid, mapping);
}

// stack_profile_frame.type of a well-known Frame.Kind; nullptr for unknown.
const char* FrameKindName(uint32_t kind) {
  namespace k = pb::frame_kind;
  switch (kind) {
    case k::kNative: return "native";
    case k::kKernel: return "kernel";
    case k::kInterpreted: return "interpreted";
    case k::kJit: return "jit";
    case k::kGc: return "gc";
    case k::kRuntime: return "runtime";
  }
  return nullptr;
}

void ReadFrame(protozero::data_view bytes, TraceStorage* storage, IidMap<InternedFrame>* map) {
  namespace f = pb::frame;
  uint64_t iid = 0;
  InternedFrame frame;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(f::kKindStr, kBytes)) {
      frame.type = storage->Intern(View(r.get_view()));
      continue;
    }
    if (r.wire_type() != kVarint) {
      r.skip();
      continue;
    }
    switch (r.tag()) {
      case f::kIid: iid = r.get_uint64(); break;
      case f::kFunctionNameId: frame.function_name_iid = r.get_uint64(); break;
      case f::kMappingId: frame.mapping_iid = r.get_uint64(); break;
      case f::kRelPc: frame.rel_pc = r.get_uint64(); break;
      case f::kKind: {
        const char* kind = FrameKindName(r.get_uint32());
        frame.type = kind ? storage->Intern(kind) : kNullStringId;
        break;
      }
      default: r.skip();
    }
  }
  map->Set(iid, frame);
}

// An interned message kept as bytes, by its iid (field 1).
void ReadIidBytes(protozero::data_view bytes, IidMap<std::string>* map) {
  uint64_t iid = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(1, kVarint)) {
      iid = r.get_uint64();
    } else {
      r.skip();
    }
  }
  map->Set(iid, std::string(bytes.data(), bytes.size()));
}

void ReadCallstack(protozero::data_view bytes, IidMap<std::vector<uint64_t>>* map) {
  uint64_t iid = 0;
  std::vector<uint64_t> frames;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    if (r.tag() == pb::callstack::kFrameIds) {
      ReadRepeatedUint64(&r, /*fixed=*/false, &frames);
    } else if (r.tag_and_type() == tag_and_type(pb::callstack::kIid, kVarint)) {
      iid = r.get_uint64();
    } else {
      r.skip();
    }
  }
  map->Set(iid, frames);
}

}  // namespace

bool IsInternedProfilingField(uint32_t field) {
  namespace id = pb::interned_data;
  switch (field) {
    case id::kFunctionNames: case id::kBuildIds: case id::kMappingPaths:
    case id::kMappings: case id::kFrames: case id::kCallstacks:
    case id::kStackSampleTaskContexts: case id::kStackSampleExecutionContexts:
    case id::kStackSampleCounterDescriptors: case id::kStackSampleAsyncContextDescriptors:
      return true;
  }
  return false;
}

void ReadInternedProfiling(uint32_t field, protozero::data_view entry, TraceStorage* storage,
                           SequenceGeneration* gen) {
  namespace id = pb::interned_data;
  // Copy on write: an older generation sharing these keeps what it saw.
  if (!gen->profiling) {
    gen->profiling = std::make_shared<InternedProfiling>();
  } else if (gen->profiling.use_count() > 1) {
    gen->profiling = std::make_shared<InternedProfiling>(*gen->profiling);
  }
  InternedProfiling* p = gen->profiling.get();
  switch (field) {
    // An entry without bytes stands for the empty string.
    case id::kFunctionNames:
      ReadInternedString(entry, storage, storage->Intern(""), InternedBytes::kText,
                         &p->function_names);
      break;
    case id::kMappingPaths:
      ReadInternedString(entry, storage, storage->Intern(""), InternedBytes::kText,
                         &p->mapping_paths);
      break;
    case id::kBuildIds:
      ReadInternedString(entry, storage, storage->Intern(""), InternedBytes::kHex,
                         &p->build_ids);
      break;
    case id::kMappings: ReadMapping(entry, &p->mappings); break;
    case id::kFrames: ReadFrame(entry, storage, &p->frames); break;
    case id::kCallstacks: ReadCallstack(entry, &p->callstacks); break;
    case id::kStackSampleTaskContexts: ReadIidBytes(entry, &p->task_contexts); break;
    case id::kStackSampleExecutionContexts: ReadIidBytes(entry, &p->execution_contexts); break;
    case id::kStackSampleCounterDescriptors: ReadIidBytes(entry, &p->counter_descriptors); break;
    case id::kStackSampleAsyncContextDescriptors: ReadIidBytes(entry, &p->async_contexts); break;
  }
}

TrackEventCallstacks::TrackEventCallstacks(TraceContext* context)
    : storage_(context->storage), tracker_(&context->stack_profiles) {
  inline_mapping_name_ = storage_->Intern("track_event_inline");
  empty_ = storage_->Intern("");
  unmapped_name_ = empty_;
}

const StringId* TrackEventCallstacks::String(const IidMap<StringId>& map, uint64_t iid) {
  const StringId* s = map.Find(iid);
  if (!s) storage_->stats.Increment(Stat::stackprofile_invalid_string_id);
  return s;
}

uint32_t TrackEventCallstacks::Mapping(const InternedProfiling& interned, uint64_t iid) {
  const InternedMapping* m = interned.mappings.Find(iid);
  if (!m) {
    storage_->stats.Increment(Stat::stackprofile_invalid_mapping_id);
    return kNull;
  }
  StackProfileMappingTable::Row row;
  row.build_id = empty_;  // Perfetto: an empty build id when none is given.
  if (m->build_id_iid != 0) {
    const StringId* build_id = String(interned.build_ids, m->build_id_iid);
    if (!build_id) return kNull;
    row.build_id = *build_id;
  }
  // The path: "/" before each component, except a single full path.
  std::string name;
  for (uint64_t path_iid : m->path_iids) {
    const StringId* part = String(interned.mapping_paths, path_iid);
    if (!part) break;  // As Perfetto: keep the components before it.
    name.push_back('/');
    name.append(storage_->pool().Get(*part));
  }
  if (name.compare(0, 2, "//") == 0) name.erase(0, 1);
  row.name = storage_->Intern(name);
  row.exact_offset = static_cast<int64_t>(m->exact_offset);
  row.start_offset = static_cast<int64_t>(m->start_offset);
  row.start = static_cast<int64_t>(m->start);
  row.end = static_cast<int64_t>(m->end);
  row.load_bias = static_cast<int64_t>(m->load_bias);
  return tracker_->InternMapping(row);
}

uint32_t TrackEventCallstacks::Frame(const InternedProfiling& interned, uint64_t iid) {
  const InternedFrame* f = interned.frames.Find(iid);
  if (!f) {
    storage_->stats.Increment(Stat::stackprofile_invalid_frame_id);
    return kNull;
  }
  StringId name = empty_;
  if (f->function_name_iid != 0) {
    const StringId* s = String(interned.function_names, f->function_name_iid);
    if (!s) return kNull;
    name = *s;
  }
  uint32_t frame = kNull;
  if (f->mapping_iid == 0) {
    frame = tracker_->InternSymbolizedFrame(unmapped_name_, name, kNullStringId, kNull);
  } else {
    uint32_t mapping = Mapping(interned, f->mapping_iid);
    if (mapping == kNull) return kNull;
    frame = tracker_->InternFrame(mapping, static_cast<int64_t>(f->rel_pc), name);
  }
  if (f->type != kNullStringId) storage_->stack_profile_frame.type.Set(frame, f->type);
  return frame;
}

uint32_t TrackEventCallstacks::InternedCallsite(uint32_t generation, const SequenceGeneration& gen,
                                                uint64_t iid) {
  IidMap<uint32_t>& cache = resolved_[generation];
  if (const uint32_t* hit = cache.Find(iid)) return *hit;
  const std::vector<uint64_t>* frames = gen.profiling ? gen.profiling->callstacks.Find(iid) : nullptr;
  if (!frames) {
    storage_->stats.Increment(Stat::stackprofile_invalid_callstack_id);
    return kNull;
  }
  uint32_t callsite = kNull;
  uint32_t depth = 0;
  for (uint64_t frame_iid : *frames) {
    uint32_t frame = Frame(*gen.profiling, frame_iid);
    if (frame == kNull) return kNull;  // Not cached: counted at each use.
    callsite = tracker_->InternCallsite(callsite, frame, depth++);
  }
  if (callsite == kNull) {
    storage_->stats.Increment(Stat::stackprofile_empty_callstack);
    return kNull;
  }
  cache.Set(iid, callsite);
  return callsite;
}

uint32_t TrackEventCallstacks::InlineCallsite(protozero::data_view callstack) {
  // Decoded after the event's slice exists: a malformed stack must not
  // unwind into the parser, which would drop the event's args.
  try {
    return DecodeInlineCallsite(callstack, inline_mapping_name_);
  } catch (const protozero::exception&) {
    storage_->stats.Increment(Stat::track_event_parser_errors);
    return kNull;
  }
}

uint32_t TrackEventCallstacks::DecodeInlineCallsite(protozero::data_view callstack,
                                                   StringId mapping_name) {
  namespace fr = pb::track_event_callstack_frame;
  uint32_t callsite = kNull;
  uint32_t depth = 0;
  protozero::pbf_reader stack(callstack);
  while (stack.next(pb::track_event_callstack::kFrames, kBytes)) {
    StringId name = empty_, file = kNullStringId;
    uint32_t line = kNull;
    protozero::pbf_reader frame = stack.get_message();
    while (frame.next()) {
      switch (frame.tag_and_type()) {
        case tag_and_type(fr::kFunctionName, kBytes):
          name = storage_->Intern(View(frame.get_view()));
          break;
        case tag_and_type(fr::kSourceFile, kBytes):
          file = storage_->Intern(View(frame.get_view()));
          break;
        case tag_and_type(fr::kLineNumber, kVarint):
          line = frame.get_uint32();
          break;
        default:
          frame.skip();
      }
    }
    uint32_t frame_id = tracker_->InternSymbolizedFrame(mapping_name, name, file, line);
    callsite = tracker_->InternCallsite(callsite, frame_id, depth++);
  }
  return callsite;
}

}  // namespace weft
