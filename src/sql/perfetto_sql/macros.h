// PerfettoSQL macros: `CREATE PERFETTO MACRO name(a Expr, ...) RETURNS Type
// AS text` defines one; `name!(x, ...)` anywhere in later SQL is replaced
// by its text with each `$a` replaced by the argument's text, before SQLite
// sees the statement (expansion repeats, so macros can call macros).
// __intrinsic_stringify!(any text) becomes the string literal 'any text'.
// Reference: docs/perfetto_sql.md
#ifndef SRC_SQL_PERFETTO_SQL_MACROS_H_
#define SRC_SQL_PERFETTO_SQL_MACROS_H_

#include <map>
#include <string>
#include <string_view>

#include "src/base/status.h"
#include "src/sql/perfetto_sql/perfetto_statement.h"

namespace weft {

class MacroRegistry {
 public:
  // Errors if the macro exists and |def| is not OR REPLACE.
  Status Define(const PerfettoStatement& def);

  // True if |sql| holds something that looks like a macro call (`ident!(`).
  static bool MayHaveCalls(std::string_view sql);

  // |sql| with every macro call expanded. Unknown macros and wrong argument
  // counts are errors.
  Status Expand(std::string_view sql, std::string* out) const;

 private:
  Status ExpandAt(std::string_view sql, int depth, std::string* out) const;
  Status ExpandCall(const std::string& name, const std::string& args, int depth,
                    std::string* out) const;

  std::map<std::string, PerfettoStatement> macros_;  // By lower-case name.
};

}  // namespace weft

#endif  // SRC_SQL_PERFETTO_SQL_MACROS_H_
