// A zstd frame of raw blocks (see zstd_functions.h).
#include "src/sql/zstd_functions.h"

#include <algorithm>
#include <cstdint>

namespace weft {
namespace {

constexpr uint32_t kMagic = 0xFD2FB528;
// Frame_Header_Descriptor: Frame_Content_Size_flag 3 (8 bytes), Single_Segment.
constexpr uint8_t kDescriptor = (3 << 6) | (1 << 5);
constexpr size_t kMaxBlock = 128 * 1024;
constexpr uint32_t kRawBlock = 0;

void AppendLe(uint64_t value, int bytes, std::string* out) {
  for (int i = 0; i < bytes; ++i) out->push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

void Compress(sqlite3_context* ctx, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) return sqlite3_result_null(ctx);
  const void* p = sqlite3_value_blob(argv[0]);
  std::string_view data(static_cast<const char*>(p ? p : ""),
                        static_cast<size_t>(sqlite3_value_bytes(argv[0])));
  std::string frame = ZstdStoredFrame(data);
  sqlite3_result_blob64(ctx, frame.data(), frame.size(), SQLITE_TRANSIENT);
}

}  // namespace

std::string ZstdStoredFrame(std::string_view data) {
  std::string out;
  AppendLe(kMagic, 4, &out);
  out.push_back(static_cast<char>(kDescriptor));
  AppendLe(data.size(), 8, &out);
  size_t pos = 0;
  do {
    size_t size = std::min(kMaxBlock, data.size() - pos);
    bool last = pos + size == data.size();
    AppendLe((static_cast<uint32_t>(size) << 3) | (kRawBlock << 1) | (last ? 1 : 0), 3, &out);
    out.append(data.substr(pos, size));
    pos += size;
  } while (pos < data.size());
  return out;
}

Status RegisterZstdFunctions(sqlite3* db) {
  if (sqlite3_create_function_v2(db, "__intrinsic_zstd_compress", 1,
                                 SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, Compress, nullptr,
                                 nullptr, nullptr) != SQLITE_OK) {
    return Status::Error("cannot register __intrinsic_zstd_compress");
  }
  return Status::Ok();
}

}  // namespace weft
