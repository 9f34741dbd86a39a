// int64 values kept in int32 cells, for columns whose values almost all fit.
#ifndef SRC_STORAGE_WIDE_INT64S_H_
#define SRC_STORAGE_WIDE_INT64S_H_

#include <cstddef>
#include <cstdint>
#include <unordered_map>

namespace weft {

// The values that do not fit their int32 cell, by key (a row): such a
// value's cell is kWide.
class WideInt64s {
 public:
  static constexpr int32_t kWide = INT32_MIN;
  // The cell for value |v| of |key|, whose cell was |old| (a wide value
  // replaced by a short one is dropped).
  int32_t Cell(uint32_t key, int64_t v, int32_t old) {
    if (v > kWide && v <= INT32_MAX) {
      if (old == kWide) wide_.erase(key);
      return static_cast<int32_t>(v);
    }
    wide_[key] = v;
    return kWide;
  }
  // The value of |key|, whose cell is |cell|.
  int64_t Value(uint32_t key, int32_t cell) const { return cell != kWide ? cell : wide_.at(key); }
  size_t size() const { return wide_.size(); }
  size_t MemoryUsage() const { return wide_.size() * 32; }  // About: a node and its bucket.

 private:
  std::unordered_map<uint32_t, int64_t> wide_;
};

}  // namespace weft

#endif  // SRC_STORAGE_WIDE_INT64S_H_
