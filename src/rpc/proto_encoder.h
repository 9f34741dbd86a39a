// ProtoEncoder: appends protobuf fields to a byte string. Nested messages get
// a fixed 4-byte length (a padded varint, valid protobuf), written when the
// message ends, so no bytes move afterwards: byte offsets are final as soon
// as they are written, which lets the query serializer align float64 arrays.
// Nested messages are limited to 256 MiB - 1 by the 4-byte length.
//
// Why not protozero's pbf_writer (whose wire types this uses): it reserves 5
// bytes for a nested length and, on closing, shrinks it to the shortest
// varint by moving the nested bytes (each ~300 KB QueryResult batch would be
// moved once more, and float64_cells could not be aligned while it is being
// written), and it drops empty nested messages (an empty FinalizeDataResult
// must stay: clients look for it).
#ifndef SRC_RPC_PROTO_ENCODER_H_
#define SRC_RPC_PROTO_ENCODER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <protozero/types.hpp>

namespace weft {

class ProtoEncoder {
 public:
  static constexpr size_t kMaxNestedSize = (1u << 28) - 1;

  void AppendVarint(uint32_t id, uint64_t value);
  void AppendInt64(uint32_t id, int64_t value) {
    AppendVarint(id, static_cast<uint64_t>(value));
  }
  void AppendBytes(uint32_t id, const void* data, size_t size);
  void AppendString(uint32_t id, std::string_view s) { AppendBytes(id, s.data(), s.size()); }

  // Starts a nested message (or packed field) |id|; returns a token for
  // EndNested, which fills in its length.
  size_t BeginNested(uint32_t id);
  void EndNested(size_t token);

  // Appends a length-delimited field |pad_id| (if needed) so that the payload
  // of a length-delimited field |next_id| of |next_size| bytes, appended next,
  // starts at an offset that is a multiple of |alignment|.
  void AlignNextPayload(uint32_t pad_id, uint32_t next_id, size_t next_size,
                        size_t alignment);

  // Raw varint, for packed arrays.
  void AppendRawVarint(uint64_t value);
  // Already-encoded fields.
  void AppendRaw(const std::string& bytes) { buf_.append(bytes); }

  void Reserve(size_t size) { buf_.reserve(size); }
  const std::string& data() const { return buf_; }
  size_t size() const { return buf_.size(); }
  void Clear() { buf_.clear(); }

 private:
  void AppendTag(uint32_t id, protozero::pbf_wire_type wire_type) {
    AppendRawVarint(protozero::tag_and_type(id, wire_type));
  }

  std::string buf_;
};

// Bytes a varint of |value| takes.
size_t VarintSize(uint64_t value);

}  // namespace weft

#endif  // SRC_RPC_PROTO_ENCODER_H_
