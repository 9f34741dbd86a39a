// Request dispatch for the trace processor RPC protocol; see rpc.h.
#include "src/rpc/rpc.h"

#include <utility>

#include "src/rpc/proto_decoder.h"
#include "src/rpc/proto_encoder.h"
#include "src/rpc/query_result_writer.h"
#include "protos/perfetto/trace_processor/trace_processor.fields.h"
#include "src/rpc/rpc_protocol.h"
#include "src/trace/trace_processor.h"

namespace weft {

using namespace rpc_proto;
namespace rpc = pb::trace_processor_rpc;
namespace method = pb::trace_processor_rpc_trace_processor_method;

namespace {

// Upstream's TRACE_PROCESSOR_CURRENT_API_VERSION whose RPC subset weft
// implements; reported in StatusResult.api_version.
constexpr int32_t kApiVersion = 14;
constexpr char kVersion[] = "weft 0.1";

// Starts a response message for |method|; returns the token to close it.
size_t BeginResponse(ProtoEncoder* enc, int64_t seq, uint32_t method) {
  size_t msg = enc->BeginNested(pb::trace_processor_rpc_stream::kMsg);
  enc->AppendInt64(rpc::kSeq, seq);
  enc->AppendVarint(rpc::kResponse, method);
  return msg;
}

}  // namespace

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
  int64_t seq = 0;
  bool has_method = false;
  uint32_t method = 0;
  const uint8_t* args = nullptr;
  size_t args_size = 0;
  uint32_t args_field = 0;
  ProtoDecoder dec(data, size);
  ProtoField f;
  while (dec.Next(&f)) {
    if (f.id == rpc::kSeq && f.wire_type == kWireVarint) {
      seq = static_cast<int64_t>(f.int_value);
    } else if (f.id == rpc::kRequest && f.wire_type == kWireVarint) {
      has_method = true;
      method = static_cast<uint32_t>(f.int_value);
    } else if (f.wire_type == kWireLengthDelimited &&
               (f.id == rpc::kAppendTraceData || f.id == rpc::kQueryArgs ||
                f.id == rpc::kResetTraceProcessorArgs)) {
      args_field = f.id;
      args = f.data;
      args_size = f.size;
    }
  }
  (void)seq;  // Requests are answered in order; responses count on their own.
  if (dec.error()) {
    SendFatalError("malformed TraceProcessorRpc message");
    return;
  }
  if (!has_method) {
    SendFatalError("TraceProcessorRpc message without a request method");
    return;
  }
  switch (method) {
    case method::kTpmAppendTraceData:
      // An append without data is valid (zero bytes).
      AppendTraceData(args_field == rpc::kAppendTraceData ? args : nullptr,
                      args_field == rpc::kAppendTraceData ? args_size : 0);
      break;
    case method::kTpmFinalizeTraceData:
      FinalizeTraceData();
      break;
    case method::kTpmQueryStreaming:
      Query(args_field == rpc::kQueryArgs ? args : nullptr,
            args_field == rpc::kQueryArgs ? args_size : 0);
      break;
    case method::kTpmGetStatus:
      GetStatus();
      break;
    case method::kTpmResetTraceProcessor:
      Reset(args_field == rpc::kResetTraceProcessorArgs ? args : nullptr,
            args_field == rpc::kResetTraceProcessorArgs ? args_size : 0);
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
  if (load_error_.empty() && finalized_) {
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
  if (!finalized_) {
    finalized_ = true;
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
  ProtoDecoder dec(args, size);
  ProtoField f;
  while (dec.Next(&f)) {
    if (f.id == pb::query_args::kSqlQuery && f.wire_type == kWireLengthDelimited) {
      sql = f.as_string();
      has_sql = true;
    }
  }
  if (dec.error()) {
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
  if (finalized_ && load_error_.empty()) {
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
  ProtoDecoder dec(args, size);
  ProtoField f;
  while (dec.Next(&f)) {
    if (f.id == reset::kDropTrackEventDataBefore && f.wire_type == kWireVarint) {
      config.crop_track_events =
          f.int_value == pb::reset_trace_processor_args_drop_track_event_data_before::
                             kTrackEventRangeOfInterest;
    }
    if (f.id == reset::kAnalyzeTraceProtoContent && f.wire_type == kWireVarint) {
      config.analyze_trace_proto_content = f.int_value != 0;
    }
    if (f.id == reset::kWeftFullSort && f.wire_type == kWireVarint) {
      config.full_sort = f.int_value != 0;
    }
  }
  if (dec.error()) config = TraceConfig();
  tp_.reset();  // Free the old trace before building the new one.
  tp_.reset(new TraceProcessor(config));
  bytes_received_ = 0;
  load_error_.clear();
  finalized_ = false;
  ProtoEncoder enc;
  size_t msg = BeginResponse(&enc, NextResponseSeq(), method::kTpmResetTraceProcessor);
  enc.EndNested(msg);
  Send(enc.data());
}

}  // namespace weft
