// The thread_state columns a Running row (running_rows.h) reads from its
// sched slice: ts, dur, cpu, utid and state. Own rows keep their cells in
// the usual compact columns, holding own rows only. Only dur changes after
// an insert (when a state ends): a Running row's follows its slice's
// unless set to another value (the thread was switched in on another CPU
// before this slice ended, or switch events were lost), kept aside.
#ifndef SRC_STORAGE_THREAD_STATE_COLUMNS_H_
#define SRC_STORAGE_THREAD_STATE_COLUMNS_H_

#include <algorithm>
#include <cstdint>
#include <string>

#include "src/storage/column.h"
#include "src/storage/compact_column.h"
#include "src/storage/running_rows.h"
#include "src/storage/timestamp_column.h"
#include "src/storage/wide_int64s.h"

namespace weft {

// What the columns below share: the row kinds and the own rows' column.
template <typename Own>
class RunningOrOwnColumn : public Column {
 public:
  size_t size() const { return rows_->size(); }
  // Room for |own_rows| own rows in all (ThreadStateTable::ReserveRows:
  // the table's row count would reserve for Running rows too).
  void ReserveOwnRows(size_t own_rows) { own_.ReserveRows(own_rows); }
  size_t MemoryUsage() const override { return own_.MemoryUsage(); }

 protected:
  RunningOrOwnColumn(Table* table, std::string name, ColumnType type, uint32_t flags,
                     const RunningRows* rows)
      : Column(table, std::move(name), type, flags), rows_(rows) {}
  // Rows [first, first + count) into |out| (int64_t or uint32_t), the
  // running ones through |running(slice)|: own cells read a piece at a
  // time, the search done once.
  template <typename T, typename Running>
  void ReadRows(uint32_t first, uint32_t count, T* out, Running running) const {
    constexpr uint32_t kPiece = 512;
    T own[kPiece];
    uint32_t own_index = rows_->OwnIndex(first);
    uint32_t own_end = own_index + count;  // An upper bound.
    uint32_t in_piece = 0, piece_size = 0;
    rows_->ForEach(
        first, count,
        [&](uint32_t row, uint32_t) {
          if (in_piece == piece_size) {  // The next piece of own cells.
            uint32_t own_rows = static_cast<uint32_t>(own_.size());
            piece_size = std::min({kPiece, own_end - own_index, own_rows - own_index});
            own_.Read(own_index, piece_size, own);
            own_index += piece_size;
            in_piece = 0;
          }
          out[row - first] = own[in_piece++];
        },
        [&](uint32_t row, uint32_t slice) { out[row - first] = running(slice); });
  }

  Own own_{nullptr, ""};
  const RunningRows* rows_;
};

// ts: a Running row's is its slice's.
class ThreadStateTsColumn final : public RunningOrOwnColumn<TimestampColumn> {
 public:
  ThreadStateTsColumn(Table* table, std::string name, const RunningRows* rows,
                      const TimestampColumn* slice_ts)
      : RunningOrOwnColumn(table, std::move(name), ColumnType::kInt64, kNoFlags, rows),
        slice_ts_(slice_ts) {}
  WEFT_ALWAYS_INLINE void AppendOwn(int64_t v) {
    Note(v);
    own_.Append(v);
  }
  // A Running row was appended, of a slice starting at |v|.
  void NoteRunning(int64_t v) { Note(v); }
  int64_t operator[](uint32_t row) const {
    return rows_->IsRunning(row) ? (*slice_ts_)[rows_->SliceOf(row)] : own_[rows_->OwnIndex(row)];
  }
  // Kept on append (cells never change): a pass over the rows cost more
  // than the running rows' lookups save.
  bool IsNonDecreasing() const { return non_decreasing_; }

  bool IsNull(uint32_t) const override { return false; }
  int64_t GetInt(uint32_t row) const override { return (*this)[row]; }
  bool ReadInt64s(uint32_t first, uint32_t count, int64_t* out) const override {
    ReadRows(first, count, out, [this](uint32_t slice) { return (*slice_ts_)[slice]; });
    return true;
  }

 private:
  WEFT_ALWAYS_INLINE void Note(int64_t v) {
    non_decreasing_ &= v >= last_;
    last_ = v;
  }
  const TimestampColumn* slice_ts_;
  int64_t last_ = INT64_MIN;
  bool non_decreasing_ = true;
};

// Running rows' durs that are not their slices', by row: sorted arrays
// (8 bytes an entry: a row and an int32; a value outside int32, a sleep
// of over 2.1 s, in a map by row), as rows get theirs in about row order
// (a state ends soon after it starts).
class RowValues {
 public:
  // Whether |row| has a value, and it in |*value|.
  bool Find(uint32_t row, int64_t* value) const {
    if (!Has(row)) return false;
    size_t i = LowerBound(row);
    if (i == rows_.size() || rows_[i] != row) return false;
    *value = value_at(i);
    return true;
  }
  // Sets |row|'s value (|replace| false: only if it has none).
  void Put(uint32_t row, int64_t v, bool replace);
  // The first entry at or after |row|.
  size_t LowerBound(uint32_t row) const {
    return static_cast<size_t>(std::lower_bound(rows_.begin(), rows_.end(), row) - rows_.begin());
  }
  uint32_t row_at(size_t i) const { return rows_[i]; }
  int64_t value_at(size_t i) const { return wide_.Value(rows_[i], values_[i]); }
  size_t size() const { return rows_.size(); }
  size_t MemoryUsage() const {
    return rows_.capacity() * 4 + values_.capacity() * 4 + has_.capacity() * 8 + wide_.MemoryUsage();
  }

 private:
  // Whether |row| has an entry: a bit per row, so a row without one (most)
  // is not a binary search.
  bool Has(uint32_t row) const {
    return (row >> 6) < has_.size() && (has_[row >> 6] >> (row & 63) & 1);
  }
  PodVector<uint32_t> rows_;
  PodVector<int32_t> values_;
  PodVector<uint64_t> has_;
  WideInt64s wide_;
};

// dur: a Running row's is its slice's unless set otherwise.
class ThreadStateDurColumn final : public RunningOrOwnColumn<CompactInt64Column> {
 public:
  ThreadStateDurColumn(Table* table, std::string name, const RunningRows* rows,
                       const CompactInt64Column* slice_dur)
      : RunningOrOwnColumn(table, std::move(name), ColumnType::kInt64, kNoFlags, rows),
        slice_dur_(slice_dur) {}
  WEFT_ALWAYS_INLINE void AppendOwn(int64_t v) { own_.Append(v); }
  // A Running row's dur is its own once set: the tracker sets it when the
  // row does not end with its slice (and leaves it unset when it does).
  WEFT_ALWAYS_INLINE void Set(uint32_t row, int64_t v) {
    if (rows_->IsRunning(row)) {
      own_running_.Put(row, v, /*replace=*/true);
    } else {
      own_.Set(rows_->OwnIndex(row), v);
    }
  }
  // Running row |row|'s dur stays what it is now when its slice's changes
  // next (the row is not ended with it).
  void KeepWhenSliceEnds(uint32_t row);
  int64_t operator[](uint32_t row) const {
    return rows_->IsRunning(row) ? RunningDur(row) : own_[rows_->OwnIndex(row)];
  }

  bool IsNull(uint32_t) const override { return false; }
  int64_t GetInt(uint32_t row) const override { return (*this)[row]; }
  bool ReadInt64s(uint32_t first, uint32_t count, int64_t* out) const override;
  size_t MemoryUsage() const override { return own_.MemoryUsage() + own_running_.MemoryUsage(); }

 private:
  int64_t RunningDur(uint32_t row) const {
    int64_t own;
    return own_running_.Find(row, &own) ? own : (*slice_dur_)[rows_->SliceOf(row)];
  }
  const CompactInt64Column* slice_dur_;
  RowValues own_running_;  // Running rows' own durs.
};

// cpu and utid (uint32, kNull for NULL): a Running row's are its slice's.
class ThreadStateUintColumn final : public RunningOrOwnColumn<CompactUint32Column> {
 public:
  static constexpr uint32_t kNull = CompactUint32Column::kNull;
  ThreadStateUintColumn(Table* table, std::string name, const RunningRows* rows,
                        const CompactUint32Column* slice_column, uint32_t flags = kNoFlags)
      : RunningOrOwnColumn(table, std::move(name), ColumnType::kInt64, flags, rows),
        slice_column_(slice_column) {}
  WEFT_ALWAYS_INLINE void AppendOwn(uint32_t v) { own_.Append(v); }
  // Own rows only: a Running row's cells are its slice's (a Set of one,
  // which no importer makes, is ignored).
  void Set(uint32_t row, uint32_t v) {
    if (!rows_->IsRunning(row)) own_.Set(rows_->OwnIndex(row), v);
  }
  uint32_t operator[](uint32_t row) const {
    return rows_->IsRunning(row) ? (*slice_column_)[rows_->SliceOf(row)]
                                 : own_[rows_->OwnIndex(row)];
  }
  // Calls |f(value)| for every row's value, in no particular order.
  template <typename F>
  void ForEachValue(F f) const {
    constexpr uint32_t kPiece = 1024;
    uint32_t values[kPiece];
    uint32_t own_rows = static_cast<uint32_t>(own_.size());
    for (uint32_t first = 0; first < own_rows; first += kPiece) {
      uint32_t n = std::min(kPiece, own_rows - first);
      own_.Read(first, n, values);
      for (uint32_t i = 0; i < n; ++i) f(values[i]);
    }
    rows_->ForEachSlice([&](uint32_t slice) { f((*slice_column_)[slice]); });
  }
  // Rows [first, first + count) into |out| (kNull for NULL).
  void Read(uint32_t first, uint32_t count, uint32_t* out) const {
    ReadRows(first, count, out, [this](uint32_t slice) { return (*slice_column_)[slice]; });
  }

  bool IsNull(uint32_t row) const override { return (*this)[row] == kNull; }
  int64_t GetInt(uint32_t row) const override { return (*this)[row]; }
  bool EqualRows(int64_t value, const uint32_t** rows, size_t* count) const override {
    if (!(flags() & kIndexed)) return false;
    index_.Lookup(size(), [this](uint32_t r) { return (*this)[r]; }, value, rows, count);
    return true;
  }
  size_t MemoryUsage() const override { return own_.MemoryUsage() + index_.MemoryUsage(); }

 private:
  const CompactUint32Column* slice_column_;
  EqualityIndex index_;  // Built on first use when kIndexed.
};

// state: a Running row's is "Running".
class ThreadStateStateColumn final : public RunningOrOwnColumn<DictStringColumn> {
 public:
  ThreadStateStateColumn(Table* table, std::string name, const RunningRows* rows)
      : RunningOrOwnColumn(table, std::move(name), ColumnType::kString, kNoFlags, rows) {}
  WEFT_ALWAYS_INLINE void AppendOwn(StringId v) { own_.Append(v); }
  // The one state of every Running row (kNullStringId until the first).
  StringId running() const { return running_; }
  void set_running(StringId running) { running_ = running; }
  // Own rows only, as ThreadStateUintColumn::Set.
  void Set(uint32_t row, StringId v) {
    if (!rows_->IsRunning(row)) own_.Set(rows_->OwnIndex(row), v);
  }
  StringId operator[](uint32_t row) const {
    return rows_->IsRunning(row) ? running_ : own_[rows_->OwnIndex(row)];
  }

  bool IsNull(uint32_t row) const override { return (*this)[row] == kNullStringId; }
  StringId GetString(uint32_t row) const override { return (*this)[row]; }

 private:
  StringId running_ = kNullStringId;
};

}  // namespace weft

#endif  // SRC_STORAGE_THREAD_STATE_COLUMNS_H_
