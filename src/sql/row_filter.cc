// RowFilter: constraint evaluation with SQLite's comparison rules, binary
// search over sorted columns, and multi-column sorting.
#include "src/sql/row_filter.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <string_view>

#include "src/base/loop_blocks.h"

namespace weft {
namespace {

// A constraint's right-hand side, converted once per filter.
struct Operand {
  enum Kind { kNull, kInt, kDouble, kText, kBlob } kind = kNull;
  int64_t i = 0;
  double d = 0;
  std::string_view text;
};

Operand MakeOperand(const Column* col, sqlite3_value* v) {
  Operand o;
  if (col->type() == ColumnType::kString) {
    int t = sqlite3_value_type(v);
    if (t == SQLITE_NULL) return o;
    if (t == SQLITE_BLOB) {
      o.kind = Operand::kBlob;
      return o;
    }
    // TEXT affinity: numbers compare as their text.
    const char* s = reinterpret_cast<const char*>(sqlite3_value_text(v));
    o.kind = Operand::kText;
    o.text = std::string_view(s ? s : "", static_cast<size_t>(sqlite3_value_bytes(v)));
    return o;
  }
  // Numeric affinity: text that looks like a number becomes one.
  switch (sqlite3_value_numeric_type(v)) {
    case SQLITE_INTEGER:
      o.kind = Operand::kInt;
      o.i = sqlite3_value_int64(v);
      o.d = static_cast<double>(o.i);
      break;
    case SQLITE_FLOAT:
      o.kind = Operand::kDouble;
      o.d = sqlite3_value_double(v);
      break;
    case SQLITE_TEXT:
      o.kind = Operand::kText;
      break;
    case SQLITE_BLOB:
      o.kind = Operand::kBlob;
      break;
    default:
      break;
  }
  return o;
}

int CompareIntDouble(int64_t a, double b) {
  if (std::isnan(b)) return 1;
  if (b >= 9223372036854775808.0) return -1;
  if (b < -9223372036854775808.0) return 1;
  double fa = static_cast<double>(a);
  if (fa < b) return -1;
  if (fa > b) return 1;
  // Equal as doubles: decide exactly on the integer part.
  int64_t bi = static_cast<int64_t>(b);
  if (a != bi) return a < bi ? -1 : 1;
  double frac = b - static_cast<double>(bi);
  return frac > 0 ? -1 : (frac < 0 ? 1 : 0);
}

int Sign(int64_t x) { return x < 0 ? -1 : (x > 0 ? 1 : 0); }

// Compares a non-null cell with a non-null operand (SQLite type order:
// numbers < text < blob).
int CompareCell(const Column* col, uint32_t row, const Operand& o,
                const StringPool* pool, std::string* scratch) {
  switch (col->type()) {
    case ColumnType::kInt64: {
      int64_t a = col->GetInt(row);
      if (o.kind == Operand::kInt) return a < o.i ? -1 : (a > o.i ? 1 : 0);
      if (o.kind == Operand::kDouble) return CompareIntDouble(a, o.d);
      return -1;
    }
    case ColumnType::kDouble: {
      double a = col->GetDouble(row);
      if (o.kind == Operand::kInt) return -CompareIntDouble(o.i, a);
      if (o.kind == Operand::kDouble) return a < o.d ? -1 : (a > o.d ? 1 : 0);
      return -1;
    }
    case ColumnType::kString: {
      if (o.kind == Operand::kBlob) return -1;
      std::string_view a = col->GetText(row, *pool, scratch);
      return Sign(a.compare(o.text));
    }
  }
  return 0;
}

bool Matches(int cmp, FilterOp op) {
  switch (op) {
    case FilterOp::kEq:
    case FilterOp::kIs: return cmp == 0;
    case FilterOp::kNe:
    case FilterOp::kIsNot: return cmp != 0;
    case FilterOp::kLt: return cmp < 0;
    case FilterOp::kLe: return cmp <= 0;
    case FilterOp::kGt: return cmp > 0;
    case FilterOp::kGe: return cmp >= 0;
    default: return false;
  }
}

// Scans in blocks (src/base/loop_blocks.h): a filter over a whole table is
// one call, which in wasm would otherwise run at V8's baseline tier.
template <typename Pred>
void KeepIf(RowSet* rows, Pred pred) {
  std::vector<uint32_t> out;
  if (rows->is_range()) {
    ForEachInBlocks(rows->range_begin(), rows->range_end(), [&](size_t i) {
      uint32_t r = static_cast<uint32_t>(i);
      if (pred(r)) out.push_back(r);
    });
  } else {
    const uint32_t* list = rows->list();
    ForEachInBlocks(0, rows->size(), [&](size_t i) {
      if (pred(list[i])) out.push_back(list[i]);
    });
  }
  rows->SetOwned(std::move(out));
}

// Keeps the rows whose integer cell |matches|, with no virtual call per
// row: over the cell array (Column::Int64Cells: a kInt64 column without
// NULLs), or, for a range of rows, over pieces of the column
// (Column::ReadInt64s: compact columns, which keep no cell array). False
// when the column reads neither way for these rows.
template <typename Match>
bool ScanInt64s(const Column* col, RowSet* rows, Match matches) {
  if (const int64_t* cells = col->Int64Cells()) {
    KeepIf(rows, [&](uint32_t r) { return matches(cells[r]); });
    return true;
  }
  constexpr uint32_t kPiece = 1024;
  int64_t piece[kPiece];
  if (!rows->is_range() || rows->size() == 0 || !col->ReadInt64s(rows->range_begin(), 1, piece)) {
    return false;
  }
  std::vector<uint32_t> out;
  uint32_t begin = rows->range_begin(), end = rows->range_end();
  size_t pieces = (size_t{end} - begin + kPiece - 1) / kPiece;
  ForEachInBlocks(0, pieces, [&](size_t p) {
    uint32_t first = begin + static_cast<uint32_t>(p) * kPiece;
    uint32_t n = std::min(kPiece, end - first);
    col->ReadInt64s(first, n, piece);
    for (uint32_t i = 0; i < n; ++i) {
      if (matches(piece[i])) out.push_back(first + i);
    }
  });
  rows->SetOwned(std::move(out));
  return true;
}

// An integer comparison by ScanInt64s. False for operators it does not
// serve, or a column it cannot scan.
bool ScanInt64Comparison(const Column* col, FilterOp op, int64_t v, RowSet* rows) {
  switch (op) {
    case FilterOp::kEq:
    case FilterOp::kIs: return ScanInt64s(col, rows, [v](int64_t c) { return c == v; });
    case FilterOp::kNe:
    case FilterOp::kIsNot: return ScanInt64s(col, rows, [v](int64_t c) { return c != v; });
    case FilterOp::kLt: return ScanInt64s(col, rows, [v](int64_t c) { return c < v; });
    case FilterOp::kLe: return ScanInt64s(col, rows, [v](int64_t c) { return c <= v; });
    case FilterOp::kGt: return ScanInt64s(col, rows, [v](int64_t c) { return c > v; });
    case FilterOp::kGe: return ScanInt64s(col, rows, [v](int64_t c) { return c >= v; });
    default: return false;
  }
}

// The values of an IN list, for a membership test per row: a linear
// search over a few, a binary search over many.
template <typename T>
class ValueSet {
 public:
  explicit ValueSet(std::vector<T> values) : values_(std::move(values)) {
    std::sort(values_.begin(), values_.end());
    values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
  }
  bool empty() const { return values_.empty(); }
  bool Has(T v) const {
    if (values_.size() <= 8) return std::find(values_.begin(), values_.end(), v) != values_.end();
    return std::binary_search(values_.begin(), values_.end(), v);
  }

 private:
  std::vector<T> values_;
};

// IN over a pooled string column.
void InPooledText(const Column* col, const std::vector<Operand>& ops, const StringPool* pool,
                  RowSet* rows) {
  // Ids, not bytes: a string the pool does not hold is in no row, and a
  // blob equals no text.
  std::vector<StringId> ids;
  for (const Operand& o : ops) {
    if (o.kind != Operand::kText) continue;
    StringId id = pool->Find(o.text);
    if (id != kNullStringId) ids.push_back(id);
  }
  ValueSet<StringId> wanted(std::move(ids));
  if (wanted.empty()) {
    rows->Clear();
  } else if (const StringId* cells = col->StringIdCells()) {
    KeepIf(rows, [&](uint32_t r) { return wanted.Has(cells[r]); });
  } else {
    // GetString is defined for non-NULL cells only (args.string_value
    // holds other kinds' values under NULL).
    KeepIf(rows, [&](uint32_t r) { return !col->IsNull(r) && wanted.Has(col->GetString(r)); });
  }
}

// IN over an integer column, by ScanInt64s; false when it does not serve
// (a double among the values, or a column it cannot scan).
bool InInt64Scan(const Column* col, const std::vector<Operand>& ops, RowSet* rows) {
  std::vector<int64_t> values;
  for (const Operand& o : ops) {
    if (o.kind == Operand::kDouble) return false;  // Compared as SQLite does, below.
    if (o.kind == Operand::kInt) values.push_back(o.i);  // Text or a blob equals no number.
  }
  ValueSet<int64_t> wanted(std::move(values));
  return ScanInt64s(col, rows, [&](int64_t c) { return wanted.Has(c); });
}

}  // namespace

void RowFilter::Apply(uint32_t col_index, FilterOp op, sqlite3_value* value,
                      RowSet* rows) const {
  const Column* col = table_->columns()[col_index];
  if (op == FilterOp::kLike || op == FilterOp::kGlob) {
    ApplyPattern(col_index, op, value, rows);
    return;
  }
  if (op == FilterOp::kIsNull || op == FilterOp::kIsNotNull) {
    bool want_null = op == FilterOp::kIsNull;
    if (col->sorted() && col->type() != ColumnType::kString) {
      // Sorted columns hold no NULLs.
      if (want_null) rows->Clear();
      return;
    }
    KeepIf(rows, [&](uint32_t r) { return col->IsNull(r) == want_null; });
    return;
  }
  Operand o = MakeOperand(col, value);
  if (o.kind == Operand::kNull) {
    if (op == FilterOp::kIs) {
      KeepIf(rows, [&](uint32_t r) { return col->IsNull(r); });
    } else if (op == FilterOp::kIsNot) {
      KeepIf(rows, [&](uint32_t r) { return !col->IsNull(r); });
    } else {
      rows->Clear();
    }
    return;
  }

  bool numeric = o.kind == Operand::kInt || o.kind == Operand::kDouble;
  bool range_op = op == FilterOp::kEq || op == FilterOp::kIs ||
                  op == FilterOp::kLt || op == FilterOp::kLe ||
                  op == FilterOp::kGt || op == FilterOp::kGe;
  const uint32_t* index_rows;
  size_t index_count;
  // A short range is cheaper to scan than an index is to build or search.
  bool small = rows->size() <= 65536;
  if ((op == FilterOp::kEq || op == FilterOp::kIs) && o.kind == Operand::kInt &&
      !small && col->EqualRows(o.i, &index_rows, &index_count)) {
    // Equality index: its rows within what is left, borrowed, not copied.
    const uint32_t* end = index_rows + index_count;
    if (rows->is_range()) {
      const uint32_t* lo = std::lower_bound(index_rows, end, rows->range_begin());
      const uint32_t* hi = std::lower_bound(lo, end, rows->range_end());
      rows->SetBorrowed(lo, static_cast<size_t>(hi - lo));
    } else {
      std::vector<uint32_t> out;
      std::set_intersection(rows->list(), rows->list() + rows->size(),
                            index_rows, end, std::back_inserter(out));
      rows->SetOwned(std::move(out));
    }
    return;
  }
  if (!rows->is_range() && col->sorted() && col->type() == ColumnType::kInt64 &&
      numeric && range_op) {
    // Rows are increasing, so a sorted column is sorted along them too:
    // narrow the list in place.
    const uint32_t* begin = rows->list();
    const uint32_t* end = begin + rows->size();
    auto cell_less = [&](uint32_t r) {
      return o.kind == Operand::kInt ? col->GetInt(r) < o.i
                                     : CompareIntDouble(col->GetInt(r), o.d) < 0;
    };
    auto cell_less_eq = [&](uint32_t r) {
      return o.kind == Operand::kInt ? col->GetInt(r) <= o.i
                                     : CompareIntDouble(col->GetInt(r), o.d) <= 0;
    };
    size_t first_ge = static_cast<size_t>(std::partition_point(begin, end, cell_less) - begin);
    size_t first_gt = static_cast<size_t>(std::partition_point(begin, end, cell_less_eq) - begin);
    size_t n = rows->size();
    switch (op) {
      case FilterOp::kEq:
      case FilterOp::kIs: rows->NarrowList(first_ge, first_gt); break;
      case FilterOp::kLt: rows->NarrowList(0, first_ge); break;
      case FilterOp::kLe: rows->NarrowList(0, first_gt); break;
      case FilterOp::kGt: rows->NarrowList(first_gt, n); break;
      case FilterOp::kGe: rows->NarrowList(first_ge, n); break;
      default: break;
    }
    return;
  }
  if (rows->is_range() && col->sorted() && col->type() == ColumnType::kInt64 &&
      numeric && range_op) {
    // Binary search: [lo, hi) is the run of rows matching the constraint.
    auto less_than = [&](uint32_t r) {  // cell < operand
      return o.kind == Operand::kInt ? col->GetInt(r) < o.i
                                     : CompareIntDouble(col->GetInt(r), o.d) < 0;
    };
    auto less_eq = [&](uint32_t r) {  // cell <= operand
      return o.kind == Operand::kInt ? col->GetInt(r) <= o.i
                                     : CompareIntDouble(col->GetInt(r), o.d) <= 0;
    };
    auto partition = [&](auto pred) {
      uint32_t lo = rows->range_begin(), hi = rows->range_end();
      while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (pred(mid)) lo = mid + 1; else hi = mid;
      }
      return lo;
    };
    uint32_t first_ge = partition(less_than);
    uint32_t first_gt = partition(less_eq);
    uint32_t b = rows->range_begin(), e = rows->range_end();
    switch (op) {
      case FilterOp::kEq:
      case FilterOp::kIs: rows->SetRange(first_ge, first_gt); break;
      case FilterOp::kLt: rows->SetRange(b, first_ge); break;
      case FilterOp::kLe: rows->SetRange(b, first_gt); break;
      case FilterOp::kGt: rows->SetRange(first_gt, e); break;
      case FilterOp::kGe: rows->SetRange(first_ge, e); break;
      default: break;
    }
    return;
  }

  if (o.kind == Operand::kInt && col->type() == ColumnType::kInt64 &&
      ScanInt64Comparison(col, op, o.i, rows)) {
    return;
  }

  if (col->type() == ColumnType::kString && col->text_is_pooled() &&
      o.kind == Operand::kText) {
    ApplyPooledText(col, op, o.text, rows);
    return;
  }

  std::string scratch;
  // `NULL IS NOT x` is true; every other comparison with NULL is false.
  bool null_matches = op == FilterOp::kIsNot;
  KeepIf(rows, [&](uint32_t r) {
    if (col->IsNull(r)) return null_matches;
    return Matches(CompareCell(col, r, o, pool_, &scratch), op);
  });
}

void RowFilter::ApplyPooledText(const Column* col, FilterOp op, std::string_view text,
                                RowSet* rows) const {
  const StringId* ids = col->StringIdCells();
  if (op == FilterOp::kEq || op == FilterOp::kIs) {
    // Equality is IN with one value: ids, not bytes.
    Operand o;
    o.kind = Operand::kText;
    o.text = text;
    InPooledText(col, {o}, pool_, rows);
    return;
  }
  // Other comparisons: over many rows each distinct string is compared
  // once (the range name >= 'a' AND name < 'b' over millions of rows reads
  // ids only); a few rows are compared directly.
  std::vector<int8_t> memo;  // Per StringId: unknown, no, yes.
  if (rows->size() >= pool_->size() / 8) memo.assign(pool_->size(), -1);
  bool null_matches = op == FilterOp::kIsNot;  // `NULL IS NOT x` is true.
  auto id_matches = [&](StringId id) {
    if (memo.empty()) return Matches(Sign(pool_->Get(id).compare(text)), op);
    int8_t& m = memo[id];
    if (m < 0) m = Matches(Sign(pool_->Get(id).compare(text)), op) ? 1 : 0;
    return m == 1;
  };
  if (ids) {
    KeepIf(rows, [&](uint32_t r) {
      return ids[r] == kNullStringId ? null_matches : id_matches(ids[r]);
    });
  } else {
    KeepIf(rows, [&](uint32_t r) {
      return col->IsNull(r) ? null_matches : id_matches(col->GetString(r));
    });
  }
}

void RowFilter::ApplyPattern(uint32_t col_index, FilterOp op, sqlite3_value* value,
                             RowSet* rows) const {
  const Column* col = table_->columns()[col_index];
  const char* pattern = value ? reinterpret_cast<const char*>(sqlite3_value_text(value)) : nullptr;
  if (!pattern || col->type() != ColumnType::kString) {  // NULL pattern: no row matches.
    rows->Clear();
    return;
  }
  auto matches = [&](const char* text) {
    return op == FilterOp::kLike ? sqlite3_strlike(pattern, text, 0) == 0
                                 : sqlite3_strglob(pattern, text) == 0;
  };
  if (col->text_is_pooled()) {
    std::vector<int8_t> memo(pool_->size(), -1);  // Per StringId: unknown, no, yes.
    KeepIf(rows, [&](uint32_t r) {
      if (col->IsNull(r)) return false;
      StringId id = col->GetString(r);
      int8_t& m = memo[id];
      if (m < 0) m = matches(pool_->CStr(id)) ? 1 : 0;
      return m == 1;
    });
    return;
  }
  std::string scratch, text;
  KeepIf(rows, [&](uint32_t r) {
    if (col->IsNull(r)) return false;
    text.assign(col->GetText(r, *pool_, &scratch));  // NUL-terminated copy.
    return matches(text.c_str());
  });
}

void RowFilter::ApplyIn(uint32_t col_index,
                        const std::vector<sqlite3_value*>& values,
                        RowSet* rows) const {
  const Column* col = table_->columns()[col_index];
  if (rows->is_range() && col->sorted() && col->type() == ColumnType::kInt64) {
    // Union of the equal ranges of each value: no scan.
    std::vector<uint32_t> out;
    for (sqlite3_value* v : values) {
      RowSet one(rows->range_begin(), rows->range_end());
      Apply(col_index, FilterOp::kEq, v, &one);
      for (uint32_t i = 0; i < one.size(); ++i) out.push_back(one.at(i));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    rows->SetOwned(std::move(out));
    return;
  }
  std::vector<Operand> ops;
  for (sqlite3_value* v : values) {
    Operand o = MakeOperand(col, v);
    if (o.kind != Operand::kNull) ops.push_back(o);
  }
  if (col->type() == ColumnType::kString && col->text_is_pooled()) {
    InPooledText(col, ops, pool_, rows);
    return;
  }
  if (col->type() == ColumnType::kInt64 && InInt64Scan(col, ops, rows)) return;
  std::string scratch;
  KeepIf(rows, [&](uint32_t r) {
    if (col->IsNull(r)) return false;
    for (const Operand& o : ops) {
      if (CompareCell(col, r, o, pool_, &scratch) == 0) return true;
    }
    return false;
  });
}

RowFilter::Walk RowFilter::WalkFor(const std::vector<OrderTerm>& terms) const {
  if (terms.empty()) return Walk::kForward;
  const Column* col = table_->columns()[terms[0].column];
  // A sorted first key serves if it is unique (ids), the only key, or
  // followed by the id in the same direction (rows are in id order, so
  // ties come in id order); then its direction decides the walk.
  bool then_id = terms.size() == 2 && table_->columns()[terms[1].column]->is_id() &&
                 terms[1].desc == terms[0].desc;
  if (!col->sorted() || !(terms.size() == 1 || col->is_id() || then_id)) return Walk::kSort;
  return terms[0].desc ? Walk::kBackward : Walk::kForward;
}

void RowFilter::Sort(const std::vector<OrderTerm>& terms, RowSet* rows) const {
  if (terms.size() == 1 && SortByPooledString(terms[0], rows)) return;
  std::vector<uint32_t> order(rows->size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = rows->at(i);
  std::string sa, sb;
  auto compare = [&](uint32_t a, uint32_t b) {
    for (const OrderTerm& t : terms) {
      const Column* col = table_->columns()[t.column];
      bool na = col->IsNull(a), nb = col->IsNull(b);
      int c = 0;
      if (na || nb) {
        c = na == nb ? 0 : (na ? -1 : 1);
      } else {
        switch (col->type()) {
          case ColumnType::kInt64: {
            int64_t x = col->GetInt(a), y = col->GetInt(b);
            c = x < y ? -1 : (x > y ? 1 : 0);
            break;
          }
          case ColumnType::kDouble: {
            double x = col->GetDouble(a), y = col->GetDouble(b);
            c = x < y ? -1 : (x > y ? 1 : 0);
            break;
          }
          case ColumnType::kString:
            c = Sign(col->GetText(a, *pool_, &sa).compare(col->GetText(b, *pool_, &sb)));
            break;
        }
      }
      if (c != 0) return t.desc ? c > 0 : c < 0;
    }
    return false;
  };
  std::stable_sort(order.begin(), order.end(), compare);
  rows->SetOwned(std::move(order));
}

// ORDER BY one pooled string column (GROUP BY name sorts by it): sorts
// the distinct strings only, then places rows by their string's rank, a
// stable counting sort, so millions of rows cost two linear passes.
bool RowFilter::SortByPooledString(const OrderTerm& term, RowSet* rows) const {
  const Column* col = table_->columns()[term.column];
  if (col->type() != ColumnType::kString || !col->text_is_pooled()) return false;
  uint32_t n = rows->size();
  constexpr uint32_t kUnseen = UINT32_MAX;
  std::vector<uint32_t> rank(pool_->size(), kUnseen);  // By string id.
  std::vector<StringId> ids;
  for (uint32_t i = 0; i < n; ++i) {
    StringId id = col->GetString(rows->at(i));
    if (rank[id] == kUnseen) {
      rank[id] = 0;
      ids.push_back(id);
    }
  }
  // NULL (kNullStringId) sorts first ascending, last descending.
  std::sort(ids.begin(), ids.end(), [&](StringId a, StringId b) {
    if (a == kNullStringId || b == kNullStringId) return a == kNullStringId && b != kNullStringId;
    return pool_->Get(a).compare(pool_->Get(b)) < 0;
  });
  uint32_t d = static_cast<uint32_t>(ids.size());
  for (uint32_t k = 0; k < d; ++k) rank[ids[k]] = term.desc ? d - 1 - k : k;
  std::vector<uint32_t> start(d + 1, 0);
  for (uint32_t i = 0; i < n; ++i) ++start[rank[col->GetString(rows->at(i))] + 1];
  for (uint32_t k = 1; k <= d; ++k) start[k] += start[k - 1];
  std::vector<uint32_t> out(n);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t r = rows->at(i);
    out[start[rank[col->GetString(r)]]++] = r;
  }
  rows->SetOwned(std::move(out));
  return true;
}

}  // namespace weft
