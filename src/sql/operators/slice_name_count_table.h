// slice_name_count: one row per distinct slice name (NULL names left out)
// with its number of slices, counted in one pass over `slice` in C++. The
// viewer's find counts a substring's matches with
//   select sum(slice_count) from slice_name_count where name like '%x%'
// which evaluates LIKE once per name and steps one row per name, instead of
// stepping every matching slice through SQLite (a third of 10M slices took
// ~190 ms of CPU in wasm).
#ifndef SRC_SQL_OPERATORS_SLICE_NAME_COUNT_TABLE_H_
#define SRC_SQL_OPERATORS_SLICE_NAME_COUNT_TABLE_H_

#include <sqlite3.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

// (name, slice count) for every non-NULL name of |slice|, in the order the
// names were first interned.
std::vector<std::pair<StringId, int64_t>> CountSliceNames(const SliceTable& slice,
                                                          const StringPool& pool);

Status RegisterSliceNameCountTable(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_SLICE_NAME_COUNT_TABLE_H_
