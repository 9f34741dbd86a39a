// to_ftrace(id): one `ftrace_event` (raw) row as the line the kernel's
// trace file (and systrace) shows for it, as Perfetto renders it:
//   "<comm>-<tid> (<tgid>) [<cpu>] .... <s>.<us>: <event>: <fields>"
// The comm is right-aligned in 16 columns ("<idle>" for tid 0,
// "<unknown>" when unnamed, '-' shown as '_'), the tid left-aligned in 5,
// the tgid right-aligned in 5 ("-----" when unknown), the cpu 3 digits.
// Fields are " key=value" per arg, in the arg set's order; a few events
// have the kernel's own layout (see to_ftrace_function.cc). An id with no
// row is an error.
#ifndef SRC_SQL_TO_FTRACE_FUNCTION_H_
#define SRC_SQL_TO_FTRACE_FUNCTION_H_

#include <cstdint>
#include <string>

#include <sqlite3.h>

#include "src/base/status.h"
#include "src/storage/trace_storage.h"

namespace weft {

// The line of ftrace_event row |row| (< row_count()).
std::string FtraceEventLine(const TraceStorage& storage, uint32_t row);

Status RegisterToFtraceFunction(sqlite3* db, const TraceStorage* storage);

}  // namespace weft

#endif  // SRC_SQL_TO_FTRACE_FUNCTION_H_
