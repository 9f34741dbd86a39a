// ProtoEventQueue: arena copies and a stable sort by timestamp.
#include "src/importers/proto/proto_event_queue.h"

#include <algorithm>
#include <cstring>

namespace weft {

const uint8_t* ProtoEventQueue::CopyToArena(const uint8_t* data, size_t size) {
  if (size > kBlockSize / 4) {
    // Large packets get a block of their own; the current block stays open.
    blocks_.emplace_back(new uint8_t[size ? size : 1]);
    uint8_t* out = blocks_.back().get();
    memcpy(out, data, size);
    if (blocks_.size() >= 2) std::swap(blocks_[blocks_.size() - 1], blocks_[blocks_.size() - 2]);
    else block_used_ = kBlockSize;
    return out;
  }
  if (block_used_ + size > kBlockSize) {
    blocks_.emplace_back(new uint8_t[kBlockSize]);
    block_used_ = 0;
  }
  uint8_t* out = blocks_.back().get() + block_used_;
  memcpy(out, data, size);
  block_used_ += size;
  return out;
}

std::vector<uint32_t> ProtoEventQueue::SortedOrder() const {
  size_t n = packets_.size();
  std::vector<uint32_t> order(n);
  bool sorted = true;
  for (size_t i = 0; i < n; ++i) {
    order[i] = static_cast<uint32_t>(i);
    if (i && packets_[i].ts < packets_[i - 1].ts) sorted = false;
  }
  if (!sorted) {
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return packets_[a].ts < packets_[b].ts;
    });
  }
  return order;
}

void ProtoEventQueue::Clear() {
  PodVector<QueuedPacket>().swap(packets_);
  blocks_.clear();
  block_used_ = kBlockSize;
}

}  // namespace weft
