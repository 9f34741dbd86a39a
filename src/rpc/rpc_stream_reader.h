// RpcStreamReader: cuts whole TraceProcessorRpc messages out of a
// TraceProcessorRpcStream that arrives in pieces of any size. Each message is
// framed as field 1 (length-delimited): tag byte, varint length, payload.
// Messages that arrive whole within one Feed() are handed out in place (no
// copy); only a message split across calls is buffered.
#ifndef SRC_RPC_RPC_STREAM_READER_H_
#define SRC_RPC_RPC_STREAM_READER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "src/base/status.h"

namespace weft {

class RpcStreamReader {
 public:
  // Larger messages are rejected as a framing error.
  static constexpr uint64_t kMaxMessageSize = 1ull << 30;

  using MessageFn = std::function<void(const uint8_t* data, size_t size)>;

  // Calls |fn| for every message completed by these bytes. On a framing error
  // (wrong tag, oversized length) the buffered bytes and the rest of this
  // input are dropped and an error is returned; the next Feed starts afresh.
  Status Feed(const uint8_t* data, size_t size, const MessageFn& fn);

  size_t buffered_bytes() const { return pending_.size(); }

 private:
  std::string pending_;  // Start of a message split across Feed calls.
};

}  // namespace weft

#endif  // SRC_RPC_RPC_STREAM_READER_H_
