// Columns: the typed, append-only vectors every table is made of.
// A Column exposes cells through one virtual interface (used by the SQL
// layer); the concrete classes below also offer typed, non-virtual append
// and access for importers. Nulls are sentinels or a lazily created bitmap,
// never boxed values. A column is declared once, as a member of its table
// (`Int64Column ts{this, "ts"};`): it registers itself with the table on
// construction, so the members' declaration order is the SQL column order.
#ifndef SRC_STORAGE_COLUMN_H_
#define SRC_STORAGE_COLUMN_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "src/base/loop_blocks.h"
#include "src/base/pod_vector.h"
#include "src/storage/string_pool.h"

namespace weft {

class Table;

enum class ColumnType : uint8_t { kInt64, kDouble, kString };

enum ColumnFlag : uint32_t {
  kNoFlags = 0,
  kSorted = 1 << 0,     // Non-decreasing (NULLs excluded): binary search.
  kIdColumn = 1 << 1,   // Cell value is the row index (dense ids).
  kHidden = 1 << 2,     // Not part of SELECT * (aliases).
  kIndexed = 1 << 3,    // Keeps an equality index (built on first use).
};

class Column {
 public:
  // Appends the column to |table|'s columns (null: a column of no table).
  Column(Table* table, std::string name, ColumnType type, uint32_t flags);
  virtual ~Column();
  Column(const Column&) = delete;
  Column& operator=(const Column&) = delete;

  const std::string& name() const { return name_; }
  ColumnType type() const { return type_; }
  uint32_t flags() const { return flags_; }
  bool sorted() const { return flags_ & kSorted; }
  bool is_id() const { return flags_ & kIdColumn; }
  bool hidden() const { return flags_ & kHidden; }
  void set_sorted(bool sorted) {
    flags_ = sorted ? (flags_ | kSorted) : (flags_ & ~kSorted);
  }

  virtual bool IsNull(uint32_t row) const = 0;
  // Valid when !IsNull(row), for the column's type (kString -> StringId).
  virtual int64_t GetInt(uint32_t row) const;
  virtual double GetDouble(uint32_t row) const;
  virtual StringId GetString(uint32_t row) const;
  // Text of a kString cell. Stored strings come from |pool|; computed
  // columns (e.g. args.display_value) may format into |scratch|.
  virtual std::string_view GetText(uint32_t row, const StringPool& pool,
                                   std::string* scratch) const;
  // True when GetText() is always the pool string of GetString(), so string
  // equality can compare ids.
  virtual bool text_is_pooled() const { return true; }
  // For kIndexed columns: the rows holding |value|, increasing. Returns
  // false when the column has no index.
  virtual bool EqualRows(int64_t value, const uint32_t** rows,
                         size_t* count) const;
  // The cells as one array, for scans without a virtual call per row; null
  // when the column keeps no such array. Int64Cells: a kInt64 column without
  // NULLs. StringIdCells: a kString column's StringIds (kNullStringId is
  // NULL), its text the pool's.
  virtual const int64_t* Int64Cells() const { return nullptr; }
  virtual const StringId* StringIdCells() const { return nullptr; }
  // For a kInt64 column without NULLs that keeps no cell array (compact
  // columns): the cells of rows [first, first + count) into |out|, a piece
  // at a time, for scans without a virtual call per row. False when the
  // column does not read this way.
  virtual bool ReadInt64s(uint32_t /*first*/, uint32_t /*count*/, int64_t* /*out*/) const {
    return false;
  }
  // Makes room for |rows| rows in all, so appends up to there do not grow
  // the storage (growth copies it where mremap is missing, as in wasm).
  // Columns that store nothing per row, or mostly NULL, ignore it.
  virtual void ReserveRows(size_t /*rows*/) {}
  // Bytes allocated for the cells (and an index, once built); 0 for a
  // column that stores none of its own (ids, views, aliases).
  virtual size_t MemoryUsage() const { return 0; }

 private:
  std::string name_;
  ColumnType type_;
  uint32_t flags_;
};

// The id of a row equals its index: no storage at all.
class IdColumn final : public Column {
 public:
  IdColumn(Table* table, std::string name, uint32_t flags = kNoFlags)
      : Column(table, std::move(name), ColumnType::kInt64,
               flags | kIdColumn | kSorted) {}
  bool IsNull(uint32_t) const override { return false; }
  int64_t GetInt(uint32_t row) const override { return row; }
};

// Bitmap of non-null cells, created only once a NULL is appended.
class NullBitmap {
 public:
  bool IsNull(uint32_t row) const {
    return !words_.empty() && !(words_[row >> 6] >> (row & 63) & 1);
  }
  void Append(uint32_t row, bool is_null);
  void Set(uint32_t row, bool is_null);
  size_t MemoryUsage() const { return words_.capacity() * 8; }

 private:
  PodVector<uint64_t> words_;
};

// A column of T whose NULL bitmap is created on the first NULL, so columns
// that never hold NULL pay nothing for it.
template <typename T>
class NullableColumn : public Column {
 public:
  NullableColumn(Table* table, std::string name, ColumnType type, uint32_t flags)
      : Column(table, std::move(name), type, flags) {}
  void Append(T v) {
    if (has_nulls_) nulls_.Append(static_cast<uint32_t>(data_.size()), false);
    data_.push_back(v);
  }
  // Appends |n| cells (none NULL) at once.
  void AppendBlock(const T* values, size_t n) {
    if (has_nulls_) {
      for (size_t i = 0; i < n; ++i) nulls_.Append(static_cast<uint32_t>(data_.size() + i), false);
    }
    if (n) memcpy(data_.append_uninitialized(n), values, n * sizeof(T));
  }
  void AppendNull() {
    TrackNulls();
    nulls_.Append(static_cast<uint32_t>(data_.size()), true);
    data_.push_back(T());
  }
  void Set(uint32_t row, T v) {
    data_[row] = v;
    if (has_nulls_) nulls_.Set(row, false);
  }
  void SetNull(uint32_t row) {
    TrackNulls();
    nulls_.Set(row, true);
  }
  T operator[](uint32_t row) const { return data_[row]; }
  const PodVector<T>& data() const { return data_; }
  PodVector<T>& mutable_data() { return data_; }
  size_t size() const { return data_.size(); }
  void Reserve(size_t n) { data_.reserve(n); }

  bool IsNull(uint32_t row) const override {
    return has_nulls_ && nulls_.IsNull(row);
  }
  void ReserveRows(size_t rows) override { data_.reserve(rows); }
  size_t MemoryUsage() const override {
    return data_.capacity() * sizeof(T) + nulls_.MemoryUsage();
  }

 protected:
  PodVector<T> data_;
  NullBitmap nulls_;
  bool has_nulls_ = false;

 private:
  // The first null: from now on every row has a null bit (the rows so far
  // are not null).
  void TrackNulls() {
    if (has_nulls_) return;
    for (uint32_t r = 0; r < data_.size(); ++r) nulls_.Append(r, false);
    has_nulls_ = true;
  }
};

class Int64Column final : public NullableColumn<int64_t> {
 public:
  Int64Column(Table* table, std::string name, uint32_t flags = kNoFlags)
      : NullableColumn(table, std::move(name), ColumnType::kInt64, flags) {}
  int64_t GetInt(uint32_t row) const override { return data_[row]; }
  const int64_t* Int64Cells() const override { return has_nulls_ ? nullptr : data_.data(); }
};

class DoubleColumn final : public NullableColumn<double> {
 public:
  DoubleColumn(Table* table, std::string name, uint32_t flags = kNoFlags)
      : NullableColumn(table, std::move(name), ColumnType::kDouble, flags) {}
  double GetDouble(uint32_t row) const override { return data_[row]; }
};

// The rows of a uint32 column (UINT32_MAX is NULL, left out) grouped by
// value: built on first use, rebuilt when rows were added since.
class EqualityIndex {
 public:
  // The rows holding |value| among rows [0, rows), |value_of(row)| giving
  // each row's value; increasing.
  template <typename ValueOf>
  void Lookup(size_t rows, ValueOf value_of, int64_t value, const uint32_t** out,
              size_t* count) const {
    if (indexed_rows_ != rows || offsets_.empty()) Build(rows, value_of);
    if (value < 0 || static_cast<uint64_t>(value) + 1 >= offsets_.size()) {
      *out = nullptr;
      *count = 0;
      return;
    }
    uint32_t begin = offsets_[static_cast<size_t>(value)];
    *out = rows_.data() + begin;
    *count = offsets_[static_cast<size_t>(value) + 1] - begin;
  }
  size_t MemoryUsage() const { return (offsets_.capacity() + rows_.capacity()) * 4; }

 private:
  static constexpr uint32_t kNull = std::numeric_limits<uint32_t>::max();
  // Counting sort of row numbers by value (built on the first query that
  // needs it: the passes run in blocks, src/base/loop_blocks.h).
  template <typename ValueOf>
  void Build(size_t rows, ValueOf value_of) const {
    uint32_t max = 0;
    ForEachInBlocks(0, rows, [&](size_t r) {
      uint32_t v = value_of(static_cast<uint32_t>(r));
      if (v != kNull && v > max) max = v;
    });
    offsets_.assign(static_cast<size_t>(max) + 2, 0);
    ForEachInBlocks(0, rows, [&](size_t r) {
      uint32_t v = value_of(static_cast<uint32_t>(r));
      if (v != kNull) ++offsets_[v + 1];
    });
    for (size_t i = 1; i < offsets_.size(); ++i) offsets_[i] += offsets_[i - 1];
    rows_.resize(offsets_.back());
    PodVector<uint32_t> next = offsets_;
    ForEachInBlocks(0, rows, [&](size_t r) {
      uint32_t v = value_of(static_cast<uint32_t>(r));
      if (v != kNull) rows_[next[v]++] = static_cast<uint32_t>(r);
    });
    indexed_rows_ = rows;
  }

  mutable PodVector<uint32_t> offsets_;
  mutable PodVector<uint32_t> rows_;
  mutable size_t indexed_rows_ = 0;
};

// Row references and small counters; UINT32_MAX means NULL.
class Uint32Column final : public Column {
 public:
  static constexpr uint32_t kNull = std::numeric_limits<uint32_t>::max();
  Uint32Column(Table* table, std::string name, uint32_t flags = kNoFlags)
      : Column(table, std::move(name), ColumnType::kInt64, flags) {}
  void Append(uint32_t v) { data_.push_back(v); }
  void AppendNull() { data_.push_back(kNull); }
  // Appends |n| cells at once: from |values|, or |n| times |v|.
  void AppendBlock(const uint32_t* values, size_t n) {
    if (n) memcpy(data_.append_uninitialized(n), values, n * sizeof(uint32_t));
  }
  void AppendFill(uint32_t v, size_t n) { std::fill_n(data_.append_uninitialized(n), n, v); }
  void Set(uint32_t row, uint32_t v) { data_[row] = v; }
  uint32_t operator[](uint32_t row) const { return data_[row]; }
  PodVector<uint32_t>& mutable_data() { return data_; }
  const PodVector<uint32_t>& data() const { return data_; }
  size_t size() const { return data_.size(); }
  void Reserve(size_t n) { data_.reserve(n); }

  bool IsNull(uint32_t row) const override { return data_[row] == kNull; }
  int64_t GetInt(uint32_t row) const override { return data_[row]; }
  void ReserveRows(size_t rows) override { data_.reserve(rows); }
  bool EqualRows(int64_t value, const uint32_t** rows,
                 size_t* count) const override {
    if (!(flags() & kIndexed)) return false;
    index_.Lookup(data_.size(), [this](uint32_t r) { return data_[r]; }, value, rows, count);
    return true;
  }
  size_t MemoryUsage() const override { return data_.capacity() * 4 + index_.MemoryUsage(); }

 private:
  PodVector<uint32_t> data_;
  EqualityIndex index_;  // Built on first use when kIndexed.
};

// StringIds into the trace's pool; kNullStringId is NULL.
class StringColumn final : public Column {
 public:
  StringColumn(Table* table, std::string name, uint32_t flags = kNoFlags)
      : Column(table, std::move(name), ColumnType::kString, flags) {}
  void Append(StringId v) { data_.push_back(v); }
  // Appends |n| cells at once: from |values|, or |n| times |v|.
  void AppendBlock(const StringId* values, size_t n) {
    if (n) memcpy(data_.append_uninitialized(n), values, n * sizeof(StringId));
  }
  void AppendFill(StringId v, size_t n) { std::fill_n(data_.append_uninitialized(n), n, v); }
  void Set(uint32_t row, StringId v) { data_[row] = v; }
  StringId operator[](uint32_t row) const { return data_[row]; }
  PodVector<StringId>& mutable_data() { return data_; }
  size_t size() const { return data_.size(); }
  void Reserve(size_t n) { data_.reserve(n); }

  bool IsNull(uint32_t row) const override {
    return data_[row] == kNullStringId;
  }
  StringId GetString(uint32_t row) const override { return data_[row]; }
  const StringId* StringIdCells() const override { return data_.data(); }
  void ReserveRows(size_t rows) override { data_.reserve(rows); }
  size_t MemoryUsage() const override { return data_.capacity() * 4; }

 private:
  PodVector<StringId> data_;
};

// Presents another column through a row map (child tables, views).
class MappedColumn final : public Column {
 public:
  MappedColumn(Table* table, const Column* source, const std::vector<uint32_t>* rows,
               uint32_t flags)
      : Column(table, source->name(), source->type(), flags),
        source_(source),
        rows_(rows) {}
  bool IsNull(uint32_t row) const override {
    return source_->IsNull((*rows_)[row]);
  }
  int64_t GetInt(uint32_t row) const override {
    return source_->GetInt((*rows_)[row]);
  }
  double GetDouble(uint32_t row) const override {
    return source_->GetDouble((*rows_)[row]);
  }
  StringId GetString(uint32_t row) const override {
    return source_->GetString((*rows_)[row]);
  }
  std::string_view GetText(uint32_t row, const StringPool& pool,
                           std::string* scratch) const override {
    return source_->GetText((*rows_)[row], pool, scratch);
  }
  bool text_is_pooled() const override { return source_->text_is_pooled(); }

 private:
  const Column* source_;
  const std::vector<uint32_t>* rows_;
};

// Presents another column of the same row space under another name (legacy
// aliases such as slice.cat, and derived tables such as slice_layout).
// |flags| replace the source's (owners copy kSorted over after Finalize(),
// when sortedness is known).
class AliasColumn final : public Column {
 public:
  AliasColumn(Table* table, std::string alias, const Column* of, uint32_t flags)
      : Column(table, std::move(alias), of->type(), flags), of_(of) {}
  const Column* source() const { return of_; }
  bool IsNull(uint32_t r) const override { return of_->IsNull(r); }
  int64_t GetInt(uint32_t r) const override { return of_->GetInt(r); }
  double GetDouble(uint32_t r) const override { return of_->GetDouble(r); }
  StringId GetString(uint32_t r) const override { return of_->GetString(r); }
  std::string_view GetText(uint32_t r, const StringPool& pool,
                           std::string* scratch) const override {
    return of_->GetText(r, pool, scratch);
  }
  bool text_is_pooled() const override { return of_->text_is_pooled(); }
  const int64_t* Int64Cells() const override { return of_->Int64Cells(); }
  const StringId* StringIdCells() const override { return of_->StringIdCells(); }
  bool ReadInt64s(uint32_t first, uint32_t count, int64_t* out) const override {
    return of_->ReadInt64s(first, count, out);
  }
  bool EqualRows(int64_t value, const uint32_t** rows,
                 size_t* count) const override {
    return of_->EqualRows(value, rows, count);
  }

 private:
  const Column* of_;
};

}  // namespace weft

#endif  // SRC_STORAGE_COLUMN_H_
