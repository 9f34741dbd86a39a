// SyscallTracker: syscall slices of threads.
#include "src/importers/common/syscall_tracker.h"

#include <string>
#include <string_view>

#include "src/importers/common/syscall_tables.h"

namespace weft {
namespace {

template <size_t N>
const char* Find(const syscall_tables::Entry (&table)[N], int64_t number) {
  for (const syscall_tables::Entry& e : table) {
    if (e.number == number) return e.name;
  }
  return nullptr;
}

}  // namespace

StringId SyscallTracker::Name(int64_t number) {
  TraceStorage* storage = ctx_->storage;
  if (!has_table_) {
    has_table_ = true;
    sys_write_ = storage->Intern("sys_write");
  }
  auto [it, inserted] = names_.emplace(number, kNullStringId);
  if (inserted) {
    std::string_view arch;
    if (storage->machine.row_count() > 0 && storage->machine.arch[0] != kNullStringId) {
      arch = storage->pool().Get(storage->machine.arch[0]);
    }
    const char* name = nullptr;
    if (arch == "aarch64" || arch == "arm64") name = Find(syscall_tables::kAarch64, number);
    if (arch == "x86_64") name = Find(syscall_tables::kX86_64, number);
    it->second = storage->Intern(name ? std::string(name) : "sys_" + std::to_string(number));
  }
  return it->second;
}

void SyscallTracker::Enter(int64_t ts, uint32_t utid, int64_t number) {
  SliceInfo info;
  info.name = Name(number);
  ctx_->slices.Begin(ctx_->tracks.ThreadTrack(utid), ts, info);
  if (info.name == sys_write_) open_writes_.insert(utid);
}

void SyscallTracker::Exit(int64_t ts, uint32_t utid, int64_t number) {
  SliceInfo info;
  info.name = Name(number);
  // A sys_write ended early by a marker has nothing left to end.
  if (info.name == sys_write_ && open_writes_.erase(utid) == 0) return;
  ctx_->slices.End(ctx_->tracks.ThreadTrack(utid), ts, info);
}

void SyscallTracker::EndWriteForMarker(int64_t ts, uint32_t utid) {
  if (open_writes_.erase(utid) == 0) return;
  SliceInfo info;
  info.name = sys_write_;
  ctx_->slices.End(ctx_->tracks.ThreadTrack(utid), ts, info);
}

}  // namespace weft
