// Metrics (Perfetto's v1 metrics): a metric NAME is SQL that creates the
// view NAME_output, whose first column of its first row is a NAME message
// built with the proto builder functions (proto_builder.h); the result of
// a run is a TraceMetrics message with field NAME set to it.
//
// Built-in metrics are the PerfettoSQL modules `metrics.NAME` (files
// src/sql/modules/metrics/NAME.sql); their messages are in
// protos/perfetto/metrics/ (compiled in). A user's metric brings its SQL and
// the FileDescriptorSet of its .proto, which extends TraceMetrics with a
// field named like the metric.
// Reference: docs/metrics.md
#ifndef SRC_METRICS_METRICS_H_
#define SRC_METRICS_METRICS_H_

#include <string>
#include <string_view>
#include <vector>

#include "src/base/status.h"
#include "src/sql/sql_engine.h"

namespace weft {

// Upstream's ComputeMetricArgs.ResultFormat values.
enum class MetricFormat { kBinary = 0, kText = 1, kJson = 2 };

// "binary" | "text" | "json".
bool ParseMetricFormat(std::string_view name, MetricFormat* out);

// The names of the compiled-in metrics, sorted.
std::vector<std::string> BuiltinMetricNames();

// Runs |names| and writes the TraceMetrics in |format| to |out| (text and
// JSON end with a newline).
Status ComputeMetrics(SqlEngine* engine, const std::vector<std::string>& names,
                      MetricFormat format, std::string* out);

// Adds (or replaces) metric |name|: |sql| creates |name|_output;
// |descriptor_set| (may be empty) holds the message types it builds and the
// TraceMetrics extension field |name|.
Status RegisterMetric(SqlEngine* engine, const std::string& name, std::string sql,
                      const std::string& descriptor_set);

}  // namespace weft

#endif  // SRC_METRICS_METRICS_H_
