// The PerfettoSQL modules compiled into weft (src/sql/modules/**.sql,
// embedded by tools/embed_sql_modules.py; see src/sql/modules/BUILD.gn).
#ifndef SRC_SQL_PERFETTO_SQL_EMBEDDED_MODULES_H_
#define SRC_SQL_PERFETTO_SQL_EMBEDDED_MODULES_H_

#include <cstddef>

namespace weft {

struct EmbeddedSqlModule {
  const char* name;  // "time.conversion".
  const char* sql;
};

// kEmbeddedSqlModuleCount entries, then a {nullptr, nullptr} end marker.
extern const EmbeddedSqlModule kEmbeddedSqlModules[];
extern const size_t kEmbeddedSqlModuleCount;

}  // namespace weft

#endif  // SRC_SQL_PERFETTO_SQL_EMBEDDED_MODULES_H_
