// __intrinsic_flamegraph virtual table and its config function (see
// flamegraph.h).
#include "src/sql/operators/flamegraph.h"

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "src/sql/operators/flamegraph_tree.h"
#include "src/sql/vtab_module.h"

namespace weft {
namespace {

constexpr char kSep = '\x1f';  // Between the config function's arguments.
constexpr int kFixedColumns = 6;  // name, depth, x_start, x_end, _tree_id, _tree_parent_id.
constexpr int kPerInput = 4;      // c, self_c, cumulative_c, parent_cumulative_c.
constexpr int kTreeIdColumn = 4;
// __intrinsic_flamegraph_find(_tree_id, kind) reaches BestIndex as this op.
constexpr int kFindConstraint = SQLITE_INDEX_CONSTRAINT_FUNCTION;

struct FgVtab : sqlite3_vtab {
  sqlite3* db = nullptr;
  std::string query;
  std::vector<std::string> inputs;  // Input columns other than id, parent_id, name.

  int config_column() const { return kFixedColumns + kPerInput * static_cast<int>(inputs.size()); }

  // argv[0]: the config; argv[1], if idxNum is 1: the kind given to
  // __intrinsic_flamegraph_find(_tree_id, kind).
  int BestIndex(sqlite3_index_info* info) {
    bool has_config = false;
    for (int i = 0; i < info->nConstraint; ++i) {
      const auto& c = info->aConstraint[i];
      if (!c.usable) continue;
      if (c.iColumn == config_column() && c.op == SQLITE_INDEX_CONSTRAINT_EQ) {
        info->aConstraintUsage[i].argvIndex = 1;
        info->aConstraintUsage[i].omit = 1;
        has_config = true;
      } else if (c.iColumn == kTreeIdColumn && c.op == kFindConstraint) {
        info->aConstraintUsage[i].argvIndex = 2;
        info->aConstraintUsage[i].omit = 1;
        info->idxNum = 1;
      }
    }
    if (!has_config) return SQLITE_CONSTRAINT;
    info->estimatedCost = 1000;
    return SQLITE_OK;
  }
};

int IndexOf(const std::vector<std::string>& v, const std::string& s) {
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] == s) return static_cast<int>(i);
  }
  return -1;
}

FgValue ValueOf(sqlite3_stmt* stmt, int col) {
  FgValue v;
  switch (sqlite3_column_type(stmt, col)) {
    case SQLITE_INTEGER: v.type = FgValue::Type::kInt; v.i = sqlite3_column_int64(stmt, col); break;
    case SQLITE_FLOAT: v.type = FgValue::Type::kDouble; v.d = sqlite3_column_double(stmt, col); break;
    case SQLITE_NULL: break;
    default: {
      v.type = FgValue::Type::kText;
      const unsigned char* t = sqlite3_column_text(stmt, col);
      v.s = t ? reinterpret_cast<const char*>(t) : "";
    }
  }
  return v;
}

void ResultValue(sqlite3_context* ctx, const FgValue& v) {
  switch (v.type) {
    case FgValue::Type::kNull: sqlite3_result_null(ctx); break;
    case FgValue::Type::kInt: sqlite3_result_int64(ctx, v.i); break;
    case FgValue::Type::kDouble: sqlite3_result_double(ctx, v.d); break;
    case FgValue::Type::kText: sqlite3_result_text(ctx, v.s.c_str(), -1, SQLITE_TRANSIENT); break;
  }
}

// Values are sums of the input's numbers: integers stay integers.
void ResultNumber(sqlite3_context* ctx, double d) {
  if (std::floor(d) == d && std::fabs(d) < 9.2e18) sqlite3_result_int64(ctx, static_cast<int64_t>(d));
  else sqlite3_result_double(ctx, d);
}

struct FgCursor : VtabCursor<FgVtab> {
  FgConfig config;
  std::vector<FgNode> rows;
  size_t row = 0;

  int Load(const std::string& config_text) {
    std::vector<std::string> args;
    size_t start = 0;
    for (size_t i = 0; i <= config_text.size(); ++i) {
      if (i < config_text.size() && config_text[i] != kSep) continue;
      args.push_back(config_text.substr(start, i - start));
      start = i + 1;
    }
    std::string error;
    config = FgConfig();
    if (!ParseFgConfig(args, &config, &error)) return SetVtabError(vtab(), error);
    std::vector<FgFrame> frames;
    int rc = ReadFrames(&frames, &error);
    if (rc != SQLITE_OK) return SetVtabError(vtab(), error);
    if (!ComputeFlamegraph(frames, config, &rows, &error)) return SetVtabError(vtab(), error);
    return SQLITE_OK;
  }

  int ReadFrames(std::vector<FgFrame>* frames, std::string* error) {
    sqlite3* db = vtab()->db;
    sqlite3_stmt* stmt = nullptr;
    std::string sql = "SELECT * FROM " + vtab()->query;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
      *error = sqlite3_errmsg(db);
      return SQLITE_ERROR;
    }
    std::vector<std::string> names;
    for (int c = 0; c < sqlite3_column_count(stmt); ++c) names.push_back(sqlite3_column_name(stmt, c));
    int id = IndexOf(names, "id"), parent = IndexOf(names, "parent_id"), name = IndexOf(names, "name");
    auto cols = [&](const std::vector<std::string>& wanted) {
      std::vector<int> out;
      for (const std::string& w : wanted) out.push_back(IndexOf(names, w));
      return out;
    };
    std::vector<int> values = cols(config.value_cols), groups = cols(config.group_cols), aggs;
    for (const auto& a : config.aggs) aggs.push_back(IndexOf(names, a.input));
    int rc;
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
      FgFrame f;
      f.id = sqlite3_column_int64(stmt, id);
      f.has_parent = sqlite3_column_type(stmt, parent) != SQLITE_NULL;
      f.parent_id = sqlite3_column_int64(stmt, parent);
      f.name = ValueOf(stmt, name).Text();
      for (int v : values) f.values.push_back(v < 0 ? 0 : sqlite3_column_double(stmt, v));
      for (int g : groups) f.groups.push_back(g < 0 ? FgValue() : ValueOf(stmt, g));
      for (int a : aggs) f.aggs.push_back(a < 0 ? FgValue() : ValueOf(stmt, a));
      frames->push_back(std::move(f));
    }
    if (rc != SQLITE_DONE) *error = sqlite3_errmsg(db);
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
  }

  int Filter(int idx_num, const char*, int argc, sqlite3_value** argv) {
    rows.clear();
    row = 0;
    if (argc < 1 || sqlite3_value_type(argv[0]) != SQLITE_TEXT) {
      return SetVtabError(vtab(), "flamegraph: expected __intrinsic_flamegraph_config(...)");
    }
    const char* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
    int rc = Load(std::string(text, static_cast<size_t>(sqlite3_value_bytes(argv[0]))));
    if (rc != SQLITE_OK || idx_num != 1 || argc < 2) return rc;
    const unsigned char* kind = sqlite3_value_text(argv[1]);
    if (!kind || std::string(reinterpret_cast<const char*>(kind)) != "SUPER_ROOT") {
      return SetVtabError(vtab(), "__intrinsic_flamegraph_find: only SUPER_ROOT is supported");
    }
    KeepSuperRootOnly();
    return SQLITE_OK;
  }

  // The root above every depth-1 frame: no name, depth 0, the total.
  void KeepSuperRootOnly() {
    FgNode root;
    root.depth = 0;
    root.is_super_root = true;
    root.self.assign(config.value_cols.size(), 0.0);
    root.cumulative = root.self;
    for (const FgNode& n : rows) {
      if (n.depth != 1) continue;
      for (size_t v = 0; v < root.cumulative.size(); ++v) root.cumulative[v] += n.cumulative[v];
    }
    root.x_end = root.cumulative.empty() ? 0 : root.cumulative[0];
    rows.assign(1, root);
  }
  int Next() {
    ++row;
    return SQLITE_OK;
  }
  bool Eof() const { return row >= rows.size(); }
  sqlite3_int64 Rowid() const { return static_cast<sqlite3_int64>(row); }

  void ColumnValue(sqlite3_context* ctx, int column) {
    const FgNode& n = rows[row];
    switch (column) {
      case 0:
        if (n.is_super_root) return sqlite3_result_null(ctx);
        return sqlite3_result_text(ctx, n.name.c_str(), -1, SQLITE_TRANSIENT);
      case 1: return sqlite3_result_int64(ctx, n.depth);
      case 2: return ResultNumber(ctx, n.x_start);
      case 3: return ResultNumber(ctx, n.x_end);
      case 4: return sqlite3_result_int64(ctx, static_cast<sqlite3_int64>(row));
      case 5: return n.parent < 0 ? sqlite3_result_null(ctx) : sqlite3_result_int64(ctx, n.parent);
      default: break;
    }
    int k = column - kFixedColumns;
    if (k < 0 || k >= kPerInput * static_cast<int>(vtab()->inputs.size())) return sqlite3_result_null(ctx);
    InputColumn(ctx, vtab()->inputs[static_cast<size_t>(k / kPerInput)], k % kPerInput, n);
  }

  void InputColumn(sqlite3_context* ctx, const std::string& col, int kind, const FgNode& n) {
    if (kind == 0) {
      int g = IndexOf(config.group_cols, col);
      if (g >= 0) return ResultValue(ctx, n.groups[static_cast<size_t>(g)]);
      for (size_t a = 0; a < config.aggs.size(); ++a) {
        if (config.aggs[a].output == col) return ResultValue(ctx, n.aggs[a]);
      }
      return sqlite3_result_null(ctx);
    }
    int v = IndexOf(config.value_cols, col);
    if (v < 0) return sqlite3_result_null(ctx);
    size_t vi = static_cast<size_t>(v);
    if (kind == 1) return ResultNumber(ctx, n.self[vi]);
    if (kind == 2 && n.is_super_root) return sqlite3_result_double(ctx, n.cumulative[vi]);
    if (kind == 2) return ResultNumber(ctx, n.cumulative[vi]);
    if (n.parent < 0) return sqlite3_result_null(ctx);
    ResultNumber(ctx, rows[static_cast<size_t>(n.parent)].cumulative[vi]);
  }
};

int CreateOrConnect(sqlite3* db, void*, int argc, const char* const* argv, sqlite3_vtab** out,
                    char** err) {
  if (argc < 4) {
    *err = sqlite3_mprintf("__intrinsic_flamegraph needs a (SELECT ...) argument");
    return SQLITE_ERROR;
  }
  auto vtab = std::make_unique<FgVtab>();
  vtab->db = db;
  for (int i = 3; i < argc; ++i) vtab->query += std::string(i > 3 ? "," : "") + argv[i];
  sqlite3_stmt* stmt = nullptr;
  std::string probe = "SELECT * FROM " + vtab->query;
  if (sqlite3_prepare_v2(db, probe.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    *err = sqlite3_mprintf("__intrinsic_flamegraph: %s", sqlite3_errmsg(db));
    sqlite3_finalize(stmt);
    return SQLITE_ERROR;
  }
  std::string schema = "CREATE TABLE x(name, depth, x_start, x_end, _tree_id, _tree_parent_id";
  for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
    std::string name = sqlite3_column_name(stmt, c);
    if (name == "id" || name == "parent_id" || name == "name") continue;
    vtab->inputs.push_back(name);
    schema += ", \"" + name + "\", \"self_" + name + "\", \"cumulative_" + name +
              "\", \"parent_cumulative_" + name + "\"";
  }
  sqlite3_finalize(stmt);
  schema += ", config HIDDEN)";
  int rc = sqlite3_declare_vtab(db, schema.c_str());
  if (rc != SQLITE_OK) return rc;
  *out = vtab.release();
  return SQLITE_OK;
}

int Create(sqlite3* db, void* aux, int argc, const char* const* argv, sqlite3_vtab** out,
           char** err) {
  return CreateOrConnect(db, aux, argc, argv, out, err);
}

void ConfigFunction(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  std::string text;
  for (int i = 0; i < argc; ++i) {
    const unsigned char* t = sqlite3_value_text(argv[i]);
    if (i) text += kSep;
    text += t ? reinterpret_cast<const char*>(t) : "";
  }
  sqlite3_result_text(ctx, text.c_str(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

// Outside the operator, __intrinsic_flamegraph_find() matches nothing.
void FindFunction(sqlite3_context* ctx, int, sqlite3_value**) { sqlite3_result_int(ctx, 0); }

int OverloadFind(sqlite3_vtab*, int argc, const char* name,
                 void (**fn)(sqlite3_context*, int, sqlite3_value**), void**) {
  if (argc != 2 || sqlite3_stricmp(name, "__intrinsic_flamegraph_find") != 0) return 0;
  *fn = FindFunction;
  return kFindConstraint;
}

sqlite3_module MakeModule() {
  sqlite3_module m = VtabModule<FgVtab, FgCursor>(&CreateOrConnect, &Create);
  m.xFindFunction = OverloadFind;
  return m;
}

const sqlite3_module kModule = MakeModule();

}  // namespace

Status RegisterFlamegraph(sqlite3* db) {
  if (sqlite3_create_module_v2(db, "__intrinsic_flamegraph", &kModule, nullptr, nullptr) !=
          SQLITE_OK ||
      sqlite3_create_function_v2(db, "__intrinsic_flamegraph_config", -1,
                                 SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, ConfigFunction,
                                 nullptr, nullptr, nullptr) != SQLITE_OK ||
      sqlite3_create_function_v2(db, "__intrinsic_flamegraph_find", 2, SQLITE_UTF8, nullptr,
                                 FindFunction, nullptr, nullptr, nullptr) != SQLITE_OK) {
    return Status::Error("cannot register __intrinsic_flamegraph");
  }
  return Status::Ok();
}

}  // namespace weft
