// Prints a statement's rows as CSV in trace_processor_shell's style:
// quoted header, quoted strings, "[NULL]", doubles as %f.
#ifndef SRC_SHELL_CSV_PRINTER_H_
#define SRC_SHELL_CSV_PRINTER_H_

#include <sqlite3.h>

#include <cstdio>

#include "src/base/status.h"

namespace weft {

// Steps |stmt| to completion, writing header and rows to |out|.
Status PrintStatementAsCsv(sqlite3_stmt* stmt, FILE* out);

}  // namespace weft

#endif  // SRC_SHELL_CSV_PRINTER_H_
