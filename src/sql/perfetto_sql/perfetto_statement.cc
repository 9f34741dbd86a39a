// PerfettoSQL statement parser (see perfetto_statement.h).
#include "src/sql/perfetto_sql/perfetto_statement.h"

#include <cctype>

#include "src/sql/perfetto_sql/sql_text.h"

namespace weft {
namespace {

using Kind = PerfettoStatement::Kind;

std::string Upper(std::string s) {
  for (char& c : s) c = static_cast<char>(toupper(static_cast<unsigned char>(c)));
  return s;
}

// The text after AS up to the statement's end, without a final `;`.
Status ReadBody(std::string_view stmt, size_t pos, const std::string& what, std::string* body) {
  if (!sql_text::ConsumeKeyword(stmt, &pos, "AS")) {
    return Status::Error(what + ": expected AS");
  }
  std::string text = sql_text::Trim(stmt.substr(pos));
  while (!text.empty() && text.back() == ';') text = sql_text::Trim(text.substr(0, text.size() - 1));
  if (text.empty()) return Status::Error(what + ": empty body after AS");
  *body = text;
  return Status::Ok();
}

Status ParseReturns(std::string_view stmt, size_t* pos, PerfettoStatement* out) {
  std::string what = "CREATE PERFETTO FUNCTION " + out->name;
  if (!sql_text::ConsumeKeyword(stmt, pos, "RETURNS")) {
    return Status::Error(what + ": expected RETURNS");
  }
  size_t after_table = *pos;
  if (sql_text::ConsumeKeyword(stmt, &after_table, "TABLE")) {
    std::string cols;
    if (!sql_text::ReadParenthesized(stmt, &after_table, &cols)) {
      return Status::Error(what + ": expected RETURNS TABLE(column TYPE, ...)");
    }
    *pos = after_table;
    if (out->kind == Kind::kFunction) out->kind = Kind::kTableFunction;
    return ParseNameAndTypeList(cols, &out->columns);
  }
  // A type, possibly with parentheses (JOINID(slice.id)).
  std::string type = sql_text::ReadWord(stmt, pos, true);
  if (type.empty()) return Status::Error(what + ": expected a return type");
  std::string params;
  size_t p = *pos;
  if (sql_text::ReadParenthesized(stmt, &p, &params)) {
    type += "(" + params + ")";
    *pos = p;
  }
  out->return_type = Upper(type);
  return Status::Ok();
}

// `name ON table` of CREATE / DROP PERFETTO INDEX, then for CREATE the
// parenthesized column list.
Status ParseIndex(std::string_view stmt, size_t pos, PerfettoStatement* out) {
  const char* what = out->kind == Kind::kIndex ? "CREATE PERFETTO INDEX" : "DROP PERFETTO INDEX";
  out->name = sql_text::ReadWord(stmt, &pos);
  if (out->name.empty() || !sql_text::ConsumeKeyword(stmt, &pos, "ON") ||
      (out->on_table = sql_text::ReadWord(stmt, &pos)).empty()) {
    return Status::Error(std::string(what) + ": expected name ON table");
  }
  if (out->kind == Kind::kIndex) {
    std::string cols;
    if (!sql_text::ReadParenthesized(stmt, &pos, &cols) ||
        (out->index_columns = sql_text::SplitTopLevel(cols)).empty()) {
      return Status::Error(std::string(what) + " " + out->name + ": expected (column, ...)");
    }
  }
  size_t end = sql_text::SkipSpace(stmt, pos);
  while (end < stmt.size() && stmt[end] == ';') end = sql_text::SkipSpace(stmt, end + 1);
  if (end != stmt.size()) {
    return Status::Error(std::string(what) + " " + out->name + ": unexpected text after it");
  }
  return Status::Ok();
}

Status ParseCreate(std::string_view stmt, size_t pos, PerfettoStatement* out) {
  size_t after_index = pos;
  if (sql_text::ConsumeKeyword(stmt, &after_index, "INDEX")) {
    out->kind = Kind::kIndex;
    return ParseIndex(stmt, after_index, out);
  }
  std::string object = Upper(sql_text::ReadWord(stmt, &pos));
  if (object == "TABLE") out->kind = Kind::kTable;
  else if (object == "VIEW") out->kind = Kind::kView;
  else if (object == "FUNCTION") out->kind = Kind::kFunction;
  else if (object == "MACRO") out->kind = Kind::kMacro;
  else return Status::Error("CREATE PERFETTO " + object + ": unknown object type");
  out->name = sql_text::ReadWord(stmt, &pos);
  if (out->name.empty()) return Status::Error("CREATE PERFETTO " + object + ": expected a name");
  std::string what = "CREATE PERFETTO " + object + " " + out->name;
  std::string list;
  bool has_list = sql_text::ReadParenthesized(stmt, &pos, &list);
  if (out->kind == Kind::kTable || out->kind == Kind::kView) {
    if (has_list) WEFT_RETURN_IF_ERROR(ParseNameAndTypeList(list, &out->columns));
    return ReadBody(stmt, pos, what, &out->body);
  }
  if (!has_list) return Status::Error(what + ": expected (arguments)");
  WEFT_RETURN_IF_ERROR(ParseNameAndTypeList(list, &out->args));
  const std::string kEllipsis = "...";
  if (!out->args.empty() && out->args.back().type.size() >= kEllipsis.size() &&
      out->args.back().type.compare(out->args.back().type.size() - kEllipsis.size(),
                                    kEllipsis.size(), kEllipsis) == 0) {
    out->variadic = true;
  }
  WEFT_RETURN_IF_ERROR(ParseReturns(stmt, &pos, out));
  if (out->kind == Kind::kFunction && sql_text::ConsumeKeyword(stmt, &pos, "DELEGATES")) {
    if (!sql_text::ConsumeKeyword(stmt, &pos, "TO") ||
        (out->delegate = sql_text::ReadWord(stmt, &pos)).empty()) {
      return Status::Error(what + ": expected DELEGATES TO function");
    }
    return Status::Ok();
  }
  return ReadBody(stmt, pos, what, &out->body);
}

}  // namespace

Status ParseNameAndTypeList(std::string_view text, std::vector<SqlNameAndType>* out) {
  for (const std::string& part : sql_text::SplitTopLevel(text)) {
    size_t pos = 0;
    SqlNameAndType item;
    item.name = sql_text::ReadWord(part, &pos);
    item.type = Upper(sql_text::Trim(std::string_view(part).substr(pos)));
    if (item.name.empty()) return Status::Error("expected 'name TYPE', got '" + part + "'");
    out->push_back(item);
  }
  return Status::Ok();
}

Status ParsePrototype(std::string_view text, std::string* name,
                      std::vector<SqlNameAndType>* args) {
  size_t pos = 0;
  *name = sql_text::ReadWord(text, &pos);
  std::string list;
  if (name->empty() || !sql_text::ReadParenthesized(text, &pos, &list)) {
    return Status::Error("invalid function prototype '" + std::string(text) + "'");
  }
  return ParseNameAndTypeList(list, args);
}

Status ParsePerfettoStatement(std::string_view stmt, PerfettoStatement* out) {
  *out = PerfettoStatement();
  size_t pos = 0;
  if (sql_text::ConsumeKeyword(stmt, &pos, "INCLUDE")) {
    if (!sql_text::ConsumeKeyword(stmt, &pos, "PERFETTO") ||
        !sql_text::ConsumeKeyword(stmt, &pos, "MODULE")) {
      return Status::Ok();  // Not ours.
    }
    out->kind = Kind::kInclude;
    out->name = sql_text::ReadWord(stmt, &pos, true);
    size_t star = sql_text::SkipSpace(stmt, pos);
    if (star < stmt.size() && stmt[star] == '*') out->name += "*";
    if (out->name.empty()) return Status::Error("INCLUDE PERFETTO MODULE: expected a module name");
    return Status::Ok();
  }
  if (sql_text::ConsumeKeyword(stmt, &pos, "DROP")) {
    if (!sql_text::ConsumeKeyword(stmt, &pos, "PERFETTO")) return Status::Ok();
    if (!sql_text::ConsumeKeyword(stmt, &pos, "INDEX")) {
      return Status::Error("DROP PERFETTO: only DROP PERFETTO INDEX name ON table");
    }
    out->kind = Kind::kDropIndex;
    return ParseIndex(stmt, pos, out);
  }
  if (!sql_text::ConsumeKeyword(stmt, &pos, "CREATE")) return Status::Ok();
  size_t after_or = pos;
  if (sql_text::ConsumeKeyword(stmt, &after_or, "OR")) {
    if (!sql_text::ConsumeKeyword(stmt, &after_or, "REPLACE")) return Status::Ok();
    out->replace = true;
    pos = after_or;
  }
  if (!sql_text::ConsumeKeyword(stmt, &pos, "PERFETTO")) return Status::Ok();
  return ParseCreate(stmt, pos, out);
}

}  // namespace weft
