// ZipStream: local-header state machine plus raw-deflate inflation.
#include "src/trace/zip_stream.h"

#include <cinttypes>
#include <algorithm>
#include <cstring>
#include <vector>

#include <zlib.h>

namespace weft {
namespace {

constexpr uint32_t kLocalHeader = 0x04034b50;
constexpr uint32_t kCentralHeader = 0x02014b50;
constexpr uint32_t kEndOfCentralDir = 0x06054b50;
constexpr uint32_t kDescriptor = 0x08074b50;
constexpr size_t kLocalHeaderSize = 30;

uint16_t Le16(const char* p) {
  return static_cast<uint16_t>(static_cast<uint8_t>(p[0]) | static_cast<uint8_t>(p[1]) << 8);
}
uint32_t Le32(const char* p) {
  return static_cast<uint32_t>(Le16(p)) | static_cast<uint32_t>(Le16(p + 2)) << 16;
}

}  // namespace

struct ZipStream::Inflater {
  z_stream z{};
  bool active = false;
  std::vector<char> out = std::vector<char>(1 << 20);
  ~Inflater() {
    if (active) inflateEnd(&z);
  }
};

ZipStream::ZipStream(Sink sink) : sink_(std::move(sink)), inflater_(new Inflater) {}
ZipStream::~ZipStream() = default;

Status ZipStream::Emit(const char* data, size_t size) {
  if (!current_imported_ || size == 0) return Status::Ok();
  emitted_ += size;
  return sink_(data, size);
}

Status ZipStream::Feed(const uint8_t* data, size_t size) {
  pending_.append(reinterpret_cast<const char*>(data), size);
  bool progressed = true;
  while (progressed && state_ != State::kDone) {
    progressed = false;
    WEFT_RETURN_IF_ERROR(Step(&progressed));
  }
  return Status::Ok();
}

Status ZipStream::Step(bool* progressed) {
  switch (state_) {
    case State::kHeader: {
      if (pending_.size() < 4) return Status::Ok();
      uint32_t sig = Le32(pending_.data());
      if (sig == kCentralHeader || sig == kEndOfCentralDir) {
        state_ = State::kDone;
        pending_.clear();
        return Status::Ok();
      }
      if (sig != kLocalHeader) {
        if (imported_one_) {
          // The trace entry is complete; what follows it does not matter.
          state_ = State::kDone;
          pending_.clear();
          return Status::Ok();
        }
        return ErrStatus("zip: bad local file header at byte %" PRIu64, offset_);
      }
      if (pending_.size() < kLocalHeaderSize) return Status::Ok();
      const char* h = pending_.data();
      flags_ = Le16(h + 6);
      method_ = Le16(h + 8);
      compressed_left_ = Le32(h + 18);
      uncompressed_size_ = Le32(h + 22);
      name_len_ = Le16(h + 26);
      name_extra_len_ = name_len_ + static_cast<size_t>(Le16(h + 28));
      entry_is_dir_ = false;
      if ((flags_ & 1) != 0) return Status::Error("zip: encrypted entries are not supported");
      if (method_ != 0 && method_ != 8) {
        return ErrStatus("zip: compression method %u is not supported (only stored and deflate)",
                         method_);
      }
      if (method_ == 0 && (flags_ & 8)) {
        return Status::Error("zip: stored entry of unknown size is not supported");
      }
      pending_.erase(0, kLocalHeaderSize);
      offset_ += kLocalHeaderSize;
      state_ = State::kName;
      *progressed = true;
      return Status::Ok();
    }
    case State::kName: {
      if (pending_.size() < name_extra_len_) return Status::Ok();
      // Directory entries (names ending in '/') and empty files hold no
      // trace.
      bool is_dir = name_len_ > 0 && pending_[name_len_ - 1] == '/';
      bool is_empty = uncompressed_size_ == 0 && !(flags_ & 8);
      entry_is_dir_ = is_dir || is_empty;
      pending_.erase(0, name_extra_len_);
      offset_ += name_extra_len_;
      current_imported_ = false;
      if (!entry_is_dir_) {
        if (!imported_one_) {
          imported_one_ = true;
          current_imported_ = true;
        } else {
          ++skipped_entries_;
        }
      }
      if (method_ == 8) {
        if (inflater_->active) inflateEnd(&inflater_->z);
        inflater_->z = z_stream{};
        if (inflateInit2(&inflater_->z, -MAX_WBITS) != Z_OK) {
          return Status::Error("zip: cannot initialize zlib");
        }
        inflater_->active = true;
      }
      state_ = State::kData;
      *progressed = true;
      return Status::Ok();
    }
    case State::kData: {
      if (pending_.empty()) return Status::Ok();
      if (method_ == 0) {
        size_t n = std::min<size_t>(pending_.size(), compressed_left_);
        WEFT_RETURN_IF_ERROR(Emit(pending_.data(), n));
        pending_.erase(0, n);
        offset_ += n;
        compressed_left_ -= static_cast<uint32_t>(n);
        if (compressed_left_ == 0) state_ = (flags_ & 8) ? State::kDescriptor : State::kHeader;
        *progressed = n > 0 || compressed_left_ == 0;
        return Status::Ok();
      }
      z_stream& z = inflater_->z;
      z.next_in = reinterpret_cast<Bytef*>(&pending_[0]);
      z.avail_in = static_cast<uInt>(pending_.size());
      int rc = Z_OK;
      while (z.avail_in > 0 && rc == Z_OK) {
        z.next_out = reinterpret_cast<Bytef*>(inflater_->out.data());
        z.avail_out = static_cast<uInt>(inflater_->out.size());
        rc = inflate(&z, Z_NO_FLUSH);
        size_t produced = inflater_->out.size() - z.avail_out;
        WEFT_RETURN_IF_ERROR(Emit(inflater_->out.data(), produced));
        if (rc == Z_BUF_ERROR && produced == 0) break;
        if (rc == Z_BUF_ERROR) rc = Z_OK;
      }
      if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
        return Damaged(ErrStatus("zip: corrupt deflate data near byte %" PRIu64 " (%s)",
                                 offset_, z.msg ? z.msg : "inflate failed"));
      }
      size_t used = pending_.size() - z.avail_in;
      pending_.erase(0, used);
      offset_ += used;
      if (rc == Z_STREAM_END) {
        inflateEnd(&z);
        inflater_->active = false;
        state_ = (flags_ & 8) ? State::kDescriptor : State::kHeader;
      }
      *progressed = used > 0 || rc == Z_STREAM_END;
      return Status::Ok();
    }
    case State::kDescriptor: {
      // crc, sizes; optionally preceded by a signature.
      if (pending_.size() < 4) return Status::Ok();
      size_t size = Le32(pending_.data()) == kDescriptor ? 16 : 12;
      if (pending_.size() < size) return Status::Ok();
      pending_.erase(0, size);
      offset_ += size;
      state_ = State::kHeader;
      *progressed = true;
      return Status::Ok();
    }
    case State::kDone:
      return Status::Ok();
  }
  return Status::Ok();
}

Status ZipStream::Finish() {
  bool inside_entry = state_ == State::kData || state_ == State::kName;
  if (inside_entry && current_imported_) {
    return Damaged(Status::Error("zip: the archive is cut short inside the trace entry"));
  }
  if (!imported_one_) return Status::Error("zip: the archive holds no file");
  return Status::Ok();
}

Status ZipStream::Damaged(const Status& error) {
  if (!current_imported_) {
    // A later entry is damaged: the trace entry is already complete.
    state_ = State::kDone;
    pending_.clear();
    return Status::Ok();
  }
  if (emitted_ == 0) return error;  // Nothing readable: not a trace.
  return Status::DataLoss(emitted_, error.message());
}

}  // namespace weft
