// GzipStream: streaming gzip inflation for traces that arrive compressed.
// Output is handed to a callback in bounded pieces, so the whole
// decompressed trace never sits in memory.
#ifndef SRC_TRACE_GZIP_STREAM_H_
#define SRC_TRACE_GZIP_STREAM_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include "src/base/status.h"

namespace weft {

class GzipStream {
 public:
  using Sink = std::function<Status(const char* data, size_t size)>;
  // kAll: concatenated members (as gzip(1) writes and reads them);
  // kFirstOnly: one zlib stream, bytes after its end ignored (atrace -z).
  enum class Members { kAll, kFirstOnly };
  explicit GzipStream(Sink sink, Members members = Members::kAll);
  ~GzipStream();

  // Corrupt data ends the stream: a data-loss status at the inflated
  // size once something was inflated, an error before.
  Status Feed(const uint8_t* data, size_t size);
  // The same if the compressed stream (or its trailer) was cut short.
  Status Finish();

 private:
  Status Damaged(const Status& error) const;

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace weft

#endif  // SRC_TRACE_GZIP_STREAM_H_
