// TPM_COMPUTE_METRIC: ComputeMetricArgs in, ComputeMetricResult out (the
// metrics, or an error), with weft's user-metric extension (see
// trace_processor.proto and docs/metrics.md).
#include <string>
#include <vector>

#include <protozero/exception.hpp>
#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace_processor/trace_processor.fields.h"
#include "src/metrics/metrics.h"
#include "src/rpc/proto_encoder.h"
#include "src/rpc/rpc.h"
#include "src/trace/trace_processor.h"

namespace weft {
namespace {

namespace args_pb = pb::compute_metric_args;
namespace user_pb = pb::compute_metric_args_weft_user_metric;
namespace result_pb = pb::compute_metric_result;

struct UserMetric {
  std::string name, sql, descriptor_set;
};

struct MetricRequest {
  std::vector<std::string> names;
  MetricFormat format = MetricFormat::kBinary;
  std::vector<UserMetric> user_metrics;
};

UserMetric DecodeUserMetric(protozero::data_view bytes) {
  UserMetric m;
  protozero::pbf_reader r(bytes);
  while (r.next()) {
    if (r.tag() == user_pb::kName) m.name = r.get_string();
    else if (r.tag() == user_pb::kSql) m.sql = r.get_string();
    else if (r.tag() == user_pb::kDescriptorSet) m.descriptor_set = r.get_string();
    else r.skip();
  }
  return m;
}

// Throws protozero::exception on malformed input.
MetricRequest DecodeArgs(const uint8_t* data, size_t size) {
  MetricRequest req;
  protozero::pbf_reader r(reinterpret_cast<const char*>(data), size);
  while (r.next()) {
    if (r.tag() == args_pb::kMetricNames) {
      req.names.push_back(r.get_string());
    } else if (r.tag() == args_pb::kFormat) {
      uint32_t f = r.get_uint32();
      if (f <= static_cast<uint32_t>(MetricFormat::kJson)) req.format = static_cast<MetricFormat>(f);
    } else if (r.tag() == args_pb::kWeftUserMetrics) {
      req.user_metrics.push_back(DecodeUserMetric(r.get_view()));
    } else {
      r.skip();
    }
  }
  return req;
}

Status Compute(TraceProcessor* tp, const uint8_t* data, size_t size, MetricFormat* format,
               std::string* out) {
  MetricRequest req;
  try {
    req = DecodeArgs(data, size);
  } catch (const protozero::exception&) {
    return Status::Error("malformed ComputeMetricArgs");
  }
  *format = req.format;
  if (req.names.empty()) return Status::Error("no metrics requested (metric_names is empty)");
  SqlEngine* engine = tp->sql_engine();
  if (!engine) return Status::Error("cannot start the SQL engine");
  for (UserMetric& m : req.user_metrics) {
    if (m.name.empty()) return Status::Error("a user metric without a name");
    WEFT_RETURN_IF_ERROR(RegisterMetric(engine, m.name, std::move(m.sql), m.descriptor_set));
  }
  return ComputeMetrics(engine, req.names, req.format, out);
}

}  // namespace

void Rpc::ComputeMetric(const uint8_t* args, size_t size) {
  MetricFormat format = MetricFormat::kBinary;
  std::string out;
  Status status = Compute(tp_.get(), args, size, &format, &out);
  ProtoEncoder enc;
  size_t msg = BeginResponse(&enc, NextResponseSeq(), pb::trace_processor_rpc_trace_processor_method::kTpmComputeMetric);
  size_t result = enc.BeginNested(pb::trace_processor_rpc::kMetricResult);
  if (!status.ok()) {
    enc.AppendString(result_pb::kError, status.message());
  } else if (format == MetricFormat::kBinary) {
    enc.AppendBytes(result_pb::kMetrics, out.data(), out.size());
  } else {
    enc.AppendString(format == MetricFormat::kText ? result_pb::kMetricsAsPrototext
                                                   : result_pb::kMetricsAsJson,
                     out);
  }
  enc.EndNested(result);
  enc.EndNested(msg);
  Send(enc.data());
}

}  // namespace weft
