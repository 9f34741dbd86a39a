// FxtTokenizer: cuts FXT records out of chunks cut at any byte (a record
// split across chunks is carried until complete), keeps the per-provider
// state records are read against (string and thread tables, ticks per
// second), and queues decoded events by timestamp for the parser. Framing
// errors (a record of size 0, a file ending inside a record) end the read
// there (data-loss statuses with the byte offset); a malformed record is
// skipped by its size and counted in stats.
#ifndef SRC_IMPORTERS_FXT_FXT_TOKENIZER_H_
#define SRC_IMPORTERS_FXT_FXT_TOKENIZER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "src/base/chunked_vector.h"
#include "src/base/pod_vector.h"
#include "src/base/status.h"
#include "src/importers/common/timestamp_order.h"
#include "src/importers/fxt/fxt_record_reader.h"
#include "src/storage/trace_storage.h"

namespace weft {

// What a fuchsia_blob row keeps of a blob: its size, type (-1: a large
// blob) and first bytes as hex.
struct FxtBlobRow {
  int64_t size;
  int32_t blob_type;
  StringId hex;
};

// Upper bounds of the rows the queued events make in the biggest tables,
// so the parser reserves them up front (a column grown by copying, as in
// wasm, holds two copies at once and copies itself several times).
struct FxtRowCounts {
  size_t slices = 0;        // Instants, duration begins / completes, async.
  size_t counters = 0;      // Arguments of counter events.
  size_t switches = 0;      // A sched row and two thread_state rows each.
  size_t wakeups = 0;       // A thread_state row each.
};

// The queue's chunks: 2^18 32-byte events, 8 MiB, four whole 2 MiB pages
// (huge pages on Linux, see ChunkedVector).
using FxtEventChunks = ChunkedVector<FxtEvent, 18>;

// The priorities (or weights) of queued context switches, each distinct
// (outgoing, incoming) pair kept once: a switch keeps its pair's index,
// so it fits an FxtEvent (traces use a handful of priorities).
class FxtSwitchPriorities {
 public:
  // Writes the incoming side of |sw| into |event|'s fields a switch has
  // no other use for: cat / name its pid / tid, first_arg its priorities.
  void Keep(const FxtSwitch& sw, FxtEvent* event) {
    event->cat = sw.in_pid;
    event->name = sw.in_tid;
    event->first_arg = Index(Pair(sw));
  }
  // The incoming side of a switch queued with Keep().
  FxtSwitch Of(const FxtEvent& event) const {
    uint64_t pair = pairs_[event.first_arg];
    return FxtSwitch{event.cat, event.name, static_cast<int32_t>(static_cast<uint32_t>(pair)),
                     static_cast<int32_t>(static_cast<uint32_t>(pair >> 32))};
  }

 private:
  static uint64_t Pair(const FxtSwitch& sw) {
    return static_cast<uint32_t>(sw.out_priority) |
           static_cast<uint64_t>(static_cast<uint32_t>(sw.in_priority)) << 32;
  }
  uint32_t Index(uint64_t pair) {
    // Consecutive switches mostly repeat a pair: the last one is checked
    // before the map.
    if (!pairs_.empty() && pair == pairs_[last_]) return last_;
    auto [it, inserted] = index_.try_emplace(pair, static_cast<uint32_t>(pairs_.size()));
    if (inserted) pairs_.push_back(pair);
    last_ = it->second;
    return last_;
  }

  std::vector<uint64_t> pairs_;
  std::unordered_map<uint64_t, uint32_t> index_;
  uint32_t last_ = 0;
};

// Past this many insertion moves per event on average, sorting (ts,
// index) keys is cheaper (and an event that moves past this many others
// means sections out of order, not interleaved: the key sort at once).
// Providers and the kernel's scheduling records interleaving round by
// round take about 7 per event.
constexpr size_t kMaxSortMovesPerEvent = 16;
constexpr size_t kMaxSortMovesPerItem = 1024;

// Decoded records waiting to be parsed in timestamp order.
struct FxtEventQueue {
  // Chunks mapped ahead of the tokenizer per vector: the memory a load
  // holds beyond its queue while reading.
  static constexpr size_t kChunksAhead = 2;

  // An event queued with args is a user of the args chunks they are in;
  // once parsed (ReleaseArgUser), a chunk without users is freed.
  void AddArgUser(const FxtEvent& e);
  void ReleaseArgUser(const FxtEvent& e);

  // The queue's next chunks mapped and faulted in on the prefaulter's
  // thread while the file is read (ChunkPrefaulter; not with
  // --single-thread: src/base/prefaulter.h).
  void StartPrefaulting();
  // Once the file is read: the queue is full, no chunk is needed ahead.
  void StopPrefaulting();

  // Before the chunks: they outlive the vectors' growing.
  ChunkPrefaulter event_prefaulter{FxtEventChunks::kChunkBytes, kChunksAhead};
  ChunkPrefaulter arg_prefaulter{FxtArgChunks::kChunkBytes, kChunksAhead};
  FxtEventChunks events;  // Chunks are freed once parsed.
  // Sorts events as they are queued (else the parser sorts them).
  ArrivalOrder<FxtEventChunks> order{kMaxSortMovesPerEvent, kMaxSortMovesPerItem};
  FxtArgChunks args;  // Events' args, each followed by its extra word if any.
  FxtSwitchPriorities switch_priorities;
  std::vector<uint32_t> arg_chunk_users;  // Queued events reading each chunk.
  PodVector<FxtBlobRow> blobs;    // Of kBlob events (their extra).
  FxtRowCounts rows;
};

class FxtTokenizer {
 public:
  FxtTokenizer(TraceStorage* storage, FxtEventQueue* queue);

  Status Parse(const uint8_t* data, size_t size);
  // An error if the trace ends inside a record. Writes fuchsia_category
  // and finishes the queue's order.
  Status NotifyEndOfFile();
  // The Perfetto TracePacket bytes of the Perfetto blobs read so far.
  std::string TakePerfettoPackets() { return std::move(perfetto_packets_); }

 private:
  // Header bytes needed before a record's size is known.
  static constexpr size_t kHeaderBytes = 8;
  // Bytes of the record starting with |header|, or 0 for a size of 0.
  static uint64_t RecordBytes(uint64_t header);
  Status SizeError(uint64_t header);
  // A data-loss status at the damaged record once a record after the magic
  // one was read; |error| itself before.
  Status Damaged(const Status& error) const;
  // One complete record of |bytes| bytes.
  void OnRecord(const uint8_t* data, size_t bytes);
  void OnMetadata(uint64_t header, FxtRecordReader* reader);
  void OnScheduling(FxtRecordReader* reader);
  void OnLargeRecord(uint64_t header);
  // A buffer overflow of |provider|: counted, and logged with its name.
  void OnBufferOverflow(uint32_t provider);
  // A default event appended to the queue for a reader to fill in place
  // (an event built elsewhere and copied in stalls on reloading the bytes
  // just stored); DropEvent takes it back and counts |error|.
  FxtEvent* NewEvent();
  void DropEvent(FxtReadError error);
  // Queues |event| (NoteQueued: an event already last in the queue),
  // counting a timestamp older than its provider's last and noting its
  // category; then moves it to its place in timestamp order.
  void Queue(const FxtEvent& event);
  void NoteQueued(const FxtEvent& event);
  // Queues an event without a timestamp (INT64_MIN: first in order).
  void QueueUntimed(const FxtEvent& event);
  void CountRows(const FxtEvent& event);
  // A blob (or large blob) with |event| as its metadata: Perfetto packets
  // are kept for the protobuf importer, others queued as fuchsia_blob rows.
  void OnBlob(const FxtEvent& event, const FxtBlob& blob);
  void NoteCategory(StringId category);
  void WriteCategories();
  void CountReadError(FxtReadError error);
  FxtProvider* Provider(uint32_t id);

  TraceStorage* storage_;
  FxtEventQueue* queue_;
  std::unordered_map<uint32_t, std::unique_ptr<FxtProvider>> providers_;
  FxtProvider* current_;       // Records belong to the last provider section.
  uint32_t current_id_ = 0;    // Its id (sections repeat it round after round).
  FxtSchedArgNames sched_names_;
  PodVector<FxtArg> scratch_args_;  // Of the scheduling record being read.
  std::string perfetto_packets_;
  std::string carry_;          // An unfinished record: its bytes so far.
  uint64_t carry_bytes_ = 0;   // Its total size, once the header is in.
  uint64_t offset_ = 0;        // File offset of the next record's start.
  Status error_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_FXT_FXT_TOKENIZER_H_
