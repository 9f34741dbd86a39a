// `android_logs`: log messages with their time, thread, priority, tag and
// text, Perfetto's table for Android logcat — weft fills it from Fuchsia
// (FXT) log records too. Reference: docs/tables.md.
#ifndef SRC_STORAGE_LOG_TABLES_H_
#define SRC_STORAGE_LOG_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class AndroidLogTable final : public StoredTable {
 public:
  // Android log priorities (android_log_priority): 4 is INFO.
  static constexpr int64_t kPriorityInfo = 4;

  AndroidLogTable() : StoredTable("android_logs") {}
  uint32_t Insert(int64_t t, uint32_t thread, int64_t priority, StringId tag_id,
                  StringId message) {
    ts.Append(t);
    utid.Append(thread);
    prio.Append(priority);
    tag.Append(tag_id);
    msg.Append(message);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Int64Column ts{this, "ts"};
  Uint32Column utid{this, "utid"};
  Int64Column prio{this, "prio"};
  StringColumn tag{this, "tag"};
  StringColumn msg{this, "msg"};
};

}  // namespace weft

#endif  // SRC_STORAGE_LOG_TABLES_H_
