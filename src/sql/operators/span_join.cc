// The SQLite modules behind SPAN_JOIN / SPAN_LEFT_JOIN / SPAN_OUTER_JOIN.
// xCreate / xConnect parse the two table descriptors and read the inputs'
// columns; xBestIndex records the pushed-down constraints in idxStr; xFilter
// builds one "SELECT ... ORDER BY partition, ts" per input and hands both to
// SpanMerge (span_join_merge.h), which does the actual join.
#include "src/sql/operators/span_join.h"

#include <cctype>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "src/sql/operators/span_join_merge.h"
#include "src/sql/vtab_module.h"

namespace weft {
namespace {

// Output columns before the inputs' own ones.
constexpr int kTsColumn = 0;
constexpr int kDurColumn = 1;
constexpr int kPartitionColumn = 2;  // Only when partitioned.

// Pushed-down constraint kinds, one character each in idxStr, in argv order.
constexpr char kPartitionEq = 'p';  // partition = ?
constexpr char kTsLt = 'l';         // ts < ?  (inner joins only)
constexpr char kTsLe = 'e';         // ts <= ? (inner joins only; also ts = ?)

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(tolower(static_cast<unsigned char>(c)));
  return s;
}

bool SameName(const std::string& a, const std::string& b) {
  return sqlite3_stricmp(a.c_str(), b.c_str()) == 0;
}

std::string QuoteIdent(const std::string& name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// Maps a declared type to the type the output column declares (affinity
// only matters for comparisons): the same buckets as Perfetto.
std::string OutputType(const char* decltype_or_null) {
  if (!decltype_or_null) return "";
  std::string t = Lower(decltype_or_null);
  if (t.find("int") != std::string::npos) return "BIGINT";
  if (t.find("char") != std::string::npos || t.find("clob") != std::string::npos ||
      t.find("text") != std::string::npos || t.find("string") != std::string::npos) {
    return "TEXT";
  }
  if (t.find("real") != std::string::npos || t.find("floa") != std::string::npos ||
      t.find("doub") != std::string::npos) {
    return "DOUBLE";
  }
  if (t.find("blob") != std::string::npos) return "BLOB";
  return "";
}

// One input as named in the arguments: "name [PARTITIONED column]".
struct InputTable {
  std::string name;       // As written (unquoted).
  std::string from_sql;   // Quoted, for FROM.
  std::string partition;  // Empty: unpartitioned.
  std::vector<std::string> columns;
  std::vector<std::string> types;  // Output type per column ("" = none).
  int ts_col = -1;
  int dur_col = -1;
  int part_col = -1;
};

// Splits a descriptor into whitespace-separated tokens; "..", `..` and [..]
// quote a token.
bool Tokenize(const std::string& text, std::vector<std::string>* tokens,
              std::vector<bool>* quoted) {
  size_t i = 0;
  while (i < text.size()) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (isspace(c)) {
      ++i;
      continue;
    }
    std::string token;
    bool was_quoted = false;
    if (c == '"' || c == '`' || c == '[') {
      char close = c == '[' ? ']' : static_cast<char>(c);
      was_quoted = true;
      ++i;
      for (;;) {
        if (i >= text.size()) return false;
        if (text[i] == close) {
          if (close != ']' && i + 1 < text.size() && text[i + 1] == close) {
            token += close;
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        token += text[i++];
      }
    } else {
      while (i < text.size() &&
             !isspace(static_cast<unsigned char>(text[i]))) {
        token += text[i++];
      }
    }
    tokens->push_back(token);
    quoted->push_back(was_quoted);
  }
  return true;
}

Status ParseDescriptor(const std::string& text, InputTable* out) {
  std::vector<std::string> tokens;
  std::vector<bool> quoted;
  if (!Tokenize(text, &tokens, &quoted)) {
    return ErrStatus("SPAN_JOIN: unterminated quote in '%s'", text.c_str());
  }
  if (tokens.empty()) return Status::Error("SPAN_JOIN: missing table name");
  out->name = tokens[0];
  if (quoted[0]) {
    out->from_sql = QuoteIdent(tokens[0]);
  } else {
    // Plain (possibly schema-qualified) name: quote each part.
    for (char c : tokens[0]) {
      if (!isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '.' &&
          c != '$') {
        return ErrStatus(
            "SPAN_JOIN: '%s' is not a table name (inputs must be tables or "
            "views)",
            tokens[0].c_str());
      }
    }
    size_t start = 0;
    for (;;) {
      size_t dot = tokens[0].find('.', start);
      if (!out->from_sql.empty()) out->from_sql += ".";
      out->from_sql += QuoteIdent(tokens[0].substr(start, dot - start));
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
  }
  if (tokens.size() == 1) return Status::Ok();
  if (tokens.size() != 3 || quoted[1] || !SameName(tokens[1], "PARTITIONED")) {
    return ErrStatus(
        "SPAN_JOIN: expected 'table [PARTITIONED column]', got '%s'",
        text.c_str());
  }
  out->partition = tokens[2];
  if (SameName(out->partition, "ts") || SameName(out->partition, "dur")) {
    return ErrStatus(
        "SPAN_JOIN: partition column cannot be ts or dur (table %s)",
        out->name.c_str());
  }
  return Status::Ok();
}

// Reads the input's columns (as SELECT * returns them) and finds ts, dur and
// the partition column.
Status ReadColumns(sqlite3* db, InputTable* t) {
  std::string sql = "SELECT * FROM " + t->from_sql + " LIMIT 0";
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    Status s = ErrStatus("SPAN_JOIN: cannot read table %s: %s", t->name.c_str(),
                         sqlite3_errmsg(db));
    sqlite3_finalize(stmt);
    return s;
  }
  int n = sqlite3_column_count(stmt);
  for (int i = 0; i < n; ++i) {
    const char* name = sqlite3_column_name(stmt, i);
    t->columns.push_back(name ? name : "");
    t->types.push_back(OutputType(sqlite3_column_decltype(stmt, i)));
    const std::string& col = t->columns.back();
    if (SameName(col, "ts") && t->ts_col < 0) t->ts_col = i;
    if (SameName(col, "dur") && t->dur_col < 0) t->dur_col = i;
    if (!t->partition.empty() && SameName(col, t->partition) && t->part_col < 0) {
      t->part_col = i;
    }
  }
  sqlite3_finalize(stmt);
  if (t->ts_col < 0 || t->dur_col < 0) {
    return ErrStatus("SPAN_JOIN: table %s needs both a ts and a dur column",
                     t->name.c_str());
  }
  if (!t->partition.empty() && t->part_col < 0) {
    return ErrStatus("SPAN_JOIN: table %s has no partition column '%s'",
                     t->name.c_str(), t->partition.c_str());
  }
  return Status::Ok();
}

// Per CREATE VIRTUAL TABLE: the two inputs and the output layout.
struct Vtab : sqlite3_vtab {
  sqlite3* db = nullptr;
  SpanJoinKind kind = SpanJoinKind::kInner;
  SpanPartitioning partitioning = SpanPartitioning::kNone;
  InputTable inputs[2];
  std::string partition_name;  // Output partition column ("" if none).
  // Output column kPartitionColumn (or kDurColumn) + 1 + i comes from
  // inputs[data_cols[i].first].columns[data_cols[i].second].
  std::vector<std::pair<int, int>> data_cols;
  int first_data_col = 2;

  int BestIndex(sqlite3_index_info* info);
};

struct Cursor : VtabCursor<Vtab> {
  SpanSource sources[2];
  std::unique_ptr<SpanMerge> merge;
  sqlite3_int64 rowid = 0;

  int Filter(int idx_num, const char* idx_str, int argc, sqlite3_value** argv);
  int Next();
  bool Eof() const { return !merge || merge->eof(); }
  void ColumnValue(sqlite3_context* ctx, int n);
  sqlite3_int64 Rowid() const { return rowid; }
};

Status Init(sqlite3* db, SpanJoinKind kind, int argc, const char* const* argv,
            Vtab* vtab, std::string* schema) {
  if (argc != 5) {
    return Status::Error(
        "SPAN_JOIN: expected 2 arguments: t1 [PARTITIONED col], t2 "
        "[PARTITIONED col]");
  }
  vtab->db = db;
  vtab->kind = kind;
  for (int i = 0; i < 2; ++i) {
    InputTable* t = &vtab->inputs[i];
    WEFT_RETURN_IF_ERROR(ParseDescriptor(argv[3 + i], t));
    if (SameName(t->name, argv[2])) {
      return ErrStatus("SPAN_JOIN: table %s cannot join itself", argv[2]);
    }
  }
  InputTable& t1 = vtab->inputs[0];
  InputTable& t2 = vtab->inputs[1];
  if (!t1.partition.empty() && !t2.partition.empty()) {
    if (!SameName(t1.partition, t2.partition)) {
      return ErrStatus(
          "SPAN_JOIN: mismatching partitions: %s in table %s, %s in table %s",
          t1.partition.c_str(), t1.name.c_str(), t2.partition.c_str(),
          t2.name.c_str());
    }
    vtab->partitioning = SpanPartitioning::kSame;
  } else if (!t1.partition.empty() || !t2.partition.empty()) {
    vtab->partitioning = SpanPartitioning::kMixed;
  }
  vtab->partition_name = t1.partition.empty() ? t2.partition : t1.partition;
  for (InputTable* t : {&t1, &t2}) WEFT_RETURN_IF_ERROR(ReadColumns(db, t));

  // ts, dur, partition, then the other columns of t1 and of t2.
  *schema = "CREATE TABLE x(ts BIGINT, dur BIGINT";
  std::vector<std::string> seen;
  if (!vtab->partition_name.empty()) {
    *schema += ", " + QuoteIdent(vtab->partition_name) + " BIGINT";
    seen.push_back(vtab->partition_name);
  }
  vtab->first_data_col = vtab->partition_name.empty() ? kPartitionColumn
                                                      : kPartitionColumn + 1;
  for (int side = 0; side < 2; ++side) {
    const InputTable& t = vtab->inputs[side];
    for (int i = 0; i < static_cast<int>(t.columns.size()); ++i) {
      if (i == t.ts_col || i == t.dur_col || i == t.part_col) continue;
      const std::string& name = t.columns[static_cast<size_t>(i)];
      for (const std::string& other : seen) {
        if (!SameName(name, other)) continue;
        if (SameName(other, vtab->partition_name)) {
          return ErrStatus(
              "SPAN_JOIN: column %s of unpartitioned table %s clashes with "
              "the partition column",
              name.c_str(), t.name.c_str());
        }
        return ErrStatus("SPAN_JOIN: column %s present in both tables %s and %s",
                         name.c_str(), t1.name.c_str(), t2.name.c_str());
      }
      seen.push_back(name);
      *schema += ", " + QuoteIdent(name);
      const std::string& type = t.types[static_cast<size_t>(i)];
      if (!type.empty()) *schema += " " + type;
      vtab->data_cols.emplace_back(side, i);
    }
  }
  *schema += ")";
  return Status::Ok();
}

template <SpanJoinKind kKind>
int CreateOrConnect(sqlite3* db, void*, int argc, const char* const* argv,
                    sqlite3_vtab** out, char** err) {
  auto vtab = std::make_unique<Vtab>();
  std::string schema;
  Status status = Init(db, kKind, argc, argv, vtab.get(), &schema);
  if (!status.ok()) {
    *err = sqlite3_mprintf("%s", status.message().c_str());
    return SQLITE_ERROR;
  }
  int rc = sqlite3_declare_vtab(db, schema.c_str());
  if (rc != SQLITE_OK) return rc;
  *out = vtab.release();
  return SQLITE_OK;
}

// xCreate and xConnect must differ for the table not to be eponymous.
template <SpanJoinKind kKind>
int Create(sqlite3* db, void* aux, int argc, const char* const* argv,
           sqlite3_vtab** out, char** err) {
  return CreateOrConnect<kKind>(db, aux, argc, argv, out, err);
}

template <SpanJoinKind kKind>
int Connect(sqlite3* db, void* aux, int argc, const char* const* argv,
            sqlite3_vtab** out, char** err) {
  return CreateOrConnect<kKind>(db, aux, argc, argv, out, err);
}

int Vtab::BestIndex(sqlite3_index_info* info) {
  bool partitioned = partitioning != SpanPartitioning::kNone;
  std::string plan;
  int argc = 0;
  bool partition_eq = false;
  bool partition_in = false;
  bool ts_bound = false;
  for (int i = 0; i < info->nConstraint; ++i) {
    const auto& c = info->aConstraint[i];
    if (!c.usable) continue;
    char code = 0;
    if (partitioned && c.iColumn == kPartitionColumn &&
        c.op == SQLITE_INDEX_CONSTRAINT_EQ && !partition_eq) {
      code = kPartitionEq;
      partition_eq = true;
      partition_in = sqlite3_vtab_in(info, i, -1);
    } else if (kind == SpanJoinKind::kInner && c.iColumn == kTsColumn) {
      // An output span starts at the later of its two inputs' starts, so
      // inputs starting after an upper bound cannot contribute. (Outer
      // joins need those rows to end the gaps before them.)
      if (c.op == SQLITE_INDEX_CONSTRAINT_LT) code = kTsLt;
      if (c.op == SQLITE_INDEX_CONSTRAINT_LE || c.op == SQLITE_INDEX_CONSTRAINT_EQ) {
        code = kTsLe;
      }
      if (code) ts_bound = true;
    }
    if (!code) continue;
    info->aConstraintUsage[i].argvIndex = ++argc;
    // SQLite re-checks: the inputs compare with their own affinities.
    info->aConstraintUsage[i].omit = 0;
    plan += code;
  }

  // Rows come out by partition, then ts.
  bool order_ok;
  if (!partitioned) {
    order_ok = info->nOrderBy == 1 && info->aOrderBy[0].iColumn == kTsColumn &&
               !info->aOrderBy[0].desc;
  } else {
    bool first_partition = info->nOrderBy >= 1 &&
                           info->aOrderBy[0].iColumn == kPartitionColumn &&
                           !info->aOrderBy[0].desc;
    bool second_ts = info->nOrderBy >= 2 &&
                     info->aOrderBy[1].iColumn == kTsColumn &&
                     !info->aOrderBy[1].desc;
    order_ok = (info->nOrderBy == 1 && first_partition) ||
               (info->nOrderBy == 2 && first_partition && second_ts);
    // One xFilter per IN value: partitions come in the IN list's order.
    if (partition_in) order_ok = false;
  }
  info->orderByConsumed = order_ok ? 1 : 0;

  double rows = 1e6;
  if (partition_eq) rows /= 50;
  if (ts_bound) rows /= 2;
  info->estimatedRows = static_cast<sqlite3_int64>(rows);
  info->estimatedCost = rows;
  info->idxStr = sqlite3_mprintf("%s", plan.c_str());
  info->needToFreeIdxStr = 1;
  return SQLITE_OK;
}

// SELECT every column of |t| ORDER BY partition, ts, with the pushed-down
// constraints of |plan| that apply to it. Zero-duration spans sort before
// longer ones starting at the same time, so they never look overlapped.
std::string InputQuery(const InputTable& t, const std::string& plan) {
  std::string sql = "SELECT ";
  for (size_t i = 0; i < t.columns.size(); ++i) {
    if (i) sql += ", ";
    sql += QuoteIdent(t.columns[i]);
  }
  sql += " FROM " + t.from_sql;
  std::vector<std::string> where;
  std::string part = t.part_col >= 0 ? QuoteIdent(t.columns[static_cast<size_t>(t.part_col)]) : "";
  std::string ts = QuoteIdent(t.columns[static_cast<size_t>(t.ts_col)]);
  std::string dur = QuoteIdent(t.columns[static_cast<size_t>(t.dur_col)]);
  if (!part.empty()) where.push_back(part + " IS NOT NULL");
  for (size_t i = 0; i < plan.size(); ++i) {
    std::string param = "?" + std::to_string(i + 1);
    switch (plan[i]) {
      case kPartitionEq:
        if (!part.empty()) where.push_back(part + " = " + param);
        break;
      case kTsLt:
        where.push_back(ts + " < " + param);
        break;
      case kTsLe:
        where.push_back(ts + " <= " + param);
        break;
    }
  }
  for (size_t i = 0; i < where.size(); ++i) {
    sql += i ? " AND " : " WHERE ";
    sql += where[i];
  }
  sql += " ORDER BY ";
  if (!part.empty()) sql += part + ", ";
  sql += ts + ", " + dur;
  return sql;
}

int Cursor::Filter(int, const char* idx_str, int argc, sqlite3_value** argv) {
  const Vtab* v = vtab();
  std::string plan = idx_str ? idx_str : "";
  if (static_cast<int>(plan.size()) != argc) {
    return SetVtabError(pVtab, "SPAN_JOIN: bad query plan");
  }
  for (int side = 0; side < 2; ++side) {
    const InputTable& t = v->inputs[side];
    SpanSource& src = sources[side];
    src.Configure(t.name, t.ts_col, t.dur_col, t.part_col);
    Status s = src.Prepare(v->db, InputQuery(t, plan));
    if (!s.ok()) return SetVtabError(pVtab, s.message());
    for (int i = 0; i < argc; ++i) {
      // Unused parameters (e.g. the partition on the unpartitioned side of
      // a mixed join) are simply not referenced by that side's SQL.
      if (plan[static_cast<size_t>(i)] == kPartitionEq && t.part_col < 0) continue;
      sqlite3_bind_value(src.stmt(), i + 1, argv[i]);
    }
  }
  merge = std::make_unique<SpanMerge>(v->kind, v->partitioning, &sources[0], &sources[1],
                                      v->inputs[0].part_col >= 0);
  rowid = 0;
  Status s = merge->Start();
  if (!s.ok()) return SetVtabError(pVtab, s.message());
  return SQLITE_OK;
}

int Cursor::Next() {
  ++rowid;
  Status s = merge->Next();
  if (!s.ok()) return SetVtabError(pVtab, s.message());
  return SQLITE_OK;
}

void Cursor::ColumnValue(sqlite3_context* ctx, int n) {
  const Vtab* v = vtab();
  const SpanMerge& m = *merge;
  if (n == kTsColumn) {
    sqlite3_result_int64(ctx, m.ts());
  } else if (n == kDurColumn) {
    sqlite3_result_int64(ctx, m.dur());
  } else if (n < v->first_data_col) {
    sqlite3_result_int64(ctx, m.partition());
  } else {
    const auto& loc = v->data_cols[static_cast<size_t>(n - v->first_data_col)];
    if (m.real(loc.first)) {
      sqlite3_result_value(ctx, sqlite3_column_value(sources[loc.first].stmt(), loc.second));
    } else {
      sqlite3_result_null(ctx);
    }
  }
}

template <SpanJoinKind kKind>
sqlite3_module MakeModule() {
  return VtabModule<Vtab, Cursor>(&Connect<kKind>, &Create<kKind>);
}

const sqlite3_module kInnerModule = MakeModule<SpanJoinKind::kInner>();
const sqlite3_module kLeftModule = MakeModule<SpanJoinKind::kLeft>();
const sqlite3_module kOuterModule = MakeModule<SpanJoinKind::kOuter>();

}  // namespace

Status RegisterSpanJoin(sqlite3* db) {
  struct {
    const char* name;
    const sqlite3_module* module;
  } modules[] = {
      {"span_join", &kInnerModule},
      {"span_left_join", &kLeftModule},
      {"span_outer_join", &kOuterModule},
  };
  for (const auto& m : modules) {
    WEFT_RETURN_IF_ERROR(RegisterVtabModule(db, m.name, m.module));
  }
  return Status::Ok();
}

}  // namespace weft
