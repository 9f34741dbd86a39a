// ProcessTracker: hash lookups keyed by pid and (upid, tid).
#include "src/importers/common/process_tracker.h"

#include "src/base/hash.h"

namespace weft {

ProcessTracker::ProcessTracker(TraceStorage* storage) : storage_(storage) {
  for (CachedThread& c : cache_) c.utid = kNoThread;
  if (storage_->process.row_count() == 0) {
    storage_->process.Insert(0);
    uint32_t utid = storage_->thread.Insert(0);
    storage_->thread.upid.Set(utid, 0);
    storage_->thread.is_main_thread.Set(utid, 1);
  }
}

uint32_t ProcessTracker::GetOrCreateProcess(int64_t pid) {
  auto it = upid_by_pid_.find(pid);
  if (it != upid_by_pid_.end()) return it->second;
  uint32_t upid = storage_->process.Insert(pid);
  upid_by_pid_.emplace(pid, upid);
  InsertThread(pid, upid);  // Every process gets its main thread first.
  return upid;
}

uint32_t ProcessTracker::StartNewProcess(int64_t pid) {
  for (CachedThread& c : cache_) c.utid = kNoThread;
  uint32_t upid = storage_->process.Insert(pid);
  upid_by_pid_[pid] = upid;
  InsertThread(pid, upid);
  return upid;
}

uint32_t ProcessTracker::StartNewThread(int64_t tid, int64_t pid) {
  for (CachedThread& c : cache_) c.utid = kNoThread;
  uint32_t upid = GetOrCreateProcess(pid);
  utid_by_key_.erase((uint64_t{upid} << 32) | static_cast<uint32_t>(tid));
  return InsertThread(tid, upid);
}

uint32_t ProcessTracker::InsertThread(int64_t tid, uint32_t upid) {
  ThreadTable& thread = storage_->thread;
  uint32_t utid = thread.Insert(tid);
  thread.upid.Set(utid, upid);
  thread.is_main_thread.Set(utid, storage_->process.pid[upid] == tid ? 1 : 0);
  thread.is_idle.Set(utid, 0);
  utid_by_key_.emplace((uint64_t{upid} << 32) | static_cast<uint32_t>(tid), utid);
  return utid;
}

uint32_t ProcessTracker::UpdateThread(int64_t tid, int64_t pid) {
  CachedThread& cached = cache_[HashCombine(static_cast<uint64_t>(tid),
                                            static_cast<uint64_t>(pid)) &
                                (kCacheSize - 1)];
  if (cached.utid != kNoThread && cached.tid == tid && cached.pid == pid) {
    return cached.utid;
  }
  uint32_t upid = GetOrCreateProcess(pid);
  auto it = utid_by_key_.find((uint64_t{upid} << 32) | static_cast<uint32_t>(tid));
  uint32_t utid = it != utid_by_key_.end() ? it->second : InsertThread(tid, upid);
  cached = {tid, pid, utid};
  return utid;
}

void ProcessTracker::SetProcessName(uint32_t upid, StringId name) {
  storage_->process.name.Set(upid, name);
}

void ProcessTracker::SetThreadName(uint32_t utid, StringId name) {
  storage_->thread.name.Set(utid, name);
}

void ProcessTracker::AddProcessArg(uint32_t upid, StringId key, ArgType type, int64_t raw) {
  Uint32Column& col = storage_->process.arg_set_id;
  col.Set(upid, storage_->args.WithArg(col[upid], key, type, raw));
}

void ProcessTracker::AddThreadArg(uint32_t utid, StringId key, ArgType type, int64_t raw) {
  Uint32Column& col = storage_->thread.arg_set_id;
  col.Set(utid, storage_->args.WithArg(col[utid], key, type, raw));
}

}  // namespace weft
