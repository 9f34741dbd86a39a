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
  if (!grouped_) {
    const auto& sets = arg_set_id.data();
    std::vector<uint32_t> order;
    order.reserve(rows_);
    for (uint32_t r = 0; r < rows_; ++r) {
      if (sets[r] != kDroppedSet) order.push_back(r);
    }
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return sets[a] < sets[b];
    });
    auto permute = [&](auto& vec) {
      using Vec = std::remove_reference_t<decltype(vec)>;
      Vec out(order.size());
      for (size_t i = 0; i < order.size(); ++i) out[i] = vec[order[i]];
      vec.swap(out);
    };
    permute(arg_set_id.mutable_data());
    permute(flat_key.mutable_data());
    permute(key.mutable_data());
    permute(values_);
    permute(types_);
    rows_ = static_cast<uint32_t>(order.size());
    grouped_ = true;
  }
  arg_set_id.set_sorted(true);
}

size_t ArgsTable::MemoryUsage() const {
  return arg_set_id.MemoryUsage() + flat_key.MemoryUsage() +
         key.MemoryUsage() + values_.capacity() * 8 + types_.capacity();
}

}  // namespace weft
