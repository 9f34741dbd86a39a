// The analyses weft ships, by name. Alert analyses only add annotation rows
// (trace tables unchanged, so they run at every load); derived-event
// analyses add slices and tracks, so they run on request (shell
// --derived-events, run_analysis('name') in SQL, Engine.runAnalysis).
// Reference: docs/analysis.md
#ifndef SRC_ANALYSIS_BUILTIN_ANALYSES_H_
#define SRC_ANALYSIS_BUILTIN_ANALYSES_H_

#include <string_view>
#include <vector>

namespace weft {

struct BuiltinAnalysis {
  const char* name;
  const char* sql;
  bool derives_events;  // Adds slices / tracks (false: annotations only).
};

const std::vector<BuiltinAnalysis>& BuiltinAnalyses();
const BuiltinAnalysis* FindBuiltinAnalysis(std::string_view name);

}  // namespace weft

#endif  // SRC_ANALYSIS_BUILTIN_ANALYSES_H_
