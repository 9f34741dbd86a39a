// StringPool implementation: block-allocated bytes plus an open-addressing
// hash index that stores a hash fragment beside each id to avoid most
// string comparisons.
#include "src/storage/string_pool.h"

#include <cstring>

#include "src/base/hash.h"

namespace weft {

uint32_t StringPool::Hash(std::string_view s) {
  return static_cast<uint32_t>(HashBytes(s.data(), s.size()) >> 32);
}

StringPool::StringPool() : cache_(new CacheEntry[kCacheSize]()) {
  strings_.push_back(Store(std::string_view()));  // id 0: NULL.
  hashes_.push_back(0);
  slots_.assign(1024, 0);
}

const char* StringPool::Store(std::string_view s) {
  size_t need = s.size() + sizeof(uint32_t) + 1;
  // Rounded up, so the next length prefix is 4-byte aligned.
  char* base = text_.Allocate((need + 3) & ~size_t{3}).data;
  uint32_t len = static_cast<uint32_t>(s.size());
  memcpy(base, &len, sizeof(len));
  if (!s.empty()) memcpy(base + sizeof(len), s.data(), s.size());
  base[sizeof(len) + s.size()] = '\0';
  bytes_stored_ += need;
  return base + sizeof(len);
}

StringId StringPool::Find(std::string_view s) const {
  uint32_t h = Hash(s);
  size_t mask = slots_.size() - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    uint64_t slot = slots_[i];
    if (slot == 0) return kNullStringId;
    if (static_cast<uint32_t>(slot >> 32) == h) {
      StringId id = static_cast<StringId>(slot);
      if (Get(id) == s) return id;
    }
  }
}

StringId StringPool::InternHashed(std::string_view s, uint32_t h) {
  CacheEntry& cached = cache_[h & (kCacheSize - 1)];
  if (cached.hash == h && cached.id != kNullStringId && Get(cached.id) == s) {
    return cached.id;
  }
  size_t mask = slots_.size() - 1;
  size_t i = h & mask;
  for (;; i = (i + 1) & mask) {
    uint64_t slot = slots_[i];
    if (slot == 0) break;
    if (static_cast<uint32_t>(slot >> 32) == h) {
      StringId id = static_cast<StringId>(slot);
      if (Get(id) == s) {
        cached = {h, id};
        return id;
      }
    }
  }
  // New strings do not enter the cache: most are unique values, and only
  // strings seen again are worth keeping hot.
  StringId id = static_cast<StringId>(strings_.size());
  strings_.push_back(Store(s));
  hashes_.push_back(h);
  slots_[i] = (uint64_t{h} << 32) | id;
  if (strings_.size() * 2 > slots_.size()) Grow();
  return id;
}

void StringPool::Grow() {
  PodVector<uint64_t> old;
  old.swap(slots_);
  slots_.assign(old.size() * 2, 0);
  size_t mask = slots_.size() - 1;
  for (uint64_t slot : old) {
    if (slot == 0) continue;
    size_t i = (slot >> 32) & mask;
    while (slots_[i] != 0) i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

size_t StringPool::MemoryUsage() const {
  return text_.CapacityBytes() + strings_.capacity() * sizeof(char*) +
         hashes_.capacity() * sizeof(uint32_t) + slots_.capacity() * sizeof(uint64_t);
}

}  // namespace weft
