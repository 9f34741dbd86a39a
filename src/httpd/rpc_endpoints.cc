// See rpc_endpoints.h.
#include "src/httpd/rpc_endpoints.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include <protozero/pbf_reader.hpp>
#include <protozero/pbf_writer.hpp>

#include "protos/perfetto/trace_processor/trace_processor.fields.h"

namespace weft {

namespace rpc = pb::trace_processor_rpc;
namespace method = pb::trace_processor_rpc_trace_processor_method;

namespace {

const char kNoMetrics[] =
    "weft does not implement trace-based metrics yet (no metric is defined)";

}  // namespace

RpcEndpoints::RpcEndpoints()
    : rpc_([this](const uint8_t* data, size_t size) { OnRpcResponse(data, size); }) {}

void RpcEndpoints::OnRpcResponse(const uint8_t* data, size_t size) {
  if (raw_sink_) {
    (*raw_sink_)(std::string_view(reinterpret_cast<const char*>(data), size));
    return;
  }
  if (!reply_) return;
  try {
    protozero::pbf_reader stream(reinterpret_cast<const char*>(data), size);
    while (stream.next(pb::trace_processor_rpc_stream::kMsg)) {
      protozero::pbf_reader msg = stream.get_message();
      while (msg.next()) {
        uint32_t tag = msg.tag();
        if (tag == rpc::kInvalidRequest) {
          reply_->invalid_request = true;
          msg.skip();
        } else if (tag == rpc::kFatalError) {
          // Only for broken request framing, which this class never sends.
          fprintf(stderr, "weft: RPC fatal error: %s\n", msg.get_string().c_str());
        } else if (tag == result_field_) {
          protozero::data_view view = msg.get_view();
          reply_->result.assign(view.data(), view.size());
          if (result_sink_) (*result_sink_)(std::string_view(view.data(), view.size()));
        } else {
          msg.skip();
        }
      }
    }
  } catch (const protozero::exception& e) {
    // weft's own Rpc wrote these bytes, so this is a bug, not bad input.
    fprintf(stderr, "weft: undecodable RPC response: %s\n", e.what());
  }
}

RpcEndpoints::Reply RpcEndpoints::Call(uint32_t method, uint32_t args_field,
                                       std::string_view args, uint32_t result_field,
                                       const BytesFn* on_result) {
  std::string request;
  {
    protozero::pbf_writer stream(request);
    protozero::pbf_writer msg(stream, pb::trace_processor_rpc_stream::kMsg);
    msg.add_enum(rpc::kRequest, static_cast<int32_t>(method));
    if (args_field) msg.add_bytes(args_field, args.data(), args.size());
  }
  Reply reply;
  reply_ = &reply;
  result_field_ = result_field;
  result_sink_ = on_result;
  rpc_.OnRpcRequest(request.data(), request.size());
  reply_ = nullptr;
  result_sink_ = nullptr;
  return reply;
}

std::string RpcEndpoints::Status() {
  return Call(method::kTpmGetStatus, 0, {}, rpc::kStatus).result;
}

std::string RpcEndpoints::Parse(std::string_view trace_bytes) {
  return Call(method::kTpmAppendTraceData, rpc::kAppendTraceData, trace_bytes,
              rpc::kAppendResult).result;
}

std::string RpcEndpoints::NotifyEof() {
  return Call(method::kTpmFinalizeTraceData, 0, {}, rpc::kFinalizeDataResult).result;
}

std::string RpcEndpoints::Query(std::string_view query_args) {
  // The Rpc streams every statement's rows; the first message of each result
  // set carries its column names, so one starts the body afresh.
  std::string body;
  BytesFn keep_last_result = [&body](std::string_view message) {
    protozero::pbf_reader fields(message.data(), message.size());
    if (fields.next(pb::query_result::kColumnNames)) body.clear();
    body.append(message);
  };
  Call(method::kTpmQueryStreaming, rpc::kQueryArgs, query_args, rpc::kQueryResult,
       &keep_last_result);
  return body;
}

std::string RpcEndpoints::ComputeMetric(std::string_view args) {
  Reply reply = Call(method::kTpmComputeMetric, rpc::kComputeMetricArgs, args,
                     rpc::kMetricResult);
  if (!reply.invalid_request) return reply.result;
  std::string result;
  protozero::pbf_writer(result).add_string(pb::compute_metric_result::kError, kNoMetrics);
  return result;
}

std::string RpcEndpoints::EnableMetatrace(std::string_view args) {
  // Without metatracing in the Rpc there is nothing to enable; the empty
  // answer is upstream's success.
  Call(method::kTpmEnableMetatrace, rpc::kEnableMetatraceArgs, args, 0);
  return std::string();
}

std::string RpcEndpoints::DisableAndReadMetatrace() {
  // An invalid_request leaves the result empty: an empty metatrace.
  return Call(method::kTpmDisableAndReadMetatrace, 0, {}, rpc::kMetatrace).result;
}

void RpcEndpoints::RestoreInitialTables() {
  Call(method::kTpmRestoreInitialTables, 0, {}, 0);
}

void RpcEndpoints::Reset(std::string_view reset_args) {
  Call(method::kTpmResetTraceProcessor, rpc::kResetTraceProcessorArgs, reset_args, 0);
}

void RpcEndpoints::OnStreamBytes(std::string_view bytes, const BytesFn& on_response) {
  raw_sink_ = &on_response;
  rpc_.OnRpcRequest(bytes.data(), bytes.size());
  raw_sink_ = nullptr;
}

weft::Status RpcEndpoints::LoadTraceFile(const std::string& path, size_t read_size) {
  FILE* f = fopen(path.c_str(), "rb");
  if (!f) return ErrStatus("cannot open %s: %s", path.c_str(), strerror(errno));
  std::vector<char> buf(read_size);
  std::string error;
  size_t n;
  while (error.empty() && (n = fread(buf.data(), 1, buf.size(), f)) > 0) {
    std::string result_bytes = Parse(std::string_view(buf.data(), n));
    protozero::pbf_reader result(result_bytes);
    if (result.next(pb::append_trace_data_result::kError)) error = result.get_string();
  }
  bool read_error = ferror(f);
  fclose(f);
  if (read_error) return ErrStatus("cannot read %s: %s", path.c_str(), strerror(errno));
  std::string end_bytes = NotifyEof();
  protozero::pbf_reader end(end_bytes);
  if (error.empty() && end.next(pb::finalize_data_result::kError)) error = end.get_string();
  if (!error.empty()) return ErrStatus("%s: %s", path.c_str(), error.c_str());
  return weft::Status::Ok();
}

}  // namespace weft
