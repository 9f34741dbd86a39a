// AndroidFrameworkEvents: the Android framework's process lifecycle
// TrackEvent extensions (FrameworksBaseTrackEvent, package
// com.android.internal) into __intrinsic_android_track_event_process, with
// Perfetto's rules. Read for events that became slices, at the slice's ts:
// - process_start_event (2010), with a pid: the pid's process (created if
//   new) takes the event's uid and process name; its row (one per process)
//   takes start_seq_id, package/caller/defining uid, hosting name, the
//   delays, and trigger_type / hosting_type as value names from the trace's
//   own descriptors (".com.android.internal.TriggerType" / "HostingTypeId";
//   the number as text if the trace does not name it). fw_start_ts is the
//   first start's ts.
// - binder_died_event (2013), with a pid of a known thread: that thread's
//   process row gets fw_end_ts, and the thread ends there (ending the
//   process if it is the main thread).
#ifndef SRC_IMPORTERS_PROTO_ANDROID_ANDROID_FRAMEWORK_EVENTS_H_
#define SRC_IMPORTERS_PROTO_ANDROID_ANDROID_FRAMEWORK_EVENTS_H_

#include <cstdint>
#include <string>
#include <unordered_map>

#include <protozero/data_view.hpp>

#include "src/importers/common/trace_context.h"
#include "src/importers/proto/args/descriptor_pool.h"

namespace weft {

class AndroidFrameworkEvents {
 public:
  explicit AndroidFrameworkEvents(TraceContext* context) : ctx_(context) {}
  // |event|: a TrackEvent's bytes, whose slice starts at |ts|. Throws
  // protozero::exception on malformed bytes.
  void OnSlice(protozero::data_view event, int64_t ts, const DescriptorPool& pool);

 private:
  void OnProcessStart(protozero::data_view start, int64_t ts, const DescriptorPool& pool);
  void OnBinderDied(protozero::data_view died, int64_t ts);
  // The table's row of process |upid|, added if it has none.
  uint32_t RowOf(uint32_t upid);
  // The name of |value| of enum |enum_name| (fully qualified) in |pool|.
  StringId EnumName(const DescriptorPool& pool, const char* enum_name, int64_t value);

  TraceContext* ctx_;
  std::unordered_map<uint32_t, uint32_t> row_by_upid_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_ANDROID_ANDROID_FRAMEWORK_EVENTS_H_
