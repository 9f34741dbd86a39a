// ProcessTracker: live pids and tids, their reuse, and threads waiting to
// learn their process.
#include "src/importers/common/process_tracker.h"

#include <algorithm>

#include "src/base/hash.h"

namespace weft {

ProcessTracker::ProcessTracker(TraceStorage* storage) : storage_(storage) {
  if (storage_->process.row_count() == 0) {
    storage_->process.Insert(0);
    uint32_t utid = storage_->thread.Insert(0);
    storage_->thread.upid.Set(utid, 0);
    storage_->thread.is_main_thread.Set(utid, 1);
  }
  name_priority_.resize(storage_->thread.row_count(), ThreadNamePriority::kOther);
}

void ProcessTracker::NameIdleTask() {
  SetThreadName(0, storage_->Intern("swapper"), ThreadNamePriority::kConstant);
}

uint32_t ProcessTracker::GetOrCreateProcess(int64_t pid) {
  auto [it, inserted] = upid_by_pid_.try_emplace(pid, 0);
  if (!inserted) return it->second;
  uint32_t upid = storage_->process.Insert(pid);
  it->second = upid;
  // Its main thread: a thread |pid| seen before without a process (kernel
  // events come before the process tree naming it) joins it.
  UpdateThread(pid, pid);
  return upid;
}

uint32_t ProcessTracker::UpdateThread(int64_t tid, int64_t pid) {
  CachedThread& cached = cache_[HashCombine(static_cast<uint64_t>(tid),
                                            static_cast<uint64_t>(pid)) &
                                (kCacheSize - 1)];
  if (cached.generation == cache_generation_ && cached.tid == tid && cached.pid == pid) {
    return cached.utid;
  }
  uint32_t utid = FindThread(tid, pid, /*any_pid=*/false);
  if (utid == kNull) {
    // The process and its main thread first: Perfetto numbers a new
    // process's main thread before the thread that named the process.
    uint32_t upid = GetOrCreateProcess(pid);
    utid = FindThread(tid, pid, /*any_pid=*/false);  // tid == pid: the main thread.
    if (utid == kNull) {
      utid = InsertThread(tid, kNoTimestamp);
      BindThread(utid, upid);
    }
  }
  if (storage_->thread.upid[utid] == kNull) BindThread(utid, GetOrCreateProcess(pid));
  ResolvePending(utid, storage_->thread.upid[utid]);
  cached = {tid, pid, utid, cache_generation_};
  return utid;
}

uint32_t ProcessTracker::StartNewProcess(int64_t pid, int64_t ts, StringId main_thread_name,
                                         ThreadNamePriority priority) {
  InvalidateCache();
  upid_by_pid_.erase(pid);
  // A new main thread first, so that the new process does not adopt the
  // old one.
  uint32_t utid = InsertThread(pid, ts);
  SetThreadName(utid, main_thread_name, priority);
  uint32_t upid = GetOrCreateProcess(pid);
  if (ts != kNoTimestamp) storage_->process.start_ts.Set(upid, ts);
  if (main_thread_name != kNullStringId) storage_->process.name.Set(upid, main_thread_name);
  return upid;
}

uint32_t ProcessTracker::StartNewThread(int64_t tid, int64_t pid) {
  InvalidateCache();
  uint32_t upid = GetOrCreateProcess(pid);
  uint32_t utid = InsertThread(tid, kNoTimestamp);
  BindThread(utid, upid);
  return utid;
}

uint32_t ProcessTracker::GetThread(int64_t tid) const {
  CachedThread& cached = any_pid_cache_[static_cast<uint64_t>(tid) & (kCacheSize - 1)];
  if (cached.generation == cache_generation_ && cached.tid == tid) return cached.utid;
  uint32_t utid = FindThread(tid, 0, /*any_pid=*/true);
  if (utid != kNull) cached = {tid, 0, utid, cache_generation_};
  return utid;
}

uint32_t ProcessTracker::GetOrCreateThread(int64_t tid) {
  uint32_t utid = GetThread(tid);
  return utid != kNull ? utid : StartThreadWithoutProcess(tid);
}

uint32_t ProcessTracker::StartThreadWithoutProcess(int64_t tid, int64_t ts) {
  InvalidateCache();  // UpdateThread(tid, any pid) now finds this one.
  return InsertThread(tid, ts);
}

void ProcessTracker::AssociateThreads(uint32_t a, uint32_t b) {
  uint32_t upid_a = storage_->thread.upid[a], upid_b = storage_->thread.upid[b];
  if (upid_a != kNull && upid_b == kNull) {
    BindThread(b, upid_a);
    ResolvePending(b, upid_a);
  } else if (upid_b != kNull && upid_a == kNull) {
    BindThread(a, upid_b);
    ResolvePending(a, upid_b);
  } else if (upid_a != upid_b) {
    storage_->stats.Increment(Stat::process_tracker_errors);
  } else if (upid_a == kNull) {
    pending_threads_.emplace_back(a, b);
  }
}

void ProcessTracker::SetParentThread(uint32_t upid, uint32_t parent_utid) {
  uint32_t parent_upid = storage_->thread.upid[parent_utid];
  if (parent_upid != kNull) {
    storage_->process.parent_upid.Set(upid, parent_upid);
  } else {
    pending_parents_.emplace_back(parent_utid, upid);
  }
}

void ProcessTracker::EndThread(int64_t tid, int64_t ts) {
  // A thread never seen is not created just to be ended.
  uint32_t utid = GetThread(tid);
  if (utid == kNull) return;
  InvalidateCache();
  storage_->thread.end_ts.Set(utid, ts);
  std::vector<uint32_t>& utids = utids_by_tid_[tid];
  utids.erase(std::remove(utids.begin(), utids.end(), utid), utids.end());
  uint32_t upid = storage_->thread.upid[utid];
  if (upid == kNull || storage_->process.pid[upid] != tid) return;
  storage_->process.end_ts.Set(upid, ts);  // The main thread ends its process.
  auto it = upid_by_pid_.find(tid);
  if (it != upid_by_pid_.end() && it->second == upid) upid_by_pid_.erase(it);
}

void ProcessTracker::MapIdleTask() {
  if (idle_mapped_) return;
  idle_mapped_ = true;
  InvalidateCache();
  upid_by_pid_.try_emplace(0, 0);
  std::vector<uint32_t>& idle = utids_by_tid_[0];
  if (idle.empty()) idle.push_back(0);
}

void ProcessTracker::SetProcessName(uint32_t upid, StringId name) {
  storage_->process.name.Set(upid, name);
}

void ProcessTracker::SetProcessUid(uint32_t upid, int64_t uid) {
  constexpr int64_t kPerUserRange = 100000;  // Android's AID_USER_OFFSET.
  storage_->process.uid.Set(upid, static_cast<uint32_t>(uid));
  storage_->process.android_appid.Set(upid, static_cast<uint32_t>(uid % kPerUserRange));
}

void ProcessTracker::SetParentIfUnset(uint32_t upid, uint32_t parent_upid) {
  if (storage_->process.parent_upid[upid] == kNull) {
    storage_->process.parent_upid.Set(upid, parent_upid);
  }
}

void ProcessTracker::SetThreadName(uint32_t utid, StringId name, ThreadNamePriority priority) {
  if (name == kNullStringId) return;
  if (name_priority_.size() <= utid) name_priority_.resize(utid + 1, ThreadNamePriority::kOther);
  if (priority < name_priority_[utid]) return;
  name_priority_[utid] = priority;
  storage_->thread.name.Set(utid, name);
}

void ProcessTracker::SetThreadName(uint32_t utid, std::string_view name,
                                   ThreadNamePriority priority) {
  if (name.empty()) return;
  if (utid < name_priority_.size() && name_priority_[utid] == priority) {
    StringId current = storage_->thread.name[utid];
    if (current != kNullStringId && storage_->pool().Get(current) == name) return;
  }
  SetThreadName(utid, storage_->Intern(name), priority);
}

void ProcessTracker::RenameThreadAndProcess(int64_t tid, StringId name,
                                            ThreadNamePriority priority) {
  uint32_t utid = GetOrCreateThread(tid);
  SetThreadName(utid, name, priority);
  uint32_t upid = storage_->thread.upid[utid];
  if (upid != kNull && storage_->process.pid[upid] == tid && name != kNullStringId) {
    storage_->process.name.Set(upid, name);
  }
}

void ProcessTracker::AddProcessArg(uint32_t upid, StringId key, ArgType type, int64_t raw) {
  Uint32Column& col = storage_->process.arg_set_id;
  col.Set(upid, storage_->args.WithArg(col[upid], key, type, raw));
}

void ProcessTracker::AddThreadArg(uint32_t utid, StringId key, ArgType type, int64_t raw) {
  Uint32Column& col = storage_->thread.arg_set_id;
  col.Set(utid, storage_->args.WithArg(col[utid], key, type, raw));
}

uint32_t ProcessTracker::InsertThread(int64_t tid, int64_t ts) {
  InvalidateCache();  // GetThread(tid) now finds this one.
  ThreadTable& thread = storage_->thread;
  uint32_t utid = thread.Insert(tid);
  thread.is_idle.Set(utid, 0);
  if (ts != kNoTimestamp) thread.start_ts.Set(utid, ts);
  utids_by_tid_[tid].push_back(utid);
  return utid;
}

uint32_t ProcessTracker::FindThread(int64_t tid, int64_t pid, bool any_pid) const {
  auto it = utids_by_tid_.find(tid);
  if (it == utids_by_tid_.end()) return kNull;
  const std::vector<uint32_t>& utids = it->second;
  for (auto u = utids.rbegin(); u != utids.rend(); ++u) {  // Newest first.
    if (!IsThreadAlive(*u)) continue;
    uint32_t upid = storage_->thread.upid[*u];
    if (upid == kNull || any_pid || storage_->process.pid[upid] == pid) return *u;
  }
  return kNull;
}

bool ProcessTracker::IsThreadAlive(uint32_t utid) const {
  if (!storage_->thread.end_ts.IsNull(utid)) return false;
  uint32_t upid = storage_->thread.upid[utid];
  if (upid == kNull) return true;
  if (!storage_->process.end_ts.IsNull(upid)) return false;
  // A thread of a process whose pid now names a newer process is gone.
  auto it = upid_by_pid_.find(storage_->process.pid[upid]);
  return it == upid_by_pid_.end() || it->second == upid;
}

void ProcessTracker::BindThread(uint32_t utid, uint32_t upid) {
  InvalidateCache();  // Whether the thread is alive may change (IsThreadAlive).
  ThreadTable& thread = storage_->thread;
  thread.upid.Set(utid, upid);
  thread.is_main_thread.Set(utid, thread.tid[utid] == storage_->process.pid[upid] ? 1 : 0);
}

void ProcessTracker::ResolvePending(uint32_t utid, uint32_t upid) {
  if (pending_threads_.empty() && pending_parents_.empty()) return;
  std::vector<uint32_t> resolved{utid};
  while (!resolved.empty()) {
    uint32_t u = resolved.back();
    resolved.pop_back();
    for (size_t i = 0; i < pending_parents_.size();) {
      if (pending_parents_[i].first != u) {
        ++i;
        continue;
      }
      storage_->process.parent_upid.Set(pending_parents_[i].second, upid);
      pending_parents_[i] = pending_parents_.back();
      pending_parents_.pop_back();
    }
    for (size_t i = 0; i < pending_threads_.size();) {
      auto [a, b] = pending_threads_[i];
      if (a != u && b != u) {
        ++i;
        continue;
      }
      uint32_t other = a == u ? b : a;
      uint32_t other_upid = storage_->thread.upid[other];
      if (other_upid == kNull) {
        BindThread(other, upid);
        resolved.push_back(other);
      } else if (other_upid != upid) {
        storage_->stats.Increment(Stat::process_tracker_errors);
      }
      pending_threads_[i] = pending_threads_.back();
      pending_threads_.pop_back();
    }
  }
}

}  // namespace weft
