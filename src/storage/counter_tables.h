// `counter`: one row per counter sample, on a counter track.
#ifndef SRC_STORAGE_COUNTER_TABLES_H_
#define SRC_STORAGE_COUNTER_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class CounterTable final : public StoredTable {
 public:
  CounterTable() : StoredTable("counter") {
    for (const Column* c : std::initializer_list<const Column*>{
             &id, &ts, &track_id, &value, &arg_set_id}) {
      AddColumn(c);
    }
  }
  uint32_t Insert(int64_t t, uint32_t track, double v, uint32_t args) {
    ts.Append(t);
    track_id.Append(track);
    value.Append(v);
    arg_set_id.Append(args);
    return NextRow();
  }

  IdColumn id{"id"};
  Int64Column ts{"ts"};
  Uint32Column track_id{"track_id", kIndexed};
  DoubleColumn value{"value"};
  Uint32Column arg_set_id{"arg_set_id"};
};

}  // namespace weft

#endif  // SRC_STORAGE_COUNTER_TABLES_H_
