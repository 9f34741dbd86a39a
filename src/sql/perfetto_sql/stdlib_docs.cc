// Module documentation from comments (see stdlib_docs.h).
#include "src/sql/perfetto_sql/stdlib_docs.h"

#include <cctype>
#include <cstdio>

#include "src/base/string_view_util.h"
#include "src/sql/perfetto_sql/perfetto_statement.h"
#include "src/sql/perfetto_sql/sql_text.h"

namespace weft {
namespace {

using Kind = PerfettoStatement::Kind;

// The `--` comment blocks before the first token of |text|, each block's
// lines joined by spaces. |*adjacent|: the last block ends on the line right
// above the token (it documents what follows).
std::vector<std::string> CommentBlocks(std::string_view text, bool* adjacent) {
  std::vector<std::string> blocks;
  bool in_block = false;
  *adjacent = false;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string line = sql_text::Trim(text.substr(pos, eol - pos));
    if (line.empty()) {
      in_block = false;
    } else if (line.compare(0, 2, "--") == 0) {
      std::string content = sql_text::Trim(std::string_view(line).substr(2));
      if (!in_block) blocks.emplace_back();
      if (!blocks.back().empty() && !content.empty()) blocks.back() += " ";
      blocks.back() += content;
      in_block = true;
    } else {
      *adjacent = in_block;
      return blocks;
    }
    pos = eol + 1;
  }
  *adjacent = in_block;
  return blocks;
}

// The comment directly above the first token of |text|.
std::string DocComment(std::string_view text) {
  bool adjacent = false;
  std::vector<std::string> blocks = CommentBlocks(text, &adjacent);
  return adjacent ? blocks.back() : "";
}

bool IsInternal(const std::string& name) { return !name.empty() && name[0] == '_'; }

// "a INT, -- doc\n b LONG" inside a list's parentheses: each item with the
// comment above it.
std::vector<StdlibDocItem> DocumentList(std::string_view list) {
  std::vector<StdlibDocItem> items;
  for (const std::string& part : sql_text::SplitTopLevel(list)) {
    size_t pos = 0;
    StdlibDocItem item;
    item.name = sql_text::ReadWord(part, &pos);
    item.type = sql_text::Trim(std::string_view(part).substr(pos));
    item.description = DocComment(part);
    if (!item.name.empty()) items.push_back(item);
  }
  return items;
}

const char* ObjectType(Kind kind) {
  switch (kind) {
    case Kind::kTable: return "TABLE";
    case Kind::kView: return "VIEW";
    case Kind::kFunction: return "FUNCTION";
    case Kind::kTableFunction: return "TABLE_FUNCTION";
    case Kind::kMacro: return "MACRO";
    default: return nullptr;
  }
}

// Fills the argument / column / return documentation of |stmt|, parsed as
// |parsed|, into |obj|.
void DocumentSignature(std::string_view stmt, const PerfettoStatement& parsed,
                       StdlibObject* obj) {
  size_t pos = 0;
  sql_text::ConsumeKeyword(stmt, &pos, "CREATE");
  if (sql_text::ConsumeKeyword(stmt, &pos, "OR")) sql_text::ConsumeKeyword(stmt, &pos, "REPLACE");
  sql_text::ConsumeKeyword(stmt, &pos, "PERFETTO");
  sql_text::ReadWord(stmt, &pos);  // TABLE, VIEW, FUNCTION, MACRO.
  sql_text::ReadWord(stmt, &pos);  // The name.
  std::string list;
  bool has_list = sql_text::ReadParenthesized(stmt, &pos, &list);
  if (parsed.kind == Kind::kTable || parsed.kind == Kind::kView) {
    if (has_list) obj->cols = DocumentList(list);
    return;
  }
  obj->args = DocumentList(list);
  obj->return_description = DocComment(stmt.substr(pos));
  sql_text::ConsumeKeyword(stmt, &pos, "RETURNS");
  if (parsed.kind == Kind::kTableFunction) {
    obj->return_type = "TABLE";
    sql_text::ConsumeKeyword(stmt, &pos, "TABLE");
    if (sql_text::ReadParenthesized(stmt, &pos, &list)) obj->cols = DocumentList(list);
    return;
  }
  // As written (a macro's types keep their case), with parameters if any.
  size_t type_start = sql_text::SkipSpace(stmt, pos);
  sql_text::ReadWord(stmt, &pos, true);
  std::string params;
  sql_text::ReadParenthesized(stmt, &pos, &params);
  obj->return_type = sql_text::Trim(stmt.substr(type_start, pos - type_start));
}

void AppendItems(const char* title, const std::vector<StdlibDocItem>& items, std::string* out) {
  if (items.empty()) return;
  *out += std::string(title) + ":\n";
  for (const auto& item : items) {
    *out += "  " + item.name + " (" + item.type + ")";
    if (!item.description.empty()) *out += ": " + item.description;
    *out += "\n";
  }
}

std::string Words(std::string s) {
  for (char& c : s) {
    if (c == '.' || c == '_') c = ' ';
  }
  return sql_text::Trim(s);
}

}  // namespace

std::string StdlibObject::QualifiedName() const {
  return object_type == "MODULE" ? module : module + "." + name;
}

std::string StdlibObject::Package() const { return module.substr(0, module.find('.')); }

std::string StdlibObject::ShortDescription() const {
  for (size_t i = 0; i < description.size(); ++i) {
    if (description[i] == '.' && (i + 1 == description.size() || description[i + 1] == ' ')) {
      return description.substr(0, i + 1);
    }
  }
  return description;
}

std::string StdlibObject::Summary() const {
  std::string out = QualifiedName() + "\n";
  out += std::string("Kind: ") + (exposed ? "public " : "internal ") + object_type + "\n";
  out += "Module: " + module + "\n";
  if (!description.empty()) out += "Description: " + description + "\n";
  AppendItems("Columns", cols, &out);
  AppendItems("Arguments", args, &out);
  if (!return_type.empty()) {
    out += "Returns: " + return_type;
    if (!return_description.empty()) out += ": " + return_description;
    out += "\n";
  }
  out += "Search aliases: " + Words(Package()) + " " + Words(module);
  if (object_type != "MODULE") out += " " + Words(name);
  return out;
}

std::vector<StdlibObject> DocumentModule(const std::string& module, std::string_view sql) {
  std::vector<StdlibObject> objects(1);
  StdlibObject& mod = objects[0];
  mod.module = mod.name = module;
  mod.object_type = "MODULE";
  for (size_t start = 0; start < module.size();) {  // Any `_` component.
    if (module[start] == '_') mod.exposed = false;
    size_t dot = module.find('.', start);
    start = dot == std::string::npos ? module.size() : dot + 1;
  }
  bool adjacent = false;
  std::vector<std::string> header = CommentBlocks(sql, &adjacent);
  if (header.size() > (adjacent ? 1u : 0u)) mod.description = header[0];
  const bool module_exposed = mod.exposed;  // |mod| dangles once objects grows.

  for (size_t pos = 0; pos < sql.size();) {
    size_t end = sql_text::StatementEnd(sql, pos);
    std::string_view stmt = sql.substr(pos, end - pos);
    pos = end;
    PerfettoStatement parsed;
    if (!ParsePerfettoStatement(stmt, &parsed).ok() || !ObjectType(parsed.kind)) continue;
    StdlibObject obj;
    obj.module = module;
    obj.name = parsed.name;
    obj.object_type = ObjectType(parsed.kind);
    obj.exposed = module_exposed && !IsInternal(parsed.name);
    obj.description = DocComment(stmt);
    DocumentSignature(stmt.substr(sql_text::SkipSpace(stmt, 0)), parsed, &obj);
    objects.push_back(std::move(obj));
  }
  return objects;
}

std::string DocItemsToJson(const std::vector<StdlibDocItem>& items) {
  auto quote = [](const std::string& s) {
    std::string out;
    AppendJsonString(s, &out);
    return out;
  };
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i) {
    if (i) out += ",";
    out += "{\"name\":" + quote(items[i].name) + ",\"type\":" + quote(items[i].type) +
           ",\"description\":" + quote(items[i].description) + "}";
  }
  return out + "]";
}

}  // namespace weft
