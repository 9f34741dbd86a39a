// Reads analysis result rows by column name; see analysis_rows.h.
#include "src/analysis/analysis_rows.h"

#include <map>
#include <string>

namespace weft {
namespace {

// Column name → index for one statement; -1 when absent.
class Columns {
 public:
  explicit Columns(sqlite3_stmt* stmt) : stmt_(stmt) {
    for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
      index_[sqlite3_column_name(stmt, i)] = i;
    }
  }
  bool Has(const char* name) const { return index_.count(name) > 0; }
  bool IsNull(const char* name) const {
    auto it = index_.find(name);
    return it == index_.end() || sqlite3_column_type(stmt_, it->second) == SQLITE_NULL;
  }
  std::optional<int64_t> Int(const char* name) const {
    if (IsNull(name)) return std::nullopt;
    return sqlite3_column_int64(stmt_, index_.at(name));
  }
  std::optional<double> Real(const char* name) const {
    if (IsNull(name)) return std::nullopt;
    return sqlite3_column_double(stmt_, index_.at(name));
  }
  std::optional<std::string> Text(const char* name) const {
    if (IsNull(name)) return std::nullopt;
    const unsigned char* t = sqlite3_column_text(stmt_, index_.at(name));
    return std::string(t ? reinterpret_cast<const char*>(t) : "");
  }

 private:
  sqlite3_stmt* stmt_;
  std::map<std::string, int> index_;
};

AnnotationText ReadText(const Columns& c) {
  return AnnotationText{c.Text("description"), c.Text("link"), c.Text("alert_type"),
                        c.Text("kind")};
}

Status CheckAlertType(const AnnotationText& text, size_t row) {
  if (!text.alert_type || *text.alert_type == "warning" || *text.alert_type == "error") {
    return Status::Ok();
  }
  return ErrStatus("analysis row %zu: alert_type must be 'warning', 'error' or NULL, not '%s'",
                   row, text.alert_type->c_str());
}

}  // namespace

Status ReadAnalysisRows(sqlite3_stmt* stmt, AnalysisRows* rows) {
  Columns c(stmt);
  bool annotates = c.Has("slice_id");
  if (!annotates && !c.Has("ts")) {
    return Status::Error(
        "an analysis statement must return a slice_id column (annotations) or a ts "
        "column (derived events)");
  }
  size_t row = 0;
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    ++row;
    AnnotationText text = ReadText(c);
    WEFT_RETURN_IF_ERROR(CheckAlertType(text, row));
    if (annotates) {
      std::optional<int64_t> id = c.Int("slice_id");
      if (!id) return ErrStatus("analysis row %zu: slice_id is NULL", row);
      rows->annotations.push_back(AnnotationRow{*id, std::move(text)});
      continue;
    }
    std::optional<int64_t> ts = c.Int("ts");
    if (!ts) return ErrStatus("analysis row %zu: ts is NULL", row);
    DerivedRow d;
    d.ts = *ts;
    d.dur = c.Int("dur").value_or(0);
    d.value = c.Real("value");
    d.name = c.Text("name").value_or("");
    d.track_name = c.Text("track_name").value_or("");
    d.category = c.Text("category").value_or("");
    d.upid = c.Int("upid");
    d.text = std::move(text);
    rows->derived.push_back(std::move(d));
  }
  if (rc != SQLITE_DONE) {
    return Status::Error(sqlite3_errmsg(sqlite3_db_handle(stmt)));
  }
  return Status::Ok();
}

}  // namespace weft
