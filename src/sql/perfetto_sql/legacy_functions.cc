// Legacy SQL-function forms of PerfettoSQL statements (see
// legacy_functions.h).
#include "src/sql/perfetto_sql/legacy_functions.h"

#include <string>
#include <utility>
#include <vector>

#include "src/sql/perfetto_sql/perfetto_sql.h"
#include "src/sql/perfetto_sql/sql_text.h"

namespace weft {
namespace {

std::string Text(sqlite3_value* v) {
  const unsigned char* t = sqlite3_value_text(v);
  return t ? reinterpret_cast<const char*>(t) : "";
}

void Finish(sqlite3_context* ctx, const Status& status) {
  if (status.ok()) return sqlite3_result_null(ctx);
  sqlite3_result_error(ctx, status.message().c_str(), -1);
}

PerfettoSql* Self(sqlite3_context* ctx) {
  return static_cast<PerfettoSql*>(sqlite3_user_data(ctx));
}

// create_function / create_view_function: argv = prototype, returns, body.
Status CreateFromArgs(PerfettoSql* sql, sqlite3_value** argv, bool table) {
  PerfettoStatement def;
  WEFT_RETURN_IF_ERROR(ParsePrototype(Text(argv[0]), &def.name, &def.args));
  def.body = Text(argv[2]);
  if (table) {
    def.kind = PerfettoStatement::Kind::kTableFunction;
    WEFT_RETURN_IF_ERROR(ParseNameAndTypeList(Text(argv[1]), &def.columns));
  } else {
    def.kind = PerfettoStatement::Kind::kFunction;
    def.return_type = Text(argv[1]);
  }
  return sql->functions().Create(def);
}

void CreateFunction(sqlite3_context* ctx, int, sqlite3_value** argv) {
  Finish(ctx, CreateFromArgs(Self(ctx), argv, false));
}

void CreateViewFunction(sqlite3_context* ctx, int, sqlite3_value** argv) {
  Finish(ctx, CreateFromArgs(Self(ctx), argv, true));
}

void Memoize(sqlite3_context* ctx, int, sqlite3_value** argv) {
  Finish(ctx, Self(ctx)->functions().Memoize(Text(argv[0])));
}

void Import(sqlite3_context* ctx, int, sqlite3_value** argv) {
  Finish(ctx, Self(ctx)->Include(Text(argv[0])));
}

// RUN_METRIC('a/b.sql', 'key', 'value', ...): runs module a.b again, with
// each {{key}} of its text replaced by the value.
void RunMetric(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  if (argc < 1 || argc % 2 == 0) {
    return Finish(ctx, Status::Error("RUN_METRIC(path, key, value, ...): odd argument count"));
  }
  std::string path = Text(argv[0]);
  if (path.size() > 4 && path.compare(path.size() - 4, 4, ".sql") == 0) path.resize(path.size() - 4);
  for (char& c : path) c = c == '/' ? '.' : c;
  std::vector<std::pair<std::string, std::string>> vars;
  for (int i = 1; i + 1 < argc; i += 2) vars.push_back({Text(argv[i]), Text(argv[i + 1])});
  Finish(ctx, Self(ctx)->RunModuleWith(path, vars));
}

constexpr const char* kLegacyNames[] = {"create_function", "create_view_function",
                                        "experimental_memoize", "import", "run_metric"};

}  // namespace

bool IsLegacyFunctionStatement(std::string_view stmt) {
  size_t pos = 0;
  if (!sql_text::ConsumeKeyword(stmt, &pos, "SELECT")) return false;
  std::string name = sql_text::Lower(sql_text::ReadWord(stmt, &pos));
  bool legacy = false;
  for (const char* n : kLegacyNames) legacy |= name == n;
  std::string args;
  if (!legacy || !sql_text::ReadParenthesized(stmt, &pos, &args)) return false;
  pos = sql_text::SkipSpace(stmt, pos);
  if (pos < stmt.size() && stmt[pos] == ';') pos = sql_text::SkipSpace(stmt, pos + 1);
  return pos == stmt.size();
}

Status RegisterLegacyFunctions(sqlite3* db, PerfettoSql* perfetto_sql) {
  struct Entry {
    const char* name;
    int argc;
    void (*fn)(sqlite3_context*, int, sqlite3_value**);
  };
  const Entry kEntries[] = {
      {"create_function", 3, CreateFunction},
      {"create_view_function", 3, CreateViewFunction},
      {"experimental_memoize", 1, Memoize},
      {"import", 1, Import},
      {"run_metric", -1, RunMetric},
  };
  for (const Entry& e : kEntries) {
    if (sqlite3_create_function_v2(db, e.name, e.argc, SQLITE_UTF8, perfetto_sql, e.fn,
                                   nullptr, nullptr, nullptr) != SQLITE_OK) {
      return Status::Error(std::string("cannot register ") + e.name);
    }
  }
  return Status::Ok();
}

}  // namespace weft
