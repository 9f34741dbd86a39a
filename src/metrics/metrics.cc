// Metric runs: per-connection state (the descriptor pool and the builders),
// running each metric's module and assembling TraceMetrics.
#include "src/metrics/metrics.h"

#include <algorithm>
#include <memory>

#include <protozero/exception.hpp>
#include <protozero/pbf_writer.hpp>

#include "src/importers/proto/args/descriptor_pool.h"
#include "src/importers/proto/args/proto_text.h"
#include "src/metrics/metrics_descriptor.h"
#include "src/metrics/proto_builder.h"
#include "src/metrics/proto_json.h"
#include "src/sql/perfetto_sql/embedded_modules.h"
#include "src/sql/perfetto_sql/perfetto_sql.h"

namespace weft {
namespace {

constexpr char kClientDataKey[] = "weft.metrics";
constexpr char kModulePrefix[] = "metrics.";
constexpr char kTraceMetrics[] = ".perfetto.protos.TraceMetrics";

// Lives as long as the SQLite connection (its client data).
struct MetricsState {
  DescriptorPool pool;
};

Status GetState(SqlEngine* engine, MetricsState** out) {
  sqlite3* db = engine->db();
  auto* state = static_cast<MetricsState*>(sqlite3_get_clientdata(db, kClientDataKey));
  if (!state) {
    auto fresh = std::make_unique<MetricsState>();
    WEFT_RETURN_IF_ERROR(
        fresh->pool.AddFileDescriptorSet(kMetricsDescriptorSet, kMetricsDescriptorSetSize));
    WEFT_RETURN_IF_ERROR(RegisterProtoBuilders(db, &fresh->pool));
    state = fresh.release();
    sqlite3_set_clientdata(db, kClientDataKey, state,
                           [](void* p) { delete static_cast<MetricsState*>(p); });
  }
  *out = state;
  return Status::Ok();
}

// The bytes of |name|_output's first cell; empty when it has no rows.
Status ReadOutput(SqlEngine* engine, const std::string& name, std::string* bytes) {
  bytes->clear();
  return engine->Execute("SELECT * FROM " + name + "_output", [&](sqlite3_stmt* stmt) {
    if (sqlite3_step(stmt) != SQLITE_ROW) return Status::Ok();
    if (sqlite3_column_type(stmt, 0) == SQLITE_NULL) return Status::Ok();
    const void* blob = sqlite3_column_blob(stmt, 0);
    bytes->assign(static_cast<const char*>(blob ? blob : ""),
                  static_cast<size_t>(sqlite3_column_bytes(stmt, 0)));
    return Status::Ok();
  });
}

Status RunOne(SqlEngine* engine, const ProtoMessageInfo& root, const std::string& name,
              protozero::pbf_writer* out) {
  uint32_t field_number = 0;
  for (const auto& field : root.fields) {
    if (field.second.name == name) field_number = field.first;
  }
  if (field_number == 0) return Status::Error("unknown metric " + name);
  Status status = engine->perfetto_sql().Include(kModulePrefix + name);
  if (status.ok()) {
    std::string bytes;
    status = ReadOutput(engine, name, &bytes);
    if (status.ok()) out->add_bytes(field_number, bytes);
  }
  if (!status.ok()) return Status::Error("metric " + name + ": " + status.message());
  return Status::Ok();
}

}  // namespace

bool ParseMetricFormat(std::string_view name, MetricFormat* out) {
  if (name == "binary") *out = MetricFormat::kBinary;
  else if (name == "text") *out = MetricFormat::kText;
  else if (name == "json") *out = MetricFormat::kJson;
  else return false;
  return true;
}

std::vector<std::string> BuiltinMetricNames() {
  std::vector<std::string> names;
  std::string prefix = kModulePrefix;
  for (size_t i = 0; i < kEmbeddedSqlModuleCount; ++i) {
    std::string module = kEmbeddedSqlModules[i].name;
    if (module.compare(0, prefix.size(), prefix) == 0) names.push_back(module.substr(prefix.size()));
  }
  std::sort(names.begin(), names.end());
  return names;
}

Status ComputeMetrics(SqlEngine* engine, const std::vector<std::string>& names,
                      MetricFormat format, std::string* out) {
  out->clear();
  MetricsState* state = nullptr;
  WEFT_RETURN_IF_ERROR(GetState(engine, &state));
  const ProtoMessageInfo* root = state->pool.FindMessage(kTraceMetrics);
  if (!root) return Status::Error("TraceMetrics is not compiled in");
  std::string bytes;
  protozero::pbf_writer writer(bytes);
  for (const std::string& name : names) {
    WEFT_RETURN_IF_ERROR(RunOne(engine, *root, name, &writer));
  }
  try {
    if (format == MetricFormat::kBinary) *out = bytes;
    if (format == MetricFormat::kText) *out = ProtoToText(state->pool, kTraceMetrics, bytes) + "\n";
    if (format == MetricFormat::kJson) *out = ProtoToJson(state->pool, kTraceMetrics, bytes) + "\n";
  } catch (const protozero::exception&) {
    return Status::Error("a metric built a malformed message");
  }
  return Status::Ok();
}

Status RegisterMetric(SqlEngine* engine, const std::string& name, std::string sql,
                      const std::string& descriptor_set) {
  MetricsState* state = nullptr;
  WEFT_RETURN_IF_ERROR(GetState(engine, &state));
  if (!descriptor_set.empty()) {
    WEFT_RETURN_IF_ERROR(state->pool.AddFileDescriptorSet(
        reinterpret_cast<const uint8_t*>(descriptor_set.data()), descriptor_set.size()));
    WEFT_RETURN_IF_ERROR(RegisterProtoBuilders(engine->db(), &state->pool));
  }
  engine->perfetto_sql().AddModule(kModulePrefix + name, std::move(sql));
  return Status::Ok();
}

}  // namespace weft
