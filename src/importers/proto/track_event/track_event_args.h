// TrackEventArgs: the args of a TrackEvent beyond debug annotations — typed
// fields decoded reflectively (compiled-in protos and trace extensions) and
// the fields Perfetto expands specially: interned source locations
// ("source.*", "task.posted_from.*"), log messages
// ("track_event.log_message.*") and interned histogram names.
#ifndef SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_ARGS_H_
#define SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_ARGS_H_

#include <cstdint>

#include <protozero/data_view.hpp>
#include <protozero/pbf_reader.hpp>

#include "src/importers/proto/args/descriptor_pool.h"
#include "src/importers/proto/args/proto_args_writer.h"

namespace weft {

// What ParseTrackEvent's field loop saw of the fields handled here.
struct TrackEventTypedFields {
  bool has_reflected = false;  // Fields left to the reflective decoder.
  bool has_task_execution = false, has_log_message = false, has_source_location = false;
  bool has_source_location_iid = false, has_histogram = false;
  protozero::data_view task_execution, log_message, source_location, histogram;
  uint64_t source_location_iid = 0;

  bool any() const {
    return has_reflected || has_task_execution || has_log_message || has_source_location ||
           has_histogram;
  }
  // Records the current field of |event| (a TrackEvent reader) and moves on.
  void Collect(protozero::pbf_reader* event);
};

class TrackEventArgs {
 public:
  TrackEventArgs(TraceStorage* storage, DebugAnnotationWriter* annotations);

  // TrackEvent fields the parser reads itself (bit per field number < 64):
  // the reflective decoder leaves them out.
  static const uint64_t kNativeFields;

  // Adds the args of |fields| (of the TrackEvent |event|) to |set|.
  void Add(uint32_t set, const TrackEventTypedFields& fields, protozero::data_view event,
           const DescriptorPool& pool, const SequenceGeneration& gen);
  // The android_logs row of a TrackEvent's |message| (LogMessage) at |ts|
  // on thread |utid|, as Perfetto writes it: tag "file:line" of its source
  // location, msg its body, prio its priority (INFO when unset). None when
  // the body is not interned.
  void AddLogRow(int64_t ts, uint32_t utid, protozero::data_view message,
                 const SequenceGeneration& gen);

 private:
  void AddInlineSourceLocation(uint32_t set, protozero::data_view location);
  void AddLogMessage(uint32_t set, protozero::data_view message, const SequenceGeneration& gen);

  TraceStorage* storage_;
  ProtoArgsWriter writer_;
  StringId key_source_file_, key_source_function_, key_source_line_, key_log_message_,
      key_histogram_name_, key_priority_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_TRACK_EVENT_TRACK_EVENT_ARGS_H_
