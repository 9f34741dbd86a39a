// hash(x, ...): a 64-bit FNV-1a hash of the arguments, as Perfetto's HASH():
// integers hash as their 8 little-endian bytes, doubles as their 8 IEEE
// bytes, strings and blobs as their bytes; NULL is an error. The value is
// stable (unlike src/base/hash.h): queries may store it.
#ifndef SRC_SQL_HASH_FUNCTION_H_
#define SRC_SQL_HASH_FUNCTION_H_

#include <sqlite3.h>

#include "src/base/status.h"

namespace weft {

Status RegisterHashFunction(sqlite3* db);

}  // namespace weft

#endif  // SRC_SQL_HASH_FUNCTION_H_
