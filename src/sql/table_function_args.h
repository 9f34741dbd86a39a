// The hidden-argument plumbing shared by weft's C++ table functions
// (slice_summary, sched_buckets, sched_cpu_time, ...): a function's
// arguments are hidden columns, bound with `=` constraints (or the
// `f(a, b)` call syntax), passed to xFilter in argument order.
#ifndef WEFT_SQL_TABLE_FUNCTION_ARGS_H_
#define WEFT_SQL_TABLE_FUNCTION_ARGS_H_

#include <sqlite3.h>

#include <cstddef>
#include <vector>

#include "src/sql/vtab_module.h"

namespace weft {

// xBestIndex for a function whose |count| arguments are the hidden columns
// from |first_column| on: idxNum bit k is set when argument k is bound, and
// the bound ones reach xFilter's argv in argument order. A plan that lacks
// any argument of |required_mask| costs 1e30, so SQLite prefers one where
// they are known (a usable = constraint on an argument never goes unused).
inline int PlanTableFunctionArgs(sqlite3_index_info* info, int first_column, int count,
                                 int required_mask) {
  std::vector<int> slot(static_cast<size_t>(count), -1);
  for (int i = 0; i < info->nConstraint; ++i) {
    const auto& c = info->aConstraint[i];
    int arg = c.iColumn - first_column;
    if (arg < 0 || arg >= count || c.op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
    if (!c.usable) return SQLITE_CONSTRAINT;  // Pick an order where it is known.
    slot[static_cast<size_t>(arg)] = i;
  }
  int argv_index = 0;
  info->idxNum = 0;
  for (int arg = 0; arg < count; ++arg) {
    int constraint = slot[static_cast<size_t>(arg)];
    if (constraint < 0) continue;
    info->aConstraintUsage[constraint].argvIndex = ++argv_index;
    info->aConstraintUsage[constraint].omit = 1;
    info->idxNum |= 1 << arg;
  }
  info->estimatedCost = (info->idxNum & required_mask) == required_mask ? 1000 : 1e30;
  return SQLITE_OK;
}

// The arguments xFilter received (copies: a column of the result may echo
// them after argv is gone); null where unbound.
template <int kCount>
class TableFunctionArgs {
 public:
  TableFunctionArgs() = default;
  TableFunctionArgs(const TableFunctionArgs&) = delete;
  TableFunctionArgs& operator=(const TableFunctionArgs&) = delete;
  ~TableFunctionArgs() { Clear(); }

  // |idx_num| and |argv| as PlanTableFunctionArgs planned them.
  void Bind(int idx_num, int argc, sqlite3_value** argv) {
    Clear();
    int next = 0;
    for (int arg = 0; arg < kCount; ++arg) {
      if ((idx_num & (1 << arg)) && next < argc) values_[arg] = sqlite3_value_dup(argv[next++]);
    }
  }
  sqlite3_value* operator[](int arg) const { return values_[arg]; }
  // Argument |arg| as a result column's value (NULL when unbound).
  void Result(sqlite3_context* ctx, int arg) const {
    if (values_[arg]) sqlite3_result_value(ctx, values_[arg]);
    else sqlite3_result_null(ctx);
  }
  bool IsInt(int arg) const {
    return values_[arg] && sqlite3_value_type(values_[arg]) == SQLITE_INTEGER;
  }

 private:
  void Clear() {
    for (sqlite3_value*& v : values_) {
      sqlite3_value_free(v);
      v = nullptr;
    }
  }
  sqlite3_value* values_[kCount] = {};
};

// A table function's cursor over rows computed whole in xFilter.
template <typename Vtab, typename Row>
struct RowsCursor : VtabCursor<Vtab> {
  std::vector<Row> rows;
  size_t pos = 0;

  int Next() {
    ++pos;
    return SQLITE_OK;
  }
  bool Eof() const { return pos >= rows.size(); }
  sqlite3_int64 Rowid() const { return static_cast<sqlite3_int64>(pos); }
};

}  // namespace weft

#endif  // WEFT_SQL_TABLE_FUNCTION_ARGS_H_
