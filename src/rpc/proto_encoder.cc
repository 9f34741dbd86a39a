// Protobuf field writer with fixed-size nested lengths; see proto_encoder.h.
#include "src/rpc/proto_encoder.h"

namespace weft {

using protozero::pbf_wire_type;

size_t VarintSize(uint64_t value) {
  size_t n = 1;
  while (value >= 0x80) {
    value >>= 7;
    ++n;
  }
  return n;
}

void ProtoEncoder::AppendRawVarint(uint64_t value) {
  char tmp[10];
  size_t n = 0;
  while (value >= 0x80) {
    tmp[n++] = static_cast<char>((value & 0x7f) | 0x80);
    value >>= 7;
  }
  tmp[n++] = static_cast<char>(value);
  buf_.append(tmp, n);
}

void ProtoEncoder::AppendVarint(uint32_t id, uint64_t value) {
  AppendTag(id, pbf_wire_type::varint);
  AppendRawVarint(value);
}

void ProtoEncoder::AppendBytes(uint32_t id, const void* data, size_t size) {
  AppendTag(id, pbf_wire_type::length_delimited);
  AppendRawVarint(size);
  buf_.append(static_cast<const char*>(data), size);
}

size_t ProtoEncoder::BeginNested(uint32_t id) {
  AppendTag(id, pbf_wire_type::length_delimited);
  size_t token = buf_.size();
  buf_.append(4, '\0');
  return token;
}

void ProtoEncoder::EndNested(size_t token) {
  size_t len = buf_.size() - token - 4;
  if (len > kMaxNestedSize) len = kMaxNestedSize;  // Callers keep below this.
  for (int i = 0; i < 4; ++i) {
    uint8_t byte = static_cast<uint8_t>((len >> (7 * i)) & 0x7f);
    if (i < 3) byte |= 0x80;
    buf_[token + static_cast<size_t>(i)] = static_cast<char>(byte);
  }
}

void ProtoEncoder::AlignNextPayload(uint32_t pad_id, uint32_t next_id,
                                    size_t next_size, size_t alignment) {
  size_t header = VarintSize(protozero::tag_and_type(next_id, pbf_wire_type::length_delimited)) +
                  VarintSize(next_size);
  size_t misalign = (buf_.size() + header) % alignment;
  if (misalign == 0) return;
  size_t pad = alignment - misalign;
  // A padding field is at least 2 bytes (tag + zero length) for small ids.
  size_t pad_header =
      VarintSize(protozero::tag_and_type(pad_id, pbf_wire_type::length_delimited)) + 1;
  while (pad < pad_header) pad += alignment;
  AppendTag(pad_id, pbf_wire_type::length_delimited);
  size_t body = pad - pad_header;
  AppendRawVarint(body);  // < 128, one byte.
  buf_.append(body, '\0');
}

}  // namespace weft
