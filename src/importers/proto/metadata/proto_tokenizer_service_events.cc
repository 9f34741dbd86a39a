// ProtoTokenizer: TracingServiceEvent packets. Flush and buffer-read
// markers drive the event queue's sorting windows; start, flush and stop
// times and slow data sources become metadata, with Perfetto's names.
#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace/perfetto/tracing_service_event.fields.h"
#include "src/importers/proto/proto_tokenizer.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

using namespace proto_wire;  // NOLINT

}  // namespace

void ProtoTokenizer::ReadServiceEvent(protozero::data_view bytes, bool has_ts, uint64_t ts,
                                      uint32_t clock_id, uint32_t seq_id,
                                      uint32_t machine) {
  namespace se = pb::tracing_service_event;
  std::optional<int64_t> time;
  int64_t converted;
  if (has_ts && !clock_id) {
    time = clocks_.PacketToTraceTime(ClockTracker::kBoottime, ts);
  } else if (has_ts && PacketTime(ts, clock_id, seq_id, &converted)) {
    time = converted;
  }
  // Metadata rows land in parse order (the parser writes metadata too).
  auto add_time = [&](const char* name, const char* kind) {
    if (!time) return;
    DeferWrite([storage = storage_, name, kind, t = *time, machine] {
      storage->metadata.InsertInt(storage->Intern(name), storage->Intern(kind), t, machine);
    });
  };
  protozero::pbf_reader event(bytes);
  while (event.next()) {
    switch (event.tag_and_type()) {
      case tag_and_type(se::kTracingStarted, kVarint):
        if (event.get_bool()) add_time("tracing_started_ns", "single");
        break;
      case tag_and_type(se::kAllDataSourcesStarted, kVarint):
        if (event.get_bool()) add_time("all_data_source_started_ns", "single");
        break;
      case tag_and_type(se::kAllDataSourcesFlushed, kVarint):
        if (!event.get_bool()) break;
        add_time("all_data_source_flushed_ns", "multi");
        queue_->NotifyFlush();
        break;
      case tag_and_type(se::kReadTracingBuffersCompleted, kVarint):
        if (!event.get_bool()) break;
        ExtractPending();
        if (queue_->NotifyReadBuffers()) extraction_pending_ = true;
        break;
      case tag_and_type(se::kTracingDisabled, kVarint):
        if (event.get_bool()) add_time("tracing_disabled_ns", "single");
        break;
      case tag_and_type(se::kSlowStartingDataSources, kBytes): {
        namespace ds = pb::tracing_service_event_data_sources_data_source;
        protozero::pbf_reader sources = event.get_message();
        while (sources.next(pb::tracing_service_event_data_sources::kDataSource, kBytes)) {
          std::string_view producer, name;
          protozero::pbf_reader source = sources.get_message();
          while (source.next()) {
            switch (source.tag_and_type()) {
              case tag_and_type(ds::kProducerName, kBytes): producer = View(source.get_view()); break;
              case tag_and_type(ds::kDataSourceName, kBytes): name = View(source.get_view()); break;
              default: source.skip();
            }
          }
          std::string text(producer);
          text.append(" ").append(name);
          DeferWrite([storage = storage_, text = std::move(text), machine] {
            storage->metadata.InsertString(storage->Intern("slow_start_data_source"),
                                           storage->Intern("multi"), storage->Intern(text),
                                           machine);
          });
        }
        break;
      }
      default:
        event.skip();
    }
  }
}

}  // namespace weft
