// C ABI of the weft wasm module: JS writes TraceProcessorRpcStream request
// bytes into a buffer owned by the module and calls weft_on_rpc_request;
// responses come back synchronously through Module.onRpcResponse(bytes),
// each call carrying whole TraceProcessorRpc messages (a fresh Uint8Array
// starting at offset 0, so float64 arrays inside stay 8-byte aligned).
// Out of memory: when operator new fails a fatal_error response is sent,
// then the module aborts; PodVector's std::bad_alloc instead reaches JS as
// an uncaught C++ exception, a WebAssembly.Exception (worker.js reports it).
// Either way the JS side must treat the instance as dead.
#include <emscripten.h>
#include <emscripten/heap.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <new>

#include "src/rpc/rpc.h"
#include "wasm/no_file_vfs.h"

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
// The module links with wasm exception handling, but only code compiled with
// -fwasm-exceptions (the protobuf importer) catches exceptions: a
// std::bad_alloc from operator new would unwind to JS with no response sent,
// so report and abort instead.
void OnOutOfMemory() {
  std::set_new_handler(nullptr);
  free(g_oom_reserve);
  g_oom_reserve = nullptr;
  if (g_rpc) {
    char message[128];
    snprintf(message, sizeof(message),
             "out of memory: the wasm heap is exhausted (%zu MiB of the %zu MiB limit)",
             emscripten_get_heap_size() >> 20, emscripten_get_heap_max() >> 20);
    g_rpc->SendFatalError(message);
  }
  abort();
}

}  // namespace

extern "C" {

// (Re)creates the RPC endpoint with a request buffer of |buf_size| bytes and
// returns the buffer's address. Requests larger than the buffer may be sent
// in several weft_on_rpc_request calls.
EMSCRIPTEN_KEEPALIVE uint8_t* weft_rpc_init(uint32_t buf_size) {
  std::set_new_handler(OnOutOfMemory);
  weft::RegisterNoFileVfs();  // Before the Rpc opens its SQLite connection.
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
  errno = 0;  // See weft_allocation_failed.
  if (len > g_request_buf_size) {
    g_rpc->SendFatalError("weft_on_rpc_request: length exceeds the request buffer");
    return;
  }
  g_rpc->OnRpcRequest(g_request_buf, len);
}

// Whether an allocation failed during the last weft_on_rpc_request (malloc
// sets errno to ENOMEM). worker.js asks after an uncaught C++ exception:
// PodVector throws std::bad_alloc when realloc fails.
EMSCRIPTEN_KEEPALIVE int weft_allocation_failed() { return errno == ENOMEM; }

}  // extern "C"
