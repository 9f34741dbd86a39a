// Out-of-line parts of the column classes.
#include "src/storage/column.h"

#include "src/storage/table.h"

namespace weft {

Column::Column(Table* table, std::string name, ColumnType type, uint32_t flags)
    : name_(std::move(name)), type_(type), flags_(flags) {
  if (table) table->columns_.push_back(this);
}

Column::~Column() = default;
int64_t Column::GetInt(uint32_t) const { return 0; }
double Column::GetDouble(uint32_t row) const {
  return static_cast<double>(GetInt(row));
}
StringId Column::GetString(uint32_t) const { return kNullStringId; }
std::string_view Column::GetText(uint32_t row, const StringPool& pool,
                                 std::string*) const {
  return pool.Get(GetString(row));
}

bool Column::EqualRows(int64_t, const uint32_t**, size_t*) const {
  return false;
}

bool Uint32Column::EqualRows(int64_t value, const uint32_t** rows,
                             size_t* count) const {
  if (!(flags() & kIndexed)) return false;
  if (indexed_rows_ != data_.size() || index_offsets_.empty()) {
    // Counting sort of row numbers by value; kNull rows are left out.
    uint32_t max = 0;
    for (uint32_t v : data_) {
      if (v != kNull && v > max) max = v;
    }
    index_offsets_.assign(static_cast<size_t>(max) + 2, 0);
    for (uint32_t v : data_) {
      if (v != kNull) ++index_offsets_[v + 1];
    }
    for (size_t i = 1; i < index_offsets_.size(); ++i) {
      index_offsets_[i] += index_offsets_[i - 1];
    }
    index_rows_.resize(index_offsets_.back());
    PodVector<uint32_t> next = index_offsets_;
    for (uint32_t r = 0; r < data_.size(); ++r) {
      if (data_[r] != kNull) index_rows_[next[data_[r]]++] = r;
    }
    indexed_rows_ = data_.size();
  }
  if (value < 0 || static_cast<uint64_t>(value) + 1 >= index_offsets_.size()) {
    *rows = nullptr;
    *count = 0;
    return true;
  }
  uint32_t begin = index_offsets_[static_cast<size_t>(value)];
  *rows = index_rows_.data() + begin;
  *count = index_offsets_[static_cast<size_t>(value) + 1] - begin;
  return true;
}

void NullBitmap::Append(uint32_t row, bool is_null) {
  if ((row >> 6) >= words_.size()) words_.push_back(0);
  Set(row, is_null);
}

void NullBitmap::Set(uint32_t row, bool is_null) {
  uint64_t bit = uint64_t{1} << (row & 63);
  if (is_null) {
    words_[row >> 6] &= ~bit;
  } else {
    words_[row >> 6] |= bit;
  }
}

}  // namespace weft
