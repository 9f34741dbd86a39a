// ProtoDecoder: walks the fields of one serialized protobuf message without
// copying and without exceptions. Malformed input (truncated varint, length
// past the end, unsupported wire type) ends the walk and sets error(), so
// request bytes from any peer can be decoded safely in the wasm build, where
// C++ exceptions cannot be caught (protozero's reader throws on such input).
#ifndef SRC_RPC_PROTO_DECODER_H_
#define SRC_RPC_PROTO_DECODER_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace weft {

struct ProtoField {
  uint32_t id = 0;
  uint32_t wire_type = 0;
  uint64_t int_value = 0;          // varint, fixed64 and fixed32 fields.
  const uint8_t* data = nullptr;   // length-delimited fields.
  size_t size = 0;

  std::string_view as_string() const {
    return std::string_view(reinterpret_cast<const char*>(data), size);
  }
};

// Reads a varint at *p (< end); advances *p. False if truncated or > 10 bytes.
bool ReadVarint(const uint8_t** p, const uint8_t* end, uint64_t* value);

class ProtoDecoder {
 public:
  ProtoDecoder(const uint8_t* data, size_t size) : cur_(data), end_(data + size) {}

  // Fills |field| with the next field; false at the end or on an error.
  bool Next(ProtoField* field);
  bool error() const { return error_; }

 private:
  const uint8_t* cur_;
  const uint8_t* end_;
  bool error_ = false;
};

}  // namespace weft

#endif  // SRC_RPC_PROTO_DECODER_H_
