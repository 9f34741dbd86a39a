// ProcessTracker: maps the (pid, tid) a trace names to process/thread rows
// (upid/utid) with Perfetto's rules: a pid or tid reused after its process or
// thread ended gets a new row; kernel events may name a thread before its
// process is known (upid NULL) and the thread joins its process later. Row 0
// of `process` (pid 0) and of `thread` (tid 0, "swapper") are the idle task;
// only kernel (ftrace) traces map pid/tid 0 onto them (MapIdleTask), as in
// Perfetto.
#ifndef SRC_IMPORTERS_COMMON_PROCESS_TRACKER_H_
#define SRC_IMPORTERS_COMMON_PROCESS_TRACKER_H_

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "src/storage/trace_storage.h"

namespace weft {

// Which source named a thread: a name only replaces one of equal or lower
// priority (Perfetto's order), so e.g. a ProcessTree name outlives the comm
// of a later sched_switch.
enum class ThreadNamePriority : uint8_t {
  kOther = 0,
  kFtrace = 1,
  kProcessTree = 2,
  kTrackDescriptorThreadType = 3,
  kTrackDescriptor = 4,
  kConstant = 5,  // Names weft gives itself ("swapper" for the idle task).
};

class ProcessTracker {
 public:
  static constexpr uint32_t kNull = Uint32Column::kNull;
  static constexpr int64_t kNoTimestamp = INT64_MIN;

  explicit ProcessTracker(TraceStorage* storage);

  // The live process row for |pid|, created (with its main thread) if new.
  uint32_t GetOrCreateProcess(int64_t pid);
  // The live thread |tid| of process |pid| — or a live thread |tid| whose
  // process is not known yet, which then joins |pid| — created if none.
  uint32_t UpdateThread(int64_t tid, int64_t pid);
  // A new process row for a reused |pid|, with a new main thread: later
  // lookups of |pid| find it instead of the old one. |ts| (if not
  // kNoTimestamp) is its start; |main_thread_name| names it and its thread.
  uint32_t StartNewProcess(int64_t pid, int64_t ts = kNoTimestamp,
                           StringId main_thread_name = kNullStringId,
                           ThreadNamePriority priority = ThreadNamePriority::kOther);
  // A new thread row for a reused |tid| in process |pid|, likewise.
  uint32_t StartNewThread(int64_t tid, int64_t pid);

  // Threads known by tid alone (kernel events). The newest live thread
  // |tid|, or kNull.
  uint32_t GetThread(int64_t tid) const;
  uint32_t GetOrCreateThread(int64_t tid);
  // A new thread |tid| whose process is not known yet, started at |ts|.
  uint32_t StartThreadWithoutProcess(int64_t tid, int64_t ts = kNoTimestamp);
  // Threads |a| and |b| belong to one process (clone with CLONE_THREAD):
  // when either's process is known, so is the other's (now or later).
  // Threads of two different processes count in process_tracker_errors.
  void AssociateThreads(uint32_t a, uint32_t b);
  // The process |upid| was forked by thread |parent_utid|: its parent is
  // that thread's process, now or once it is known.
  void SetParentThread(uint32_t upid, uint32_t parent_utid);
  // The thread |tid| ended at |ts| (the kernel freed it); its main thread
  // ends a process. Later events of |tid| / its pid get new rows.
  void EndThread(int64_t tid, int64_t ts);
  // Kernel traces: pid/tid 0 are the idle task, rows 0.
  void MapIdleTask();
  // Names thread row 0 "swapper": Perfetto does for protobuf traces (even
  // without kernel data), not for JSON ones (its answers for the corpus).
  void NameIdleTask();

  void SetProcessName(uint32_t upid, StringId name);
  // An Android uid: also sets the process's android_appid (uid % 100000).
  void SetProcessUid(uint32_t upid, int64_t uid);
  // Keeps the first parent: a later, different ppid of the same live
  // process is a reparenting (its parent died), as Perfetto reads it.
  void SetParentIfUnset(uint32_t upid, uint32_t parent_upid);
  void SetThreadName(uint32_t utid, StringId name,
                     ThreadNamePriority priority = ThreadNamePriority::kOther);
  // The same with the name as text (empty: none): interned only when it
  // would change the name (kernel events repeat a thread's comm on every
  // switch; hashing it each time was ~3% of a protobuf ftrace load).
  void SetThreadName(uint32_t utid, std::string_view name, ThreadNamePriority priority);
  // Names thread |tid| (created if unknown) and, if it is its process's
  // main thread, the process (task_rename).
  void RenameThreadAndProcess(int64_t tid, StringId name, ThreadNamePriority priority);
  // Adds an arg (|raw| as for ArgsTable::Add()) to the process/thread arg
  // set (creating it).
  void AddProcessArg(uint32_t upid, StringId key, ArgType type, int64_t raw);
  void AddThreadArg(uint32_t utid, StringId key, ArgType type, int64_t raw);

 private:
  // A thread row for |tid| in no process yet.
  uint32_t InsertThread(int64_t tid, int64_t ts);
  // The newest live thread |tid| in process |pid| or in none; any process
  // when |any_pid|.
  uint32_t FindThread(int64_t tid, int64_t pid, bool any_pid) const;
  bool IsThreadAlive(uint32_t utid) const;
  void BindThread(uint32_t utid, uint32_t upid);
  // |utid| just got process |upid|: threads and child processes waiting on
  // it get theirs.
  void ResolvePending(uint32_t utid, uint32_t upid);
  void InvalidateCache() { ++cache_generation_; }

  TraceStorage* storage_;
  std::unordered_map<int64_t, uint32_t> upid_by_pid_;  // Live processes.
  // Threads per tid, oldest first; ended ones are removed.
  std::unordered_map<int64_t, std::vector<uint32_t>> utids_by_tid_;
  std::vector<ThreadNamePriority> name_priority_;  // By utid.
  std::vector<std::pair<uint32_t, uint32_t>> pending_threads_;  // Same process.
  std::vector<std::pair<uint32_t, uint32_t>> pending_parents_;  // (utid, child upid).
  // Direct-mapped cache of UpdateThread in front of the maps: sorted events
  // hop between a few hot threads. Entries of an older generation are stale
  // (a thread or process started or ended since).
  struct CachedThread {
    int64_t tid, pid;
    uint32_t utid;
    uint32_t generation;
  };
  static constexpr size_t kCacheSize = 256;
  CachedThread cache_[kCacheSize] = {};
  // The same for GetThread (scheduling events name threads by tid alone);
  // a new thread row or binding also makes its entries stale.
  mutable CachedThread any_pid_cache_[kCacheSize] = {};
  uint32_t cache_generation_ = 1;
  bool idle_mapped_ = false;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_PROCESS_TRACKER_H_
