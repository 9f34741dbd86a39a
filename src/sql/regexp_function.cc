// regexp() (see regexp_function.h).
#include "src/sql/regexp_function.h"

#include <regex>
#include <string>

namespace weft {
namespace {

// A compiled pattern stays attached to the pattern argument (auxdata) for
// the statement's other rows: compiling is the expensive part.
void Regexp(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL || sqlite3_value_type(argv[1]) == SQLITE_NULL) {
    return sqlite3_result_null(ctx);
  }
  std::string flags = argc > 2 && sqlite3_value_text(argv[2])
                          ? reinterpret_cast<const char*>(sqlite3_value_text(argv[2]))
                          : "";
  auto* re = static_cast<std::regex*>(sqlite3_get_auxdata(ctx, 0));
  if (!re) {
    auto options = std::regex::extended;
    for (char f : flags) {
      if (f == 'i') options |= std::regex::icase;
      else return sqlite3_result_error(ctx, "regexp: unknown flag (only 'i')", -1);
    }
    try {
      re = new std::regex(reinterpret_cast<const char*>(sqlite3_value_text(argv[0])), options);
    } catch (const std::regex_error& e) {
      std::string message = std::string("regexp: invalid pattern: ") + e.what();
      return sqlite3_result_error(ctx, message.c_str(), -1);
    }
    sqlite3_set_auxdata(ctx, 0, re, [](void* p) { delete static_cast<std::regex*>(p); });
    re = static_cast<std::regex*>(sqlite3_get_auxdata(ctx, 0));
    if (!re) return sqlite3_result_error_nomem(ctx);
  }
  const char* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[1]));
  sqlite3_result_int(ctx, std::regex_search(text, *re) ? 1 : 0);
}

}  // namespace

Status RegisterRegexpFunction(sqlite3* db) {
  for (int argc : {2, 3}) {
    if (sqlite3_create_function_v2(db, "regexp", argc, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                   nullptr, Regexp, nullptr, nullptr, nullptr) != SQLITE_OK) {
      return Status::Error("cannot register regexp");
    }
  }
  return Status::Ok();
}

}  // namespace weft
