// Non-throwing protobuf field walker; see proto_decoder.h.
#include "src/rpc/proto_decoder.h"

#include <cstring>

#include "src/rpc/rpc_protocol.h"

namespace weft {

bool ReadVarint(const uint8_t** p, const uint8_t* end, uint64_t* value) {
  uint64_t result = 0;
  const uint8_t* cur = *p;
  for (int shift = 0; shift < 70; shift += 7) {
    if (cur >= end) return false;
    uint8_t byte = *cur++;
    result |= static_cast<uint64_t>(byte & 0x7f) << shift;
    if (!(byte & 0x80)) {
      *p = cur;
      *value = result;
      return true;
    }
  }
  return false;  // More than 10 bytes.
}

bool ProtoDecoder::Next(ProtoField* field) {
  if (error_ || cur_ >= end_) return false;
  uint64_t tag;
  if (!ReadVarint(&cur_, end_, &tag) || (tag >> 3) == 0 || (tag >> 3) > 0x1fffffff) {
    error_ = true;
    return false;
  }
  field->id = static_cast<uint32_t>(tag >> 3);
  field->wire_type = static_cast<uint32_t>(tag & 7);
  field->int_value = 0;
  field->data = nullptr;
  field->size = 0;
  switch (field->wire_type) {
    case rpc_proto::kWireVarint:
      if (!ReadVarint(&cur_, end_, &field->int_value)) error_ = true;
      break;
    case rpc_proto::kWireFixed64:
      if (end_ - cur_ < 8) {
        error_ = true;
      } else {
        memcpy(&field->int_value, cur_, 8);
        cur_ += 8;
      }
      break;
    case rpc_proto::kWireFixed32:
      if (end_ - cur_ < 4) {
        error_ = true;
      } else {
        uint32_t v;
        memcpy(&v, cur_, 4);
        field->int_value = v;
        cur_ += 4;
      }
      break;
    case rpc_proto::kWireLengthDelimited: {
      uint64_t len;
      if (!ReadVarint(&cur_, end_, &len) || len > static_cast<uint64_t>(end_ - cur_)) {
        error_ = true;
      } else {
        field->data = cur_;
        field->size = static_cast<size_t>(len);
        cur_ += len;
      }
      break;
    }
    default:  // Groups (3, 4) and invalid wire types.
      error_ = true;
  }
  return !error_;
}

}  // namespace weft
