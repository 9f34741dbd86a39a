// ArgsTable: storage, set merging and the computed value columns.
#include "src/storage/args_table.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

namespace weft {

namespace {
const char* const kTypeNames[] = {"int",  "uint",    "real", "string",
                                  "bool", "pointer", "json", "null"};

std::string FormatReal(double v) {
  char buf[64];
  snprintf(buf, sizeof(buf), "%f", v);
  return buf;
}
}  // namespace

// One computed column of the value cell (int_value, string_value, ...).
class ArgsTable::ValueColumn final : public Column {
 public:
  enum Kind { kIntValue, kStringValue, kRealValue, kValueType, kDisplayValue };
  ValueColumn(const ArgsTable* args, Kind kind, std::string name,
              ColumnType type, const StringPool* pool)
      : Column(std::move(name), type, kNoFlags), args_(args), kind_(kind) {
    for (int i = 0; i < 8; ++i) type_names_[i] = const_cast<StringPool*>(pool)->Intern(kTypeNames[i]);
  }

  bool IsNull(uint32_t row) const override {
    ArgType t = args_->types_[row];
    switch (kind_) {
      case kIntValue:
        return !(t == ArgType::kInt || t == ArgType::kUint ||
                 t == ArgType::kBool || t == ArgType::kPointer);
      case kStringValue:
        return !(t == ArgType::kString || t == ArgType::kJson);
      case kRealValue:
        return t != ArgType::kReal;
      case kValueType:
        return false;
      case kDisplayValue:
        return t == ArgType::kNull;
    }
    return true;
  }
  int64_t GetInt(uint32_t row) const override { return args_->values_[row]; }
  double GetDouble(uint32_t row) const override {
    return args_->real_value(row);
  }
  StringId GetString(uint32_t row) const override {
    if (kind_ == kValueType)
      return type_names_[static_cast<int>(args_->types_[row])];
    return static_cast<StringId>(args_->values_[row]);
  }
  bool text_is_pooled() const override { return kind_ != kDisplayValue; }
  std::string_view GetText(uint32_t row, const StringPool& pool,
                           std::string* scratch) const override {
    if (kind_ != kDisplayValue) return Column::GetText(row, pool, scratch);
    int64_t v = args_->values_[row];
    switch (args_->types_[row]) {
      case ArgType::kString:
      case ArgType::kJson:
        return pool.Get(static_cast<StringId>(v));
      case ArgType::kBool:
        return v ? "true" : "false";
      case ArgType::kUint:
        *scratch = std::to_string(static_cast<uint64_t>(v));
        return *scratch;
      case ArgType::kPointer: {
        char buf[32];
        snprintf(buf, sizeof(buf), "0x%" PRIx64, static_cast<uint64_t>(v));
        *scratch = buf;
        return *scratch;
      }
      case ArgType::kReal:
        *scratch = FormatReal(args_->real_value(row));
        return *scratch;
      case ArgType::kInt:
        *scratch = std::to_string(v);
        return *scratch;
      case ArgType::kNull:
        break;
    }
    return {};
  }

 private:
  const ArgsTable* args_;
  Kind kind_;
  StringId type_names_[8];
};

ArgsTable::ArgsTable(StringPool* pool) : StoredTable("args") {
  auto add = [&](ValueColumn::Kind kind, const char* name, ColumnType type) {
    computed_.emplace_back(new ValueColumn(this, kind, name, type, pool));
    return computed_.back().get();
  };
  AddColumn(&id);
  AddColumn(&arg_set_id);
  AddColumn(&flat_key);
  AddColumn(&key);
  AddColumn(add(ValueColumn::kIntValue, "int_value", ColumnType::kInt64));
  AddColumn(add(ValueColumn::kStringValue, "string_value", ColumnType::kString));
  AddColumn(add(ValueColumn::kRealValue, "real_value", ColumnType::kDouble));
  AddColumn(add(ValueColumn::kValueType, "value_type", ColumnType::kString));
  AddColumn(add(ValueColumn::kDisplayValue, "display_value", ColumnType::kString));
}

void ArgsTable::Add(uint32_t set, StringId flat, StringId k, ArgType type,
                    int64_t raw) {
  if (rows_ > 0 && set < arg_set_id[rows_ - 1]) grouped_ = false;
  arg_set_id.Append(set);
  flat_key.Append(flat);
  key.Append(k);
  values_.push_back(raw);
  types_.push_back(type);
  NextRow();
}

void ArgsTable::MergeSetInto(uint32_t from, uint32_t into) {
  if (from == into) return;
  for (uint32_t r = from; r < rows_ && arg_set_id[r] == from; ++r) {
    arg_set_id.Set(r, into);
  }
  grouped_ = false;
}

void ArgsTable::Truncate(uint32_t rows) {
  if (rows >= rows_) return;
  arg_set_id.mutable_data().resize(rows);
  flat_key.mutable_data().resize(rows);
  key.mutable_data().resize(rows);
  values_.resize(rows);
  types_.resize(rows);
  rows_ = rows;
}

int64_t ArgsTable::FindArg(uint32_t set, StringId k) const {
  const auto& sets = arg_set_id.data();
  auto it = std::lower_bound(sets.begin(), sets.end(), set);
  for (uint32_t r = static_cast<uint32_t>(it - sets.begin());
       r < rows_ && sets[r] == set; ++r) {
    if (key[r] == k) return r;
  }
  return -1;
}

void ArgsTable::Finalize() {
  if (!grouped_) Regroup();
  arg_set_id.set_sorted(true);
}

// Rows are almost always already grouped: only merged end-event args,
// late process/thread args and dropped sets are out of place. Those few
// rows are pulled aside, the rest compacted in place, and the two merged
// back from the end: linear time, no second copy of the table.
void ArgsTable::Regroup() {
  struct Row {
    uint32_t set;
    StringId flat, key;
    int64_t value;
    ArgType type;
  };
  auto& sets = arg_set_id.mutable_data();
  auto& flats = flat_key.mutable_data();
  auto& keys = key.mutable_data();
  std::vector<Row> aside;
  uint32_t kept = 0;
  uint32_t max_set = 0;
  for (uint32_t r = 0; r < rows_; ++r) {
    uint32_t set = sets[r];
    if (set == kDroppedSet) continue;
    if (set < max_set) {
      aside.push_back({set, flats[r], keys[r], values_[r], types_[r]});
      continue;
    }
    max_set = set;
    sets[kept] = set;
    flats[kept] = flats[r];
    keys[kept] = keys[r];
    values_[kept] = values_[r];
    types_[kept] = types_[r];
    ++kept;
  }
  std::stable_sort(aside.begin(), aside.end(),
                   [](const Row& a, const Row& b) { return a.set < b.set; });
  uint32_t total = kept + static_cast<uint32_t>(aside.size());
  // Merge from the back; on equal sets the rows already in place come first.
  int64_t i = static_cast<int64_t>(kept) - 1;
  int64_t j = static_cast<int64_t>(aside.size()) - 1;
  for (int64_t out = static_cast<int64_t>(total) - 1; j >= 0; --out) {
    if (i >= 0 && sets[static_cast<size_t>(i)] > aside[static_cast<size_t>(j)].set) {
      size_t from = static_cast<size_t>(i--);
      size_t to = static_cast<size_t>(out);
      sets[to] = sets[from];
      flats[to] = flats[from];
      keys[to] = keys[from];
      values_[to] = values_[from];
      types_[to] = types_[from];
    } else {
      const Row& a = aside[static_cast<size_t>(j--)];
      size_t to = static_cast<size_t>(out);
      sets[to] = a.set;
      flats[to] = a.flat;
      keys[to] = a.key;
      values_[to] = a.value;
      types_[to] = a.type;
    }
  }
  rows_ = total;
  sets.resize(total);
  flats.resize(total);
  keys.resize(total);
  values_.resize(total);
  types_.resize(total);
  grouped_ = true;
}

size_t ArgsTable::MemoryUsage() const {
  return arg_set_id.MemoryUsage() + flat_key.MemoryUsage() +
         key.MemoryUsage() + values_.capacity() * 8 + types_.capacity();
}

}  // namespace weft
