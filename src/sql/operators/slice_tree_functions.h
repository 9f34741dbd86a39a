// ancestor_slice(id) and descendant_slice(id): the slices above / below one
// slice on its track, as table-valued functions with the `slice` table's
// columns (plus a hidden start_id argument column).
//
//   ancestor_slice(id)    every slice on the parent_id chain of |id|, from
//                         the depth-0 root down to |id|'s parent.
//   descendant_slice(id)  every slice nested under |id| (its parent_id chain
//                         reaches |id|), in id order. Found from |id|'s
//                         position in its track's rows: with stack nesting
//                         the descendants are the run of deeper rows right
//                         after it, so this costs O(log n + result).
//
// A NULL id gives no rows; an id that is not a slice, or a non-integer,
// is an error (as in Perfetto). ancestor_slice_by_stack and
// descendant_slice_by_stack are not provided: weft has no stack_id column.
//
// The table-valued function plumbing (RegisterRowListFunction) is shared
// with flow_functions.cc: a function whose rows are rows of a stored table
// chosen by one integer argument.
#ifndef SRC_SQL_OPERATORS_SLICE_TREE_FUNCTIONS_H_
#define SRC_SQL_OPERATORS_SLICE_TREE_FUNCTIONS_H_

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <vector>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

Status RegisterSliceTreeFunctions(sqlite3* db, const TraceStorage* storage);

// Set of row numbers in [0, n) that clears in O(1): marks carry the epoch
// they were set in, so one allocation serves any number of queries.
class EpochSet {
 public:
  void Reset(size_t n);
  // True if |row| was not in the set (it is now).
  bool Insert(uint32_t row) {
    if (marks_[row] == epoch_) return false;
    marks_[row] = epoch_;
    return true;
  }

 private:
  std::vector<uint32_t> marks_;
  uint32_t epoch_ = 0;
};

// Working memory of a row-list function, kept per virtual table so that a
// correlated join calling the function once per outer row allocates once.
struct RowListScratch {
  EpochSet slices;
  EpochSet flows;
  std::vector<uint32_t> relatives;
  std::vector<uint32_t> queue;
  std::vector<uint8_t> queue_via;
};

// Fills |rows| (cleared first) with the rows of the function's table for
// argument |start_id|, in output order. On failure returns false and sets
// |error|.
using RowListFn = bool (*)(const TraceStorage& storage, int64_t start_id,
                           RowListScratch* scratch, std::vector<uint32_t>* rows,
                           std::string* error);

// Registers |name| as an eponymous table-valued function: its columns are
// |table|'s visible columns, then `start_id` (the argument, HIDDEN), then
// |table|'s hidden columns. `name(x)` requires x; a plan without it is
// rejected.
Status RegisterRowListFunction(sqlite3* db, const std::string& name,
                               const Table* table, const TraceStorage* storage,
                               RowListFn fn);

// Slice rows above |slice_id|, root first (|rows| is cleared first). False
// if |slice_id| is no slice.
bool AncestorSliceRows(const SliceTable& slice, int64_t slice_id,
                       std::vector<uint32_t>* rows);
// Slice rows nested under |slice_id|, in id order (|rows| is cleared first).
// False if |slice_id| is no slice.
bool DescendantSliceRows(const SliceTable& slice, int64_t slice_id,
                         std::vector<uint32_t>* rows);

}  // namespace weft

#endif  // SRC_SQL_OPERATORS_SLICE_TREE_FUNCTIONS_H_
