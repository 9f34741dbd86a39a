// PerfettoSQL macro definition and expansion (see macros.h).
#include "src/sql/perfetto_sql/macros.h"

#include <vector>

#include "src/sql/perfetto_sql/sql_text.h"

namespace weft {
namespace {

// Deep enough for real macro nesting, shallow enough to stop a macro that
// expands to itself.
constexpr int kMaxDepth = 64;
constexpr char kStringify[] = "__intrinsic_stringify";

// |body| with each `$name` of |params| replaced by the matching argument.
std::string Substitute(std::string_view body, const std::vector<SqlNameAndType>& params,
                       const std::vector<std::string>& args) {
  std::string out;
  size_t i = 0;
  while (i < body.size()) {
    size_t skipped = sql_text::SkipQuotedOrComment(body, i);
    if (skipped != i) {
      out.append(body.substr(i, skipped - i));
      i = skipped;
      continue;
    }
    if (body[i] == '$') {
      size_t end = i + 1;
      while (end < body.size() && sql_text::IsIdentChar(body[end])) ++end;
      std::string name = sql_text::Lower(body.substr(i + 1, end - i - 1));
      bool replaced = false;
      for (size_t p = 0; p < params.size() && !replaced; ++p) {
        if (sql_text::Lower(params[p].name) != name) continue;
        out += args[p];
        replaced = true;
      }
      if (replaced) {
        i = end;
        continue;
      }
    }
    out += body[i++];
  }
  return out;
}

}  // namespace

Status MacroRegistry::Define(const PerfettoStatement& def) {
  std::string key = sql_text::Lower(def.name);
  if (macros_.count(key) && !def.replace) {
    return Status::Error("macro " + def.name + " already exists (use CREATE OR REPLACE)");
  }
  macros_[key] = def;
  return Status::Ok();
}

bool MacroRegistry::MayHaveCalls(std::string_view sql) {
  size_t bang = sql.find('!');
  while (bang != std::string_view::npos) {
    size_t next = sql_text::SkipSpace(sql, bang + 1);
    if (bang > 0 && sql_text::IsIdentChar(sql[bang - 1]) && next < sql.size() &&
        sql[next] == '(') {
      return true;
    }
    bang = sql.find('!', bang + 1);
  }
  return false;
}

Status MacroRegistry::Expand(std::string_view sql, std::string* out) const {
  out->clear();
  return ExpandAt(sql, 0, out);
}

Status MacroRegistry::ExpandAt(std::string_view sql, int depth, std::string* out) const {
  if (depth > kMaxDepth) return Status::Error("macro expansion too deep (recursive macro?)");
  size_t i = 0;
  while (i < sql.size()) {
    size_t skipped = sql_text::SkipQuotedOrComment(sql, i);
    if (skipped != i) {
      out->append(sql.substr(i, skipped - i));
      i = skipped;
      continue;
    }
    if (!sql_text::IsIdentChar(sql[i])) {
      *out += sql[i++];
      continue;
    }
    size_t end = i;
    while (end < sql.size() && sql_text::IsIdentChar(sql[end])) ++end;
    std::string name(sql.substr(i, end - i));
    size_t paren = end < sql.size() && sql[end] == '!' ? end + 1 : std::string_view::npos;
    std::string args;
    if (paren != std::string_view::npos && sql_text::ReadParenthesized(sql, &paren, &args)) {
      WEFT_RETURN_IF_ERROR(ExpandCall(name, args, depth, out));
      i = paren;
      continue;
    }
    out->append(name);
    i = end;
  }
  return Status::Ok();
}

Status MacroRegistry::ExpandCall(const std::string& name, const std::string& args, int depth,
                                 std::string* out) const {
  if (sql_text::Lower(name) == kStringify) {
    *out += "'" + sql_text::Trim(args) + "'";
    return Status::Ok();
  }
  auto it = macros_.find(sql_text::Lower(name));
  if (it == macros_.end()) return Status::Error("unknown macro " + name + "!()");
  const PerfettoStatement& def = it->second;
  std::vector<std::string> values = sql_text::SplitTopLevel(args);
  if (values.size() != def.args.size()) {
    return Status::Error("macro " + name + "!() takes " + std::to_string(def.args.size()) +
                         " arguments, got " + std::to_string(values.size()));
  }
  return ExpandAt(Substitute(def.body, def.args, values), depth + 1, out);
}

}  // namespace weft
