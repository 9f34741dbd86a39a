// CSV output for the shell.
#include "src/shell/csv_printer.h"

#include <cinttypes>

namespace weft {

Status PrintStatementAsCsv(sqlite3_stmt* stmt, FILE* out) {
  int cols = sqlite3_column_count(stmt);
  for (int i = 0; i < cols; ++i) {
    fprintf(out, "%s\"%s\"", i ? "," : "", sqlite3_column_name(stmt, i));
  }
  fputc('\n', out);
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    for (int i = 0; i < cols; ++i) {
      if (i) fputc(',', out);
      switch (sqlite3_column_type(stmt, i)) {
        case SQLITE_INTEGER:
          fprintf(out, "%" PRId64, static_cast<int64_t>(sqlite3_column_int64(stmt, i)));
          break;
        case SQLITE_FLOAT:
          fprintf(out, "%f", sqlite3_column_double(stmt, i));
          break;
        case SQLITE_NULL:
          fputs("\"[NULL]\"", out);
          break;
        default: {
          const unsigned char* text = sqlite3_column_text(stmt, i);
          int n = sqlite3_column_bytes(stmt, i);
          fputc('"', out);
          fwrite(text, 1, static_cast<size_t>(n), out);
          fputc('"', out);
        }
      }
    }
    fputc('\n', out);
  }
  if (rc != SQLITE_DONE) {
    return Status::Error(sqlite3_errmsg(sqlite3_db_handle(stmt)));
  }
  return Status::Ok();
}

}  // namespace weft
