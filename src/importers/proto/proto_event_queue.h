// ProtoEventQueue: tokenized packets waiting to be parsed in timestamp
// order. Each entry is 32 bytes and points at the packet's bytes, which are
// copied into an arena of large blocks so they outlive the chunk they came
// in; the whole file is one sorting window (as for JSON).
#ifndef SRC_IMPORTERS_PROTO_PROTO_EVENT_QUEUE_H_
#define SRC_IMPORTERS_PROTO_PROTO_EVENT_QUEUE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "src/base/pod_vector.h"

namespace weft {

enum class PacketKind : uint8_t {
  kTrackEvent,
  kTrackDescriptor,
  kThreadDescriptor,
  kProcessDescriptor,
  kFtracePrint,  // data: one FtraceEvent (not a TracePacket) with a print.
};

struct QueuedPacket {
  int64_t ts;
  const uint8_t* data;  // The whole TracePacket, in the arena.
  uint32_t size;
  uint32_t generation;  // Sequence state the packet was written against.
  PacketKind kind;
  bool has_counter_value;  // counter_value below replaces the event's.
  // Index into the tokenizer's accumulated extra counter values (incremental
  // extra_counter_values), or UINT32_MAX.
  uint32_t extra_values;
  double counter_value;    // Incremental counters, already accumulated.
};

class ProtoEventQueue {
 public:
  // Copies |size| bytes into the arena; the copy lives until Clear().
  const uint8_t* CopyToArena(const uint8_t* data, size_t size);
  void Push(const QueuedPacket& p) { packets_.push_back(p); }
  const PodVector<QueuedPacket>& packets() const { return packets_; }
  size_t size() const { return packets_.size(); }

  // Indices of packets by timestamp; equal timestamps keep file order.
  std::vector<uint32_t> SortedOrder() const;
  void Clear();

 private:
  static constexpr size_t kBlockSize = 1 << 20;
  PodVector<QueuedPacket> packets_;
  std::vector<std::unique_ptr<uint8_t[]>> blocks_;
  size_t block_used_ = kBlockSize;  // Bytes used in blocks_.back().
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTO_EVENT_QUEUE_H_
