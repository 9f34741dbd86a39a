// `ftrace_event` (alias `raw`): one row per protobuf kernel (ftrace) event,
// as in Perfetto, with the event's fields as args (arg_set_id). A row per
// kernel event: the small numbers and the name are compact columns
// (compact_column.h; sched_columns.h: ucpu stores nothing on one machine,
// arg_set_id takes 2-byte offsets), ts 3- or 4-byte offsets
// (timestamp_column.h): about 22 bytes a row fewer than plain ones.
#ifndef SRC_STORAGE_FTRACE_EVENT_TABLE_H_
#define SRC_STORAGE_FTRACE_EVENT_TABLE_H_

#include "src/storage/column.h"
#include "src/storage/compact_column.h"
#include "src/storage/sched_columns.h"
#include "src/storage/table.h"
#include "src/storage/timestamp_column.h"

namespace weft {

class FtraceEventTable final : public StoredTable {
 public:
  FtraceEventTable() : StoredTable("ftrace_event") {}
  // |args|: 0 for none.
  uint32_t Insert(int64_t t, StringId event_name, uint32_t cpu_value, uint32_t thread,
                  uint32_t args, uint32_t flags, uint32_t ucpu_value) {
    ts.Append(t);
    name.Append(event_name);
    cpu.Append(cpu_value);
    utid.Append(thread);
    if (args == 0) {
      arg_set_id.AppendNull();
    } else {
      arg_set_id.Append(args);
    }
    common_flags.Append(flags);
    ucpu.Append(ucpu_value);
    return NextRow();
  }

  IdColumn id{this, "id"};
  TimestampColumn ts{this, "ts"};
  DictStringColumn name{this, "name"};
  CompactUint32Column cpu{this, "cpu"};
  CompactUint32Column utid{this, "utid"};
  RecentIdColumn arg_set_id{this, "arg_set_id"};
  CompactUint32Column common_flags{this, "common_flags"};
  UcpuColumn ucpu{this, "ucpu", &cpu};
};

}  // namespace weft

#endif  // SRC_STORAGE_FTRACE_EVENT_TABLE_H_
