// Formatting for Status errors.
#include "src/base/status.h"

#include <cstdarg>
#include <cstdio>

namespace weft {

Status ErrStatus(const char* format, ...) {
  char buf[1024];
  va_list args;
  va_start(args, format);
  vsnprintf(buf, sizeof(buf), format, args);
  va_end(args);
  return Status::Error(buf);
}

Status DataLossStatus(uint64_t offset, const char* format, ...) {
  char buf[1024];
  va_list args;
  va_start(args, format);
  vsnprintf(buf, sizeof(buf), format, args);
  va_end(args);
  return Status::DataLoss(offset, buf);
}

}  // namespace weft
