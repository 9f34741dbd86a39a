// ProtoTokenizer, TracePacket.compressed_packets: zlib-compressed bytes of a
// Trace message (more packets), as traced writes with compression on. The
// inflated packets are tokenized like top-level ones.
#include <algorithm>
#include <string>

#include <protozero/pbf_reader.hpp>

#include <zlib.h>

#include "protos/perfetto/trace/trace.fields.h"
#include "src/importers/proto/proto_tokenizer.h"
#include "src/importers/proto/proto_wire.h"

namespace weft {
namespace {

// Larger outputs are refused (a corrupt or hostile packet must not exhaust
// memory); traced compresses batches far smaller than this.
constexpr size_t kMaxInflatedBytes = size_t{256} << 20;

// Inflates zlib (or gzip) data into |out|; false if corrupt, truncated or
// too large.
bool Inflate(protozero::data_view in, std::string* out) {
  z_stream z{};
  if (inflateInit2(&z, 32 + MAX_WBITS) != Z_OK) return false;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  int rc = Z_OK;
  while (rc == Z_OK) {
    size_t used = out->size();
    if (used >= kMaxInflatedBytes) break;
    out->resize(std::min(kMaxInflatedBytes, std::max<size_t>(2 * used, 64 * 1024)));
    z.next_out = reinterpret_cast<Bytef*>(&(*out)[used]);
    z.avail_out = static_cast<uInt>(out->size() - used);
    rc = inflate(&z, Z_NO_FLUSH);
    out->resize(out->size() - z.avail_out);
  }
  inflateEnd(&z);
  return rc == Z_STREAM_END;
}

}  // namespace

void ProtoTokenizer::TokenizeCompressed(protozero::data_view bytes) {
  std::string inflated;
  if (inside_compressed_ || !Inflate(bytes, &inflated)) {
    CountStat(Stat::compressed_packets_skipped);
    return;
  }
  // Packets inside are not compressed again (traced compresses once).
  inside_compressed_ = true;
  protozero::pbf_reader trace(inflated.data(), inflated.size());
  try {
    while (trace.next()) {
      if (trace.tag() == pb::trace::kPacket &&
          trace.wire_type() == proto_wire::kBytes) {
        protozero::data_view packet = trace.get_view();
        OnPacket(reinterpret_cast<const uint8_t*>(packet.data()), packet.size());
      } else {
        trace.skip();
      }
    }
  } catch (const protozero::exception&) {
    // Packets before the bad bytes were kept.
    CountStat(Stat::proto_malformed_packet);
  }
  inside_compressed_ = false;
}

}  // namespace weft
