// libFuzzer target for the RPC entry point: the request bytes the wasm
// module and the HTTP server hand to Rpc::OnRpcRequest. Goes through the
// public API only (not the message decoder behind it), so it keeps working
// whatever decodes the messages.
//
// The first input byte picks how the rest is fed:
//   even: one TraceProcessorRpc message, framed here as a
//         TraceProcessorRpcStream and fed whole;
//   odd:  raw TraceProcessorRpcStream bytes (any number of messages, any
//         framing), fed in up to three pieces cut at points derived from the
//         input, so requests split across calls are explored too.
// Seeds (test/fuzzers/corpus/rpc/, made by test/fuzzers/make_rpc_seeds.py)
// hold valid requests in both forms: append trace data, finalize, query,
// status, reset.
//
//   tools/build --fuzzer && tools/fuzz rpc 60
//   out/host/rpc_fuzzer FILE...   (replay, non-fuzzer builds)
#include <cstddef>
#include <cstdint>
#include <string>

#include "protos/perfetto/trace_processor/trace_processor.fields.h"
#include "src/rpc/rpc.h"
#include "test/fuzzers/split_points.h"

namespace {

// Written with every response byte so the sanitizers check the buffers.
volatile uint8_t g_response_sink;

// The TraceProcessorRpcStream framing of one message: its field, length-delimited.
constexpr uint8_t kStreamMsgTag = (weft::pb::trace_processor_rpc_stream::kMsg << 3) | 2;

std::string FrameOneMessage(const uint8_t* data, size_t size) {
  std::string framed(1, static_cast<char>(kStreamMsgTag));
  for (uint64_t len = size; ; len >>= 7) {
    uint8_t byte = len & 0x7f;
    if (len < 0x80) {
      framed.push_back(static_cast<char>(byte));
      break;
    }
    framed.push_back(static_cast<char>(byte | 0x80));
  }
  framed.append(reinterpret_cast<const char*>(data), size);
  return framed;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const bool raw_stream = data[0] & 1;
  ++data;
  --size;

  weft::Rpc rpc([](const uint8_t* bytes, size_t n) {
    for (size_t i = 0; i < n; ++i) g_response_sink = bytes[i];
  });

  if (!raw_stream) {
    std::string framed = FrameOneMessage(data, size);
    rpc.OnRpcRequest(framed.data(), framed.size());
    return 0;
  }
  const auto bounds = weft::SplitPoints(data, size);
  for (int i = 0; i < 3; ++i) {
    if (bounds[i + 1] > bounds[i]) {
      rpc.OnRpcRequest(data + bounds[i], bounds[i + 1] - bounds[i]);
    }
  }
  // A request split at the end stays buffered; an empty feed must be harmless.
  rpc.OnRpcRequest(data + size, 0);
  return 0;
}
