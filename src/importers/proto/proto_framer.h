// ProtoFramer: cuts the TracePackets out of a Perfetto protobuf trace (the
// outer `Trace` message: repeated field 1, length-delimited) fed in chunks
// cut at any byte. Complete packets are handed over without copying when
// they lie inside one chunk; only an unfinished packet (or field header) is
// carried to the next chunk. Knows nothing about what a packet contains.
#ifndef SRC_IMPORTERS_PROTO_PROTO_FRAMER_H_
#define SRC_IMPORTERS_PROTO_PROTO_FRAMER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include <protozero/types.hpp>

#include "src/base/status.h"

namespace weft {

class ProtoFramer {
 public:
  // Receives each packet's bytes (valid only during the call) and the file
  // offset of its first byte.
  using PacketFn = std::function<void(const uint8_t* data, size_t size, uint64_t offset)>;

  explicit ProtoFramer(PacketFn on_packet) : on_packet_(std::move(on_packet)) {}

  // Errors (overlong varint, a wire type that cannot frame a field) are
  // sticky: the trace is not valid protobuf past that point. They are
  // data-loss statuses at the damaged field: the packets before it stand.
  Status Parse(const uint8_t* data, size_t size);
  // The same if the trace ends inside a field.
  Status NotifyEndOfFile();

  uint64_t packets() const { return packets_; }

 private:
  enum class Header { kOk, kNeedMore, kError };
  struct Field {
    uint32_t id = 0;
    protozero::pbf_wire_type wire_type = protozero::pbf_wire_type::varint;
    size_t header_size = 0;  // Tag (+ length) bytes.
    uint64_t body_size = 0;  // Bytes after the header.
  };
  // Decodes the field header at [p, end).
  Header ReadHeader(const uint8_t* p, const uint8_t* end, Field* field);
  Status HeaderError(uint64_t offset);
  Status Damaged(const Status& error) const;
  // Emits a complete field (packet or skipped field) at |p|.
  void Emit(const Field& field, const uint8_t* p, uint64_t offset);

  PacketFn on_packet_;
  std::string carry_;      // Unfinished field: header and body so far.
  Field carry_field_;      // Valid when carry_header_done_.
  bool carry_header_done_ = false;
  uint64_t offset_ = 0;    // File offset of the next byte not yet framed.
  uint64_t packets_ = 0;
  Status error_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTO_FRAMER_H_
