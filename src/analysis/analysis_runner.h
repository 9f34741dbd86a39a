// Analyses: SQL whose result rows become derived events (slices or counters
// on new tracks of type 'derived') or annotations of existing slices. The
// store stays append-only: rows are appended after the load, trace events
// are never changed. Result columns, by name (docs/analysis.md):
//   slice_id, [description, link, alert_type, kind]   → annotation rows
//   ts, [dur | value], name, [track_name, category, upid,
//        description, link, alert_type, kind]          → derived events
#ifndef SRC_ANALYSIS_ANALYSIS_RUNNER_H_
#define SRC_ANALYSIS_ANALYSIS_RUNNER_H_

#include <cstdint>
#include <string_view>

#include "src/base/status.h"
#include "src/sql/sql_engine.h"
#include "src/storage/trace_storage.h"

namespace weft {

struct AnalysisOutput {
  uint32_t slices = 0;
  uint32_t counters = 0;
  uint32_t annotations = 0;
  uint32_t tracks = 0;
};

// Runs |sql| (every statement; each one returning rows contributes) and
// appends its rows to |storage|, tagging new tracks with |analysis_name|.
// Call after the track layout was computed: the new tracks get their own
// track_group rows and their slices slice_layout rows.
Status RunAnalysis(TraceStorage* storage, SqlEngine* engine,
                   std::string_view analysis_name, std::string_view sql,
                   AnalysisOutput* output = nullptr);

}  // namespace weft

#endif  // SRC_ANALYSIS_ANALYSIS_RUNNER_H_
