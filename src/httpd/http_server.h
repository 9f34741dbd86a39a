// The HTTP + WebSocket server of `weft --httpd` (Perfetto's
// trace_processor_shell -D protocol), built on Boost.Beast; see
// docs/http_server.md. One thread serves every connection in turn, so
// requests reach the single RpcEndpoints one at a time.
#ifndef SRC_HTTPD_HTTP_SERVER_H_
#define SRC_HTTPD_HTTP_SERVER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace weft {

class RpcEndpoints;

struct HttpServerOptions {
  std::string address = "127.0.0.1";
  uint16_t port = 9001;  // 0: any free port (printed at start).
  std::vector<std::string> extra_origins;
  size_t max_body_bytes = 64u << 20;  // Larger bodies and messages: 413.
};

// Serves |endpoints| until SIGINT or SIGTERM. Prints "weft: serving HTTP on
// http://ADDRESS:PORT" to stderr once listening. Returns the exit code.
int RunHttpServer(const HttpServerOptions& options, RpcEndpoints* endpoints);

}  // namespace weft

#endif  // SRC_HTTPD_HTTP_SERVER_H_
