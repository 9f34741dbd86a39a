// The HTTP side of `weft --httpd`: access checks (Host, Origin, CORS) and
// the mapping of Perfetto's endpoint paths to RpcEndpoints. No sockets here
// (see http_server.cc), so every rule is testable on plain messages.
#ifndef SRC_HTTPD_HTTP_ROUTES_H_
#define SRC_HTTPD_HTTP_ROUTES_H_

#include <optional>
#include <string>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

namespace weft {

class AccessPolicy;
class RpcEndpoints;

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

// A text/plain response with |message|.
HttpResponse ErrorResponse(unsigned version, bool keep_alive,
                           boost::beast::http::status status, const std::string& message);

// The 403 for a request whose Host or Origin the policy refuses, if any.
// Applies to WebSocket upgrades too.
std::optional<HttpResponse> RefuseAccess(const HttpRequest& req, const AccessPolicy& policy);

// Answers an allowed request (not a WebSocket upgrade), with CORS headers
// for its Origin.
HttpResponse HandleHttpRequest(const HttpRequest& req, RpcEndpoints* endpoints);

}  // namespace weft

#endif  // SRC_HTTPD_HTTP_ROUTES_H_
