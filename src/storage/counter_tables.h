// `counter`: one row per counter sample, on a counter track.
#ifndef SRC_STORAGE_COUNTER_TABLES_H_
#define SRC_STORAGE_COUNTER_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class CounterTable final : public StoredTable {
 public:
  CounterTable() : StoredTable("counter") {}
  uint32_t Insert(int64_t t, uint32_t track, double v, uint32_t args) {
    ts.Append(t);
    track_id.Append(track);
    value.Append(v);
    arg_set_id.Append(args);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Int64Column ts{this, "ts"};
  Uint32Column track_id{this, "track_id", kIndexed};
  DoubleColumn value{this, "value"};
  Uint32Column arg_set_id{this, "arg_set_id"};
};

}  // namespace weft

#endif  // SRC_STORAGE_COUNTER_TABLES_H_
