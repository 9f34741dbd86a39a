// ProtoEventQueue: arena copies and a stable sort by timestamp.
#include "src/importers/proto/proto_event_queue.h"

#include <algorithm>
#include <cstring>

#include "src/importers/common/timestamp_order.h"

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
  return TimestampOrder(packets_);
}

void ProtoEventQueue::Clear() {
  PodVector<QueuedPacket>().swap(packets_);
  blocks_.clear();
  block_used_ = kBlockSize;
}

}  // namespace weft
