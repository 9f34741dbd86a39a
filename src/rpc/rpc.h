// Rpc: serves the trace processor RPC protocol (TraceProcessorRpcStream
// bytes in, TraceProcessorRpcStream bytes out) over one TraceProcessor.
// Shared by the wasm module and a future native HTTP/WebSocket server: the
// transport only moves bytes. Requests may arrive split at any byte; every
// response carries the next response sequence number. Bad input never
// crashes: it yields fatal_error, invalid_request or the method's error.
#ifndef SRC_RPC_RPC_H_
#define SRC_RPC_RPC_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "src/rpc/rpc_stream_reader.h"

namespace weft {

class TraceProcessor;
class ProtoEncoder;

class Rpc {
 public:
  // Receives response bytes: one or more whole TraceProcessorRpc messages
  // framed as a TraceProcessorRpcStream. Called synchronously from
  // OnRpcRequest; the bytes are only valid during the call.
  using ResponseFn = std::function<void(const uint8_t* data, size_t size)>;

  explicit Rpc(ResponseFn response_fn);
  ~Rpc();

  // Feeds request stream bytes; handles every request they complete.
  void OnRpcRequest(const void* data, size_t size);

  // Sends a fatal_error message (e.g. out of memory).
  void SendFatalError(std::string_view message);

  TraceProcessor* trace_processor() { return tp_.get(); }

 private:
  void HandleMessage(const uint8_t* data, size_t size);
  void AppendTraceData(const uint8_t* data, size_t size);
  void FinalizeTraceData();
  void Query(const uint8_t* args, size_t size);
  void GetStatus();
  // In rpc_metrics.cc.
  void ComputeMetric(const uint8_t* args, size_t size);
  // Starts a response message for |method|; returns the token to close it.
  static size_t BeginResponse(ProtoEncoder* enc, int64_t seq, uint32_t method);
  // |args|: ResetTraceProcessorArgs (may be null).
  void Reset(const uint8_t* args, size_t size);
  void RestoreInitialTables();
  // Responses carry their own sequence number, 1, 2, 3, ... as the Perfetto
  // UI expects (it checks each is the previous plus one).
  int64_t NextResponseSeq() { return ++tx_seq_; }
  void Send(const std::string& stream_bytes);

  ResponseFn response_fn_;
  RpcStreamReader reader_;
  std::unique_ptr<TraceProcessor> tp_;
  int64_t tx_seq_ = 0;
  uint64_t bytes_received_ = 0;
  std::string load_error_;  // First append/finalize error; sticky until reset.
};

}  // namespace weft

#endif  // SRC_RPC_RPC_H_
