// ProtoEventQueue: lanes, the k-way merge into the parser, payload blocks.
#include "src/importers/proto/proto_event_queue.h"

#include <algorithm>
#include <cstring>
#include <tuple>

namespace weft {
namespace {

bool Before(const QueuedPacket& a, const QueuedPacket& b) {
  return std::tie(a.ts, a.order) < std::tie(b.ts, b.order);
}

}  // namespace

void ProtoEventQueue::Lane::Append(const QueuedPacket& p) {
  items.push_back(p);
  if (p.ts >= max_ts) {  // Orders only grow: equal timestamps stay in order.
    max_ts = p.ts;
    return;
  }
  if (!unsorted_from) {
    unsorted_from = items.size() - 1;
    unsorted_min_ts = p.ts;
  } else {
    unsorted_min_ts = std::min(unsorted_min_ts, p.ts);
  }
}

void ProtoEventQueue::Lane::Sort() {
  if (!unsorted_from) return;
  // items[head, unsorted_from) are in order: only the part from the first
  // one after the smallest out-of-order timestamp needs sorting.
  QueuedPacket* first = std::lower_bound(
      items.begin() + head, items.begin() + unsorted_from, unsorted_min_ts,
      [](const QueuedPacket& p, int64_t ts) { return p.ts < ts; });
  std::sort(first, items.end(), Before);
  unsorted_from = 0;
}

void ProtoEventQueue::Lane::DropExtracted() {
  if (empty()) {
    // Keep the capacity for the next window, unless it was the whole file.
    if (items.capacity() > (size_t{1} << 20)) PodVector<QueuedPacket>().swap(items);
    items.clear();
    head = 0;
  } else if (head > 4096 && head >= items.size() / 2) {
    items.erase(items.begin(), items.begin() + head);
    head = 0;
  }
}

void ProtoEventQueue::Push(uint32_t lane, QueuedPacket p, const uint8_t* payload, size_t size) {
  if (lane >= kMaxLanes) lane %= kMaxLanes;
  if (lane >= lanes_.size()) lanes_.resize(lane + 1);
  p.order = next_order_++;
  p.size = static_cast<uint32_t>(size);
  p.block = CopyPayload(payload, size, &p.offset);
  lanes_[lane].Append(p);
}

uint32_t ProtoEventQueue::CopyPayload(const uint8_t* data, size_t size, uint32_t* offset) {
  uint32_t index;
  if (size > kBlockSize / 4) {
    // Large payloads get a block of their own; the open block stays open.
    index = static_cast<uint32_t>(blocks_.size());
    blocks_.emplace_back();
  } else {
    if (open_block_ == UINT32_MAX || blocks_[open_block_].bytes.size() + size > kBlockSize) {
      uint32_t old = open_block_;
      open_block_ = static_cast<uint32_t>(blocks_.size());
      blocks_.emplace_back();
      blocks_.back().bytes.reserve(kBlockSize);
      if (old != UINT32_MAX && blocks_[old].live == 0) PodVector<uint8_t>().swap(blocks_[old].bytes);
    }
    index = open_block_;
  }
  Block& block = blocks_[index];
  *offset = static_cast<uint32_t>(block.bytes.size());
  if (size) memcpy(block.bytes.append_uninitialized(size), data, size);
  ++block.live;
  return index;
}

void ProtoEventQueue::Release(uint32_t index) {
  Block& block = blocks_[index];
  if (--block.live == 0 && index != open_block_) PodVector<uint8_t>().swap(block.bytes);
}

void ProtoEventQueue::NotifyReadBuffers() {
  if (full_sort_ || flushes_since_extraction_ < 2) return;
  ExtractUntil(extraction_limit_);
  extraction_limit_ = next_order_;
  flushes_since_extraction_ = 0;
}

void ProtoEventQueue::ExtractAll() {
  ExtractUntil(UINT32_MAX);
  extraction_limit_ = next_order_;
  flushes_since_extraction_ = 0;
}

void ProtoEventQueue::ExtractUntil(uint32_t limit) {
  for (Lane& lane : lanes_) lane.Sort();
  for (;;) {
    // The lane with the first packet, and the first packet of any other.
    Lane* first = nullptr;
    const QueuedPacket* runner_up = nullptr;
    for (Lane& lane : lanes_) {
      if (lane.empty()) continue;
      const QueuedPacket& front = lane.items[lane.head];
      if (!first || Before(front, first->items[first->head])) {
        if (first) runner_up = &first->items[first->head];
        first = &lane;
      } else if (!runner_up || Before(front, *runner_up)) {
        runner_up = &front;
      }
    }
    if (!first) break;
    // Copy: the lane's items do not move while the sink runs, but the
    // runner-up is read after each packet.
    QueuedPacket bound{};
    if (runner_up) bound = *runner_up;
    size_t extracted = 0;
    while (!first->empty()) {
      const QueuedPacket& p = first->items[first->head];
      if (p.order >= limit || (runner_up && Before(bound, p))) break;
      const uint8_t* bytes = blocks_[p.block].bytes.data() + p.offset;
      sink_(p, protozero::data_view(reinterpret_cast<const char*>(bytes), p.size));
      Release(p.block);
      ++first->head;
      ++extracted;
    }
    first->DropExtracted();
    if (!extracted) break;  // The first packet is past the limit.
  }
}

}  // namespace weft
