// RecentStrings: a small direct-mapped cache in front of StringPool::Intern
// for strings that repeat on almost every record (event names,
// categories, arg keys). A hit costs a fingerprint of the first and last 8
// bytes and one compare, instead of hashing every byte: a category such
// as "disabled-by-default-devtools.timeline" is 5 words of hashing.
// The ids are those Intern() returns; only the time to find them changes.
#ifndef SRC_STORAGE_RECENT_STRINGS_H_
#define SRC_STORAGE_RECENT_STRINGS_H_

#include <cstdint>
#include <cstring>
#include <string_view>

#include "src/storage/string_pool.h"

namespace weft {

class RecentStrings {
 public:
  explicit RecentStrings(StringPool* pool) : pool_(pool) {}

  StringId Intern(std::string_view s) {
    uint64_t fp = Fingerprint(s);
    Entry& e = entries_[fp >> (64 - kBits)];
    if (e.fp == fp && e.len == s.size() && e.id != kNullStringId &&
        (s.empty() || memcmp(e.data, s.data(), s.size()) == 0)) {
      return e.id;
    }
    StringId id = pool_->Intern(s);
    // The pool never moves stored bytes: the entry can point at them.
    e = {fp, pool_->CStr(id), static_cast<uint32_t>(s.size()), id};
    return id;
  }

 private:
  static constexpr int kBits = 8;
  struct Entry {
    uint64_t fp = 0;
    const char* data = nullptr;
    uint32_t len = 0;
    StringId id = kNullStringId;
  };

  // Length, first and last 8 bytes (overlapping or zero-padded when short).
  static uint64_t Fingerprint(std::string_view s) {
    uint64_t head = 0, tail = 0;
    size_t n = s.size();
    if (n >= 8) {
      memcpy(&head, s.data(), 8);
      memcpy(&tail, s.data() + n - 8, 8);
    } else if (n > 0) {  // An empty view may have no data pointer.
      memcpy(&head, s.data(), n);
    }
    uint64_t x = head ^ (tail << 29 | tail >> 35) ^ (n * 0x9e3779b97f4a7c15ULL);
    x *= 0xbf58476d1ce4e5b9ULL;
    return x ^ (x >> 31);
  }

  StringPool* pool_;
  Entry entries_[1 << kBits];
};

}  // namespace weft

#endif  // SRC_STORAGE_RECENT_STRINGS_H_
