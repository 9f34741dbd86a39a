// See http_server.h. Asynchronous Boost.Beast sessions on one io_context
// thread: an HttpSession reads requests (keep-alive) and hands a WebSocket
// upgrade to a WebsocketSession. Every read and write has a timeout, so a
// silent client cannot hold a connection forever.
#include "src/httpd/http_server.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "src/httpd/access_policy.h"
#include "src/httpd/http_routes.h"
#include "src/httpd/rpc_endpoints.h"

namespace weft {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

// A request (headers and body) must arrive within this time, and so must
// the next request on a kept-alive connection.
constexpr std::chrono::seconds kRequestTimeout(300);
constexpr std::chrono::seconds kWriteTimeout(300);
constexpr uint32_t kMaxHeaderBytes = 64 * 1024;
// Beast reads at most what the buffer can hold without growing (and at least
// 512 bytes): a buffer the parser keeps emptying never grows, so without
// this a 32 MiB /parse body took ~65000 recvmsg calls of 512 bytes.
constexpr size_t kReadBufferBytes = 1 << 20;

struct ServerContext {
  RpcEndpoints* endpoints;
  AccessPolicy policy;
  size_t max_body_bytes;
};

// One upgraded connection: each binary message is TraceProcessorRpcStream
// bytes for the Rpc; each response chunk goes back as one binary message.
class WebsocketSession : public std::enable_shared_from_this<WebsocketSession> {
 public:
  WebsocketSession(tcp::socket socket, const ServerContext* ctx)
      : ws_(std::move(socket)), ctx_(ctx) {
    buffer_.reserve(kReadBufferBytes);
  }

  void Run(HttpRequest req) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "weft"); }));
    ws_.read_message_max(ctx_->max_body_bytes);
    ws_.binary(true);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->Read();
    });
  }

 private:
  void Read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
      self->OnRead(ec);
    });
  }

  // Errors (closed, too big: Beast closes with 1009) end the session.
  void OnRead(beast::error_code ec) {
    if (ec) return;
    auto data = buffer_.data();
    ctx_->endpoints->OnStreamBytes(
        std::string_view(static_cast<const char*>(data.data()), data.size()),
        [this](std::string_view bytes) { outbox_.emplace_back(bytes); });
    buffer_.consume(buffer_.size());
    WriteNext();
  }

  void WriteNext() {
    if (outbox_.empty()) return Read();
    ws_.async_write(asio::buffer(outbox_.front()),
                    [self = shared_from_this()](beast::error_code ec, size_t) {
                      if (ec) return;
                      self->outbox_.pop_front();
                      self->WriteNext();
                    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  const ServerContext* ctx_;
  beast::flat_buffer buffer_;
  std::deque<std::string> outbox_;
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, const ServerContext* ctx)
      : stream_(std::move(socket)), ctx_(ctx) {
    buffer_.reserve(kReadBufferBytes);
  }

  void Read() {
    parser_.emplace();
    parser_->body_limit(ctx_->max_body_bytes);
    parser_->header_limit(kMaxHeaderBytes);
    stream_.expires_after(kRequestTimeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) {
                       self->OnRead(ec);
                     });
  }

 private:
  void OnRead(beast::error_code ec) {
    if (ec == http::error::body_limit) {
      return Send(ErrorResponse(11, false, http::status::payload_too_large,
                                "request body larger than the limit of " +
                                    std::to_string(ctx_->max_body_bytes) +
                                    " bytes (--http-max-body-mb)"));
    }
    if (ec == http::error::header_limit) {
      return Send(ErrorResponse(11, false, http::status::request_header_fields_too_large,
                                "request headers too large"));
    }
    if (ec && ec.category() == http::make_error_code(http::error::bad_method).category() &&
        ec != http::error::end_of_stream && ec != http::error::partial_message) {
      return Send(ErrorResponse(11, false, http::status::bad_request,
                                "malformed HTTP request: " + ec.message()));
    }
    if (ec) return Close();
    HttpRequest req = parser_->release();
    if (std::optional<HttpResponse> refused = RefuseAccess(req, ctx_->policy)) {
      return Send(std::move(*refused));
    }
    if (websocket::is_upgrade(req)) {
      std::string_view target(req.target().data(), req.target().size());
      if (target.substr(0, target.find('?')) == "/websocket") {
        stream_.expires_never();  // The WebSocket session has its own timeouts.
        std::make_shared<WebsocketSession>(stream_.release_socket(), ctx_)
            ->Run(std::move(req));
        return;
      }
    }
    Send(HandleHttpRequest(req, ctx_->endpoints));
  }

  void Send(HttpResponse res) {
    response_ = std::make_shared<HttpResponse>(std::move(res));
    stream_.expires_after(kWriteTimeout);
    http::async_write(stream_, *response_,
                      [self = shared_from_this()](beast::error_code ec, size_t) {
                        self->OnWrite(ec);
                      });
  }

  void OnWrite(beast::error_code ec) {
    bool close = response_->need_eof();
    response_.reset();
    if (ec || close) return Close();
    Read();
  }

  void Close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
  }

  beast::tcp_stream stream_;
  const ServerContext* ctx_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<HttpResponse> response_;
};

void Accept(tcp::acceptor* acceptor, const ServerContext* ctx) {
  acceptor->async_accept([acceptor, ctx](beast::error_code ec, tcp::socket socket) {
    if (!ec) std::make_shared<HttpSession>(std::move(socket), ctx)->Read();
    if (ec != asio::error::operation_aborted) Accept(acceptor, ctx);
  });
}

bool IsLoopback(const asio::ip::address& address) { return address.is_loopback(); }

}  // namespace

int RunHttpServer(const HttpServerOptions& options, RpcEndpoints* endpoints) {
  beast::error_code ec;
  asio::ip::address address = asio::ip::make_address(options.address, ec);
  if (ec) {
    fprintf(stderr, "weft: bad --http-ip-address %s: %s\n", options.address.c_str(),
            ec.message().c_str());
    return 1;
  }
  asio::io_context ioc(1);
  tcp::acceptor acceptor(ioc);
  tcp::endpoint endpoint(address, options.port);
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    fprintf(stderr, "weft: cannot listen on %s port %u: %s\n", options.address.c_str(),
            options.port, ec.message().c_str());
    return 1;
  }
  ServerContext ctx{endpoints, AccessPolicy(options.extra_origins, IsLoopback(address)),
                    options.max_body_bytes};
  if (!IsLoopback(address)) {
    fprintf(stderr,
            "weft: warning: listening on %s, reachable from other machines; anyone "
            "who can connect can load traces and run SQL\n",
            options.address.c_str());
  }
  std::string host = address.is_v6() ? "[" + options.address + "]" : options.address;
  fprintf(stderr, "weft: serving HTTP on http://%s:%u\n", host.c_str(),
          acceptor.local_endpoint().port());
  fflush(stderr);

  asio::signal_set signals(ioc, SIGINT, SIGTERM);
  signals.async_wait([&ioc](beast::error_code, int) { ioc.stop(); });
  Accept(&acceptor, &ctx);
  ioc.run();
  fprintf(stderr, "weft: HTTP server stopped\n");
  return 0;
}

}  // namespace weft
