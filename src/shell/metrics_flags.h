// --run-metrics NAME[,NAME|PATH.sql...] and --metrics-output
// binary|text|json, as in trace_processor_shell: runs the metrics after the
// load and writes the TraceMetrics to stdout (before any -q results). A
// PATH.sql is a user's metric named after the file; PATH.proto next to it,
// if present, is compiled with protoc (host builds) for its messages.
// Reference: docs/metrics.md
#ifndef SRC_SHELL_METRICS_FLAGS_H_
#define SRC_SHELL_METRICS_FLAGS_H_

#include <string>

#include "src/base/status.h"
#include "src/metrics/metrics.h"

namespace weft {

class TraceProcessor;

Status RunMetricsFlag(TraceProcessor* tp, const std::string& list, MetricFormat format);

}  // namespace weft

#endif  // SRC_SHELL_METRICS_FLAGS_H_
