// FxtRecordReader: the decoding of scheduling and log records (the layouts
// of fuchsia.dev/fuchsia-src/reference/tracing/trace-format).
#include "src/importers/fxt/fxt_record_reader.h"

namespace weft {

using fxt::Bits;

FxtReadError FxtRecordReader::ReadSchedArg(PodVector<FxtArg>* scratch, FxtArg* out) {
  if (pos_ < words_) {
    uint64_t h = Word(pos_);
    uint32_t ref = static_cast<uint32_t>(Bits(h, 16, 31));
    const StringId* name = TableString(ref);
    // A one-word int32 named from the table: what ReadArgs makes of it,
    // without its type switch and array.
    if (name && Bits(h, 0, 3) == fxt::kArgInt32 && Bits(h, 4, 15) == 1) {
      ++pos_;
      out->name = *name;
      out->type = ArgType::kInt;
      out->fxt_type = fxt::kArgInt32;
      out->raw = static_cast<int32_t>(Bits(h, 32, 63));
      return FxtReadError::kOk;
    }
  }
  scratch->clear();
  FxtReadError e = ReadArgs(1, scratch);
  if (e == FxtReadError::kOk) *out = (*scratch)[0];
  return e;
}

FxtReadError FxtRecordReader::ReadWeights(uint32_t count, StringId out_name, StringId in_name,
                                          FxtSwitch* sw, PodVector<FxtArg>* scratch) {
  bool have_out = false, have_in = false;
  for (uint32_t i = 0; i < count; ++i) {
    FxtArg a;
    FxtReadError e = ReadSchedArg(scratch, &a);
    if (e != FxtReadError::kOk) return e;
    if (a.fxt_type != fxt::kArgInt32) continue;
    // The first int32 of each name counts.
    if (!have_out && a.name == out_name) {
      sw->out_priority = static_cast<int32_t>(a.raw);
      have_out = true;
    }
    if (!have_in && a.name == in_name) {
      sw->in_priority = static_cast<int32_t>(a.raw);
      have_in = true;
    }
  }
  return FxtReadError::kOk;
}

FxtReadError FxtRecordReader::ReadScheduling(const FxtSchedArgNames& names, FxtEvent* event,
                                             FxtSwitch* sw, PodVector<FxtArg>* scratch) {
  uint64_t h = header();
  uint32_t type = static_cast<uint32_t>(Bits(h, 60, 63));
  FxtReadError e = FxtReadError::kOk;
  FxtThread out{}, in{};
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
    StringId out_name = type == fxt::kContextSwitch ? names.outgoing_weight : names.weight;
    e = ReadWeights(static_cast<uint32_t>(Bits(h, 16, 19)), out_name, names.incoming_weight, sw,
                    scratch);
    if (e != FxtReadError::kOk) return e;
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
