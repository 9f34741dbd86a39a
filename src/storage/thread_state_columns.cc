// thread_state columns whose Running rows read their sched slice's cells.
#include "src/storage/thread_state_columns.h"

#include <algorithm>
#include <cstring>

namespace weft {

void RowValues::Put(uint32_t row, int64_t v, bool replace) {
  if ((row >> 6) >= has_.size()) has_.resize((row >> 6) + 1, 0);
  has_[row >> 6] |= uint64_t{1} << (row & 63);
  if (rows_.empty() || row > rows_.back()) {  // Most rows: no search.
    rows_.push_back(row);
    values_.push_back(wide_.Cell(row, v, 0));
    return;
  }
  size_t i = LowerBound(row);
  if (i < rows_.size() && rows_[i] == row) {
    if (replace) values_[i] = wide_.Cell(row, v, values_[i]);
    return;
  }
  // The later entries move up one.
  rows_.push_back(row);
  values_.push_back(0);
  size_t later = rows_.size() - 1 - i;
  if (later > 0) {
    memmove(&rows_[i + 1], &rows_[i], later * sizeof(uint32_t));
    memmove(&values_[i + 1], &values_[i], later * sizeof(int32_t));
  }
  rows_[i] = row;
  values_[i] = wide_.Cell(row, v, 0);
}

void ThreadStateDurColumn::KeepWhenSliceEnds(uint32_t row) {
  own_running_.Put(row, (*slice_dur_)[rows_->SliceOf(row)], /*replace=*/false);
}

bool ThreadStateDurColumn::ReadInt64s(uint32_t first, uint32_t count, int64_t* out) const {
  ReadRows(first, count, out, [this](uint32_t slice) { return (*slice_dur_)[slice]; });
  for (size_t i = own_running_.LowerBound(first);
       i < own_running_.size() && own_running_.row_at(i) < first + count; ++i) {
    out[own_running_.row_at(i) - first] = own_running_.value_at(i);
  }
  return true;
}

}  // namespace weft
