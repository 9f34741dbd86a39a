// TrackEventArgs: typed and specially expanded TrackEvent args.
#include "src/importers/proto/track_event/track_event_args.h"

#include <string>

#include "protos/perfetto/trace/interned_data/interned_data.fields.h"
#include "protos/perfetto/trace/track_event/chrome_histogram_sample.fields.h"
#include "protos/perfetto/trace/track_event/log_message.fields.h"
#include "protos/perfetto/trace/track_event/source_location.fields.h"
#include "protos/perfetto/trace/track_event/task_execution.fields.h"
#include "protos/perfetto/trace/track_event/track_event.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

// LogMessage.Priority uses Android's numbers; others are unspecified (0).
int64_t LogPriority(int32_t prio) {
  namespace lp = pb::log_message_priority;
  // Compared as int64: the generated constants are unsigned.
  const int64_t p = prio;
  return p >= int64_t{lp::kPrioUnspecified} && p <= int64_t{lp::kPrioFatal}
             ? p
             : int64_t{lp::kPrioUnspecified};
}

}  // namespace
namespace {

namespace te = pb::track_event;
using protozero::tag_and_type;

using namespace proto_wire;  // NOLINT

constexpr uint64_t Bits(std::initializer_list<uint32_t> fields) {
  uint64_t bits = 0;
  for (uint32_t f : fields) bits |= uint64_t{1} << f;
  return bits;
}

}  // namespace

const uint64_t TrackEventArgs::kNativeFields = Bits({
    te::kTimestampDeltaUs, te::kThreadTimeDeltaUs, te::kCategoryIids, te::kDebugAnnotations,
    te::kTaskExecution, te::kLegacyEvent, te::kThreadInstructionCountDelta, te::kType,
    te::kNameIid, te::kTrackUuid, te::kExtraCounterValues, te::kTimestampAbsoluteUs,
    te::kThreadTimeAbsoluteUs, te::kThreadInstructionCountAbsolute, te::kLogMessage,
    te::kCategories, te::kName, te::kCounterValue, te::kExtraCounterTrackUuids,
    te::kSourceLocation, te::kFlowIdsOld, te::kTerminatingFlowIdsOld, te::kDoubleCounterValue,
    te::kExtraDoubleCounterTrackUuids, te::kExtraDoubleCounterValues, te::kFlowIds,
    te::kTerminatingFlowIds, te::kCallstack, te::kCallstackIid, te::kCallstackWeight,
});

void TrackEventTypedFields::Collect(protozero::pbf_reader* event) {
  switch (event->tag_and_type()) {
    case tag_and_type(te::kTaskExecution, kBytes):
      has_task_execution = true;
      task_execution = event->get_view();
      return;
    case tag_and_type(te::kLogMessage, kBytes):
      has_log_message = true;
      log_message = event->get_view();
      return;
    case tag_and_type(te::kSourceLocation, kBytes):
      has_source_location = true;
      source_location = event->get_view();
      return;
    case tag_and_type(te::kSourceLocationIid, kVarint):
      // Also decoded reflectively: Perfetto keeps the iid as an arg.
      has_source_location_iid = has_reflected = true;
      source_location_iid = event->get_uint64();
      return;
    case tag_and_type(te::kChromeHistogramSample, kBytes):
      has_histogram = has_reflected = true;
      histogram = event->get_view();
      return;
    default:
      has_reflected = true;
      event->skip();
  }
}

TrackEventArgs::TrackEventArgs(TraceStorage* storage, DebugAnnotationWriter* annotations)
    : storage_(storage), writer_(storage, annotations) {
  key_source_file_ = storage->Intern("source.file_name");
  key_source_function_ = storage->Intern("source.function_name");
  key_source_line_ = storage->Intern("source.line_number");
  key_log_message_ = storage->Intern("track_event.log_message.message");
  key_histogram_name_ = storage->Intern("chrome_histogram_sample.name");
  key_priority_ = storage->Intern("track_event.priority");
}

void TrackEventArgs::Add(uint32_t set, const TrackEventTypedFields& fields,
                         protozero::data_view event, const DescriptorPool& pool,
                         const SequenceGeneration& gen) {
  ArgsTable& args = storage_->args;
  if (fields.has_reflected) {
    static const std::string* const kTrackEventType =
        new std::string(".perfetto.protos.TrackEvent");
    const ProtoMessageInfo* track_event = pool.FindMessage(*kTrackEventType);
    uint32_t rows = args.row_count();
    try {
      if (track_event) writer_.Add(set, pool, *track_event, event, gen, kNativeFields);
    } catch (const protozero::exception&) {
      // Bytes a descriptor calls a message but are not one: keep the event.
      args.Truncate(rows);
      storage_->stats.Increment(Stat::track_event_typed_args_errors);
    }
  }
  if (fields.has_source_location_iid) {
    writer_.AddSourceLocation(set, fields.source_location_iid, gen, "source");
  }
  if (fields.has_source_location) AddInlineSourceLocation(set, fields.source_location);
  if (fields.has_task_execution) {
    protozero::pbf_reader r(fields.task_execution);
    while (r.next()) {
      if (r.tag_and_type() == tag_and_type(pb::task_execution::kPostedFromIid, kVarint)) {
        writer_.AddSourceLocation(set, r.get_uint64(), gen, "task.posted_from");
      } else {
        r.skip();
      }
    }
  }
  if (fields.has_log_message) AddLogMessage(set, fields.log_message, gen);
  if (fields.has_histogram) {
    // An interned name stands in for a missing inline one.
    namespace hs = pb::chrome_histogram_sample;
    bool has_name = false;
    uint64_t iid = 0;
    bool has_iid = false;
    protozero::pbf_reader r(fields.histogram);
    while (r.next()) {
      if (r.tag_and_type() == tag_and_type(hs::kName, kBytes)) {
        has_name = true;
        r.skip();
      } else if (r.tag_and_type() == tag_and_type(hs::kNameIid, kVarint)) {
        has_iid = true;
        iid = r.get_uint64();
      } else {
        r.skip();
      }
    }
    if (!has_name && has_iid) {
      const auto* it = gen.histogram_names.Find(iid);
      if (it) {
        args.AddString(set, key_histogram_name_, key_histogram_name_, *it);
      } else {
        storage_->stats.Increment(Stat::interned_data_tokenizer_errors);
      }
    }
  }
}

void TrackEventArgs::AddInlineSourceLocation(uint32_t set, protozero::data_view location) {
  namespace sl = pb::source_location;
  ArgsTable& args = storage_->args;
  int64_t line = 0;
  protozero::pbf_reader r(location);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(sl::kFileName, kBytes):
        args.AddString(set, key_source_file_, key_source_file_,
                       storage_->Intern(View(r.get_view())));
        break;
      case tag_and_type(sl::kFunctionName, kBytes):
        args.AddString(set, key_source_function_, key_source_function_,
                       storage_->Intern(View(r.get_view())));
        break;
      case tag_and_type(sl::kLineNumber, kVarint):
        line = r.get_uint32();
        break;
      default:
        r.skip();
    }
  }
  args.AddInt(set, key_source_line_, key_source_line_, line);
}

void TrackEventArgs::AddLogRow(int64_t ts, uint32_t utid, protozero::data_view message,
                               const SequenceGeneration& gen) {
  namespace lm = pb::log_message;
  StringId body = kNullStringId, tag = kNullStringId;
  int64_t prio = AndroidLogTable::kPriorityInfo;
  protozero::pbf_reader r(message);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(lm::kBodyIid, kVarint): {
        const auto* it = gen.log_message_bodies.Find(r.get_uint64());
        if (it) body = *it;
        break;
      }
      case tag_and_type(lm::kSourceLocationIid, kVarint): {
        const auto* it = gen.source_locations.Find(r.get_uint64());
        if (!it) break;
        std::string text(storage_->pool().Get(it->file_name));
        tag = storage_->Intern(text + ":" + std::to_string(it->line_number));
        break;
      }
      case tag_and_type(lm::kPrio, kVarint): prio = LogPriority(r.get_int32()); break;
      default: r.skip();
    }
  }
  if (body == kNullStringId) return;
  storage_->android_logs.Insert(ts, utid, prio, tag, body);
}

void TrackEventArgs::AddLogMessage(uint32_t set, protozero::data_view message,
                                   const SequenceGeneration& gen) {
  namespace lm = pb::log_message;
  // Perfetto's order: the body, the source location, the priority.
  bool has_location = false, has_prio = false;
  uint64_t location = 0;
  int32_t prio = 0;
  protozero::pbf_reader r(message);
  while (r.next()) {
    if (r.tag_and_type() == tag_and_type(lm::kBodyIid, kVarint)) {
      const auto* it = gen.log_message_bodies.Find(r.get_uint64());
      if (!it) {
        storage_->stats.Increment(Stat::interned_data_tokenizer_errors);
        continue;
      }
      storage_->args.AddString(set, key_log_message_, key_log_message_, *it);
    } else if (r.tag_and_type() == tag_and_type(lm::kSourceLocationIid, kVarint)) {
      has_location = true;
      location = r.get_uint64();
    } else if (r.tag_and_type() == tag_and_type(lm::kPrio, kVarint)) {
      has_prio = true;
      prio = r.get_int32();
    } else {
      r.skip();
    }
  }
  if (has_location) writer_.AddSourceLocation(set, location, gen, "track_event.log_message");
  if (has_prio) storage_->args.AddInt(set, key_priority_, key_priority_, LogPriority(prio));
}

}  // namespace weft
