// hash(): FNV-1a 64 over the arguments' bytes (see hash_function.h).
#include "src/sql/hash_function.h"

#include <cstdint>
#include <cstring>

namespace weft {
namespace {

constexpr uint64_t kFnvOffset = 14695981039346656037ull;
constexpr uint64_t kFnvPrime = 1099511628211ull;

uint64_t Fnv(uint64_t h, const void* data, size_t size) {
  const auto* p = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < size; ++i) h = (h ^ p[i]) * kFnvPrime;
  return h;
}

// Little-endian bytes of |v| (wasm and x86 are little-endian; spelled out
// so the value does not depend on the host).
uint64_t FnvLe(uint64_t h, uint64_t v) {
  unsigned char bytes[8];
  for (int i = 0; i < 8; ++i) bytes[i] = static_cast<unsigned char>(v >> (8 * i));
  return Fnv(h, bytes, 8);
}

void Hash(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  uint64_t h = kFnvOffset;
  for (int i = 0; i < argc; ++i) {
    switch (sqlite3_value_type(argv[i])) {
      case SQLITE_INTEGER:
        h = FnvLe(h, static_cast<uint64_t>(sqlite3_value_int64(argv[i])));
        break;
      case SQLITE_FLOAT: {
        double d = sqlite3_value_double(argv[i]);
        uint64_t bits;
        std::memcpy(&bits, &d, 8);
        h = FnvLe(h, bits);
        break;
      }
      case SQLITE_NULL:
        return sqlite3_result_error(ctx, "hash: NULL argument", -1);
      default:
        h = Fnv(h, sqlite3_value_blob(argv[i]), static_cast<size_t>(sqlite3_value_bytes(argv[i])));
    }
  }
  sqlite3_result_int64(ctx, static_cast<sqlite3_int64>(h));
}

}  // namespace

Status RegisterHashFunction(sqlite3* db) {
  if (sqlite3_create_function_v2(db, "hash", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, Hash,
                                 nullptr, nullptr, nullptr) != SQLITE_OK) {
    return Status::Error("cannot register hash");
  }
  return Status::Ok();
}

}  // namespace weft
