// FxtRecordReader: bounds-checked word and stream reads, and the decoding
// of event and kernel object records on top of them.
#include "src/importers/fxt/fxt_record_reader.h"

#include <climits>
#include <cstdio>
#include <cstring>

namespace weft {

using fxt::Bits;

bool FxtTicksToNs(uint64_t ticks, uint64_t ticks_per_second, int64_t* ns) {
  constexpr uint64_t kNsPerSecond = 1000000000;
  uint64_t v;
  if (ticks_per_second == kNsPerSecond) {
    v = ticks;
  } else if (ticks_per_second != 0 && ticks_per_second <= UINT64_MAX / kNsPerSecond) {
    // floor(ticks * 1e9 / rate) as whole seconds and the rest, in 64 bits
    // (128-bit division is a slow library call, in wasm above all).
    uint64_t secs = ticks / ticks_per_second;
    if (secs > static_cast<uint64_t>(INT64_MAX) / kNsPerSecond) return false;
    v = secs * kNsPerSecond + ticks % ticks_per_second * kNsPerSecond / ticks_per_second;
  } else {
    if (ticks_per_second == 0) return false;
    unsigned __int128 wide =
        static_cast<unsigned __int128>(ticks) * kNsPerSecond / ticks_per_second;
    if (wide > static_cast<unsigned __int128>(INT64_MAX)) return false;
    v = static_cast<uint64_t>(wide);
  }
  if (v > static_cast<uint64_t>(INT64_MAX)) return false;
  *ns = static_cast<int64_t>(v);
  return true;
}

bool FxtRecordReader::ReadWord(uint64_t* out) {
  if (pos_ >= words_) return false;
  *out = Word(pos_++);
  return true;
}

bool FxtRecordReader::ReadStream(size_t bytes, std::string_view* out) {
  size_t words = (bytes + 7) / 8;
  if (words > words_ - pos_) return false;
  *out = std::string_view(reinterpret_cast<const char*>(data_ + 8 * pos_), bytes);
  pos_ += words;
  return true;
}

FxtReadError FxtRecordReader::ReadStringSlow(uint32_t ref, StringId* out) {
  if (ref == 0) {
    *out = storage_->Intern("");
    return FxtReadError::kOk;
  }
  if (ref & fxt::kInlineStringFlag) {
    std::string_view s;
    if (!ReadStream(ref & 0x7fff, &s)) return FxtReadError::kTruncated;
    *out = storage_->Intern(s);
    return FxtReadError::kOk;
  }
  const StringId* id = provider_->strings.Find(ref);
  if (!id) {
    // Its string record was overwritten (circular buffer) or lost: the
    // record is kept with a placeholder.
    storage_->stats.Increment(Stat::fuchsia_invalid_string_ref);
    char placeholder[32];
    snprintf(placeholder, sizeof(placeholder), "<unknown string %u>", ref);
    *out = storage_->Intern(placeholder);
    return FxtReadError::kOk;
  }
  *out = *id;
  return FxtReadError::kOk;
}

FxtReadError FxtRecordReader::ReadThread(uint32_t ref, FxtThread* out) {
  if (ref == 0) {
    if (!ReadWord(&out->pid) || !ReadWord(&out->tid)) return FxtReadError::kTruncated;
    return FxtReadError::kOk;
  }
  const FxtThread* thread = provider_->threads.Find(ref);
  if (!thread) {
    // Likewise: the placeholder thread is pid 0, tid 0.
    storage_->stats.Increment(Stat::fuchsia_invalid_thread_ref);
    *out = FxtThread{};
    return FxtReadError::kOk;
  }
  *out = *thread;
  return FxtReadError::kOk;
}

FxtReadError FxtRecordReader::ReadTimestampSlow(int64_t* ns) {
  uint64_t ticks;
  if (!ReadWord(&ticks)) return FxtReadError::kTruncated;
  if (!FxtTicksToNs(ticks, provider_->ticks_per_second, ns)) {
    return FxtReadError::kTimestampOverflow;
  }
  return FxtReadError::kOk;
}

#define FXT_RETURN_IF_ERROR(expr)            \
  do {                                       \
    FxtReadError e_ = (expr);                \
    if (e_ != FxtReadError::kOk) return e_;  \
  } while (0)

template <typename Args>
FxtReadError FxtRecordReader::ReadArgs(uint32_t count, Args* args) {
  for (uint32_t i = 0; i < count; ++i) {
    size_t start = pos_;
    uint64_t h;
    if (!ReadWord(&h)) return FxtReadError::kTruncated;
    size_t size = Bits(h, 4, 15);
    // The size covers the header; it is what skips unknown argument types.
    if (size == 0 || size > words_ - start) return FxtReadError::kTruncated;
    StringId name;
    FXT_RETURN_IF_ERROR(ReadString(static_cast<uint32_t>(Bits(h, 16, 31)), &name));
    uint8_t fxt_type = static_cast<uint8_t>(Bits(h, 0, 3));
    ArgType type;
    int64_t raw;
    switch (fxt_type) {
      case fxt::kArgNull:
        type = ArgType::kString;
        raw = storage_->Intern("null");
        break;
      case fxt::kArgInt32:
        type = ArgType::kInt;
        raw = static_cast<int32_t>(Bits(h, 32, 63));
        break;
      case fxt::kArgUint32:
        type = ArgType::kInt;
        raw = static_cast<int64_t>(Bits(h, 32, 63));
        break;
      case fxt::kArgInt64:
      case fxt::kArgUint64:
      case fxt::kArgKoid:
      case fxt::kArgPointer:
      case fxt::kArgDouble: {
        uint64_t word;
        if (!ReadWord(&word)) return FxtReadError::kTruncated;
        raw = static_cast<int64_t>(word);
        type = fxt_type == fxt::kArgDouble    ? ArgType::kReal
               : fxt_type == fxt::kArgPointer ? ArgType::kPointer
                                              : ArgType::kInt;
        break;
      }
      case fxt::kArgString: {
        StringId value;
        FXT_RETURN_IF_ERROR(ReadString(static_cast<uint32_t>(Bits(h, 32, 47)), &value));
        type = ArgType::kString;
        raw = value;
        break;
      }
      case fxt::kArgBool:
        type = ArgType::kBool;
        raw = Bits(h, 32, 63) != 0;
        break;
      default:  // Blobs and types defined later: kept by name.
        type = ArgType::kString;
        raw = storage_->Intern("unknown");
        break;
    }
    if (pos_ > start + size) return FxtReadError::kTruncated;
    pos_ = start + size;
    // Field by field into the array: a whole FxtArg assembled on the stack
    // and copied reloads bytes just stored one by one (a store-forwarding
    // stall that was most of this function's time).
    FxtArg* arg = NewArg(args);
    arg->name = name;
    arg->type = type;
    arg->fxt_type = fxt_type;
    arg->raw = raw;
  }
  return FxtReadError::kOk;
}

template FxtReadError FxtRecordReader::ReadArgs(uint32_t, PodVector<FxtArg>*);
template FxtReadError FxtRecordReader::ReadArgs(uint32_t, FxtArgChunks*);

FxtReadError FxtRecordReader::ReadEvent(FxtEvent* event, FxtArgChunks* args) {
  uint64_t h = header();
  event->kind = FxtEvent::kEvent;
  event->event_type = static_cast<uint8_t>(Bits(h, 16, 19));
  FXT_RETURN_IF_ERROR(ReadTimestamp(&event->ts));
  FxtThread thread;
  FXT_RETURN_IF_ERROR(ReadThread(static_cast<uint32_t>(Bits(h, 24, 31)), &thread));
  event->pid = static_cast<uint32_t>(thread.pid);
  event->tid = static_cast<uint32_t>(thread.tid);
  FXT_RETURN_IF_ERROR(ReadString(static_cast<uint32_t>(Bits(h, 32, 47)), &event->cat));
  FXT_RETURN_IF_ERROR(ReadString(static_cast<uint32_t>(Bits(h, 48, 63)), &event->name));
  size_t before = args->size();
  event->first_arg = static_cast<uint32_t>(before);
  FxtReadError e = ReadArgs(static_cast<uint32_t>(Bits(h, 20, 23)), args);
  event->arg_count = static_cast<uint16_t>(args->size() - before);
  if (e == FxtReadError::kOk) {
    switch (event->event_type) {
      case fxt::kDurationComplete: {
        int64_t end = 0;
        e = ReadTimestamp(&end);
        AppendExtra(static_cast<uint64_t>(end), args);
        break;
      }
      case fxt::kCounter:
      case fxt::kAsyncBegin:
      case fxt::kAsyncInstant:
      case fxt::kAsyncEnd:
      case fxt::kFlowBegin:
      case fxt::kFlowStep:
      case fxt::kFlowEnd: {
        uint64_t extra = 0;
        if (!ReadWord(&extra)) e = FxtReadError::kTruncated;
        AppendExtra(extra, args);
        break;
      }
      default:
        break;
    }
  }
  if (e != FxtReadError::kOk) TruncateArgs(args, before);  // Nothing half-read.
  return e;
}

FxtReadError FxtRecordReader::ReadKernelObject(FxtEvent* event) {
  uint64_t h = header();
  uint64_t koid;
  if (!ReadWord(&koid)) return FxtReadError::kTruncated;
  StringId name;
  FXT_RETURN_IF_ERROR(ReadString(static_cast<uint32_t>(Bits(h, 24, 39)), &name));
  uint32_t type = static_cast<uint32_t>(Bits(h, 16, 23));
  event->ts = INT64_MIN;
  event->name = name;
  if (type == fxt::kObjProcess) {
    event->kind = FxtEvent::kProcessName;
    event->pid = static_cast<uint32_t>(koid);
    return FxtReadError::kOk;
  }
  if (type != fxt::kObjThread) return FxtReadError::kOk;
  PodVector<FxtArg> args;
  FXT_RETURN_IF_ERROR(ReadArgs(static_cast<uint32_t>(Bits(h, 40, 43)), &args));
  StringId process_key = storage_->Intern("process");
  event->kind = FxtEvent::kThreadName;
  event->tid = static_cast<uint32_t>(koid);
  event->pid = 0;
  for (const FxtArg& arg : args) {
    if (arg.name != process_key) continue;
    if (arg.fxt_type != fxt::kArgKoid) return FxtReadError::kBadArgType;
    event->pid = static_cast<uint32_t>(arg.raw);
  }
  return FxtReadError::kOk;
}

}  // namespace weft
