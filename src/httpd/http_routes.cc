// See http_routes.h. Endpoint bodies are Perfetto's (trace_processor_shell
// -D): protobuf results with Content-Type application/x-protobuf.
#include "src/httpd/http_routes.h"

#include <string_view>

#include "src/httpd/access_policy.h"
#include "src/httpd/rpc_endpoints.h"

namespace weft {

namespace http = boost::beast::http;

namespace {

const char kIndexPage[] =
    "weft trace processor RPC server (Perfetto's trace_processor_shell -D\n"
    "protocol). Endpoints: /status /parse /notify_eof /query /compute_metric\n"
    "/restore_initial_tables /enable_metatrace /disable_and_read_metatrace\n"
    "/rpc /websocket. See docs/http_server.md.\n";

HttpResponse MakeResponse(const HttpRequest& req, http::status status, std::string body,
                          const char* content_type) {
  HttpResponse res{status, req.version()};
  res.set(http::field::server, "weft");
  res.set(http::field::content_type, content_type);
  res.set(http::field::cache_control, "no-cache");
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

HttpResponse Proto(const HttpRequest& req, std::string body) {
  return MakeResponse(req, http::status::ok, std::move(body), "application/x-protobuf");
}

HttpResponse Error(const HttpRequest& req, http::status status, const std::string& message) {
  return ErrorResponse(req.version(), req.keep_alive(), status, message);
}

// CORS preflight of an allowed origin. Private-Network-Access lets
// https://ui.perfetto.dev reach a server on this machine.
HttpResponse Preflight(const HttpRequest& req) {
  HttpResponse res = MakeResponse(req, http::status::no_content, "", "text/plain");
  res.set(http::field::access_control_allow_methods, "GET, POST, OPTIONS");
  res.set(http::field::access_control_allow_headers, "Content-Type, X-Seq-Id");
  res.set(http::field::access_control_max_age, "86400");
  if (req["Access-Control-Request-Private-Network"] == "true") {
    res.set("Access-Control-Allow-Private-Network", "true");
  }
  return res;
}

HttpResponse Route(const HttpRequest& req, RpcEndpoints* ep) {
  std::string_view path(req.target().data(), req.target().size());
  path = path.substr(0, path.find('?'));
  if (req.method() == http::verb::options) return Preflight(req);
  if (req.method() != http::verb::get && req.method() != http::verb::post) {
    return Error(req, http::status::method_not_allowed, "use GET or POST");
  }
  const std::string& body = req.body();
  if (path == "/") return MakeResponse(req, http::status::ok, kIndexPage, "text/plain");
  if (path == "/status") return Proto(req, ep->Status());
  if (path == "/parse") return Proto(req, ep->Parse(body));
  if (path == "/notify_eof") return Proto(req, ep->NotifyEof());
  if (path == "/compute_metric") return Proto(req, ep->ComputeMetric(body));
  if (path == "/enable_metatrace") return Proto(req, ep->EnableMetatrace(body));
  if (path == "/disable_and_read_metatrace") return Proto(req, ep->DisableAndReadMetatrace());
  if (path == "/query") return Proto(req, ep->Query(body));
  if (path == "/rpc") {
    std::string out;
    ep->OnStreamBytes(body, [&out](std::string_view bytes) { out.append(bytes); });
    return Proto(req, std::move(out));
  }
  if (path == "/restore_initial_tables") {
    ep->RestoreInitialTables();
    return Proto(req, "");  // Upstream's answer: an empty body.
  }
  if (path == "/websocket") {
    return Error(req, http::status::bad_request,
                 "/websocket expects a WebSocket upgrade request");
  }
  return Error(req, http::status::not_found, "no such endpoint: " + std::string(path));
}

}  // namespace

HttpResponse ErrorResponse(unsigned version, bool keep_alive, http::status status,
                           const std::string& message) {
  HttpResponse res{status, version};
  res.set(http::field::server, "weft");
  res.set(http::field::content_type, "text/plain");
  res.keep_alive(keep_alive);
  res.body() = "weft: " + message + "\n";
  res.prepare_payload();
  return res;
}

std::optional<HttpResponse> RefuseAccess(const HttpRequest& req, const AccessPolicy& policy) {
  std::string_view host(req[http::field::host].data(), req[http::field::host].size());
  if (!policy.AllowsHost(host)) {
    return Error(req, http::status::forbidden,
                 "Host not allowed: " + std::string(host) +
                     " (the server listens on loopback and answers to localhost, "
                     "127.0.0.1 and [::1] only)");
  }
  std::string_view origin(req[http::field::origin].data(), req[http::field::origin].size());
  if (!policy.AllowsOrigin(origin)) {
    return Error(req, http::status::forbidden,
                 "Origin not allowed: " + std::string(origin) +
                     " (allow it with --http-additional-cors-origins)");
  }
  return std::nullopt;
}

HttpResponse HandleHttpRequest(const HttpRequest& req, RpcEndpoints* endpoints) {
  HttpResponse res = Route(req, endpoints);
  auto origin = req[http::field::origin];
  if (!origin.empty()) {
    res.set(http::field::access_control_allow_origin, origin);
    res.set(http::field::vary, "Origin");
  }
  return res;
}

}  // namespace weft
