// NodeIndexLookup: a CPU profile's node ids to node indices, for lookups
// once per sample. A plain array when the ids are compact (V8 numbers
// nodes from 1), the profile's hash map otherwise.
#ifndef SRC_IMPORTERS_COMMON_NODE_INDEX_LOOKUP_H_
#define SRC_IMPORTERS_COMMON_NODE_INDEX_LOOKUP_H_

#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace weft {

class NodeIndexLookup {
 public:
  // |map|: node id -> index; it must outlive the lookup.
  explicit NodeIndexLookup(const std::unordered_map<uint32_t, uint32_t>& map) : map_(map) {
    uint32_t max_id = 0;
    for (const auto& [id, index] : map_) max_id = std::max(max_id, id);
    if (map_.empty() || max_id > 4 * map_.size() + 1024) return;
    dense_.assign(size_t{max_id} + 1, -1);
    for (const auto& [id, index] : map_) dense_[id] = static_cast<int32_t>(index);
  }
  // The index of node |id|, or -1 when the profile has no such node.
  int32_t Find(uint32_t id) const {
    if (!dense_.empty()) return id < dense_.size() ? dense_[id] : -1;
    auto it = map_.find(id);
    return it == map_.end() ? -1 : static_cast<int32_t>(it->second);
  }

 private:
  const std::unordered_map<uint32_t, uint32_t>& map_;
  std::vector<int32_t> dense_;  // By id; empty when the ids are sparse.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_NODE_INDEX_LOOKUP_H_
