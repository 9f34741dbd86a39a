// __intrinsic_stdlib_objects (see stdlib_objects_table.h).
#include "src/sql/perfetto_sql/stdlib_objects_table.h"

#include <string>
#include <vector>

#include "src/sql/perfetto_sql/embedded_modules.h"
#include "src/sql/perfetto_sql/stdlib_docs.h"
#include "src/sql/vtab_module.h"

namespace weft {
namespace {

enum Column {
  kQualifiedName, kPackage, kModule, kName, kObjectType, kExposed, kShortDescription,
  kDescription, kSummary, kCols, kArgs, kReturnType, kReturnDescription,
};
constexpr char kSchema[] =
    "CREATE TABLE x(qualified_name TEXT, package TEXT, module TEXT, name TEXT, "
    "object_type TEXT, exposed INTEGER, short_description TEXT, description TEXT, "
    "summary TEXT, cols TEXT, args TEXT, return_type TEXT, return_description TEXT)";

// The modules are compiled in: documented once per process.
const std::vector<StdlibObject>& AllObjects() {
  static const std::vector<StdlibObject>* objects = [] {
    auto* all = new std::vector<StdlibObject>();
    for (size_t i = 0; i < kEmbeddedSqlModuleCount; ++i) {
      for (auto& obj : DocumentModule(kEmbeddedSqlModules[i].name, kEmbeddedSqlModules[i].sql)) {
        all->push_back(std::move(obj));
      }
    }
    return all;
  }();
  return *objects;
}

struct ObjectsVtab : sqlite3_vtab {
  int BestIndex(sqlite3_index_info* info) {
    info->estimatedCost = 1000;
    return SQLITE_OK;
  }
};

struct ObjectsCursor : VtabCursor<ObjectsVtab> {
  size_t row = 0;

  int Filter(int, const char*, int, sqlite3_value**) {
    row = 0;
    return SQLITE_OK;
  }
  int Next() {
    ++row;
    return SQLITE_OK;
  }
  bool Eof() const { return row >= AllObjects().size(); }
  sqlite3_int64 Rowid() const { return static_cast<sqlite3_int64>(row); }

  static void Text(sqlite3_context* ctx, const std::string& s) {
    sqlite3_result_text(ctx, s.c_str(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
  }
  // Empty documentation is NULL.
  static void TextOrNull(sqlite3_context* ctx, const std::string& s) {
    if (s.empty()) return sqlite3_result_null(ctx);
    Text(ctx, s);
  }
  void ColumnValue(sqlite3_context* ctx, int column) {
    const StdlibObject& o = AllObjects()[row];
    switch (column) {
      case kQualifiedName: return Text(ctx, o.QualifiedName());
      case kPackage: return Text(ctx, o.Package());
      case kModule: return Text(ctx, o.module);
      case kName: return Text(ctx, o.name);
      case kObjectType: return Text(ctx, o.object_type);
      case kExposed: return sqlite3_result_int(ctx, o.exposed ? 1 : 0);
      case kShortDescription: return TextOrNull(ctx, o.ShortDescription());
      case kDescription: return TextOrNull(ctx, o.description);
      case kSummary: return Text(ctx, o.Summary());
      case kCols: return Text(ctx, DocItemsToJson(o.cols));
      case kArgs: return Text(ctx, DocItemsToJson(o.args));
      case kReturnType: return TextOrNull(ctx, o.return_type);
      case kReturnDescription: return TextOrNull(ctx, o.return_description);
      default: return sqlite3_result_null(ctx);
    }
  }
};

int Connect(sqlite3* db, void*, int, const char* const*, sqlite3_vtab** out, char**) {
  int rc = sqlite3_declare_vtab(db, kSchema);
  if (rc != SQLITE_OK) return rc;
  *out = new ObjectsVtab();
  return SQLITE_OK;
}

const sqlite3_module kVtabModule = VtabModule<ObjectsVtab, ObjectsCursor>(&Connect);

}  // namespace

Status RegisterStdlibObjectsTable(sqlite3* db) {
  if (sqlite3_create_module_v2(db, "__intrinsic_stdlib_objects", &kVtabModule, nullptr, nullptr) !=
      SQLITE_OK) {
    return Status::Error("cannot register __intrinsic_stdlib_objects");
  }
  return Status::Ok();
}

}  // namespace weft
