// FxtRecordReader: the decoding of blob, large blob and userspace object
// records (the layouts of fuchsia.dev/fuchsia-src/reference/tracing/
// trace-format).
#include "src/importers/fxt/fxt_record_reader.h"

namespace weft {

using fxt::Bits;

FxtReadError FxtRecordReader::ReadBlob(FxtEvent* event, FxtBlob* blob) {
  uint64_t h = header();
  FxtReadError e = ReadString(static_cast<uint32_t>(Bits(h, 16, 31)), &event->name);
  if (e != FxtReadError::kOk) return e;
  blob->size = static_cast<int64_t>(Bits(h, 32, 46));
  blob->blob_type = static_cast<int32_t>(Bits(h, 48, 55));
  if (!ReadStream(static_cast<size_t>(blob->size), &blob->bytes)) return FxtReadError::kTruncated;
  event->kind = FxtEvent::kBlob;
  event->ts = INT64_MIN;
  return FxtReadError::kOk;
}

FxtReadError FxtRecordReader::ReadLargeBlob(FxtEvent* event, FxtBlob* blob,
                                            FxtArgChunks* args) {
  uint64_t h = header();
  uint64_t format = Bits(h, 40, 43);
  if (Bits(h, 36, 39) != fxt::kLargeBlob ||
      (format != fxt::kLargeBlobWithMetadata && format != fxt::kLargeBlobNoMetadata)) {
    return FxtReadError::kUnknownType;
  }
  uint64_t f;
  if (!ReadWord(&f)) return FxtReadError::kTruncated;
  FxtReadError e = ReadString(static_cast<uint32_t>(Bits(f, 0, 15)), &event->cat);
  if (e == FxtReadError::kOk) e = ReadString(static_cast<uint32_t>(Bits(f, 16, 31)), &event->name);
  if (e != FxtReadError::kOk) return e;
  event->kind = FxtEvent::kBlob;
  event->ts = INT64_MIN;
  size_t before = args->size();
  event->first_arg = static_cast<uint32_t>(before);
  if (format == fxt::kLargeBlobWithMetadata) {
    event->event_type = 1;
    FxtThread thread;
    e = ReadTimestamp(&event->ts);
    if (e == FxtReadError::kOk) e = ReadThread(static_cast<uint32_t>(Bits(f, 36, 43)), &thread);
    if (e == FxtReadError::kOk) e = ReadArgs(static_cast<uint32_t>(Bits(f, 32, 35)), args);
    event->pid = static_cast<uint32_t>(thread.pid);
    event->tid = static_cast<uint32_t>(thread.tid);
  }
  event->arg_count = static_cast<uint16_t>(args->size() - before);
  uint64_t size = 0;
  if (e == FxtReadError::kOk && !ReadWord(&size)) e = FxtReadError::kTruncated;
  // The size is checked against the record before it becomes a size_t.
  if (e == FxtReadError::kOk && size > 8 * static_cast<uint64_t>(words_)) {
    e = FxtReadError::kTruncated;
  }
  if (e == FxtReadError::kOk && !ReadStream(static_cast<size_t>(size), &blob->bytes)) {
    e = FxtReadError::kTruncated;
  }
  if (e != FxtReadError::kOk) {
    TruncateArgs(args, before);  // Nothing half-read.
    return e;
  }
  blob->size = static_cast<int64_t>(size);
  blob->blob_type = -1;
  return FxtReadError::kOk;
}

FxtReadError FxtRecordReader::ReadUserspaceObject(FxtEvent* event, FxtArgChunks* args) {
  uint64_t h = header();
  uint64_t pointer;
  if (!ReadWord(&pointer)) return FxtReadError::kTruncated;
  // The process is a thread ref whose inline form holds the pid alone.
  uint32_t ref = static_cast<uint32_t>(Bits(h, 16, 23));
  uint64_t pid = 0;
  if (ref == 0) {
    if (!ReadWord(&pid)) return FxtReadError::kTruncated;
  } else {
    FxtThread thread;
    FxtReadError e = ReadThread(ref, &thread);
    if (e != FxtReadError::kOk) return e;
    pid = thread.pid;
  }
  FxtReadError e = ReadString(static_cast<uint32_t>(Bits(h, 24, 39)), &event->name);
  if (e != FxtReadError::kOk) return e;
  size_t before = args->size();
  e = ReadArgs(static_cast<uint32_t>(Bits(h, 40, 43)), args);
  if (e != FxtReadError::kOk) {
    TruncateArgs(args, before);
    return e;
  }
  event->kind = FxtEvent::kUserspaceObject;
  event->ts = INT64_MIN;
  event->pid = static_cast<uint32_t>(pid);
  event->first_arg = static_cast<uint32_t>(before);
  event->arg_count = static_cast<uint16_t>(args->size() - before);
  AppendExtra(pointer, args);
  return FxtReadError::kOk;
}

}  // namespace weft
