// IrqTracker: hard and soft interrupt handlers from kernel events (ftrace in
// text or protobuf), as slices on per-CPU tracks the way Perfetto shows
// them: irq_handler_entry / _exit make "IRQ (name)" slices on the CPU's
// "Irq Cpu N" track (arg "ret": "handled" / "unhandled"); softirq_entry /
// _exit make slices named after the softirq (TIMER, NET_RX, ...) on its
// "SoftIrq Cpu N" track (arg "vec"). Reference: docs/formats/systrace.md.
#ifndef SRC_IMPORTERS_COMMON_IRQ_TRACKER_H_
#define SRC_IMPORTERS_COMMON_IRQ_TRACKER_H_

#include <cstdint>
#include <string_view>
#include <unordered_map>

#include "src/importers/common/trace_context.h"

namespace weft {

class IrqTracker {
 public:
  explicit IrqTracker(TraceContext* context);

  void IrqEntry(int64_t ts, uint32_t cpu, std::string_view name);
  void IrqExit(int64_t ts, uint32_t cpu, bool handled);
  // |vec| beyond the kernel's softirq list is counted in
  // ftrace_event_malformed and dropped.
  void SoftIrqEntry(int64_t ts, uint32_t cpu, uint32_t vec);
  void SoftIrqExit(int64_t ts, uint32_t cpu, uint32_t vec);

 private:
  uint32_t TrackOf(uint32_t cpu, bool soft);

  TraceContext* ctx_;
  TraceStorage* storage_;
  std::unordered_map<uint64_t, uint32_t> tracks_;  // (cpu, soft) -> track
  StringId irq_, type_irq_, type_softirq_, key_ret_, key_vec_, handled_, unhandled_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_COMMON_IRQ_TRACKER_H_
