// SyscallTracker: sys_enter / sys_exit as slices of the calling thread,
// named "sys_<name>" by the syscall tables of the trace's architecture
// (machine.arch: aarch64 / arm64 or x86_64; "sys_<number>" when unknown),
// as Perfetto names them. A sys_write is how atrace markers reach the
// kernel: when the thread writes a marker, its open sys_write ends there,
// so the marker's slice does not nest inside it (its sys_exit then ends
// nothing).
#ifndef SRC_IMPORTERS_COMMON_SYSCALL_TRACKER_H_
#define SRC_IMPORTERS_COMMON_SYSCALL_TRACKER_H_

#include <cstdint>
#include <unordered_map>
#include <unordered_set>

#include "src/importers/common/trace_context.h"

namespace weft {

class SyscallTracker {
 public:
  explicit SyscallTracker(TraceContext* context) : ctx_(context) {}

  void Enter(int64_t ts, uint32_t utid, int64_t number);
  void Exit(int64_t ts, uint32_t utid, int64_t number);
  // Thread |utid| wrote an atrace marker at |ts|.
  void EndWriteForMarker(int64_t ts, uint32_t utid);
  // Whether any thread is inside a sys_write (cheap check before a lookup).
  bool HasOpenWrite() const { return !open_writes_.empty(); }

 private:
  StringId Name(int64_t number);

  TraceContext* ctx_;
  bool has_table_ = false;
  std::unordered_map<int64_t, StringId> names_;  // Interned on first use.
  StringId sys_write_ = kNullStringId;
  std::unordered_set<uint32_t> open_writes_;  // Threads inside sys_write.
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_SYSCALL_TRACKER_H_
