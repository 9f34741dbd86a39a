// __intrinsic_arg_set_to_json(arg_set_id): an arg set as one JSON object,
// as Perfetto builds it: dotted keys nest objects ("a.b" -> {"a":{"b":..}}),
// "[i]" indices make arrays, members in the order of the set's args.
// Strings are JSON strings, numbers and booleans themselves, json args
// their raw text, pointers their hex text as a string. NULL for a NULL or
// unknown set.
#ifndef SRC_SQL_ARG_SET_JSON_H_
#define SRC_SQL_ARG_SET_JSON_H_

#include <sqlite3.h>

#include <string>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

// The JSON of |set|; false when the set has no args.
bool ArgSetToJson(const TraceStorage& storage, uint32_t set, std::string* out);

Status RegisterArgSetJsonFunction(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_ARG_SET_JSON_H_
