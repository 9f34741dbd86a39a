// ProcessTracker: maps (pid, tid) as seen in a trace to unique upid/utid
// rows. Row 0 of `process` (pid 0) and of `thread` (tid 0, its main
// thread) are reserved for the idle process; trace events never map onto
// them, matching Perfetto.
#ifndef SRC_IMPORTERS_COMMON_PROCESS_TRACKER_H_
#define SRC_IMPORTERS_COMMON_PROCESS_TRACKER_H_

#include <cstdint>
#include <unordered_map>

#include "src/storage/trace_storage.h"

namespace weft {

class ProcessTracker {
 public:
  explicit ProcessTracker(TraceStorage* storage);

  // The process row for |pid|, created (with its main thread) if new.
  uint32_t GetOrCreateProcess(int64_t pid);
  // The thread row for |tid| in process |pid|, created if new.
  uint32_t UpdateThread(int64_t tid, int64_t pid);
  // A new process row for a reused |pid|: later lookups of |pid| (and of
  // its threads) find it instead of the old one.
  uint32_t StartNewProcess(int64_t pid);
  // A new thread row for a reused |tid| in process |pid|, likewise.
  uint32_t StartNewThread(int64_t tid, int64_t pid);

  void SetProcessName(uint32_t upid, StringId name);
  void SetThreadName(uint32_t utid, StringId name);
  // Adds an arg (|raw| as for ArgsTable::Add()) to the process/thread arg
  // set (creating it).
  void AddProcessArg(uint32_t upid, StringId key, ArgType type, int64_t raw);
  void AddThreadArg(uint32_t utid, StringId key, ArgType type, int64_t raw);

 private:
  uint32_t InsertThread(int64_t tid, uint32_t upid);

  TraceStorage* storage_;
  std::unordered_map<int64_t, uint32_t> upid_by_pid_;
  std::unordered_map<uint64_t, uint32_t> utid_by_key_;  // (upid, tid)
  // Small direct-mapped cache in front of the maps: sorted events hop
  // between a few hot threads.
  struct CachedThread {
    int64_t tid, pid;
    uint32_t utid;  // kNoThread when empty.
  };
  static constexpr uint32_t kNoThread = 0xffffffff;
  static constexpr size_t kCacheSize = 256;
  CachedThread cache_[kCacheSize];
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_PROCESS_TRACKER_H_
