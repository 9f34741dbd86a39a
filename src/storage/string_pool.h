// StringPool: the one interned string store of a trace. Every string column
// holds StringIds into it, so equal strings are stored once and compare as
// integers. Append-only: a StringId stays valid for the pool's lifetime.
// Id 0 is reserved for NULL.
#ifndef SRC_STORAGE_STRING_POOL_H_
#define SRC_STORAGE_STRING_POOL_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "src/base/block_arena.h"
#include "src/base/pod_vector.h"

namespace weft {

using StringId = uint32_t;
constexpr StringId kNullStringId = 0;

class StringPool {
 public:
  StringPool();
  StringPool(const StringPool&) = delete;
  StringPool& operator=(const StringPool&) = delete;

  // Returns the id of |s|, adding it if new. The empty string is a real
  // (non-null) string with its own id.
  StringId Intern(std::string_view s) { return InternHashed(s, Hash(s)); }

  // Split form for hot loops: hash first and Prefetch() the slot, do other
  // work while it loads, then InternHashed() with the same hash.
  static uint32_t Hash(std::string_view s);
  void Prefetch(uint32_t hash) const {
    __builtin_prefetch(&slots_[hash & (slots_.size() - 1)]);
  }
  StringId InternHashed(std::string_view s, uint32_t hash);

  // Returns the id of |s| if present, kNullStringId otherwise.
  StringId Find(std::string_view s) const;

  // NULL id gives an empty view; callers check for kNullStringId first.
  std::string_view Get(StringId id) const {
    const char* p = strings_[id];
    uint32_t len;
    __builtin_memcpy(&len, p - sizeof(uint32_t), sizeof(uint32_t));
    return std::string_view(p, len);
  }
  // Hash() of the string |id| names (0 for NULL): what hashes built from
  // strings use instead of ids, which depend on the order strings were
  // first interned (with the protobuf parser thread, on timing).
  uint32_t HashOf(StringId id) const { return hashes_[id]; }
  // NUL-terminated pointer to the string's bytes.
  const char* CStr(StringId id) const { return strings_[id]; }

  size_t size() const { return strings_.size(); }
  size_t MemoryUsage() const;

 private:
  const char* Store(std::string_view s);
  void Grow();

  // The first block on 4 KiB pages (a small trace touches a few); the
  // next ones a huge page each (PodVector), as the big traces' strings.
  static constexpr size_t kFirstBlockSize = size_t{1} << 20;
  static constexpr size_t kBlockSize = size_t{2} << 20;
  BlockArena text_{kFirstBlockSize, kBlockSize};
  // strings_[id] points at the bytes; a uint32 length sits just before them.
  PodVector<const char*> strings_;
  PodVector<uint32_t> hashes_;  // By id.
  // Open addressing: each slot is (32-bit hash << 32 | id), 0 = empty. The
  // slot index comes from the same 32 bits, so growing never re-reads the
  // strings.
  PodVector<uint64_t> slots_;
  // Direct-mapped cache of recent lookups: keeps hot strings (event names,
  // arg keys) from probing the large table, which random unique strings
  // keep out of the CPU cache.
  static constexpr size_t kCacheSize = 4096;
  struct CacheEntry {
    uint32_t hash;
    StringId id;
  };
  std::unique_ptr<CacheEntry[]> cache_;
  size_t bytes_stored_ = 0;
};

}  // namespace weft

#endif  // SRC_STORAGE_STRING_POOL_H_
