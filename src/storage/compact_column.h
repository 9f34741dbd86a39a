// Compact columns for the tables with the most rows per trace (sched and
// thread_state: several rows per context switch). Small integers (cpu,
// ucpu, utid, io_wait, ...) take the fewest bytes that hold every value so
// far: none while every cell is NULL, then 1, 2 or 4, widened on demand.
// Strings with few distinct values (thread states, end states) are codes
// into a per-column dictionary of StringIds. Cells read exactly as the
// plain Uint32Column / StringColumn would.
#ifndef SRC_STORAGE_COMPACT_COLUMN_H_
#define SRC_STORAGE_COMPACT_COLUMN_H_

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <unordered_map>
#include <vector>

#include "src/base/compiler.h"
#include "src/base/pod_vector.h"
#include "src/storage/column.h"
#include "src/storage/wide_int64s.h"

namespace weft {

// uint32 values (kNull = UINT32_MAX for NULL) stored 0, 1, 2 or 4 bytes
// wide; the widest value of each width is its NULL (a truncated kNull).
class NarrowUintVector {
 public:
  static constexpr uint32_t kNull = std::numeric_limits<uint32_t>::max();

  // Inlined, with its own path for 1-byte cells (most columns: states,
  // cpus, utids of small traces): sched and thread_state make ~5 cells per
  // kernel event, and a call with a width switch each was ~37 instructions.
  WEFT_ALWAYS_INLINE void push_back(uint32_t v) {
    WidenFor(v);
    if (width_ == 1) {
      bytes_.push_back(static_cast<uint8_t>(v));  // Truncating kNull gives 0xff.
    } else if (width_ != 0) {
      Store(bytes_.append_uninitialized(width_), v);
    }
    ++size_;
  }
  // Appends |n| times |v|.
  void AppendFill(uint32_t v, size_t n) {
    WidenFor(v);
    if (width_ == 1) {
      memset(bytes_.append_uninitialized(n), static_cast<uint8_t>(v), n);
    } else if (width_ != 0) {
      uint8_t* out = bytes_.append_uninitialized(n * width_);
      for (size_t i = 0; i < n; ++i, out += width_) Store(out, v);
    }
    size_ += n;
  }
  // Inlined with a 1-byte path, like push_back (the re-nesting of profile
  // calls sets a depth per call).
  WEFT_ALWAYS_INLINE void Set(uint32_t row, uint32_t v) {
    WidenFor(v);
    if (width_ == 1) {
      bytes_[row] = static_cast<uint8_t>(v);
    } else if (width_ != 0) {
      Store(&bytes_[static_cast<size_t>(row) * width_], v);
    }
  }
  uint32_t operator[](uint32_t row) const {
    return Load(bytes_.data() + static_cast<size_t>(row) * width_, width_);
  }
  // Cells [first, first + count) into |out| (uint32_t or int64_t; a NULL
  // reads as kNull either way, in int64_t an ordinary-looking 4294967295):
  // the width tested once.
  template <typename T>
  void Read(uint32_t first, uint32_t count, T* out) const {
    const uint8_t* p = bytes_.data() + static_cast<size_t>(first) * width_;
    switch (width_) {
      case 1:
        for (uint32_t i = 0; i < count; ++i) out[i] = p[i] == 0xff ? kNull : p[i];
        break;
      case 2:
        for (uint32_t i = 0; i < count; ++i) out[i] = Load(p + 2 * i, 2);
        break;
      case 4:
        if constexpr (sizeof(T) == 4) {
          memcpy(out, p, size_t{count} * 4);
        } else {
          for (uint32_t i = 0; i < count; ++i) out[i] = Load(p + 4 * i, 4);
        }
        break;
      default:
        std::fill_n(out, count, kNull);
        break;
    }
  }
  size_t size() const { return size_; }
  uint8_t width() const { return width_; }
  // False when no NULL was ever stored (a NULL since overwritten still
  // counts).
  bool may_hold_null() const { return may_hold_null_; }
  // Room for |rows| cells at the current width and at any later one.
  void reserve(size_t rows) {
    if (rows > reserved_rows_) reserved_rows_ = rows;
    bytes_.reserve(rows * width_);
  }
  size_t MemoryUsage() const { return bytes_.capacity(); }

 private:
  // Whether |v| is storable at |width| bytes (NULL always is; width 0
  // stores nothing else).
  static bool Fits(uint32_t v, uint8_t width) { return v == kNull || v < LimitOf(width); }
  // The cell at |p| of |width| bytes.
  static uint32_t Load(const uint8_t* p, uint8_t width) {
    switch (width) {
      case 1: return *p == 0xff ? kNull : *p;
      case 2: {
        uint16_t h;
        memcpy(&h, p, 2);
        return h == 0xffff ? kNull : h;
      }
      case 4: {
        uint32_t w;
        memcpy(&w, p, 4);
        return w;
      }
      default: return kNull;
    }
  }
  static void Store(uint8_t* p, uint32_t v, uint8_t width) {
    // Truncating kNull gives the narrow NULL.
    switch (width) {
      case 1: *p = static_cast<uint8_t>(v); break;
      case 2: { uint16_t h = static_cast<uint16_t>(v); memcpy(p, &h, 2); break; }
      default: memcpy(p, &v, 4); break;
    }
  }
  void Store(uint8_t* p, uint32_t v) const { Store(p, v, width_); }
  // The smallest value other than NULL that |width| cannot store.
  static uint32_t LimitOf(uint8_t width) {
    switch (width) {
      case 1: return 0xff;
      case 2: return 0xffff;
      case 4: return kNull;
      default: return 0;
    }
  }
  // Rewrites the cells, in place, at the narrowest width that also holds
  // |v|.
  WEFT_NOINLINE void Widen(uint32_t v);
  // Widens unless the current width stores |v|: the one test of limit_ on
  // the append and set paths. NULL fits every width but, as the largest
  // value, enters the branch too: it is noted there (may_hold_null_) at no
  // cost to the other values.
  WEFT_ALWAYS_INLINE void WidenFor(uint32_t v) {
    if (v >= limit_) {
      if (v != kNull) {
        Widen(v);
      } else {
        may_hold_null_ = true;
      }
    }
  }

  PodVector<uint8_t> bytes_;
  size_t size_ = 0;
  size_t reserved_rows_ = 0;  // Of reserve(): kept through widening.
  uint32_t limit_ = 0;  // LimitOf(width_): push_back's one test.
  uint8_t width_ = 0;
  bool may_hold_null_ = false;
};

// A Uint32Column (UINT32_MAX is NULL) in a NarrowUintVector.
class CompactUint32Column final : public Column {
 public:
  static constexpr uint32_t kNull = NarrowUintVector::kNull;
  CompactUint32Column(Table* table, std::string name, uint32_t flags = kNoFlags)
      : Column(table, std::move(name), ColumnType::kInt64, flags) {}
  WEFT_ALWAYS_INLINE void Append(uint32_t v) { data_.push_back(v); }
  WEFT_ALWAYS_INLINE void AppendNull() { data_.push_back(kNull); }
  // Appends |n| times |v|.
  void AppendFill(uint32_t v, size_t n) { data_.AppendFill(v, n); }
  void Set(uint32_t row, uint32_t v) { data_.Set(row, v); }
  uint32_t operator[](uint32_t row) const { return data_[row]; }
  // Cells [first, first + count) into |out| (kNull for NULL).
  void Read(uint32_t first, uint32_t count, uint32_t* out) const { data_.Read(first, count, out); }
  size_t size() const { return data_.size(); }

  bool IsNull(uint32_t row) const override { return data_[row] == kNull; }
  int64_t GetInt(uint32_t row) const override { return data_[row]; }
  // Only while no NULL was stored (slice.depth, for one): scans of a
  // column with NULLs go row by row.
  bool ReadInt64s(uint32_t first, uint32_t count, int64_t* out) const override {
    if (data_.may_hold_null()) return false;
    data_.Read(first, count, out);
    return true;
  }
  void ReserveRows(size_t rows) override { data_.reserve(rows); }
  bool EqualRows(int64_t value, const uint32_t** rows, size_t* count) const override {
    if (!(flags() & kIndexed)) return false;
    index_.Lookup(data_.size(), [this](uint32_t r) { return data_[r]; }, value, rows, count);
    return true;
  }
  size_t MemoryUsage() const override { return data_.MemoryUsage() + index_.MemoryUsage(); }

 private:
  NarrowUintVector data_;
  EqualityIndex index_;  // Built on first use when kIndexed.
};

// A StringColumn (kNullStringId is NULL) as codes into a dictionary of the
// column's distinct strings.
class DictStringColumn final : public Column {
 public:
  DictStringColumn(Table* table, std::string name, uint32_t flags = kNoFlags)
      : Column(table, std::move(name), ColumnType::kString, flags) {}
  // Inlined, as CodeOf's cache hit: thread_state appends a state per row
  // (a call was ~36 instructions of a ~200-instruction row).
  WEFT_ALWAYS_INLINE void Append(StringId v) { codes_.push_back(CodeOf(v)); }
  // Appends |n| times |v|.
  void AppendFill(StringId v, size_t n) { codes_.AppendFill(CodeOf(v), n); }
  void Set(uint32_t row, StringId v) { codes_.Set(row, CodeOf(v)); }
  StringId operator[](uint32_t row) const {
    uint32_t code = codes_[row];
    return code == NarrowUintVector::kNull ? kNullStringId : dict_[code];
  }
  size_t size() const { return codes_.size(); }

  bool IsNull(uint32_t row) const override {
    return codes_[row] == NarrowUintVector::kNull;
  }
  StringId GetString(uint32_t row) const override { return (*this)[row]; }
  void ReserveRows(size_t rows) override { codes_.reserve(rows); }
  size_t MemoryUsage() const override { return codes_.MemoryUsage() + dict_.capacity() * 4; }

 private:
  // The code of |v| (NarrowUintVector::kNull for NULL), added if new.
  WEFT_ALWAYS_INLINE uint32_t CodeOf(StringId v) {
    if (v == kNullStringId) return NarrowUintVector::kNull;
    // A slice's category is one of a few dozen: most values are found in
    // a small cache by their low bits, with no scan or hash.
    const Recent& recent = recent_[v % kRecent];
    if (recent.value == v) return recent.code;
    return CodeOfUncached(v);
  }
  // CodeOf() past the cache (which it updates).
  WEFT_NOINLINE uint32_t CodeOfUncached(StringId v);
  uint32_t Add(StringId v);
  uint32_t LookUp(StringId v);

  static constexpr size_t kScanLimit = 8;
  NarrowUintVector codes_;
  std::vector<StringId> dict_;
  std::unordered_map<StringId, uint32_t> code_of_;  // Of dict_[kScanLimit..].
  // Values coded lately and their codes, by value % kRecent.
  struct Recent {
    StringId value = kNullStringId;
    uint32_t code = 0;
  };
  static constexpr uint32_t kRecent = 64;
  Recent recent_[kRecent];
};

// An Int64Column without NULLs (sched, thread_state and slice durations)
// in 3-byte cells while most values are short: a cell holds v + 1 for v
// in [-1, 2^23 - 2] (to 8.4 ms, with the -1 of an unfinished slice), else
// the index of v in aside_. A trace of long sleeps, with more than an
// eighth of its values aside, would pay more that way: the column then
// moves to 4-byte cells (int32; a value outside it, a sleep of over
// 2.1 s, kept in wide_, its cell marked), which never cost more than 4
// bytes a row and a map entry per long sleep.
class CompactInt64Column final : public Column {
 public:
  CompactInt64Column(Table* table, std::string name, uint32_t flags = kNoFlags)
      : Column(table, std::move(name), ColumnType::kInt64, flags) {}
  // Inlined for a short value (sched and thread_state append and set a
  // dur per row); the rest out of line.
  WEFT_ALWAYS_INLINE void Append(int64_t v) {
    if (three_byte_ && FitsThree(v)) {
      StoreThree(bytes_.append_uninitialized(3), static_cast<uint32_t>(v + 1));
      ++size_;
      return;
    }
    AppendOther(v);
  }
  // Appends |n| values.
  void AppendBlock(const int64_t* values, size_t n) {
    for (size_t i = 0; i < n; ++i) Append(values[i]);
  }
  WEFT_ALWAYS_INLINE void Set(uint32_t row, int64_t v) {
    if (three_byte_ && FitsThree(v)) {
      // An aside entry the cell had stays unused.
      StoreThree(&bytes_[size_t{row} * 3], static_cast<uint32_t>(v + 1));
      return;
    }
    SetOther(row, v);
  }
  int64_t operator[](uint32_t row) const {
    return three_byte_ ? DecodeThree(LoadThree(row)) : DecodeFour(row, cells_[row]);
  }
  size_t size() const { return size_; }
  bool IsNull(uint32_t) const override { return false; }
  int64_t GetInt(uint32_t row) const override { return (*this)[row]; }
  bool ReadInt64s(uint32_t first, uint32_t count, int64_t* out) const override {
    Read(first, count, out);
    return true;
  }
  // Rows [first, first + count) into |out|.
  void Read(uint32_t first, uint32_t count, int64_t* out) const {
    if (three_byte_) {
      for (uint32_t i = 0; i < count; ++i) out[i] = DecodeThree(LoadThree(first + i));
    } else {
      const int32_t* cells = &cells_[first];
      for (uint32_t i = 0; i < count; ++i) out[i] = DecodeFour(first + i, cells[i]);
    }
  }
  void ReserveRows(size_t rows) override {
    if (three_byte_) {
      bytes_.reserve(rows * 3);
    } else {
      cells_.reserve(rows);
    }
  }
  size_t MemoryUsage() const override {
    return bytes_.capacity() + aside_.capacity() * 8 + cells_.capacity() * 4 + wide_.MemoryUsage();
  }
  // Whether the cells are 3 bytes (for tests).
  bool three_byte_cells() const { return three_byte_; }

 private:
  // 3-byte cells: kAsideBit set, the rest is an index into aside_.
  static constexpr uint32_t kAsideBit = 1u << 23;
  static bool FitsThree(int64_t v) { return v >= -1 && v < int64_t{kAsideBit} - 1; }
  uint32_t LoadThree(uint32_t row) const {
    const uint8_t* p = &bytes_[size_t{row} * 3];
    return p[0] | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16;
  }
  static void StoreThree(uint8_t* p, uint32_t cell) {
    p[0] = static_cast<uint8_t>(cell);
    p[1] = static_cast<uint8_t>(cell >> 8);
    p[2] = static_cast<uint8_t>(cell >> 16);
  }
  int64_t DecodeThree(uint32_t cell) const {
    return cell < kAsideBit ? int64_t{cell} - 1 : aside_[cell - kAsideBit];
  }
  // Append() and Set() of a long value, or of any in 4-byte cells.
  WEFT_NOINLINE void AppendOther(int64_t v);
  WEFT_NOINLINE void SetOther(uint32_t row, int64_t v);
  // A long value into a 3-byte cell: aside.
  void SetLongInThree(uint32_t row, int64_t v);
  // Moves every value to 4-byte cells (SetFour).
  void UseFourByteCells();

  // 4-byte cells (a value outside int32 in wide_).
  int64_t DecodeFour(uint32_t row, int32_t cell) const { return wide_.Value(row, cell); }
  void SetFour(uint32_t row, int64_t v) { cells_[row] = wide_.Cell(row, v, cells_[row]); }

  size_t size_ = 0;
  bool three_byte_ = true;
  PodVector<uint8_t> bytes_;  // 3 per row while three_byte_.
  PodVector<int64_t> aside_;  // Their long values (a value set again reuses its entry).
  PodVector<int32_t> cells_;  // Once not three_byte_.
  WideInt64s wide_;
};

}  // namespace weft

#endif  // SRC_STORAGE_COMPACT_COLUMN_H_
