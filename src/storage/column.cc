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
