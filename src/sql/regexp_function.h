// regexp(pattern, text [, flags]): 1 if POSIX extended regular expression
// |pattern| matches somewhere in |text|, else 0 (NULL if either is NULL); an
// invalid pattern is an error. Flags: 'i' ignores case. SQLite calls it for
// `text REGEXP pattern`. As Perfetto's function of that name.
#ifndef SRC_SQL_REGEXP_FUNCTION_H_
#define SRC_SQL_REGEXP_FUNCTION_H_

#include <sqlite3.h>

#include "src/base/status.h"

namespace weft {

Status RegisterRegexpFunction(sqlite3* db);

}  // namespace weft

#endif  // SRC_SQL_REGEXP_FUNCTION_H_
