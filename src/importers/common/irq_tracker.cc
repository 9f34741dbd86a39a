// IrqTracker: interrupt handler slices on per-CPU tracks.
#include "src/importers/common/irq_tracker.h"

#include <string>

namespace weft {
namespace {

// The kernel's softirq vectors, in order (include/linux/interrupt.h).
constexpr std::string_view kSoftIrqNames[] = {"HI",       "TIMER",   "NET_TX", "NET_RX",
                                              "BLOCK",    "IRQ_POLL", "TASKLET", "SCHED",
                                              "HRTIMER", "RCU"};
constexpr uint32_t kSoftIrqCount = sizeof(kSoftIrqNames) / sizeof(kSoftIrqNames[0]);

}  // namespace

IrqTracker::IrqTracker(TraceContext* context) : ctx_(context), storage_(context->storage) {
  irq_ = storage_->Intern("irq");
  type_irq_ = storage_->Intern("cpu_irq");
  type_softirq_ = storage_->Intern("cpu_softirq");
  key_ret_ = storage_->Intern("ret");
  key_vec_ = storage_->Intern("vec");
  handled_ = storage_->Intern("handled");
  unhandled_ = storage_->Intern("unhandled");
}

uint32_t IrqTracker::TrackOf(uint32_t cpu, bool soft) {
  uint64_t key = (uint64_t{cpu} << 1) | (soft ? 1 : 0);
  auto it = tracks_.find(key);
  if (it != tracks_.end()) return it->second;
  std::string name = (soft ? "SoftIrq Cpu " : "Irq Cpu ") + std::to_string(cpu);
  uint32_t track = ctx_->tracks.CpuSliceTrack(cpu, storage_->Intern(name),
                                              soft ? type_softirq_ : type_irq_);
  tracks_.emplace(key, track);
  return track;
}

void IrqTracker::IrqEntry(int64_t ts, uint32_t cpu, std::string_view name) {
  SliceInfo info;
  info.cat = irq_;
  info.name = storage_->Intern("IRQ (" + std::string(name) + ")");
  ctx_->slices.Begin(TrackOf(cpu, false), ts, info);
}

void IrqTracker::IrqExit(int64_t ts, uint32_t cpu, bool handled) {
  ArgsTable& args = storage_->args;
  SliceInfo info;
  info.cat = irq_;
  info.arg_set = args.BeginSet();
  args.AddString(info.arg_set, key_ret_, key_ret_, handled ? handled_ : unhandled_);
  info.arg_set = args.FinishSet(/*shareable=*/false);
  ctx_->slices.End(TrackOf(cpu, false), ts, info);
}

void IrqTracker::SoftIrqEntry(int64_t ts, uint32_t cpu, uint32_t vec) {
  if (vec >= kSoftIrqCount) {
    storage_->stats.Increment(Stat::ftrace_event_malformed);
    return;
  }
  SliceInfo info;
  info.cat = irq_;
  info.name = storage_->Intern(kSoftIrqNames[vec]);
  ctx_->slices.Begin(TrackOf(cpu, true), ts, info);
}

void IrqTracker::SoftIrqExit(int64_t ts, uint32_t cpu, uint32_t vec) {
  ArgsTable& args = storage_->args;
  SliceInfo info;
  info.cat = irq_;
  info.arg_set = args.BeginSet();
  args.AddInt(info.arg_set, key_vec_, key_vec_, vec);
  info.arg_set = args.FinishSet(/*shareable=*/false);
  ctx_->slices.End(TrackOf(cpu, true), ts, info);
}

}  // namespace weft
