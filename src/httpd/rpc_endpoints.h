// RpcEndpoints: the bodies of Perfetto's HTTP endpoints (/status, /parse,
// /query, ...) and the raw RPC byte stream (/websocket, /rpc), all served by
// one weft::Rpc. Each REST call is sent to the Rpc as one TraceProcessorRpc
// request and the result field of its response is the HTTP body, exactly as
// Perfetto's trace_processor_shell -D answers, so the protocol itself is
// implemented once, in src/rpc. Not thread-safe: one caller at a time.
#ifndef SRC_HTTPD_RPC_ENDPOINTS_H_
#define SRC_HTTPD_RPC_ENDPOINTS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "src/base/status.h"
#include "src/rpc/rpc.h"

namespace weft {

class RpcEndpoints {
 public:
  // Receives response bytes; only valid during the call.
  using BytesFn = std::function<void(std::string_view bytes)>;

  RpcEndpoints();
  RpcEndpoints(const RpcEndpoints&) = delete;
  RpcEndpoints& operator=(const RpcEndpoints&) = delete;

  // Each returns the HTTP response body (a serialized result message).
  std::string Status();                              // StatusResult
  std::string Parse(std::string_view trace_bytes);   // AppendTraceDataResult
  std::string NotifyEof();                           // FinalizeDataResult
  std::string ComputeMetric(std::string_view args);  // ComputeMetricResult
  std::string EnableMetatrace(std::string_view args);  // Empty.
  std::string DisableAndReadMetatrace();             // DisableAndReadMetatraceResult
  // Drops the tables, views and functions SQL created since the load.
  void RestoreInitialTables();
  // QueryArgs in; the QueryResult of the last statement that returns rows
  // (upstream's /query: earlier statements run but their rows are not
  // sent), its error included.
  std::string Query(std::string_view query_args);

  // Drops the trace; |reset_args| is a ResetTraceProcessorArgs (the options
  // of the next trace).
  void Reset(std::string_view reset_args);

  // TraceProcessorRpcStream bytes in (any split), stream bytes out.
  void OnStreamBytes(std::string_view bytes, const BytesFn& on_response);

  // Loads a trace file through the Rpc (as a client would), so /status
  // reports it. Used for the trace given on the command line.
  weft::Status LoadTraceFile(const std::string& path, size_t read_size);

 private:
  struct Reply {
    bool invalid_request = false;  // The Rpc does not implement the method.
    std::string result;  // Last result field (all go to |on_result| too).
  };
  // Sends request |method| with |args| in field |args_field| (0: none) and
  // collects field |result_field| of the responses.
  Reply Call(uint32_t method, uint32_t args_field, std::string_view args,
             uint32_t result_field, const BytesFn* on_result = nullptr);
  void OnRpcResponse(const uint8_t* data, size_t size);

  Rpc rpc_;
  // Where OnRpcResponse sends bytes during the current call: raw stream
  // bytes (OnStreamBytes) or decoded replies (Call).
  const BytesFn* raw_sink_ = nullptr;
  Reply* reply_ = nullptr;
  uint32_t result_field_ = 0;
  const BytesFn* result_sink_ = nullptr;
};

}  // namespace weft

#endif  // SRC_HTTPD_RPC_ENDPOINTS_H_
