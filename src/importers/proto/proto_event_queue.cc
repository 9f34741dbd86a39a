// ProtoEventQueue: lanes, the k-way merge into the parser, payload blocks.
#include "src/importers/proto/proto_event_queue.h"

#include <algorithm>
#include <cstring>

#include <protozero/varint.hpp>

namespace weft {
namespace {

// A function object, not a function: std::sort inlines it (through a
// function pointer it was a call per comparison, a third of the sorting
// time of a compact_sched trace). (ts, order) keys are unique, so the
// result does not depend on the algorithm.
struct Before {
  bool operator()(const QueuedPacket& a, const QueuedPacket& b) const {
    return a.ts != b.ts ? a.ts < b.ts : a.order < b.order;
  }
};

// A varint of a stream record (written whole by AppendToStream, so no
// bounds checks): inline, as most are 1-3 bytes.
inline uint64_t ReadRecordVarint(const char** at) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(*at);
  uint64_t v = 0;
  for (int shift = 0;; shift += 7) {
    uint8_t b = *p++;
    v |= uint64_t{b & 0x7fu} << shift;
    if (b < 0x80) break;
  }
  *at = reinterpret_cast<const char*>(p);
  return v;
}

// A new block is filled whole: its pages are faulted in by one call, not
// a trap per page (costly on a VM). The
// blocks are PodVector mappings (256 KiB and over); elsewhere a no-op.
inline void Prefault(uint8_t* data, size_t bytes) {
#if defined(WEFT_POD_VECTOR_MREMAP) && defined(MADV_POPULATE_WRITE)
  madvise(data, bytes, MADV_POPULATE_WRITE);  // Only a hint: failure is harmless.
#else
  (void)data;
  (void)bytes;
#endif
}

}  // namespace

void ProtoEventQueue::Lane::Append(int64_t ts, uint32_t generation, uint32_t order,
                                   uint32_t block, uint32_t offset, uint32_t size,
                                   uint32_t kind) {
  QueuedPacket* p = items.append_uninitialized(1);
  p->ts = ts;
  p->generation = generation;
  p->order = order;
  p->block = block;
  p->offset = offset;
  p->size = size;
  p->kind = kind;
  if (ts >= max_ts) {  // Orders only grow: equal timestamps stay in order.
    max_ts = ts;
    return;
  }
  if (!unsorted_from) {
    unsorted_from = items.size() - 1;
    unsorted_min_ts = ts;
  } else {
    unsorted_min_ts = std::min(unsorted_min_ts, ts);
  }
}

void ProtoEventQueue::Lane::Sort() {
  if (!unsorted_from) return;
  // items[head, unsorted_from) are in order: only the part from the first
  // one after the smallest out-of-order timestamp needs sorting.
  QueuedPacket* first = std::lower_bound(
      items.begin() + head, items.begin() + unsorted_from, unsorted_min_ts,
      [](const QueuedPacket& p, int64_t ts) { return p.ts < ts; });
  std::sort(first, items.end(), Before());
  unsorted_from = 0;
}

void ProtoEventQueue::Lane::DropExtracted(bool draining) {
  if (items_empty()) {
    items.clear();
    head = 0;
    max_ts = INT64_MIN;  // Nothing waits: any next packet is in order.
  } else if (head >= 4096 && head >= items.size() / 2) {
    // Moves at most as many packets as it drops. A lane drained at the end
    // of the file gives its pages back as it goes; one that keeps a window
    // keeps its capacity rather than faulting it in again.
    items.erase(items.begin(), items.begin() + head);
    head = 0;
    if (draining) items.shrink_to_fit();
  }
}

void ProtoEventQueue::Push(uint32_t lane, const QueuedPacket& p, const void* prefix,
                           size_t prefix_size, const uint8_t* payload, size_t size) {
  if (lane >= kMaxLanes) lane %= kMaxLanes;
  if (lane >= lanes_.size()) lanes_.resize(lane + 1);
  uint32_t order = next_order_++;
  if (AppendToStream(&lanes_[lane], p, order, prefix, prefix_size, payload, size)) return;
  uint32_t offset;
  uint32_t block = CopyPayload(prefix, prefix_size, payload, size, &offset);
  lanes_[lane].Append(p.ts, p.generation, order, block, offset,
                      static_cast<uint32_t>(prefix_size + size), p.kind);
}

bool ProtoEventQueue::AppendToStream(Lane* lane, const QueuedPacket& p, uint32_t order,
                                     const void* prefix, size_t prefix_size,
                                     const uint8_t* payload, size_t size) {
  Stream& stream = lane->stream;
  size_t payload_size = prefix_size + size;
  if (p.ts < stream.write_ts || payload_size > kStreamBlockSize / 4) return false;
  // The header: deltas from the previous record (ts and order only grow;
  // the generation's is zigzag), then size and kind.
  char header[4 * protozero::max_varint_length];
  char* h = header;
  h += protozero::add_varint_to_buffer(
      h, static_cast<uint64_t>(p.ts) - static_cast<uint64_t>(stream.write_ts));
  h += protozero::add_varint_to_buffer(h, order - stream.write_order);
  h += protozero::add_varint_to_buffer(
      h, protozero::encode_zigzag32(static_cast<int32_t>(p.generation - stream.write_generation)));
  h += protozero::add_varint_to_buffer(h, (uint64_t{payload_size} << 6) | p.kind);
  size_t need = static_cast<size_t>(h - header) + payload_size;
  if (stream.pieces.empty() || stream.pieces.back().end != Stream::kWriting ||
      blocks_[stream.pieces.back().block].bytes.size() + need > kStreamBlockSize) {
    CloseWritingPiece(&stream);
    stream.pieces.push_back({OpenBlock(kStreamBlockSize), Stream::kWriting});
  }
  Block& block = blocks_[stream.pieces.back().block];
  uint8_t* out = block.bytes.append_uninitialized(need);
  memcpy(out, header, static_cast<size_t>(h - header));
  out += h - header;
  if (prefix_size) memcpy(out, prefix, prefix_size);
  if (size) memcpy(out + prefix_size, payload, size);
  ++block.live;
  stream.write_ts = p.ts;
  stream.write_order = order;
  stream.write_generation = p.generation;
  if (!stream.has_front) AdvanceStream(&stream);
  return true;
}

void ProtoEventQueue::AdvanceStream(Stream* stream) {
  stream->has_front = false;
  while (!stream->pieces.empty()) {
    const Stream::Piece& piece = stream->pieces[0];
    bool writing = piece.end == Stream::kWriting;
    size_t end = writing ? blocks_[piece.block].bytes.size() : piece.end;
    if (stream->read_offset < end) break;
    if (writing) return;  // Read up to the writer.
    // A closed piece read to its end (its block may be freed already).
    stream->pieces.erase(stream->pieces.begin(), stream->pieces.begin() + 1);
    stream->read_offset = 0;
  }
  if (stream->pieces.empty()) return;
  uint32_t block = stream->pieces[0].block;
  const char* begin = reinterpret_cast<const char*>(blocks_[block].bytes.data());
  const char* at = begin + stream->read_offset;
  stream->read_ts = static_cast<int64_t>(static_cast<uint64_t>(stream->read_ts) +
                                         ReadRecordVarint(&at));
  stream->read_order += static_cast<uint32_t>(ReadRecordVarint(&at));
  stream->read_generation += static_cast<uint32_t>(
      protozero::decode_zigzag32(static_cast<uint32_t>(ReadRecordVarint(&at))));
  uint64_t size_and_kind = ReadRecordVarint(&at);
  QueuedPacket& front = stream->front;
  front.ts = stream->read_ts;
  front.order = stream->read_order;
  front.generation = stream->read_generation;
  front.block = block;
  front.offset = static_cast<uint32_t>(at - begin);
  front.size = static_cast<uint32_t>(size_and_kind >> 6);
  front.kind = static_cast<uint32_t>(size_and_kind & 63);
  stream->read_offset = front.offset + front.size;
  stream->has_front = true;
}

void ProtoEventQueue::PopFront(Lane* lane) {
  if (lane->StreamFirst()) {
    AdvanceStream(&lane->stream);
  } else {
    ++lane->head;
  }
}

void ProtoEventQueue::ResetStream(Stream* stream) {
  CloseWritingPiece(stream);  // Only the last piece is ever being written.
  *stream = Stream();
}

uint32_t ProtoEventQueue::CopyPayload(const void* prefix, size_t prefix_size,
                                      const uint8_t* data, size_t size, uint32_t* offset) {
  size += prefix_size;
  uint32_t index;
  if (size > kBlockSize / 4) {
    // Large payloads get a block of their own; the open block stays open.
    index = static_cast<uint32_t>(blocks_.size());
    blocks_.emplace_back();
  } else {
    if (open_block_ == UINT32_MAX || blocks_[open_block_].bytes.size() + size > kBlockSize) {
      uint32_t old = open_block_;
      open_block_ = OpenBlock(kBlockSize);
      if (old != UINT32_MAX) CloseBlock(old);
    }
    index = open_block_;
  }
  Block& block = blocks_[index];
  *offset = static_cast<uint32_t>(block.bytes.size());
  if (size) {
    uint8_t* out = block.bytes.append_uninitialized(size);
    if (prefix_size) memcpy(out, prefix, prefix_size);
    // An empty payload may come without bytes (nullptr): memcpy must not see it.
    if (size > prefix_size) memcpy(out + prefix_size, data, size - prefix_size);
  }
  ++block.live;
  return index;
}

uint32_t ProtoEventQueue::OpenBlock(size_t capacity) {
  uint32_t index = static_cast<uint32_t>(blocks_.size());
  blocks_.emplace_back();
  Block& block = blocks_.back();
  for (size_t i = 0; i < spare_blocks_.size(); ++i) {
    if (spare_blocks_[i].capacity() != capacity) continue;
    block.bytes.swap(spare_blocks_[i]);
    spare_blocks_.erase(spare_blocks_.begin() + static_cast<std::ptrdiff_t>(i));
    break;
  }
  if (block.bytes.capacity() != capacity) {
    block.bytes.reserve(capacity);
    Prefault(block.bytes.data(), capacity);
  }
  block.writing = true;
  return index;
}

void ProtoEventQueue::CloseBlock(uint32_t index) {
  Block& block = blocks_[index];
  block.writing = false;
  if (block.live == 0) Recycle(&block.bytes);
}

void ProtoEventQueue::Release(uint32_t index) {
  Block& block = blocks_[index];
  if (--block.live == 0 && !block.writing) Recycle(&block.bytes);
}

void ProtoEventQueue::Recycle(PodVector<uint8_t>* bytes) {
  // A few spare blocks serve the next window without fresh pages (whose
  // faults and zeroing cost more than the copy into them). While draining
  // nothing more is pushed: a spare would only add to the peak.
  bool reusable = bytes->capacity() == kBlockSize || bytes->capacity() == kStreamBlockSize;
  if (!ended_ && !draining_ && reusable && spare_blocks_.size() < kSpareBlocks) {
    bytes->clear();
    spare_blocks_.emplace_back();
    spare_blocks_.back().swap(*bytes);
  }
  PodVector<uint8_t>().swap(*bytes);
}

bool ProtoEventQueue::NotifyReadBuffers() {
  if (full_sort_ || flushes_since_extraction_ < 2) return false;
  ExtractPending();  // At most one waits.
  pending_limit_ = extraction_limit_;
  has_pending_ = true;
  ++epoch_;
  extraction_limit_ = next_order_;
  flushes_since_extraction_ = 0;
  return true;
}

void ProtoEventQueue::ExtractPending() {
  if (!has_pending_) return;
  has_pending_ = false;
  ExtractUntil(pending_limit_);
}

void ProtoEventQueue::ExtractAll() {
  ExtractPending();
  draining_ = true;
  CloseBlocksBeingWritten();
  spare_blocks_.clear();
  ++epoch_;
  ExtractUntil(UINT32_MAX);
  draining_ = false;
  for (Lane& lane : lanes_) {
    PodVector<QueuedPacket>().swap(lane.items);
    ResetStream(&lane.stream);
  }
  ended_ = true;  // Blocks the sink still holds are freed, not kept.
  extraction_limit_ = next_order_;
  flushes_since_extraction_ = 0;
}

void ProtoEventQueue::CloseWritingPiece(Stream* stream) {
  if (stream->pieces.empty() || stream->pieces.back().end != Stream::kWriting) return;
  Stream::Piece& last = stream->pieces.back();
  last.end = static_cast<uint32_t>(blocks_[last.block].bytes.size());
  CloseBlock(last.block);
}

void ProtoEventQueue::CloseBlocksBeingWritten() {
  for (Lane& lane : lanes_) CloseWritingPiece(&lane.stream);
  if (open_block_ != UINT32_MAX) CloseBlock(open_block_);
  open_block_ = UINT32_MAX;
}

bool ProtoEventQueue::Lane::StreamFirst() const {
  if (!stream.has_front) return false;
  if (items_empty()) return true;
  const QueuedPacket& a = stream.front;
  const QueuedPacket& b = items[head];
  return Before()(a, b);
}

uint64_t ProtoEventQueue::Lane::FrontTime() const {
  // Flipping the sign bit makes signed timestamps compare as unsigned.
  return empty() ? kNoTime : static_cast<uint64_t>(Front().ts) ^ (uint64_t{1} << 63);
}

ProtoEventQueue::Key ProtoEventQueue::Lane::FrontKey() const {
  if (empty()) return kNoKey;
  return (Key{FrontTime()} << 32) | Front().order;
}

void ProtoEventQueue::ExtractUntil(uint32_t limit) {
  // The lanes with packets (nothing is pushed while extracting: the others
  // stay empty), and their front timestamps as unsigned numbers (sign bit
  // flipped); a lane emptied since has kNoTime. Compared on timestamps
  // alone (64-bit, kept branch-free: the lanes interleave finely, so this
  // runs about once per packet); equal timestamps fall back to the full
  // (timestamp, order) key.
  size_t active[kMaxLanes];
  uint64_t fronts[kMaxLanes];
  size_t n = 0;
  for (size_t i = 0; i < lanes_.size(); ++i) {
    lanes_[i].Sort();
    if (lanes_[i].empty()) continue;
    active[n] = i;
    fronts[n++] = lanes_[i].FrontTime();
  }
  if (n == 0) return;
  for (;;) {
    size_t slot = 0;
    uint64_t best = fronts[0], runner_up = kNoTime;
    for (size_t i = 1; i < n; ++i) {
      uint64_t t = fronts[i];
      bool better = t < best;
      runner_up = better ? best : (t < runner_up ? t : runner_up);
      best = better ? t : best;
      slot = better ? i : slot;
    }
    // A tie on timestamps (also: every lane empty, or at INT64_MAX).
    if (best == runner_up) slot = FirstByKey(active, n);
    Lane& lane = lanes_[active[slot]];
    if (lane.empty()) break;
    size_t extracted = 0;
    for (;;) {
      bool from_stream = lane.StreamFirst();
      // A copy: the stream's front is overwritten by PopFront.
      const QueuedPacket p = from_stream ? lane.stream.front : lane.items[lane.head];
      if (p.order >= limit) break;
      if (!from_stream) {
        // Payloads were written a window ago: fetch the lane's next ones
        // and its next entries while this packet is parsed (a stream is
        // read in order: the hardware prefetches it).
        for (size_t ahead = 1; ahead <= 2 && lane.head + ahead < lane.items.size(); ++ahead) {
          const QueuedPacket& next = lane.items[lane.head + ahead];
          __builtin_prefetch(blocks_[next.block].bytes.data() + next.offset);
        }
        __builtin_prefetch(lane.items.data() + lane.head + 16);
      }
      // The next packet is decoded before this one's block can be freed.
      PopFront(&lane);
      const uint8_t* bytes = blocks_[p.block].bytes.data() + p.offset;
      sink_(p, protozero::data_view(reinterpret_cast<const char*>(bytes), p.size));
      if (!sink_releases_blocks_) Release(p.block);
      ++extracted;
      // Stay on this lane while its next packet is strictly first.
      if (lane.empty() || lane.FrontTime() >= runner_up) break;
    }
    lane.DropExtracted(draining_);
    fronts[slot] = lane.FrontTime();
    if (!extracted) break;  // The first packet is past the limit.
  }
}

size_t ProtoEventQueue::FirstByKey(const size_t* active, size_t n) const {
  size_t first = 0;
  Key best = kNoKey;
  for (size_t i = 0; i < n; ++i) {
    Key k = lanes_[active[i]].FrontKey();
    if (k < best) {
      best = k;
      first = i;
    }
  }
  return first;
}

}  // namespace weft
