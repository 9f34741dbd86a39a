// Framing of the TraceProcessorRpcStream request stream; see
// rpc_stream_reader.h.
#include "src/rpc/rpc_stream_reader.h"

#include <algorithm>

#include <protozero/exception.hpp>
#include <protozero/types.hpp>
#include <protozero/varint.hpp>

#include "protos/perfetto/trace_processor/trace_processor.fields.h"

namespace weft {
namespace {

enum class Header { kOk, kIncomplete, kBad };

constexpr uint32_t kMessageTag = protozero::tag_and_type(
    pb::trace_processor_rpc_stream::kMsg, protozero::pbf_wire_type::length_delimited);

// Reads the varint at *p; kIncomplete if the bytes end inside it.
Header ReadVarint(const char** p, const char* end, uint64_t* value) {
  try {
    *value = protozero::decode_varint(p, end);
    return Header::kOk;
  } catch (const protozero::end_of_buffer_exception&) {
    return Header::kIncomplete;
  } catch (const protozero::exception&) {
    return Header::kBad;  // Longer than 10 bytes.
  }
}

// Parses "tag, length" at the start of |data|.
Header ParseHeader(const uint8_t* data, size_t size, size_t* header_size,
                   uint64_t* length, std::string* error) {
  const char* begin = reinterpret_cast<const char*>(data);
  const char* p = begin;
  const char* end = begin + size;
  uint64_t tag;
  Header h = ReadVarint(&p, end, &tag);
  if (h == Header::kBad) *error = "bad tag varint";
  if (h != Header::kOk) return h;
  if (tag != kMessageTag) {
    *error = "expected field 1 (length-delimited), got tag " + std::to_string(tag);
    return Header::kBad;
  }
  h = ReadVarint(&p, end, length);
  if (h == Header::kBad) *error = "bad length varint";
  if (h != Header::kOk) return h;
  if (*length > RpcStreamReader::kMaxMessageSize) {
    *error = "message of " + std::to_string(*length) + " bytes exceeds the 1 GiB limit";
    return Header::kBad;
  }
  *header_size = static_cast<size_t>(p - begin);
  return Header::kOk;
}

}  // namespace

Status RpcStreamReader::Feed(const uint8_t* data, size_t size, const MessageFn& fn) {
  const uint8_t* p = data;
  const uint8_t* end = data + size;
  std::string error;
  size_t header = 0;
  uint64_t length = 0;
  for (;;) {
    if (!pending_.empty()) {
      // Complete the buffered message first.
      auto* buf = reinterpret_cast<const uint8_t*>(pending_.data());
      Header h = ParseHeader(buf, pending_.size(), &header, &length, &error);
      if (h == Header::kBad) break;
      if (h == Header::kIncomplete) {
        if (p == end) return Status::Ok();
        pending_.push_back(static_cast<char>(*p++));  // Header bytes: at most ~11.
        continue;
      }
      size_t total = header + static_cast<size_t>(length);
      if (pending_.capacity() < total) pending_.reserve(total);
      size_t take = std::min(total - pending_.size(), static_cast<size_t>(end - p));
      pending_.append(reinterpret_cast<const char*>(p), take);
      p += take;
      if (pending_.size() < total) return Status::Ok();
      std::string message = std::move(pending_);
      pending_.clear();
      fn(reinterpret_cast<const uint8_t*>(message.data()) + header,
         static_cast<size_t>(length));
      continue;
    }
    if (p == end) return Status::Ok();
    Header h = ParseHeader(p, static_cast<size_t>(end - p), &header, &length, &error);
    if (h == Header::kBad) break;
    if (h == Header::kIncomplete ||
        header + length > static_cast<uint64_t>(end - p)) {
      pending_.assign(reinterpret_cast<const char*>(p), static_cast<size_t>(end - p));
      return Status::Ok();
    }
    fn(p + header, static_cast<size_t>(length));
    p += header + static_cast<size_t>(length);
  }
  pending_.clear();
  pending_.shrink_to_fit();
  return Status::Error("malformed TraceProcessorRpcStream: " + error);
}

}  // namespace weft
