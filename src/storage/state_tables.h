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
  StateTable() : StoredTable("state") {
    for (const Column* c : std::initializer_list<const Column*>{
             &id, &ts, &dur, &track_id, &category, &value, &arg_set_id}) {
      AddColumn(c);
    }
  }
  uint32_t Insert(int64_t t, uint32_t track, StringId cat, StringId v) {
    ts.Append(t);
    dur.Append(-1);
    track_id.Append(track);
    category.Append(cat);
    value.Append(v);
    arg_set_id.Append(Uint32Column::kNull);
    return NextRow();
  }

  IdColumn id{"id"};
  Int64Column ts{"ts"};
  Int64Column dur{"dur"};
  Uint32Column track_id{"track_id", kIndexed};
  StringColumn category{"category"};
  StringColumn value{"value"};
  Uint32Column arg_set_id{"arg_set_id"};  // No importer adds state args yet.
};

}  // namespace weft

#endif  // SRC_STORAGE_STATE_TABLES_H_
