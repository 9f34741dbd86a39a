// RowFilter: turns pushed-down constraints and orderings into the list of
// rows a table cursor visits. Pure storage logic: the only SQLite type it
// sees is the constraint value, so it can be unit tested directly.
#ifndef SRC_SQL_ROW_FILTER_H_
#define SRC_SQL_ROW_FILTER_H_

#include <sqlite3.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "src/storage/string_pool.h"
#include "src/storage/table.h"

namespace weft {

// kLike / kGlob: SQLite's LIKE (ASCII case-insensitive, no ESCAPE) and GLOB,
// the column being the matched string and the value the pattern.
enum class FilterOp : uint8_t {
  kEq, kNe, kLt, kLe, kGt, kGe, kIsNull, kIsNotNull, kIs, kIsNot, kLike, kGlob
};

struct OrderTerm {
  uint32_t column;
  bool desc;
};

// The rows selected so far, always increasing: a contiguous range until a
// filter materializes it into a list. A list may borrow memory (an index's
// rows) so narrowing never copies more than the result.
class RowSet {
 public:
  explicit RowSet(uint32_t n) : begin_(0), end_(n) {}
  RowSet(uint32_t begin, uint32_t end) : begin_(begin), end_(end) {}
  RowSet(RowSet&&) = default;
  RowSet& operator=(RowSet&&) = default;
  RowSet(const RowSet&) = delete;
  RowSet& operator=(const RowSet&) = delete;

  bool is_range() const { return !materialized_; }
  uint32_t size() const {
    return materialized_ ? static_cast<uint32_t>(size_) : end_ - begin_;
  }
  uint32_t at(uint32_t i) const { return materialized_ ? data_[i] : begin_ + i; }
  uint32_t range_begin() const { return begin_; }
  uint32_t range_end() const { return end_; }
  const uint32_t* list() const { return data_; }

  void SetRange(uint32_t begin, uint32_t end) {
    begin_ = begin;
    end_ = end < begin ? begin : end;
  }
  void SetOwned(std::vector<uint32_t> rows) {
    owned_ = std::move(rows);
    data_ = owned_.data();
    size_ = owned_.size();
    materialized_ = true;
  }
  // |rows| must outlive this RowSet (storage indexes do).
  void SetBorrowed(const uint32_t* rows, size_t n) {
    data_ = rows;
    size_ = n;
    materialized_ = true;
  }
  // Keeps list positions [from, to).
  void NarrowList(size_t from, size_t to) {
    data_ += from;
    size_ = to - from;
  }
  void Clear() { SetBorrowed(nullptr, 0); }

 private:
  uint32_t begin_ = 0, end_ = 0;
  bool materialized_ = false;
  const uint32_t* data_ = nullptr;
  size_t size_ = 0;
  std::vector<uint32_t> owned_;
};

class RowFilter {
 public:
  RowFilter(const Table* table, const StringPool* pool)
      : table_(table), pool_(pool) {}

  // Narrows |rows| to the rows where column |col| |op| |value| holds, with
  // SQLite's comparison semantics (NULL never matches a comparison).
  void Apply(uint32_t col, FilterOp op, sqlite3_value* value, RowSet* rows) const;
  // LIKE / GLOB on a string column: each distinct pooled string is matched
  // once, so a pattern over millions of rows costs one pass over their ids.
  void ApplyPattern(uint32_t col, FilterOp op, sqlite3_value* value, RowSet* rows) const;
  // Keeps rows whose column equals any of |values| (an IN list).
  void ApplyIn(uint32_t col, const std::vector<sqlite3_value*>& values,
               RowSet* rows) const;
  // Orders |rows| by |terms| (NULLs first ascending, as SQLite does).
  void Sort(const std::vector<OrderTerm>& terms, RowSet* rows) const;

  // How |terms| can be served from the storage order of a RowSet (rows are
  // always kept in increasing row order): as is, walked backwards, or only
  // by sorting.
  enum class Walk { kForward, kBackward, kSort };
  Walk WalkFor(const std::vector<OrderTerm>& terms) const;

 private:
  bool SortByPooledString(const OrderTerm& term, RowSet* rows) const;
  // A comparison of pooled string column |col| with |text| (non-null).
  void ApplyPooledText(const Column* col, FilterOp op, std::string_view text,
                       RowSet* rows) const;

  const Table* table_;
  const StringPool* pool_;
};

}  // namespace weft

#endif  // SRC_SQL_ROW_FILTER_H_
