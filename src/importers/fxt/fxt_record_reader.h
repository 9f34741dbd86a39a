// FxtRecordReader: decodes the words of one complete FXT record (framing is
// the tokenizer's job) — timestamps, string and thread refs resolved against
// the provider's tables, arguments, event and kernel object records. Every
// read is bounds-checked against the record's size: a malformed record is a
// ReadError, never a read past its end.
#ifndef SRC_IMPORTERS_FXT_FXT_RECORD_READER_H_
#define SRC_IMPORTERS_FXT_FXT_RECORD_READER_H_

#include <cstddef>
#include <climits>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "src/base/chunked_vector.h"
#include "src/base/pod_vector.h"
#include "src/importers/fxt/fxt_format.h"
#include "src/storage/args_table.h"
#include "src/storage/trace_storage.h"

namespace weft {

enum class FxtReadError : uint8_t {
  kOk,
  kTruncated,         // A field or inline payload runs past the record.
  kTimestampOverflow, // Ticks that do not fit in int64 nanoseconds.
  kBadArgType,        // A kernel object's "process" arg is not a koid.
  kUnknownType,       // A scheduling / large record subtype not defined.
};

struct FxtThread {
  uint64_t pid = 0;
  uint64_t tid = 0;
};

// A provider's string or thread table: values by the small index the
// provider gave them (strings 1..0x7fff, threads 1..0xff), kept flat since
// nearly every record looks some up.
template <typename T>
class FxtRefTable {
 public:
  void Set(uint32_t index, const T& value) {
    if (index >= slots_.size()) slots_.resize(index + 1);
    slots_[index] = Slot{value, true};
  }
  // The value registered at |index|, or nullptr if none was.
  const T* Find(uint32_t index) const {
    return index < slots_.size() && slots_[index].registered ? &slots_[index].value : nullptr;
  }

 private:
  struct Slot {
    T value{};
    bool registered = false;
  };
  std::vector<Slot> slots_;
};

// Per-provider state that later records are read against.
struct FxtProvider {
  StringId name = kNullStringId;  // From its provider info record.
  uint64_t ticks_per_second = fxt::kDefaultTicksPerSecond;
  int64_t last_ts = INT64_MIN;    // Of its newest timed record so far.
  std::vector<StringId> categories;  // Of its events, in order of appearance.
  StringId last_category = ~StringId{0};  // None yet.
  FxtRefTable<StringId> strings;
  FxtRefTable<FxtThread> threads;
};

// One argument, already in the `args` value model (Perfetto's: unsigned
// and koid values are ints, null is the string "null").
struct FxtArg {
  StringId name;
  ArgType type;
  uint8_t fxt_type;  // The FXT argument type (fxt::kArg*).
  int64_t raw;       // The value, a StringId, or a double's bits.
};
static_assert(sizeof(FxtArg) == 16, "FxtArg grew: the queue holds every event's args");

// The queued events' args: chunks of 2^17 args, 2 MiB (a huge page on
// Linux, see ChunkedVector), each freed once the events reading it are
// parsed.
using FxtArgChunks = ChunkedVector<FxtArg, 17>;

// Appends an arg for the caller to fill in place (ReadArgs writes the
// queue's args and a scheduling record's scratch args).
inline FxtArg* NewArg(PodVector<FxtArg>* args) { return args->append_uninitialized(1); }
inline FxtArg* NewArg(FxtArgChunks* args) { return args->append_uninitialized(); }
// Drops the args past the first |size| (those of a record read halfway).
inline void TruncateArgs(FxtArgChunks* args, size_t size) {
  while (args->size() > size) args->pop_back();
}

// The incoming side of a context switch (the outgoing one is its event's
// pid / tid): koids cut to 32 bits, priorities (legacy layout) or weights.
struct FxtSwitch {
  uint32_t in_pid = 0;
  uint32_t in_tid = 0;
  int32_t out_priority = 0;
  int32_t in_priority = 0;
};

// The payload of a blob or large blob record: its size, its type (-1 for
// large blobs, which have none) and its bytes (in the record being read).
struct FxtBlob {
  int64_t size = 0;
  int32_t blob_type = -1;
  std::string_view bytes;
};

// Names of the scheduling record arguments weft reads, interned once.
struct FxtSchedArgNames {
  StringId weight, incoming_weight, outgoing_weight;
};

// An event record, a kernel object naming a process / thread, a
// scheduling record or a log record, decoded. 32 bytes: the whole file's
// events wait in the queue until they are sorted, so every byte counts
// (each queued byte is a fresh page the kernel zeroes). The rarer
// event-type specific word (has_extra()) waits in the args queue instead,
// in the slot after the event's args.
struct FxtEvent {
  // kContextSwitch: pid / tid the outgoing thread (0 / 0: the CPU's idle
  // thread), cat / name the incoming one's pid / tid, first_arg the index
  // of its priorities (FxtSwitchPriorities), cpu its CPU, event_type the
  // outgoing thread's state (fxt::kThread*).
  // kWakeup: pid / tid the woken thread, cpu the CPU. kLog: name the
  // message.
  // kBlob: cat / name, pid / tid and args when it has metadata
  // (event_type 1; ts INT64_MIN without), extra the index of its row data.
  // kUserspaceObject: pid its process, name, args, extra the pointer.
  enum Kind : uint8_t {
    kEvent,
    kProcessName,
    kThreadName,
    kContextSwitch,
    kWakeup,
    kLog,
    kBlob,
    kUserspaceObject
  };
  int64_t ts = 0;         // ns; INT64_MIN for kernel objects (see tokenizer).
  // Process and thread koids, cut to 32 bits as Perfetto keeps them.
  uint32_t pid = 0;
  uint32_t tid = 0;
  StringId cat = kNullStringId;
  StringId name = kNullStringId;
  uint32_t first_arg = 0;  // Index into the queue's args.
  union {
    uint16_t arg_count = 0;  // At most 15 (a 4-bit field of every layout).
    uint16_t cpu;            // Scheduling records (which have no args kept).
  };
  Kind kind = kEvent;
  uint8_t event_type = 0;

  // Whether the event has an extra word, in the args slot after its args:
  // end ts (ns) of complete events, correlation id of async and flow
  // events, counter id of counters, a blob's row, an object's pointer.
  bool has_extra() const {
    switch (kind) {
      case kEvent:
        return event_type == fxt::kDurationComplete || event_type == fxt::kCounter ||
               (event_type >= fxt::kAsyncBegin && event_type <= fxt::kFlowEnd);
      case kBlob:
      case kUserspaceObject:
        return true;
      default:
        return false;
    }
  }
  // The args slots it keeps in the queue: its args and its extra word (a
  // scheduling record's arg_count is its cpu).
  uint32_t arg_slots() const {
    bool with_args = kind == kEvent || kind == kBlob || kind == kUserspaceObject;
    return with_args ? arg_count + has_extra() : 0;
  }
};
static_assert(sizeof(FxtEvent) == 32, "FxtEvent grew: the queue holds every event");

// Appends an event's extra word to |args|, right after its args (the
// last ones appended).
inline void AppendExtra(uint64_t extra, FxtArgChunks* args) {
  FxtArg* slot = NewArg(args);
  slot->name = kNullStringId;
  slot->type = ArgType::kInt;
  slot->fxt_type = 0;
  slot->raw = static_cast<int64_t>(extra);
}
// The extra word of |event| (has_extra()) from the args it was queued with.
inline uint64_t ExtraOf(const FxtEvent& event, const FxtArgChunks& args) {
  return static_cast<uint64_t>(args[event.first_arg + event.arg_count].raw);
}

// Ticks to ns; false if the result does not fit in int64 (or no tick rate).
bool FxtTicksToNs(uint64_t ticks, uint64_t ticks_per_second, int64_t* ns);

class FxtRecordReader {
 public:
  // |data| holds |words| 64-bit little-endian words, header first.
  FxtRecordReader(const uint8_t* data, size_t words, const FxtProvider* provider,
                  TraceStorage* storage)
      : data_(data), words_(words), provider_(provider), storage_(storage) {}

  uint64_t header() const { return Word(0); }

  bool ReadWord(uint64_t* out);
  // |bytes| of a zero-padded stream.
  bool ReadStream(size_t bytes, std::string_view* out);
  // A string ref: 0 is "", bit 15 an inline stream, else a table index (one
  // the provider never registered reads as "<unknown string N>", counted).
  FxtReadError ReadString(uint32_t ref, StringId* out) {
    // Table refs, most of a trace's, are looked up inline.
    const StringId* id = TableString(ref);
    if (!id) return ReadStringSlow(ref, out);
    *out = *id;
    return FxtReadError::kOk;
  }
  // A thread ref: 0 is an inline (pid, tid) pair, else a table index (one
  // never registered reads as pid 0, tid 0, counted).
  FxtReadError ReadThread(uint32_t ref, FxtThread* out);
  FxtReadError ReadTimestamp(int64_t* ns) {
    // Ticks in ns (the default rate, most traces') need no conversion.
    if (pos_ < words_ && provider_->ticks_per_second == fxt::kDefaultTicksPerSecond) {
      uint64_t ticks = Word(pos_);
      if (ticks <= static_cast<uint64_t>(INT64_MAX)) {
        ++pos_;
        *ns = static_cast<int64_t>(ticks);
        return FxtReadError::kOk;
      }
    }
    return ReadTimestampSlow(ns);
  }
  // |count| arguments, appended to |args| (the queue's, or a scratch
  // PodVector<FxtArg>).
  template <typename Args>
  FxtReadError ReadArgs(uint32_t count, Args* args);

  // Whole records (the header word is read by the caller's type switch).
  FxtReadError ReadEvent(FxtEvent* event, FxtArgChunks* args);
  // A process or thread kernel object: kind, koid (tid / pid) and name;
  // threads take their process from the "process" koid arg. Other object
  // types leave |event|->kind at kEvent.
  FxtReadError ReadKernelObject(FxtEvent* event);
  // A scheduling record (context switch in either layout, thread wakeup);
  // |scratch| holds an argument read the general way (ReadSchedArg).
  FxtReadError ReadScheduling(const FxtSchedArgNames& names, FxtEvent* event, FxtSwitch* sw,
                              PodVector<FxtArg>* scratch);
  // A log record: its thread and message.
  FxtReadError ReadLog(FxtEvent* event);
  // A blob record: name and payload (ts INT64_MIN).
  FxtReadError ReadBlob(FxtEvent* event, FxtBlob* blob);
  // A large blob record, with metadata (ts, thread, args) or without.
  FxtReadError ReadLargeBlob(FxtEvent* event, FxtBlob* blob, FxtArgChunks* args);
  // A userspace object record: pointer, process, name, args.
  FxtReadError ReadUserspaceObject(FxtEvent* event, FxtArgChunks* args);

 private:
  uint64_t Word(size_t i) const {
    uint64_t w;
    memcpy(&w, data_ + 8 * i, 8);
    return w;
  }
  // The string of table ref |ref|, or null (an inline string, the empty
  // string or a ref the provider never registered: ReadStringSlow).
  const StringId* TableString(uint32_t ref) const {
    return ref & fxt::kInlineStringFlag ? nullptr : provider_->strings.Find(ref);
  }
  // ReadTimestamp for every tick rate (and its errors).
  FxtReadError ReadTimestampSlow(int64_t* ns);
  // One argument of a scheduling record: a weight's usual form decoded
  // inline, any other through ReadArgs (into |scratch|).
  FxtReadError ReadSchedArg(PodVector<FxtArg>* scratch, FxtArg* out);
  // A current-layout scheduling record's |count| arguments: the first
  // int32 named |out_name| is the outgoing weight, |in_name| the incoming.
  FxtReadError ReadWeights(uint32_t count, StringId out_name, StringId in_name, FxtSwitch* sw,
                           PodVector<FxtArg>* scratch);
  // ReadString for every ref (the empty and inline strings, refs never
  // registered).
  FxtReadError ReadStringSlow(uint32_t ref, StringId* out);

  const uint8_t* data_;
  size_t words_;
  size_t pos_ = 1;  // Next word to read; 0 is the header.
  const FxtProvider* provider_;
  TraceStorage* storage_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_FXT_FXT_RECORD_READER_H_
