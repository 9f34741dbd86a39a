// `state`: the states of state tracks (protobuf TrackEvent TYPE_STATE): one
// row per state, from its event until the track's next state event (dur -1
// while still current at the end of the trace).
#ifndef SRC_STORAGE_STATE_TABLES_H_
#define SRC_STORAGE_STATE_TABLES_H_

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

class StateTable final : public StoredTable {
 public:
  StateTable() : StoredTable("state") {}
  uint32_t Insert(int64_t t, uint32_t track, StringId cat, StringId v) {
    ts.Append(t);
    dur.Append(-1);
    track_id.Append(track);
    category.Append(cat);
    value.Append(v);
    arg_set_id.Append(Uint32Column::kNull);
    return NextRow();
  }

  IdColumn id{this, "id"};
  Int64Column ts{this, "ts"};
  Int64Column dur{this, "dur"};
  Uint32Column track_id{this, "track_id", kIndexed};
  StringColumn category{this, "category"};
  StringColumn value{this, "value"};
  Uint32Column arg_set_id{this, "arg_set_id"};  // No importer adds state args yet.
};

}  // namespace weft

#endif  // SRC_STORAGE_STATE_TABLES_H_
