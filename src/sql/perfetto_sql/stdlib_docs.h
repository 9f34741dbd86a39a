// Documentation of PerfettoSQL modules, read from their comments the way
// Perfetto's standard library writes them:
//
//   -- Description of the object (the comment block right above it).
//   CREATE PERFETTO FUNCTION f(
//     -- Description of the argument.
//     x LONG)
//   -- Description of the return value.
//   RETURNS LONG AS ...
//
// Columns of tables, views and RETURNS TABLE(...) are documented like
// arguments. A module's description is its file's first comment block when
// a blank line separates it from the first statement. Names starting with
// `_` (object or module component) are internal (exposed = false).
// Reference: docs/perfetto_sql.md (__intrinsic_stdlib_objects).
#ifndef SRC_SQL_PERFETTO_SQL_STDLIB_DOCS_H_
#define SRC_SQL_PERFETTO_SQL_STDLIB_DOCS_H_

#include <string>
#include <string_view>
#include <vector>

namespace weft {

struct StdlibDocItem {
  std::string name;
  std::string type;  // As written ("LONG", "ColumnName").
  std::string description;
};

struct StdlibObject {
  std::string module;       // "time.conversion".
  std::string name;         // "time_from_ns"; the module name for a MODULE.
  std::string object_type;  // MODULE, TABLE, VIEW, FUNCTION, TABLE_FUNCTION, MACRO.
  bool exposed = true;
  std::string description;
  std::vector<StdlibDocItem> cols;
  std::vector<StdlibDocItem> args;
  std::string return_type;  // "TABLE" for a table function.
  std::string return_description;

  std::string QualifiedName() const;  // "time.conversion.time_from_ns".
  std::string Package() const;        // "time".
  std::string ShortDescription() const;  // The description's first sentence.
  // Plain text of everything above, for searching.
  std::string Summary() const;
};

// The MODULE object of module |module|, then one object per CREATE PERFETTO
// TABLE / VIEW / FUNCTION / MACRO of its text |sql|.
std::vector<StdlibObject> DocumentModule(const std::string& module, std::string_view sql);

// |items| as a JSON array of {"name", "type", "description"} objects.
std::string DocItemsToJson(const std::vector<StdlibDocItem>& items);

}  // namespace weft

#endif  // SRC_SQL_PERFETTO_SQL_STDLIB_DOCS_H_
