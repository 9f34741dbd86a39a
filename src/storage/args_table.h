// `args`: key/value pairs grouped into arg sets (arg_set_id), referenced by
// slices, counters, threads, processes and import logs. Values live in one
// 8-byte cell plus a type byte; int_value/string_value/real_value and
// display_value are computed views of that cell, so a row costs 21 bytes.
// Invariant after Finalize(): rows are grouped by arg_set_id in increasing
// order, so a set lookup is a binary search.
#ifndef SRC_STORAGE_ARGS_TABLE_H_
#define SRC_STORAGE_ARGS_TABLE_H_

#include <cstring>
#include <string>
#include <vector>

#include "src/storage/column.h"
#include "src/storage/table.h"

namespace weft {

enum class ArgType : uint8_t { kInt, kUint, kReal, kString, kBool, kPointer, kJson, kNull };

class ArgsTable final : public StoredTable {
 public:
  explicit ArgsTable(StringPool* pool);

  // A new, empty set. Set ids are the row index of the set's first arg.
  uint32_t NewSetId() const { return rows_; }
  void AddInt(uint32_t set, StringId flat_key, StringId key, int64_t v) {
    Add(set, flat_key, key, ArgType::kInt, v);
  }
  void AddUint(uint32_t set, StringId flat_key, StringId key, uint64_t v) {
    Add(set, flat_key, key, ArgType::kUint, static_cast<int64_t>(v));
  }
  void AddBool(uint32_t set, StringId flat_key, StringId key, bool v) {
    Add(set, flat_key, key, ArgType::kBool, v);
  }
  void AddReal(uint32_t set, StringId flat_key, StringId key, double v) {
    int64_t bits;
    memcpy(&bits, &v, 8);
    Add(set, flat_key, key, ArgType::kReal, bits);
  }
  void AddString(uint32_t set, StringId flat_key, StringId key, StringId v) {
    Add(set, flat_key, key, ArgType::kString, v);
  }
  void AddNull(uint32_t set, StringId flat_key, StringId key) {
    Add(set, flat_key, key, ArgType::kNull, 0);
  }
  void Add(uint32_t set, StringId flat_key, StringId key, ArgType type,
           int64_t raw);

  // Moves every arg of |from| into |into| (e.g. end-event args joining the
  // begin event's set).
  void MergeSetInto(uint32_t from, uint32_t into);
  // Marks every arg of |set| for removal at Finalize() (args of an end
  // event that matched nothing).
  void DropSet(uint32_t set) { MergeSetInto(set, kDroppedSet); }
  // Forgets rows from |rows| on (rolls back a partially read event).
  void Truncate(uint32_t rows);
  // Finds an arg of |set| by key; -1 if absent. Valid after Finalize().
  int64_t FindArg(uint32_t set, StringId key) const;
  // Restores the grouping invariant after merges.
  void Finalize();

  ArgType value_type(uint32_t row) const { return types_[row]; }
  int64_t raw_value(uint32_t row) const { return values_[row]; }
  double real_value(uint32_t row) const {
    double d;
    memcpy(&d, &values_[row], 8);
    return d;
  }
  size_t MemoryUsage() const;

  IdColumn id{"id"};
  Uint32Column arg_set_id{"arg_set_id"};
  StringColumn flat_key{"flat_key"};
  StringColumn key{"key"};

 private:
  static constexpr uint32_t kDroppedSet = Uint32Column::kNull - 1;
  class ValueColumn;
  void Regroup();
  PodVector<int64_t> values_;
  PodVector<ArgType> types_;
  bool grouped_ = true;
  std::vector<std::unique_ptr<Column>> computed_;
};

}  // namespace weft

#endif  // SRC_STORAGE_ARGS_TABLE_H_
