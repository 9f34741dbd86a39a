// The SQL side of analyses, installed on every SQL connection: the
// annotation_catalog and builtin_analysis tables, the slice_annotation and alert views, the
// chrome_long_task view, and the run_analysis() function.
// Reference: docs/analysis.md
#ifndef SRC_ANALYSIS_ANALYSIS_VIEWS_H_
#define SRC_ANALYSIS_ANALYSIS_VIEWS_H_

#include "src/base/status.h"
#include "src/sql/sql_engine.h"
#include "src/storage/trace_storage.h"

namespace weft {

// |storage| is the store |engine| reads; run_analysis() appends to it.
Status InstallAnalysisViews(SqlEngine* engine, TraceStorage* storage);

}  // namespace weft

#endif  // SRC_ANALYSIS_ANALYSIS_VIEWS_H_
