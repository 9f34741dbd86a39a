// The rows an analysis statement returns, read by column name into plain
// structs before anything is appended (the statement may still be reading
// the tables the rows go to).
#ifndef SRC_ANALYSIS_ANALYSIS_ROWS_H_
#define SRC_ANALYSIS_ANALYSIS_ROWS_H_

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "src/base/status.h"

namespace weft {

// What an annotation row or a derived event carries besides its event.
struct AnnotationText {
  std::optional<std::string> description, link, alert_type, kind;
  bool empty() const { return !description && !link && !alert_type && !kind; }
};

struct AnnotationRow {
  int64_t slice_id = 0;
  AnnotationText text;
};

struct DerivedRow {
  int64_t ts = 0;
  int64_t dur = 0;
  std::optional<double> value;  // Set: a counter value, not a slice.
  std::string name, track_name, category;
  std::optional<int64_t> upid;
  AnnotationText text;
};

struct AnalysisRows {
  std::vector<AnnotationRow> annotations;
  std::vector<DerivedRow> derived;
};

// Steps |stmt| to the end, appending its rows to |rows|. A statement with
// neither a slice_id nor a ts column is an error (it would be ignored).
Status ReadAnalysisRows(sqlite3_stmt* stmt, AnalysisRows* rows);

}  // namespace weft

#endif  // SRC_ANALYSIS_ANALYSIS_ROWS_H_
