// IidMap: a sequence's interned entries by iid. Tracers hand out small
// dense iids (1, 2, 3, ...), so those live in a plain array looked up by
// index; large or sparse iids fall back to a hash map. Looking up names is
// on the path of every TrackEvent, so this replaces unordered_map there.
#ifndef SRC_IMPORTERS_PROTO_SEQUENCE_IID_MAP_H_
#define SRC_IMPORTERS_PROTO_SEQUENCE_IID_MAP_H_

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace weft {

template <typename V>
class IidMap {
 public:
  // The entry for |iid|, or nullptr.
  const V* Find(uint64_t iid) const {
    if (iid < dense_.size()) return present_[iid] ? &dense_[iid] : nullptr;
    if (sparse_.empty()) return nullptr;
    auto it = sparse_.find(iid);
    return it == sparse_.end() ? nullptr : &it->second;
  }

  void Set(uint64_t iid, const V& value) {
    if (iid < kMaxDense) {
      if (iid >= dense_.size()) {
        size_t n = dense_.size() < 64 ? 64 : dense_.size();
        while (n <= iid) n *= 2;
        dense_.resize(n);
        present_.resize(n, 0);
      }
      dense_[iid] = value;
      present_[iid] = 1;
      return;
    }
    sparse_[iid] = value;
  }

 private:
  // Beyond this, an iid is unlikely to be one of a dense run.
  static constexpr uint64_t kMaxDense = 1 << 16;
  std::vector<V> dense_;
  std::vector<uint8_t> present_;
  std::unordered_map<uint64_t, V> sparse_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_SEQUENCE_IID_MAP_H_
