// Parses the statements PerfettoSQL adds to SQLite's:
//
//   CREATE [OR REPLACE] PERFETTO TABLE name [(col TYPE, ...)] AS select
//   CREATE [OR REPLACE] PERFETTO VIEW name [(col TYPE, ...)] AS select
//   CREATE [OR REPLACE] PERFETTO FUNCTION name(arg TYPE, ...)
//       RETURNS TYPE | TABLE(col TYPE, ...) AS select
//   CREATE [OR REPLACE] PERFETTO FUNCTION name(args ANY...) RETURNS TYPE
//       DELEGATES TO other_function         (a variadic last argument: `...`)
//   CREATE [OR REPLACE] PERFETTO MACRO name(arg Type, ...) RETURNS Type AS text
//   INCLUDE PERFETTO MODULE a.b.c        (a.b.* includes a package's modules)
//   CREATE [OR REPLACE] PERFETTO INDEX name ON table(col, ...)
//   DROP PERFETTO INDEX name ON table
//
// Reference: docs/perfetto_sql.md
#ifndef SRC_SQL_PERFETTO_SQL_PERFETTO_STATEMENT_H_
#define SRC_SQL_PERFETTO_SQL_PERFETTO_STATEMENT_H_

#include <string>
#include <string_view>
#include <vector>

#include "src/base/status.h"

namespace weft {

// One `name TYPE` of an argument or column list.
struct SqlNameAndType {
  std::string name;
  std::string type;  // As written, upper-cased ("INT", "JOINID(SLICE.ID)").
};

struct PerfettoStatement {
  enum class Kind {
    kNotPerfetto, kTable, kView, kFunction, kTableFunction, kMacro, kInclude, kIndex, kDropIndex
  };
  Kind kind = Kind::kNotPerfetto;
  bool replace = false;
  std::string name;  // Object name, or the module name of an INCLUDE.
  std::vector<SqlNameAndType> args;
  std::vector<SqlNameAndType> columns;  // Table schema / RETURNS TABLE(...).
  std::string return_type;              // Scalar functions and macros.
  std::string body;                     // After AS, without the final `;`.
  std::string delegate;                 // DELEGATES TO this function.
  std::string on_table;                 // INDEX ... ON this table.
  std::vector<std::string> index_columns;
  bool variadic = false;                // The last argument's type ends in "...".
};

// Parses |stmt| (one statement, as sql_text::StatementEnd delimits it).
// kNotPerfetto when it is plain SQLite; an error when it starts like a
// PerfettoSQL statement but is malformed.
Status ParsePerfettoStatement(std::string_view stmt, PerfettoStatement* out);

// Parses "a INT, b STRING" (also used by the legacy create_function()).
Status ParseNameAndTypeList(std::string_view text, std::vector<SqlNameAndType>* out);

// Parses "name(arg TYPE, ...)" (the prototype of create_function()).
Status ParsePrototype(std::string_view text, std::string* name,
                      std::vector<SqlNameAndType>* args);

}  // namespace weft

#endif  // SRC_SQL_PERFETTO_SQL_PERFETTO_STATEMENT_H_
