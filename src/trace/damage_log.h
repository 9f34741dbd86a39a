// DamageLog: what a load learned about a damaged trace (cut short, or
// unreadable from some byte on). Layers report Status::DataLoss values;
// at the end of the load the log writes the `truncated_trace` stat and one
// `_trace_import_logs` row per distinct report, and gives the one-line
// warning the shell prints and the RPC hands to the UI.
#ifndef SRC_TRACE_DAMAGE_LOG_H_
#define SRC_TRACE_DAMAGE_LOG_H_

#include <cstdint>
#include <string>
#include <vector>

#include "src/base/status.h"

namespace weft {

class TraceStorage;

class DamageLog {
 public:
  // Keeps |status| (a data_loss() status); an identical report is kept once.
  void Add(const Status& status);
  bool empty() const { return reports_.empty(); }
  // Writes the stat and import-log rows into |storage|.
  void Write(TraceStorage* storage) const;
  // "trace truncated at byte N: showing what precedes it (reason)", or ""
  // for an intact trace.
  std::string Warning() const;

 private:
  // The report with the smallest offset: where the loss starts.
  const Status& First() const;

  std::vector<Status> reports_;
};

}  // namespace weft

#endif  // SRC_TRACE_DAMAGE_LOG_H_
