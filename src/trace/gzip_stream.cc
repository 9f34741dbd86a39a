// GzipStream over zlib (inflate with gzip/zlib header auto-detection and
// support for concatenated gzip members).
#include "src/trace/gzip_stream.h"

#include <vector>

#include <zlib.h>

namespace weft {

struct GzipStream::Impl {
  Sink sink;
  z_stream z{};
  bool initialized = false;
  bool member_done = false;
  bool one_stream = false;
  uint64_t inflated = 0;  // Bytes handed to the sink, over all members.
  std::vector<char> out = std::vector<char>(1 << 20);
};

GzipStream::GzipStream(Sink sink, Members members) : impl_(new Impl) {
  impl_->sink = std::move(sink);
  impl_->one_stream = members == Members::kFirstOnly;
  impl_->initialized = inflateInit2(&impl_->z, 32 + MAX_WBITS) == Z_OK;
}

GzipStream::~GzipStream() {
  if (impl_->initialized) inflateEnd(&impl_->z);
}

Status GzipStream::Feed(const uint8_t* data, size_t size) {
  if (!impl_->initialized) return Status::Error("gzip: cannot initialize zlib");
  z_stream& z = impl_->z;
  z.next_in = const_cast<Bytef*>(data);
  z.avail_in = static_cast<uInt>(size);
  while (z.avail_in > 0) {
    if (impl_->member_done) {
      if (impl_->one_stream) break;  // What follows the stream is not read.
      // Another gzip member follows (concatenated .gz files).
      inflateReset(&z);
      impl_->member_done = false;
    }
    z.next_out = reinterpret_cast<Bytef*>(impl_->out.data());
    z.avail_out = static_cast<uInt>(impl_->out.size());
    int rc = inflate(&z, Z_NO_FLUSH);
    size_t produced = impl_->out.size() - z.avail_out;
    if (produced > 0) {
      impl_->inflated += produced;
      WEFT_RETURN_IF_ERROR(impl_->sink(impl_->out.data(), produced));
    }
    if (rc == Z_STREAM_END) {
      impl_->member_done = true;
      continue;
    }
    if (rc != Z_OK && rc != Z_BUF_ERROR) {
      return Damaged(ErrStatus("gzip: corrupt compressed data at compressed byte %lu (%s)",
                               static_cast<unsigned long>(z.total_in),
                               z.msg ? z.msg : "inflate failed"));
    }
    if (rc == Z_BUF_ERROR && produced == 0) break;
  }
  return Status::Ok();
}

Status GzipStream::Finish() {
  if (!impl_->member_done) {
    // Cut inside the deflate stream or its trailer: what was inflated stands.
    return Damaged(Status::Error("gzip: the compressed stream is cut short"));
  }
  return Status::Ok();
}

Status GzipStream::Damaged(const Status& error) const {
  if (impl_->inflated == 0) return error;  // Nothing readable: not a trace.
  return Status::DataLoss(impl_->inflated, error.message());
}

}  // namespace weft
