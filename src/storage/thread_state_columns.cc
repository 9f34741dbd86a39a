// thread_state columns whose Running rows read their sched slice's cells.
#include "src/storage/thread_state_columns.h"

#include <algorithm>
#include <cstring>

namespace weft {

int32_t RowValues::Cell(uint32_t row, int64_t v) {
  if (v > kWide && v <= INT32_MAX) {
    wide_.erase(row);
    return static_cast<int32_t>(v);
  }
  wide_[row] = v;
  return kWide;
}

void RowValues::Put(uint32_t row, int64_t v, bool replace) {
  if ((row >> 6) >= has_.size()) has_.resize((row >> 6) + 1, 0);
  has_[row >> 6] |= uint64_t{1} << (row & 63);
  if (rows_.empty() || row > rows_.back()) {  // Most rows: no search.
    rows_.push_back(row);
    values_.push_back(Cell(row, v));
    return;
  }
  size_t i = LowerBound(row);
  if (i < rows_.size() && rows_[i] == row) {
    if (replace) values_[i] = Cell(row, v);
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
  values_[i] = Cell(row, v);
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
