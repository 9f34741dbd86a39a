// FtraceArgsMemo: the arg set the last ftrace event with the same kind and
// encoded bytes got, with its row hash. Kernel events repeat (the same
// sched_switch between two threads, the same print): when the args table's
// cache still shares that set (ArgsTable::ShareIfCached), the event's args
// need neither decoding nor adding and comparing, and the set ids are the
// ones building the rows would give. Only for events whose args follow from
// their bytes alone (not kernel symbols, which depend on the sequence).
#ifndef SRC_IMPORTERS_PROTO_FTRACE_FTRACE_ARGS_MEMO_H_
#define SRC_IMPORTERS_PROTO_FTRACE_FTRACE_ARGS_MEMO_H_

#include <cstdint>
#include <cstring>

#include <protozero/data_view.hpp>

#include "src/base/hash.h"
#include "src/base/pod_vector.h"

namespace weft {

class FtraceArgsMemo {
 public:
  struct Known {
    uint32_t set;
    uint64_t rows_hash;
  };

  // Starts loading the entry of |kind| and |body| for a Find() of the same
  // bytes after other work: the table (4 MiB) is mostly out of the cache,
  // and the wait for its line was most of a lookup.
  void Prefetch(uint32_t kind, protozero::data_view body) {
    if (entries_.empty() || body.size() > kMaxBytes) return;
    prefetched_ = {body.data(), kind, Key(kind, body)};
    const char* entry = reinterpret_cast<const char*>(&entries_[prefetched_.key & (kEntries - 1)]);
    __builtin_prefetch(entry);
    __builtin_prefetch(entry + 64);
  }

  // The set remembered for |kind| and |body|, or null.
  const Known* Find(uint32_t kind, protozero::data_view body) const {
    if (entries_.empty() || body.size() > kMaxBytes) return nullptr;
    uint64_t key = KeyOf(kind, body);
    const Entry& e = entries_[key & (kEntries - 1)];
    if (e.key != key || e.kind != kind || e.size != body.size() ||
        memcmp(e.bytes, body.data(), body.size()) != 0) {
      return nullptr;
    }
    return &e.known;
  }

  void Remember(uint32_t kind, protozero::data_view body, Known known) {
    if (body.size() > kMaxBytes) return;
    if (entries_.empty()) entries_.resize(kEntries, Entry{});
    uint64_t key = KeyOf(kind, body);
    Entry& e = entries_[key & (kEntries - 1)];
    e.key = key;
    e.kind = kind;
    e.size = static_cast<uint32_t>(body.size());
    e.known = known;
    if (body.size() > 0) memcpy(e.bytes, body.data(), body.size());
  }

 private:
  // Events longer than this (rare: long print buffers) are not remembered.
  static constexpr size_t kMaxBytes = 96;
  // Twice the args table's cache of recent sets: direct-mapped, fewer
  // would lose repeats that cache still shares.
  static constexpr size_t kEntries = 1 << 15;
  struct Entry {
    uint64_t key = 0;
    uint32_t kind = 0;
    uint32_t size = 0;
    Known known = {0, 0};
    char bytes[kMaxBytes];
  };

  static uint64_t Key(uint32_t kind, protozero::data_view body) {
    return HashCombine(kind, HashBytes(body.data(), body.size()));
  }
  // Key(), from the last Prefetch() when it was for these bytes.
  uint64_t KeyOf(uint32_t kind, protozero::data_view body) const {
    if (body.data() == prefetched_.bytes && kind == prefetched_.kind) return prefetched_.key;
    return Key(kind, body);
  }

  // Allocated with the first event: traces without ftrace pay nothing. A
  // PodVector, so on huge pages natively: on 4 KiB pages nearly every
  // lookup was also a TLB miss.
  PodVector<Entry> entries_;
  struct {
    const char* bytes = nullptr;
    uint32_t kind = 0;
    uint64_t key = 0;
  } prefetched_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_FTRACE_FTRACE_ARGS_MEMO_H_
