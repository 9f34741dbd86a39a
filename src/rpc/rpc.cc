// Request dispatch for the trace processor RPC protocol; see rpc.h.
#include "src/rpc/rpc.h"

#include <utility>

#include <protozero/exception.hpp>
#include <protozero/pbf_reader.hpp>

#include "protos/perfetto/trace_processor/trace_processor.fields.h"
#include "src/rpc/proto_encoder.h"
#include "src/rpc/query_result_writer.h"
#include "src/trace/trace_processor.h"

namespace weft {

using protozero::pbf_wire_type;
using protozero::tag_and_type;
namespace rpc = pb::trace_processor_rpc;
namespace method = pb::trace_processor_rpc_trace_processor_method;

namespace {

// Upstream's TRACE_PROCESSOR_CURRENT_API_VERSION whose RPC subset weft
// implements; reported in StatusResult.api_version.
constexpr int32_t kApiVersion = 14;
constexpr char kVersion[] = "weft 0.1";

// The fields of a TraceProcessorRpc request that weft reads.
struct Request {
  bool has_method = false;
  uint32_t method = 0;
  uint32_t args_field = 0;  // The args field present (the last one wins).
  protozero::data_view args;

  // The arguments if they are in |field|; none (empty) otherwise.
  const uint8_t* args_data(uint32_t field) const {
    return args_field == field ? reinterpret_cast<const uint8_t*>(args.data()) : nullptr;
  }
  size_t args_size(uint32_t field) const { return args_field == field ? args.size() : 0; }
};

// Throws protozero::exception on malformed input. The request's seq is not
// read: requests are answered in order, responses count on their own.
Request DecodeRequest(const uint8_t* data, size_t size) {
  Request req;
  protozero::pbf_reader r(reinterpret_cast<const char*>(data), size);
  while (r.next()) {
    switch (r.tag_and_type()) {
      case tag_and_type(rpc::kRequest, pbf_wire_type::varint):
        req.has_method = true;
        req.method = static_cast<uint32_t>(r.get_uint64());
        break;
      case tag_and_type(rpc::kAppendTraceData, pbf_wire_type::length_delimited):
      case tag_and_type(rpc::kQueryArgs, pbf_wire_type::length_delimited):
      case tag_and_type(rpc::kComputeMetricArgs, pbf_wire_type::length_delimited):
      case tag_and_type(rpc::kResetTraceProcessorArgs, pbf_wire_type::length_delimited):
        req.args_field = r.tag();
        req.args = r.get_view();
        break;
      default:
        r.skip();
    }
  }
  return req;
}

}  // namespace

size_t Rpc::BeginResponse(ProtoEncoder* enc, int64_t seq, uint32_t method) {
  size_t msg = enc->BeginNested(pb::trace_processor_rpc_stream::kMsg);
  enc->AppendInt64(rpc::kSeq, seq);
  enc->AppendVarint(rpc::kResponse, method);
  return msg;
}

Rpc::Rpc(ResponseFn response_fn)
    : response_fn_(std::move(response_fn)), tp_(new TraceProcessor()) {}

Rpc::~Rpc() = default;

void Rpc::Send(const std::string& stream_bytes) {
  response_fn_(reinterpret_cast<const uint8_t*>(stream_bytes.data()), stream_bytes.size());
}

void Rpc::SendFatalError(std::string_view message) {
  ProtoEncoder enc;
  size_t msg = enc.BeginNested(pb::trace_processor_rpc_stream::kMsg);
  enc.AppendInt64(rpc::kSeq, NextResponseSeq());
  enc.AppendString(rpc::kFatalError, message);
  enc.EndNested(msg);
  Send(enc.data());
}

void Rpc::OnRpcRequest(const void* data, size_t size) {
  Status status = reader_.Feed(static_cast<const uint8_t*>(data), size,
                               [this](const uint8_t* msg, size_t len) {
                                 HandleMessage(msg, len);
                               });
  if (!status.ok()) SendFatalError(status.message());
}

void Rpc::HandleMessage(const uint8_t* data, size_t size) {
  Request req;
  try {
    req = DecodeRequest(data, size);
  } catch (const protozero::exception&) {
    SendFatalError("malformed TraceProcessorRpc message");
    return;
  }
  if (!req.has_method) {
    SendFatalError("TraceProcessorRpc message without a request method");
    return;
  }
  uint32_t method = req.method;
  switch (method) {
    case method::kTpmAppendTraceData:
      // An append without data is valid (zero bytes).
      AppendTraceData(req.args_data(rpc::kAppendTraceData), req.args_size(rpc::kAppendTraceData));
      break;
    case method::kTpmFinalizeTraceData:
      FinalizeTraceData();
      break;
    case method::kTpmQueryStreaming:
      Query(req.args_data(rpc::kQueryArgs), req.args_size(rpc::kQueryArgs));
      break;
    case method::kTpmGetStatus:
      GetStatus();
      break;
    case method::kTpmComputeMetric:
      ComputeMetric(req.args_data(rpc::kComputeMetricArgs),
                    req.args_size(rpc::kComputeMetricArgs));
      break;
    case method::kTpmResetTraceProcessor:
      Reset(req.args_data(rpc::kResetTraceProcessorArgs),
            req.args_size(rpc::kResetTraceProcessorArgs));
      break;
    case method::kTpmRestoreInitialTables:
      RestoreInitialTables();
      break;
    default: {
      // Like upstream: tell the client which method is not implemented, so
      // a newer client can detect features.
      ProtoEncoder enc;
      size_t msg = enc.BeginNested(pb::trace_processor_rpc_stream::kMsg);
      enc.AppendInt64(rpc::kSeq, NextResponseSeq());
      enc.AppendVarint(rpc::kInvalidRequest, method);
      enc.EndNested(msg);
      Send(enc.data());
    }
  }
}

void Rpc::AppendTraceData(const uint8_t* data, size_t size) {
  if (load_error_.empty() && tp_->load_state() != TraceProcessor::LoadState::kLoading) {
    load_error_ = "the trace is already finalized; reset before loading another";
  }
  bytes_received_ += size;
  if (load_error_.empty() && size > 0) {
    Status status = tp_->Parse(data, size);
    if (!status.ok()) load_error_ = status.message();
  }
  ProtoEncoder enc;
  size_t msg = BeginResponse(&enc, NextResponseSeq(), method::kTpmAppendTraceData);
  size_t result = enc.BeginNested(rpc::kAppendResult);
  enc.AppendInt64(pb::append_trace_data_result::kTotalBytesParsed, static_cast<int64_t>(bytes_received_));
  if (!load_error_.empty()) enc.AppendString(pb::append_trace_data_result::kError, load_error_);
  enc.EndNested(result);
  enc.EndNested(msg);
  Send(enc.data());
}

void Rpc::FinalizeTraceData() {
  if (tp_->load_state() == TraceProcessor::LoadState::kLoading) {
    Status status = tp_->NotifyEndOfFile();
    if (!status.ok() && load_error_.empty()) load_error_ = status.message();
  }
  ProtoEncoder enc;
  size_t msg = BeginResponse(&enc, NextResponseSeq(), method::kTpmFinalizeTraceData);
  size_t result = enc.BeginNested(rpc::kFinalizeDataResult);
  if (!load_error_.empty()) enc.AppendString(pb::finalize_data_result::kError, load_error_);
  if (load_error_.empty() && !tp_->load_warning().empty()) {
    enc.AppendString(pb::finalize_data_result::kWeftLoadWarning, tp_->load_warning());
  }
  enc.EndNested(result);
  enc.EndNested(msg);
  Send(enc.data());
}

void Rpc::Query(const uint8_t* args, size_t size) {
  QueryResultWriter writer([this] { return NextResponseSeq(); },
                           [this](const std::string& bytes) { Send(bytes); });
  std::string_view sql;
  bool has_sql = false;
  try {
    protozero::pbf_reader r(reinterpret_cast<const char*>(args), size);
    while (r.next(pb::query_args::kSqlQuery, pbf_wire_type::length_delimited)) {
      protozero::data_view view = r.get_view();
      sql = std::string_view(view.data(), view.size());
      has_sql = true;
    }
  } catch (const protozero::exception&) {
    writer.Finish(Status::Error("malformed QueryArgs"));
    return;
  }
  if (!has_sql) {
    writer.Finish(Status::Error("QueryArgs without sql_query"));
    return;
  }
  Status status = tp_->ExecuteQuery(
      sql, [&writer](sqlite3_stmt* stmt) { return writer.AddStatement(stmt); });
  writer.Finish(status);
}

void Rpc::GetStatus() {
  ProtoEncoder enc;
  size_t msg = BeginResponse(&enc, NextResponseSeq(), method::kTpmGetStatus);
  size_t result = enc.BeginNested(rpc::kStatus);
  if (tp_->load_state() == TraceProcessor::LoadState::kReady && load_error_.empty()) {
    enc.AppendString(pb::status_result::kLoadedTraceName, tp_->format_name());
  }
  enc.AppendString(pb::status_result::kHumanReadableVersion, kVersion);
  enc.AppendVarint(pb::status_result::kApiVersion, kApiVersion);
  enc.EndNested(result);
  enc.EndNested(msg);
  Send(enc.data());
}

void Rpc::Reset(const uint8_t* args, size_t size) {
  // Of ResetTraceProcessorArgs only drop_track_event_data_before and
  // analyze_trace_proto_content apply to weft's formats; a malformed message
  // resets with the defaults.
  namespace reset = pb::reset_trace_processor_args;
  TraceConfig config;
  try {
    protozero::pbf_reader r(reinterpret_cast<const char*>(args), size);
    while (r.next()) {
      switch (r.tag_and_type()) {
        case tag_and_type(reset::kDropTrackEventDataBefore, pbf_wire_type::varint):
          config.crop_track_events =
              r.get_uint64() == pb::reset_trace_processor_args_drop_track_event_data_before::
                                    kTrackEventRangeOfInterest;
          break;
        case tag_and_type(reset::kAnalyzeTraceProtoContent, pbf_wire_type::varint):
          config.analyze_trace_proto_content = r.get_uint64() != 0;
          break;
        case tag_and_type(reset::kIngestFtraceInRawTable, pbf_wire_type::varint):
          // Upstream's default is true; false is the shell's --no-ftrace-raw.
          config.no_ftrace_raw = r.get_uint64() == 0;
          break;
        case tag_and_type(reset::kWeftFullSort, pbf_wire_type::varint):
          config.full_sort = r.get_uint64() != 0;
          break;
        case tag_and_type(reset::kWeftNoProfileCalls, pbf_wire_type::varint):
          config.no_profile_calls = r.get_uint64() != 0;
          break;
        default:
          r.skip();
      }
    }
  } catch (const protozero::exception&) {
    config = TraceConfig();
  }
  tp_.reset();  // Free the old trace before building the new one.
  tp_.reset(new TraceProcessor(config));
  bytes_received_ = 0;
  load_error_.clear();
  ProtoEncoder enc;
  size_t msg = BeginResponse(&enc, NextResponseSeq(), method::kTpmResetTraceProcessor);
  enc.EndNested(msg);
  Send(enc.data());
}

void Rpc::RestoreInitialTables() {
  tp_->RestoreInitialTables();
  ProtoEncoder enc;  // Like upstream: the response has no result field.
  size_t msg = BeginResponse(&enc, NextResponseSeq(), method::kTpmRestoreInitialTables);
  enc.EndNested(msg);
  Send(enc.data());
}

}  // namespace weft
