// ProtoFramer: a two-state loop (direct from the chunk, or completing the
// carried field) over field headers of the outer Trace message.
#include "src/importers/proto/proto_framer.h"

#include <algorithm>
#include <cinttypes>

#include "protos/perfetto/trace/trace.fields.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

enum class Varint { kOk, kNeedMore, kError };

Varint ReadVarint(const uint8_t** p, const uint8_t* end, uint64_t* out) {
  uint64_t v = 0;
  const uint8_t* q = *p;
  for (int shift = 0; shift < 70; shift += 7) {
    if (q == end) return Varint::kNeedMore;
    uint8_t b = *q++;
    if (shift == 63 && b > 1) return Varint::kError;
    v |= uint64_t{b & 0x7fu} << shift;
    if (!(b & 0x80)) {
      *p = q;
      *out = v;
      return Varint::kOk;
    }
  }
  return Varint::kError;
}

// Largest field body accepted; a larger length is corruption, not data.
constexpr uint64_t kMaxFieldSize = uint64_t{1} << 31;

}  // namespace

ProtoFramer::Header ProtoFramer::ReadHeader(const uint8_t* p, const uint8_t* end,
                                            Field* field) {
  const uint8_t* q = p;
  uint64_t tag;
  Varint r = ReadVarint(&q, end, &tag);
  if (r != Varint::kOk) return r == Varint::kNeedMore ? Header::kNeedMore : Header::kError;
  field->id = static_cast<uint32_t>(tag >> 3);
  field->wire_type = static_cast<protozero::pbf_wire_type>(tag & 7);
  if (field->id == 0 || tag >> 3 > 0x1fffffff) return Header::kError;
  switch (field->wire_type) {
    case proto_wire::kVarint: {  // The value is the body.
      const uint8_t* v = q;
      uint64_t unused;
      r = ReadVarint(&v, end, &unused);
      if (r != Varint::kOk) return r == Varint::kNeedMore ? Header::kNeedMore : Header::kError;
      field->body_size = static_cast<uint64_t>(v - q);
      break;
    }
    case proto_wire::kFixed64:
      field->body_size = 8;
      break;
    case proto_wire::kFixed32:
      field->body_size = 4;
      break;
    case proto_wire::kBytes: {
      r = ReadVarint(&q, end, &field->body_size);
      if (r != Varint::kOk) return r == Varint::kNeedMore ? Header::kNeedMore : Header::kError;
      if (field->body_size > kMaxFieldSize) return Header::kError;
      break;
    }
    default:  // Groups and undefined wire types cannot be framed.
      return Header::kError;
  }
  if (field->id == pb::trace::kPacket && field->wire_type != proto_wire::kBytes) return Header::kError;
  field->header_size = static_cast<size_t>(q - p);
  return Header::kOk;
}

Status ProtoFramer::HeaderError(uint64_t offset) {
  error_ = Damaged(ErrStatus(
      "protobuf error at byte %" PRIu64
      ": malformed field header in the Trace message (bad varint, wire type or length)",
      offset));
  return error_;
}

Status ProtoFramer::Damaged(const Status& error) const {
  return Status::DataLoss(offset_, error.message());
}

void ProtoFramer::Emit(const Field& field, const uint8_t* p, uint64_t offset) {
  if (field.id != pb::trace::kPacket) return;  // Other Trace fields: skipped.
  ++packets_;
  on_packet_(p + field.header_size, static_cast<size_t>(field.body_size),
             offset + field.header_size);
}

Status ProtoFramer::Parse(const uint8_t* data, size_t size) {
  if (!error_.ok()) return error_;
  const uint8_t* p = data;
  const uint8_t* end = data + size;
  // First finish a field carried over from earlier chunks.
  while (!carry_.empty() && p < end) {
    if (!carry_header_done_) {
      // Grow the carried header a byte at a time (headers are <= 15 bytes).
      carry_.push_back(static_cast<char>(*p++));
      const auto* c = reinterpret_cast<const uint8_t*>(carry_.data());
      Header h = ReadHeader(c, c + carry_.size(), &carry_field_);
      if (h == Header::kError) return HeaderError(offset_);
      if (h == Header::kNeedMore) continue;
      carry_header_done_ = true;
    }
    size_t total = carry_field_.header_size + static_cast<size_t>(carry_field_.body_size);
    size_t take = std::min(total - carry_.size(), static_cast<size_t>(end - p));
    carry_.append(reinterpret_cast<const char*>(p), take);
    p += take;
    if (carry_.size() == total) {
      Emit(carry_field_, reinterpret_cast<const uint8_t*>(carry_.data()), offset_);
      offset_ += total;
      carry_.clear();
      carry_header_done_ = false;
    }
  }
  // Then read whole fields straight from the chunk.
  while (p < end) {
    Field field;
    Header h = ReadHeader(p, end, &field);
    if (h == Header::kError) return HeaderError(offset_);
    if (h == Header::kOk) {
      uint64_t total = field.header_size + field.body_size;
      if (total <= static_cast<uint64_t>(end - p)) {
        Emit(field, p, offset_);
        p += total;
        offset_ += total;
        continue;
      }
      carry_field_ = field;
      carry_header_done_ = true;
      carry_.reserve(static_cast<size_t>(std::min<uint64_t>(total, 1 << 24)));
    }
    carry_.assign(reinterpret_cast<const char*>(p), static_cast<size_t>(end - p));
    p = end;
  }
  return Status::Ok();
}

Status ProtoFramer::NotifyEndOfFile() {
  if (!error_.ok()) return error_;
  if (carry_.empty()) return Status::Ok();
  if (!carry_header_done_) {
    return Damaged(ErrStatus("protobuf error at byte %" PRIu64
                             ": the trace ends inside a field header (truncated file?)",
                             offset_));
  }
  return Damaged(ErrStatus(
      "protobuf error at byte %" PRIu64 ": the trace ends inside a %" PRIu64
      "-byte packet, %zu bytes short (truncated file?)",
      offset_, carry_field_.body_size,
      static_cast<size_t>(carry_field_.header_size + carry_field_.body_size) - carry_.size()));
}

}  // namespace weft
