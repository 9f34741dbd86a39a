// `__intrinsic_android_track_event_process`: one row per process the
// Android framework's process lifecycle TrackEvents
// (FrameworksBaseTrackEvent.process_start_event / binder_died_event) name,
// Perfetto's table of the same name. Filled by
// src/importers/proto/android/android_framework_events.cc. Reference:
// docs/tables.md.
#ifndef SRC_STORAGE_ANDROID_TABLES_H_
#define SRC_STORAGE_ANDROID_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class AndroidTrackEventProcessTable final : public StoredTable {
 public:
  AndroidTrackEventProcessTable() : StoredTable("__intrinsic_android_track_event_process") {}
  // A row for process |process|, every other column NULL.
  uint32_t Insert(uint32_t process) {
    upid.Append(process);
    for (Int64Column* c : {&start_seq_id, &package_uid, &caller_uid, &defining_uid, &fw_start_ts,
                           &fw_end_ts, &bind_application_delay_ms, &process_start_delay_ms}) {
      c->AppendNull();
    }
    trigger_type.Append(kNullStringId);
    hosting_type.Append(kNullStringId);
    hosting_name.Append(kNullStringId);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Uint32Column upid{this, "upid"};
  Int64Column start_seq_id{this, "start_seq_id"};
  Int64Column package_uid{this, "package_uid"};
  Int64Column caller_uid{this, "caller_uid"};
  Int64Column defining_uid{this, "defining_uid"};
  Int64Column fw_start_ts{this, "fw_start_ts"};
  Int64Column fw_end_ts{this, "fw_end_ts"};
  StringColumn trigger_type{this, "trigger_type"};
  StringColumn hosting_type{this, "hosting_type"};
  StringColumn hosting_name{this, "hosting_name"};
  Int64Column bind_application_delay_ms{this, "bind_application_delay_ms"};
  Int64Column process_start_delay_ms{this, "process_start_delay_ms"};
};

}  // namespace weft

#endif  // SRC_STORAGE_ANDROID_TABLES_H_
