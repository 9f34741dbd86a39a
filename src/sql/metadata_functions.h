// extract_metadata(name) and extract_metadata_for_machine(machine_id, name):
// the value (int or string) of a `metadata` key, for the primary machine
// (machine_id 0 or none) or for the given one; NULL when the key is unset.
#ifndef SRC_SQL_METADATA_FUNCTIONS_H_
#define SRC_SQL_METADATA_FUNCTIONS_H_

#include <sqlite3.h>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

Status RegisterMetadataFunctions(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_METADATA_FUNCTIONS_H_
