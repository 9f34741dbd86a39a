// `thread` and `process`: one row per unique thread (utid) and process
// (upid). tid/pid values may repeat over a trace when the OS reuses them;
// utid/upid never do. Row 0 of each is the idle/swapper placeholder.
#ifndef SRC_STORAGE_PROCESS_TABLES_H_
#define SRC_STORAGE_PROCESS_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class ThreadTable final : public StoredTable {
 public:
  ThreadTable() : StoredTable("thread") {}
  uint32_t Insert(int64_t tid_value) {
    tid.Append(tid_value);
    name.Append(kNullStringId);
    start_ts.AppendNull();
    end_ts.AppendNull();
    upid.AppendNull();
    is_main_thread.AppendNull();
    is_idle.Append(tid_value == 0 ? 1 : 0);
    machine_id.AppendNull();
    arg_set_id.AppendNull();
    return NextRow();
  }

  IdColumn utid{this, "utid"};
  IdColumn id{this, "id", kHidden};
  Int64Column tid{this, "tid"};
  StringColumn name{this, "name"};
  Int64Column start_ts{this, "start_ts"};
  Int64Column end_ts{this, "end_ts"};
  Uint32Column upid{this, "upid"};
  Uint32Column is_main_thread{this, "is_main_thread"};
  Uint32Column is_idle{this, "is_idle"};
  Uint32Column machine_id{this, "machine_id"};
  Uint32Column arg_set_id{this, "arg_set_id"};
};

class ProcessTable final : public StoredTable {
 public:
  ProcessTable() : StoredTable("process") {}
  uint32_t Insert(int64_t pid_value) {
    pid.Append(pid_value);
    name.Append(kNullStringId);
    start_ts.AppendNull();
    end_ts.AppendNull();
    parent_upid.AppendNull();
    uid.AppendNull();
    android_appid.AppendNull();
    cmdline.Append(kNullStringId);
    arg_set_id.AppendNull();
    machine_id.AppendNull();
    return NextRow();
  }

  IdColumn upid{this, "upid"};
  IdColumn id{this, "id", kHidden};
  Int64Column pid{this, "pid"};
  StringColumn name{this, "name"};
  Int64Column start_ts{this, "start_ts"};
  Int64Column end_ts{this, "end_ts"};
  Uint32Column parent_upid{this, "parent_upid"};
  Uint32Column uid{this, "uid"};
  Uint32Column android_appid{this, "android_appid"};
  StringColumn cmdline{this, "cmdline"};
  Uint32Column arg_set_id{this, "arg_set_id"};
  Uint32Column machine_id{this, "machine_id"};
};

}  // namespace weft

#endif  // SRC_STORAGE_PROCESS_TABLES_H_
