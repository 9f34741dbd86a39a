// C ABI of the weft wasm module: JS writes TraceProcessorRpcStream request
// bytes into a buffer owned by the module and calls weft_on_rpc_request;
// responses come back synchronously through Module.onRpcResponse(bytes),
// each call carrying whole TraceProcessorRpc messages (a fresh Uint8Array
// starting at offset 0, so float64 arrays inside stay 8-byte aligned).
// Out of memory: a fatal_error response is sent, then the module aborts;
// the JS side must treat the instance as dead.
#include <emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <new>

#include "src/rpc/rpc.h"

namespace {

weft::Rpc* g_rpc = nullptr;
uint8_t* g_request_buf = nullptr;
uint32_t g_request_buf_size = 0;
void* g_oom_reserve = nullptr;  // Freed on OOM so the error can be encoded.

EM_JS(void, weft_js_on_response, (const uint8_t* data, uint32_t size), {
  var start = data >>> 0;
  Module['onRpcResponse'](HEAPU8.slice(start, start + (size >>> 0)));
});

void SendResponse(const uint8_t* data, size_t size) {
  weft_js_on_response(data, static_cast<uint32_t>(size));
}

// operator new failed (malloc returned null: linked with ABORTING_MALLOC=0).
// C++ exceptions cannot be caught in this build, so report and abort.
void OnOutOfMemory() {
  std::set_new_handler(nullptr);
  free(g_oom_reserve);
  g_oom_reserve = nullptr;
  if (g_rpc) g_rpc->SendFatalError("out of memory: the wasm heap is exhausted (4 GB limit)");
  abort();
}

}  // namespace

extern "C" {

// (Re)creates the RPC endpoint with a request buffer of |buf_size| bytes and
// returns the buffer's address. Requests larger than the buffer may be sent
// in several weft_on_rpc_request calls.
EMSCRIPTEN_KEEPALIVE uint8_t* weft_rpc_init(uint32_t buf_size) {
  std::set_new_handler(OnOutOfMemory);
  if (!g_oom_reserve) g_oom_reserve = malloc(4 << 20);
  delete g_rpc;
  g_rpc = new weft::Rpc(SendResponse);
  free(g_request_buf);
  g_request_buf_size = buf_size ? buf_size : 1;
  g_request_buf = static_cast<uint8_t*>(malloc(g_request_buf_size));
  return g_request_buf;
}

// Handles the first |len| bytes of the request buffer.
EMSCRIPTEN_KEEPALIVE void weft_on_rpc_request(uint32_t len) {
  if (!g_rpc || !g_request_buf) return;
  if (len > g_request_buf_size) {
    g_rpc->SendFatalError("weft_on_rpc_request: length exceeds the request buffer");
    return;
  }
  g_rpc->OnRpcRequest(g_request_buf, len);
}

}  // extern "C"
