// FxtRecordReader: the decoding of scheduling and log records (the layouts
// of fuchsia.dev/fuchsia-src/reference/tracing/trace-format).
#include "src/importers/fxt/fxt_record_reader.h"

namespace weft {

using fxt::Bits;

namespace {

// The int32 value of argument |name| among |args|, if there is one.
bool FindInt32Arg(const PodVector<FxtArg>& args, StringId name, int32_t* out) {
  for (const FxtArg& a : args) {
    if (a.name != name || a.fxt_type != fxt::kArgInt32) continue;
    *out = static_cast<int32_t>(a.raw);
    return true;
  }
  return false;
}

}  // namespace

FxtReadError FxtRecordReader::ReadScheduling(const FxtSchedArgNames& names, FxtEvent* event,
                                             FxtSwitch* sw, PodVector<FxtArg>* scratch) {
  uint64_t h = header();
  uint32_t type = static_cast<uint32_t>(Bits(h, 60, 63));
  FxtReadError e = FxtReadError::kOk;
  FxtThread out{}, in{};
  scratch->clear();
  if (type == fxt::kLegacyContextSwitch) {
    // Threads are thread refs; the idle thread is pid 0 with priority 0.
    event->cpu = static_cast<uint16_t>(Bits(h, 16, 23));
    event->event_type = static_cast<uint8_t>(Bits(h, 24, 27));
    sw->out_priority = static_cast<int32_t>(Bits(h, 44, 51));
    sw->in_priority = static_cast<int32_t>(Bits(h, 52, 59));
    if ((e = ReadTimestamp(&event->ts)) != FxtReadError::kOk) return e;
    if ((e = ReadThread(static_cast<uint32_t>(Bits(h, 28, 35)), &out)) != FxtReadError::kOk) return e;
    if ((e = ReadThread(static_cast<uint32_t>(Bits(h, 36, 43)), &in)) != FxtReadError::kOk) return e;
    if (out.pid == 0 && sw->out_priority == 0) out = FxtThread{};
    if (in.pid == 0 && sw->in_priority == 0) in = FxtThread{};
  } else if (type == fxt::kContextSwitch || type == fxt::kThreadWakeup) {
    // Threads are koids alone; weights (and the idle mark) are arguments.
    event->cpu = static_cast<uint16_t>(Bits(h, 20, 35));
    event->event_type = static_cast<uint8_t>(Bits(h, 36, 39));
    if ((e = ReadTimestamp(&event->ts)) != FxtReadError::kOk) return e;
    if (!ReadWord(&out.tid)) return FxtReadError::kTruncated;
    if (type == fxt::kContextSwitch && !ReadWord(&in.tid)) return FxtReadError::kTruncated;
    if ((e = ReadArgs(static_cast<uint32_t>(Bits(h, 16, 19)), scratch)) != FxtReadError::kOk) {
      return e;
    }
    int32_t weight = 0;
    StringId out_name = type == fxt::kContextSwitch ? names.outgoing_weight : names.weight;
    if (FindInt32Arg(*scratch, out_name, &weight)) sw->out_priority = weight;
    if (FindInt32Arg(*scratch, names.incoming_weight, &weight)) sw->in_priority = weight;
    if (sw->out_priority == fxt::kIdleWeight) {
      out = FxtThread{};
      sw->out_priority = 0;
    }
    if (sw->in_priority == fxt::kIdleWeight) {
      in = FxtThread{};
      sw->in_priority = 0;
    }
  } else {
    return FxtReadError::kUnknownType;
  }
  event->kind = type == fxt::kThreadWakeup ? FxtEvent::kWakeup : FxtEvent::kContextSwitch;
  event->pid = static_cast<uint32_t>(out.pid);
  event->tid = static_cast<uint32_t>(out.tid);
  sw->in_pid = static_cast<uint32_t>(in.pid);
  sw->in_tid = static_cast<uint32_t>(in.tid);
  return FxtReadError::kOk;
}

FxtReadError FxtRecordReader::ReadLog(FxtEvent* event) {
  uint64_t h = header();
  FxtReadError e = ReadTimestamp(&event->ts);
  if (e != FxtReadError::kOk) return e;
  FxtThread thread;
  if ((e = ReadThread(static_cast<uint32_t>(Bits(h, 32, 39)), &thread)) != FxtReadError::kOk) {
    return e;
  }
  std::string_view message;
  if (!ReadStream(Bits(h, 16, 30), &message)) return FxtReadError::kTruncated;
  event->kind = FxtEvent::kLog;
  event->pid = static_cast<uint32_t>(thread.pid);
  event->tid = static_cast<uint32_t>(thread.tid);
  event->name = storage_->Intern(message);
  return FxtReadError::kOk;
}

}  // namespace weft
