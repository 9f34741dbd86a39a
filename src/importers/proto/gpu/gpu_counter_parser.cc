// GpuCounterParser: GPU counter descriptors into tracks, values into rows.
#include "src/importers/proto/gpu/gpu_counter_parser.h"

#include <cstring>

#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/gpu/gpu_counter_event.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {

using namespace proto_wire;  // NOLINT
namespace ev = pb::gpu_counter_event;

void GpuCounterParser::Parse(int64_t ts, protozero::data_view bytes) {
  protozero::data_view descriptor;
  bool has_descriptor = false;
  int32_t gpu_id = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(ev::kCounterDescriptor, kBytes):
        descriptor = r.get_view();
        has_descriptor = true;
        break;
      case tag_and_type(ev::kGpuId, kVarint): gpu_id = r.get_int32(); break;
      default: r.skip();
    }
  }
  // Specs first: an event may describe the counters it carries.
  if (has_descriptor) ParseDescriptor(descriptor, gpu_id);
  protozero::pbf_reader values(bytes);
  while (values.next(ev::kCounters, protozero::pbf_wire_type::length_delimited)) {
    ParseValue(ts, values.get_view());
  }
}

void GpuCounterParser::ParseDescriptor(protozero::data_view bytes, int32_t gpu_id) {
  namespace d = pb::gpu_counter_descriptor;
  protozero::pbf_reader r(bytes);
  while (r.next(d::kSpecs, protozero::pbf_wire_type::length_delimited)) {
    ParseSpec(r.get_view(), gpu_id);
  }
}

void GpuCounterParser::ParseSpec(protozero::data_view bytes, int32_t gpu_id) {
  namespace sp = pb::gpu_counter_descriptor_gpu_counter_spec;
  TraceStorage* s = ctx_->storage;
  bool has_id = false, has_name = false;
  uint32_t id = 0;
  StringId name = kNullStringId, description = kNullStringId;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(sp::kCounterId, kVarint):
        id = r.get_uint32();
        has_id = true;
        break;
      case tag_and_type(sp::kName, kBytes):
        name = s->Intern(View(r.get_view()));
        has_name = true;
        break;
      case tag_and_type(sp::kDescription, kBytes):
        description = s->Intern(View(r.get_view()));
        break;
      default: r.skip();
    }
  }
  if (!has_id || !has_name || counters_.count(id) != 0) {
    s->stats.Increment(Stat::gpu_counters_invalid_spec);
    return;
  }
  TrackTable::Row row;
  row.name = name;
  row.type = s->Intern("gpu_counter");
  row.event_type = TrackEventType::kCounter;
  uint32_t track = s->track.Insert(row, s->Intern("counter"));
  ArgsTable& args = s->args;
  uint32_t set = args.BeginSet();
  StringId key_gpu = s->Intern("gpu");
  args.AddInt(set, key_gpu, key_gpu, gpu_id);
  s->track.dimension_arg_set_id.Set(track, args.FinishSet());
  if (description != kNullStringId) {
    s->track.description.Set(track, description);
  }
  counters_[id] = Counter{track, Uint32Column::kNull};
}

void GpuCounterParser::ParseValue(int64_t ts, protozero::data_view bytes) {
  namespace c = pb::gpu_counter_event_gpu_counter;
  bool has_id = false, has_value = false;
  uint32_t id = 0;
  double value = 0;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(c::kCounterId, kVarint):
        id = r.get_uint32();
        has_id = true;
        break;
      case tag_and_type(c::kIntValue, kVarint):
        value = static_cast<double>(r.get_int64());
        has_value = true;
        break;
      case tag_and_type(c::kDoubleValue, kFixed64):
        value = r.get_double();
        has_value = true;
        break;
      default: r.skip();
    }
  }
  if (!has_id || !has_value) return;
  auto it = counters_.find(id);
  if (it == counters_.end()) return;  // No spec names it.
  CounterTable& counter = ctx_->storage->counter;
  Counter& state = it->second;
  if (state.last_row != Uint32Column::kNull) counter.value.Set(state.last_row, value);
  state.last_row = counter.Insert(ts, state.track, 0, Uint32Column::kNull);
}

}  // namespace weft
