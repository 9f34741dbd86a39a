// ProtoEventQueue: tokenized packets waiting to be parsed in timestamp
// order. Packets are kept in a few lanes (a sequence always uses the same
// lane; its packets mostly arrive in order, so a lane rarely needs sorting)
// and merged by (timestamp, file order) when they are handed to the parser.
// A lane's packets that arrive in order are kept as a stream of records
// (a few bytes of varint header, then the payload), those that do not as
// QueuedPackets that are sorted: a trace sorted at its end holds every
// packet, and a 32-byte QueuedPacket was most of a kernel event's memory.
//
// When the sorting window closes: at the end of the file, or — like
// Perfetto's trace processor — when the tracing service marks a safe point
// in a write_into_file trace: after two "all data sources flushed" events,
// a "read tracing buffers completed" event releases every packet read
// before the previous such point (in timestamp order, stopping at the first
// packet read after it). Payload bytes are copied into refcounted blocks
// that are freed once all their packets are parsed, so memory stays
// bounded by the window, not the file.
#ifndef SRC_IMPORTERS_PROTO_PROTO_EVENT_QUEUE_H_
#define SRC_IMPORTERS_PROTO_PROTO_EVENT_QUEUE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/base/pod_vector.h"

namespace weft {

enum class PacketKind : uint8_t {
  kTrackEvent,
  kTrackDescriptor,
  kThreadDescriptor,
  kProcessDescriptor,
  kProcessTree,
  kFtraceEvent,  // data: one FtraceEvent (ftrace/queued_ftrace_event.h).
  kTrigger,       // data: a Trigger.
  kCloneSnapshotTrigger,  // data: a Trigger.
  kCompactSched,  // data: an encoded CompactSchedEvent (ftrace/compact_sched.h).
  kGpuCounterEvent,       // data: a GpuCounterEvent.
  kStreamingProfileSample,  // data: a StreamingProfilePacket with one sample.
  kProcessStats,  // data: a ProcessStats.
  kPowerPacket,  // data: a TracePacket with one power field (power/power_tokenizer.cc).
  kFrameTimelineEvent,      // data: a FrameTimelineEvent.
  kCpuInfo,                 // data: a CpuInfo.
  kSysStats,                // data: a SysStats.
  kConcurrentSessionEvent,  // data: a ConcurrentSessionEvent.
  kInitialDisplayState,     // data: an InitialDisplayState.
  kPerfSample,    // data: a PerfSample.
  kStackSample,   // data: a StackSample.
  kChromeTrigger,  // data: a ChromeTrigger.
};

struct QueuedPacket {
  int64_t ts;
  uint32_t generation;  // Sequence state the packet was written against.
  uint32_t order;       // Position in the file (push order): the tie-break.
  uint32_t block;       // Where the payload's bytes are.
  uint32_t offset;
  // 6 bits of kind leave room for more packet kinds (16 were too few);
  // a payload over 64 MB (kMaxPayload) is counted as malformed, not queued.
  uint32_t size : 26;
  uint32_t kind : 6;    // PacketKind.
  PacketKind packet_kind() const { return static_cast<PacketKind>(kind); }
};

class ProtoEventQueue {
 public:
  // Lanes [0, kFtraceLanes) are the sequences' (more sequences wrap around
  // all lanes: sharing a lane costs sorting, never order). Kernel events
  // get lanes of their own, per cpu and kind: each cpu's plain events, and
  // its compact_sched ones, arrive in time order, so such a lane needs no
  // sort, only the merge (a compact_sched trace was mostly sorting).
  static constexpr uint32_t kFtraceLanes = 8;
  static uint32_t FtraceLane(uint32_t cpu) { return kFtraceLanes + cpu % kFtraceLanes; }
  static uint32_t CompactSchedLane(uint32_t cpu) {
    return 2 * kFtraceLanes + cpu % kFtraceLanes;
  }

  // Receives each packet with its payload (the TracePacket field that
  // makes rows), in timestamp order.
  using Sink = std::function<void(const QueuedPacket&, protozero::data_view payload)>;
  static constexpr size_t kMaxPayload = (size_t{1} << 26) - 1;

  ProtoEventQueue(bool full_sort, Sink sink) : full_sort_(full_sort), sink_(std::move(sink)) {}

  // The order the next pushed packet gets.
  uint32_t next_order() const { return next_order_; }
  // The epoch: windows begun extracting so far (the current one's number
  // while the sink runs). What was tokenized before epoch N began is what
  // its packets see.
  uint32_t epoch() const { return epoch_; }
  // The sink releases each packet's payload block (ReleaseBlock), once it
  // is done with it, instead of the queue as soon as the sink returns.
  void set_sink_releases_blocks(bool on) { sink_releases_blocks_ = on; }
  void ReleaseBlock(uint32_t block) { Release(block); }
  // Copies |payload| (at most kMaxPayload bytes) and queues the packet
  // (|p|'s ts, generation and kind) on |lane|, with its order and payload
  // location.
  void Push(uint32_t lane, const QueuedPacket& p, const uint8_t* payload, size_t size) {
    Push(lane, p, nullptr, 0, payload, size);
  }
  // The same with |prefix| bytes queued in front of the payload (the sink
  // gets both as one payload).
  void Push(uint32_t lane, const QueuedPacket& p, const void* prefix, size_t prefix_size,
            const uint8_t* payload, size_t size);

  // TracingServiceEvent.all_data_sources_flushed / read_tracing_buffers_completed.
  void NotifyFlush() { ++flushes_since_extraction_; }
  // True when it closes a window: the next epoch begins (its packets
  // are those pushed so far; ExtractPending() hands them to the sink).
  bool NotifyReadBuffers();
  void ExtractPending();
  // End of file: everything left goes to the sink.
  void ExtractAll();

 private:
  // (timestamp, order) as one number; kNoKey for an empty lane.
  using Key = unsigned __int128;
  static constexpr Key kNoKey = ~Key{0};
  // A lane's front timestamp alone; kNoTime for an empty lane (a packet
  // at INT64_MAX has it too: ties on it are resolved by FrontKey()).
  static constexpr uint64_t kNoTime = ~uint64_t{0};
  // The packets a lane got in time order: records of (deltas of ts, order
  // and generation from the previous record, size and kind) as varints,
  // then the payload, in blocks of the lane's own.
  struct Stream {
    static constexpr uint32_t kWriting = UINT32_MAX;
    struct Piece {
      uint32_t block;
      uint32_t end;  // Bytes of records; kWriting while the lane writes it.
    };
    PodVector<Piece> pieces;  // In record order; pieces[0] is being read.
    uint32_t read_offset = 0;
    // The previous record written / read: the deltas' bases.
    int64_t write_ts = INT64_MIN, read_ts = INT64_MIN;
    uint32_t write_order = 0, read_order = 0;
    uint32_t write_generation = 0, read_generation = 0;
    QueuedPacket front{};  // The next record, decoded.
    bool has_front = false;
  };
  struct Lane {
    PodVector<QueuedPacket> items;  // Packets pushed out of order.
    size_t head = 0;  // items[head..] are waiting.
    int64_t max_ts = INT64_MIN;
    size_t unsorted_from = 0;  // 0: items[head..] are in order.
    int64_t unsorted_min_ts = 0;
    Stream stream;
    bool items_empty() const { return head == items.size(); }
    bool empty() const { return items_empty() && !stream.has_front; }
    // Whether the next packet is the stream's (else items[head]).
    bool StreamFirst() const;
    const QueuedPacket& Front() const { return StreamFirst() ? stream.front : items[head]; }
    uint64_t FrontTime() const;
    Key FrontKey() const;
    // Appends a packet, written field by field (copying a whole struct
    // built with narrow stores would stall on store forwarding).
    void Append(int64_t ts, uint32_t generation, uint32_t order, uint32_t block,
                uint32_t offset, uint32_t size, uint32_t kind);
    void Sort();
    void DropExtracted(bool draining);
  };
  struct Block {
    PodVector<uint8_t> bytes;
    uint32_t live = 0;  // Packets not yet handed to the sink.
    bool writing = false;  // Payloads may still be added: not freed at live 0.
  };
  static constexpr size_t kBlockSize = size_t{4} << 20;
  // Smaller: every lane writes a stream block of its own at once (each
  // faulted in whole), and a lane's last block stays until its last
  // packets are parsed, at the end of a drain (with 1 MiB blocks, ~25 MB
  // of f200c.pb's peak RSS).
  static constexpr size_t kStreamBlockSize = size_t{256} << 10;
  static constexpr size_t kMaxLanes = 24;

  // Hands packets pushed before |limit| to the sink, in order, until the
  // next one in order was pushed at or after |limit|.
  void ExtractUntil(uint32_t limit);
  // Which of the |n| lanes |active| names has the first front packet by
  // (timestamp, order): its position in |active|.
  size_t FirstByKey(const size_t* active, size_t n) const;
  uint32_t CopyPayload(const void* prefix, size_t prefix_size, const uint8_t* data, size_t size,
                       uint32_t* offset);
  // A new block of |capacity| bytes being written (a spare one if any).
  uint32_t OpenBlock(size_t capacity);
  // The block will get no more payloads: freed now if none waits.
  void CloseBlock(uint32_t block);
  // Appends the packet to |lane|'s stream; false (nothing added) if it is
  // out of order there or too large for a stream block.
  bool AppendToStream(Lane* lane, const QueuedPacket& p, uint32_t order, const void* prefix,
                      size_t prefix_size, const uint8_t* payload, size_t size);
  // Decodes the stream's next record into its front (none: has_front false).
  void AdvanceStream(Stream* stream);
  // Removes the lane's front packet (after the sink had it).
  void PopFront(Lane* lane);
  void ResetStream(Stream* stream);
  // The stream's last piece, if still written, gets its end: its block is
  // freed once its packets are parsed.
  void CloseWritingPiece(Stream* stream);
  // Before draining (nothing more will be pushed): each block being
  // written is closed, so it is freed once its packets are parsed, not
  // at the end.
  void CloseBlocksBeingWritten();
  void Release(uint32_t block);
  void Recycle(PodVector<uint8_t>* bytes);

  bool full_sort_;
  Sink sink_;
  std::vector<Lane> lanes_;
  std::vector<Block> blocks_;
  static constexpr size_t kSpareBlocks = 8;
  std::vector<PodVector<uint8_t>> spare_blocks_;
  uint32_t open_block_ = UINT32_MAX;  // The block new payloads go to.
  uint32_t next_order_ = 0;
  uint32_t flushes_since_extraction_ = 0;
  bool draining_ = false;  // In ExtractAll: nothing more will be pushed.
  bool sink_releases_blocks_ = false;
  bool ended_ = false;  // After ExtractAll.
  uint32_t epoch_ = 0;
  bool has_pending_ = false;
  uint32_t pending_limit_ = 0;
  uint32_t extraction_limit_ = 0;  // Order at the previous safe point.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTO_EVENT_QUEUE_H_
