// ProtoParsePipeline: hands sorted packets from the tokenizer (the thread
// that calls Parse) to the parser, on a thread of its own in native builds,
// so tokenizing window N+1 overlaps parsing window N. Inline (same thread,
// same order) in wasm and with --single-thread.
//
// Two kinds of versions of the tokenizer's state, by name:
//  - An epoch numbers the sorting windows (ProtoEventQueue::epoch()): the
//    packets of epoch N see descriptors, first-packet marks and rank hints
//    as they were when window N began extracting, whatever the tokenizer
//    read since.
//  - A sequence generation (SequenceGeneration) is a version of one
//    sequence's state (interned data, defaults, its thread), started when
//    that state is reset or replaced; each queued packet names the one it
//    was written against.
//
// What keeps the two threads apart (and the rows identical to inline):
//  - The parser reads the tokenizer's state as of the epoch its packets
//    belong to: descriptors and first-packet marks carry the epoch they
//    were read in. Interned data is added in place (a valid trace interns
//    an entry before the packets that use it).
//  - SharedStateLock: the parser holds it while it parses; the tokenizer
//    takes it (the parser yields between packets) to change what the parser
//    reads: the string pool, tokenizer maps, counters in `stats`. String ids
//    then depend on timing: nothing may depend on their order (arg set
//    sharing hashes string content, see StringPool::HashOf).
//  - Writes that must land in file order relative to the parser's rows
//    (metadata) are deferred: they run on the parser's side, before the
//    packets extracted after them.
//  - Rare state changes that alter parsing itself (clock snapshots,
//    extension descriptors, trace-level packets) first wait until the
//    parser is idle.
#ifndef SRC_IMPORTERS_PROTO_PROTO_PARSE_PIPELINE_H_
#define SRC_IMPORTERS_PROTO_PROTO_PARSE_PIPELINE_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include <protozero/data_view.hpp>

#include "src/importers/proto/proto_event_queue.h"

namespace weft {

// The lock the tokenizer takes to change state the parser reads while the
// parser runs. The parser checks waiting() between packets and yields.
class SharedStateLock {
 public:
  explicit SharedStateLock(bool threaded) : threaded_(threaded) {}

  // Tokenizer side; re-entrant: false if it already held the lock.
  bool AcquireForTokenizer() {
    if (!threaded_ || held_by_tokenizer_) return false;
    waiting_.store(true, std::memory_order_relaxed);
    mu_.lock();
    waiting_.store(false, std::memory_order_relaxed);
    held_by_tokenizer_ = true;
    return true;
  }
  void ReleaseForTokenizer() {
    held_by_tokenizer_ = false;
    mu_.unlock();
  }
  bool held_by_tokenizer() const { return held_by_tokenizer_; }

  // Parser side.
  void AcquireForParser() { mu_.lock(); }
  void ReleaseForParser() { mu_.unlock(); }
  // Between two packets: lets a waiting tokenizer in.
  void YieldIfWaited() {
    if (!waiting_.load(std::memory_order_relaxed)) return;
    mu_.unlock();
    while (waiting_.load(std::memory_order_relaxed)) std::this_thread::yield();
    mu_.lock();
  }

 private:
  const bool threaded_;
  std::mutex mu_;
  std::atomic<bool> waiting_{false};
  bool held_by_tokenizer_ = false;  // Read and written by the tokenizer only.
};

// Holds the shared-state lock for the tokenizer in a scope (a no-op when the
// tokenizer already holds it, or without a parser thread).
class TokenizerAccess {
 public:
  explicit TokenizerAccess(SharedStateLock* lock) : lock_(lock) {}
  ~TokenizerAccess() {
    if (owned_) lock_->ReleaseForTokenizer();
  }
  TokenizerAccess(const TokenizerAccess&) = delete;
  TokenizerAccess& operator=(const TokenizerAccess&) = delete;
  void Acquire() { owned_ = owned_ || lock_->AcquireForTokenizer(); }

 private:
  SharedStateLock* lock_;
  bool owned_ = false;
};

class ProtoParsePipeline {
 public:
  using Parse = std::function<void(const QueuedPacket&, protozero::data_view payload)>;
  // Before the packets of an epoch (its number, from 1) are parsed.
  using BeginEpoch = std::function<void(uint32_t epoch)>;
  // A packet's payload block may be reused (called on the tokenizer side).
  using ReleaseBlock = std::function<void(uint32_t block)>;
  using StorageWrite = std::function<void()>;

  ProtoParsePipeline(bool threaded, Parse parse, BeginEpoch begin, ReleaseBlock release);
  ~ProtoParsePipeline();
  ProtoParsePipeline(const ProtoParsePipeline&) = delete;
  ProtoParsePipeline& operator=(const ProtoParsePipeline&) = delete;

  bool threaded() const { return threaded_; }
  SharedStateLock* lock() { return &lock_; }

  // Tokenizer side. The next packet in parse order, of epoch |epoch|;
  // |payload| stays valid until its block is released.
  void Add(const QueuedPacket& p, const uint8_t* payload, uint32_t epoch);
  // Runs |write| on the parser's side after the packets added so far and
  // before those added later (inline: now).
  void Defer(StorageWrite write);
  // Hands the packets added so far over (end of an epoch).
  void Submit();
  // Submits, then waits until everything submitted is parsed: the parser
  // reads nothing of the tokenizer's until the next Submit().
  void WaitIdle();
  // The tokenizer is about to hand over everything left (end of file). It
  // merges far faster than the parser parses, so a few batches in flight
  // keep the parser busy; more would only hold payload blocks at the
  // load's peak (a trace sorted at its end is all in memory then).
  void BeginDrain() { max_in_flight_ = kMaxInFlightDraining; }

 private:
  struct Item {
    QueuedPacket packet;
    const uint8_t* payload;
  };
  struct Batch {
    uint32_t epoch = 0;
    std::vector<StorageWrite> writes;  // Run before the items.
    std::vector<Item> items;
  };
  static constexpr size_t kBatchItems = 16384;
  // Batches submitted and not yet parsed, beyond which Submit() waits
  // (unless the tokenizer holds the lock the parser needs). About two
  // sorting windows of the benchmark trace: fewer, and the tokenizer still
  // extracting one window kept the parser short of work for the next.
  static constexpr size_t kMaxInFlight = 16;
  static constexpr size_t kMaxInFlightDraining = 4;

  void Run();  // The parser thread.
  void ParseBatch(Batch* batch);
  // Releases the payload blocks of parsed batches (tokenizer side).
  void CollectParsed(std::unique_lock<std::mutex>* hold);

  const bool threaded_;
  Parse parse_;
  BeginEpoch begin_;
  ReleaseBlock release_;
  // Each on cache lines of its own: the parser reads the lock's flag per
  // packet, the tokenizer fills open_ per packet.
  alignas(64) SharedStateLock lock_;
  alignas(64) Batch open_;  // Being filled by the tokenizer.
  uint32_t current_epoch_ = 0;  // Inline mode.

  std::thread thread_;
  alignas(64) std::mutex mu_;  // Guards the fields below.
  std::condition_variable submitted_cv_, parsed_cv_;
  std::deque<Batch> submitted_;
  std::vector<Batch> parsed_;
  std::vector<std::vector<Item>> spare_items_;  // Reused batch storage.
  size_t in_flight_ = 0;  // Submitted and not yet parsed.
  size_t max_in_flight_ = kMaxInFlight;  // Tokenizer side only.
  bool stop_ = false;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTO_PARSE_PIPELINE_H_
