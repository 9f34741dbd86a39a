// Status: an error value (message + optional byte offset) passed between
// layers instead of exceptions, so the wasm build can run without them.
// Invariant: ok() <=> message is empty.
#ifndef SRC_BASE_STATUS_H_
#define SRC_BASE_STATUS_H_

#include <cstdint>
#include <string>
#include <utility>

namespace weft {

class Status {
 public:
  Status() = default;
  static Status Ok() { return Status(); }
  static Status Error(std::string message) {
    Status s;
    s.message_ = std::move(message);
    if (s.message_.empty()) s.message_ = "unknown error";
    return s;
  }

  // A damaged trace (cut short, or unreadable from some byte on): the
  // bytes from |offset| on (in the decompressed trace) were not imported,
  // everything before them was. The load goes on; see TraceProcessor.
  static Status DataLoss(uint64_t offset, std::string message) {
    Status s = Error(std::move(message));
    s.data_loss_ = true;
    s.offset_ = offset;
    return s;
  }

  bool ok() const { return message_.empty(); }
  const std::string& message() const { return message_; }
  bool data_loss() const { return data_loss_; }
  // The first byte not imported; meaningful only when data_loss().
  uint64_t offset() const { return offset_; }

 private:
  std::string message_;
  bool data_loss_ = false;
  uint64_t offset_ = 0;
};

// printf-style helper for building error messages.
Status ErrStatus(const char* format, ...) __attribute__((format(printf, 1, 2)));
// printf-style Status::DataLoss.
Status DataLossStatus(uint64_t offset, const char* format, ...)
    __attribute__((format(printf, 2, 3)));

#define WEFT_RETURN_IF_ERROR(expr)   \
  do {                               \
    ::weft::Status status_ = (expr); \
    if (!status_.ok()) return status_; \
  } while (0)

}  // namespace weft

#endif  // SRC_BASE_STATUS_H_
