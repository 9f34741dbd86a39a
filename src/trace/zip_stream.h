// ZipStream: streaming reader for .zip archives holding a trace. Walks the
// local file headers as bytes arrive and inflates the first file entry
// (stored or deflated) into a sink; later entries are skipped and counted.
// The central directory at the end is not needed and is ignored, so an
// archive cut short still yields its first entry up to the cut.
#ifndef SRC_TRACE_ZIP_STREAM_H_
#define SRC_TRACE_ZIP_STREAM_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "src/base/status.h"

namespace weft {

class ZipStream {
 public:
  using Sink = std::function<Status(const char* data, size_t size)>;
  explicit ZipStream(Sink sink);
  ~ZipStream();

  // A trace entry cut short or corrupt: a data-loss status at the bytes
  // inflated so far (an error if none were).
  Status Feed(const uint8_t* data, size_t size);
  Status Finish();
  // File entries after the first, which were not imported.
  uint32_t skipped_entries() const { return skipped_entries_; }

 private:
  enum class State { kHeader, kName, kData, kDescriptor, kDone };
  Status Step(bool* progressed);
  Status Emit(const char* data, size_t size);
  Status Damaged(const Status& error);

  struct Inflater;
  Sink sink_;
  std::unique_ptr<Inflater> inflater_;
  State state_ = State::kHeader;
  std::string pending_;   // Unconsumed input bytes.
  uint64_t offset_ = 0;   // Archive offset of pending_[0].
  uint16_t flags_ = 0, method_ = 0;
  uint32_t compressed_left_ = 0;
  uint32_t uncompressed_size_ = 0;
  size_t name_len_ = 0;
  size_t name_extra_len_ = 0;
  bool entry_is_dir_ = false;
  bool imported_one_ = false;
  bool current_imported_ = false;
  uint32_t skipped_entries_ = 0;
  uint64_t emitted_ = 0;  // Bytes of the trace entry handed to the sink.
};

}  // namespace weft

#endif  // SRC_TRACE_ZIP_STREAM_H_
