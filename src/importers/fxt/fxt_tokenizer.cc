// FxtTokenizer: a two-state framing loop (completing a carried record, then
// whole records straight from the chunk) and a switch over record types.
#include "src/importers/fxt/fxt_tokenizer.h"

#include <algorithm>
#include <cinttypes>
#include <cstring>
#include <new>

namespace weft {

using fxt::Bits;

namespace {

uint64_t LoadWord(const void* p) {
  uint64_t w;
  memcpy(&w, p, 8);
  return w;
}

}  // namespace

// The args chunks |e|'s args slots start and end in (they span at most
// two: a chunk holds far more args than a record can).
struct ArgChunkSpan {
  explicit ArgChunkSpan(const FxtEvent& e)
      : first(e.first_arg / FxtArgChunks::kChunkSize),
        last((e.first_arg + e.arg_slots() - 1) / FxtArgChunks::kChunkSize) {}
  size_t first, last;
};

void FxtEventQueue::AddArgUser(const FxtEvent& e) {
  if (e.arg_slots() == 0) return;
  ArgChunkSpan span(e);
  if (arg_chunk_users.size() <= span.last) arg_chunk_users.resize(span.last + 1);
  ++arg_chunk_users[span.first];
  if (span.last != span.first) ++arg_chunk_users[span.last];
}

void FxtEventQueue::ReleaseArgUser(const FxtEvent& e) {
  if (e.arg_slots() == 0) return;
  ArgChunkSpan span(e);
  if (--arg_chunk_users[span.first] == 0) args.ReleaseChunk(span.first);
  if (span.last != span.first && --arg_chunk_users[span.last] == 0) args.ReleaseChunk(span.last);
}

void FxtEventQueue::StartPrefaulting() {
  events.set_prefaulter(&event_prefaulter);
  args.set_prefaulter(&arg_prefaulter);
}

void FxtEventQueue::StopPrefaulting() {
  event_prefaulter.Stop();
  arg_prefaulter.Stop();
}

FxtTokenizer::FxtTokenizer(TraceStorage* storage, FxtEventQueue* queue)
    : storage_(storage), queue_(queue) {
  sched_names_ = {storage->Intern("weight"), storage->Intern("incoming_weight"),
                  storage->Intern("outgoing_weight")};
  // Records before any provider section belong to provider 0.
  current_ = Provider(0);
}

FxtProvider* FxtTokenizer::Provider(uint32_t id) {
  std::unique_ptr<FxtProvider>& p = providers_[id];
  if (!p) p.reset(new FxtProvider());
  return p.get();
}

uint64_t FxtTokenizer::RecordBytes(uint64_t header) {
  uint64_t words = Bits(header, 0, 3) == fxt::kLargeRecord ? Bits(header, 4, 35)
                                                           : Bits(header, 4, 15);
  return words * 8;
}

Status FxtTokenizer::SizeError(uint64_t header) {
  error_ = Damaged(ErrStatus("FXT error at byte %" PRIu64
                             ": record (type %u) has size 0; the trace is corrupt from here",
                             offset_, static_cast<unsigned>(Bits(header, 0, 3))));
  return error_;
}

Status FxtTokenizer::Damaged(const Status& error) const {
  // The magic record alone is not a trace to show.
  if (offset_ <= kHeaderBytes) return error;
  return Status::DataLoss(offset_, error.message());
}

Status FxtTokenizer::Parse(const uint8_t* data, size_t size) {
  if (!error_.ok()) return error_;
  const uint8_t* p = data;
  const uint8_t* end = data + size;
  // First finish a record carried over from earlier chunks.
  while (!carry_.empty() && p < end) {
    if (carry_.size() < kHeaderBytes) {
      size_t take = std::min(kHeaderBytes - carry_.size(), static_cast<size_t>(end - p));
      carry_.append(reinterpret_cast<const char*>(p), take);
      p += take;
      if (carry_.size() < kHeaderBytes) break;
      uint64_t header = LoadWord(carry_.data());
      carry_bytes_ = RecordBytes(header);
      if (carry_bytes_ == 0) return SizeError(header);
    }
    uint64_t missing = carry_bytes_ - carry_.size();
    size_t take = static_cast<size_t>(std::min<uint64_t>(missing, static_cast<uint64_t>(end - p)));
    carry_.append(reinterpret_cast<const char*>(p), take);
    p += take;
    if (carry_.size() == carry_bytes_) {
      OnRecord(reinterpret_cast<const uint8_t*>(carry_.data()), carry_.size());
      offset_ += carry_bytes_;
      carry_.clear();
    }
  }
  // Then whole records straight from the chunk.
  while (p < end) {
    size_t left = static_cast<size_t>(end - p);
    if (left < kHeaderBytes) {
      carry_.assign(reinterpret_cast<const char*>(p), left);
      break;
    }
    uint64_t header = LoadWord(p);
    uint64_t bytes = RecordBytes(header);
    if (bytes == 0) return SizeError(header);
    if (bytes <= left) {
      OnRecord(p, static_cast<size_t>(bytes));
      p += bytes;
      offset_ += bytes;
      continue;
    }
    carry_bytes_ = bytes;
    carry_.reserve(static_cast<size_t>(std::min<uint64_t>(bytes, 1 << 24)));
    carry_.assign(reinterpret_cast<const char*>(p), left);
    break;
  }
  return Status::Ok();
}

Status FxtTokenizer::NotifyEndOfFile() {
  queue_->StopPrefaulting();
  queue_->order.Finish(&queue_->events);
  WriteCategories();
  if (!error_.ok()) return error_;
  if (carry_.empty()) return Status::Ok();
  if (carry_.size() < kHeaderBytes) {
    return Damaged(ErrStatus("FXT error at byte %" PRIu64
                             ": the trace ends inside a record header (%zu of 8 bytes; "
                             "truncated file?)",
                             offset_, carry_.size()));
  }
  return Damaged(ErrStatus("FXT error at byte %" PRIu64
                           ": the trace ends inside a %" PRIu64
                           "-byte record (type %u), %" PRIu64 " bytes short (truncated file?)",
                           offset_, carry_bytes_,
                           static_cast<unsigned>(Bits(LoadWord(carry_.data()), 0, 3)),
                           carry_bytes_ - carry_.size()));
}

void FxtTokenizer::CountReadError(FxtReadError error) {
  switch (error) {
    case FxtReadError::kOk:
      return;
    case FxtReadError::kTruncated:
      return storage_->stats.Increment(Stat::fuchsia_record_read_error);
    case FxtReadError::kUnknownType:
      return storage_->stats.Increment(Stat::fuchsia_unknown_record);
    case FxtReadError::kTimestampOverflow:
      return storage_->stats.Increment(Stat::fuchsia_timestamp_overflow);
    case FxtReadError::kBadArgType:
      return storage_->stats.Increment(Stat::fuchsia_invalid_event_arg_type);
  }
}

void FxtTokenizer::OnRecord(const uint8_t* data, size_t bytes) {
  FxtRecordReader reader(data, bytes / 8, current_, storage_);
  uint64_t header = reader.header();
  switch (Bits(header, 0, 3)) {
    case fxt::kMetadata:
      return OnMetadata(header, &reader);
    case fxt::kInitialization: {
      uint64_t ticks_per_second;
      if (!reader.ReadWord(&ticks_per_second)) {
        return CountReadError(FxtReadError::kTruncated);
      }
      if (ticks_per_second == 0) return storage_->stats.Increment(Stat::fuchsia_invalid_event);
      current_->ticks_per_second = ticks_per_second;
      return;
    }
    case fxt::kString: {
      uint32_t index = static_cast<uint32_t>(Bits(header, 16, 30));
      if (index == 0) return;  // Reserved for the empty string: ignored.
      std::string_view s;
      if (!reader.ReadStream(Bits(header, 32, 46), &s)) {
        return CountReadError(FxtReadError::kTruncated);
      }
      current_->strings.Set(index, storage_->Intern(s));
      return;
    }
    case fxt::kThread: {
      uint32_t index = static_cast<uint32_t>(Bits(header, 16, 23));
      if (index == 0) return;  // Reserved for inline threads: ignored.
      FxtThread thread;
      if (!reader.ReadWord(&thread.pid) || !reader.ReadWord(&thread.tid)) {
        return CountReadError(FxtReadError::kTruncated);
      }
      current_->threads.Set(index, thread);
      return;
    }
    case fxt::kEvent: {
      FxtEvent* event = NewEvent();
      FxtReadError error = reader.ReadEvent(event, &queue_->args);
      if (error != FxtReadError::kOk) return DropEvent(error);
      queue_->AddArgUser(*event);
      return NoteQueued(*event);
    }
    case fxt::kKernelObject: {
      FxtEvent event;
      FxtReadError error = reader.ReadKernelObject(&event);
      if (error != FxtReadError::kOk) return CountReadError(error);
      if (event.kind != FxtEvent::kEvent) QueueUntimed(event);
      return;
    }
    case fxt::kScheduling:
      return OnScheduling(&reader);
    case fxt::kLog: {
      FxtEvent* event = NewEvent();
      FxtReadError error = reader.ReadLog(event);
      if (error != FxtReadError::kOk) return DropEvent(error);
      return NoteQueued(*event);
    }
    case fxt::kBlob:
    case fxt::kLargeRecord: {
      FxtEvent event;
      FxtBlob blob;
      FxtReadError error = Bits(header, 0, 3) == fxt::kBlob
                               ? reader.ReadBlob(&event, &blob)
                               : reader.ReadLargeBlob(&event, &blob, &queue_->args);
      if (error != FxtReadError::kOk) return CountReadError(error);
      return OnBlob(event, blob);
    }
    case fxt::kUserspaceObject: {
      FxtEvent event;
      FxtReadError error = reader.ReadUserspaceObject(&event, &queue_->args);
      if (error != FxtReadError::kOk) return CountReadError(error);
      queue_->AddArgUser(event);
      return QueueUntimed(event);
    }
    default:
      return storage_->stats.Increment(Stat::fuchsia_unknown_record);
  }
}

void FxtTokenizer::OnMetadata(uint64_t header, FxtRecordReader* reader) {
  uint32_t provider = static_cast<uint32_t>(Bits(header, 20, 51));
  switch (Bits(header, 16, 19)) {
    case fxt::kProviderInfo: {
      std::string_view name;
      if (!reader->ReadStream(Bits(header, 52, 59), &name)) {
        return CountReadError(FxtReadError::kTruncated);
      }
      // A provider (re)registering starts with fresh tables (the categories
      // it used stay).
      std::unique_ptr<FxtProvider>& slot = providers_[provider];
      std::unique_ptr<FxtProvider> fresh(new FxtProvider());
      if (slot) fresh->categories = std::move(slot->categories);
      slot = std::move(fresh);
      current_ = slot.get();
      current_id_ = provider;
      current_->name = storage_->Intern(name);
      return;
    }
    case fxt::kProviderSection:
      if (provider != current_id_) {
        current_ = Provider(provider);
        current_id_ = provider;
      }
      return;
    case fxt::kProviderEvent:
      if (Bits(header, 52, 55) != fxt::kProviderBufferOverflow) {
        return storage_->stats.Increment(Stat::fuchsia_unknown_record);
      }
      return OnBufferOverflow(provider);
    case fxt::kTraceInfo:  // The magic number record (trace info type 0).
      if (Bits(header, 20, 23) != 0) storage_->stats.Increment(Stat::fuchsia_unknown_record);
      return;
    default:
      return storage_->stats.Increment(Stat::fuchsia_unknown_record);
  }
}

FxtEvent* FxtTokenizer::NewEvent() {
  return new (queue_->events.append_uninitialized()) FxtEvent();
}

void FxtTokenizer::DropEvent(FxtReadError error) {
  queue_->events.pop_back();
  CountReadError(error);
}

void FxtTokenizer::Queue(const FxtEvent& event) {
  queue_->events.push_back(event);
  NoteQueued(event);
}

void FxtTokenizer::NoteQueued(const FxtEvent& event) {
  CountRows(event);
  if (event.kind == FxtEvent::kEvent && event.cat != current_->last_category) {
    current_->last_category = event.cat;
    NoteCategory(event.cat);
  }
  if (event.ts < current_->last_ts) {
    storage_->stats.Increment(Stat::fuchsia_timestamp_jump_back);
  } else {
    current_->last_ts = event.ts;
  }
  // Last: |event| may be the queue's last slot, which this moves.
  queue_->order.PlaceLast(&queue_->events);
}

void FxtTokenizer::QueueUntimed(const FxtEvent& event) {
  queue_->events.push_back(event);
  queue_->order.PlaceLast(&queue_->events);
}

void FxtTokenizer::CountRows(const FxtEvent& event) {
  FxtRowCounts& rows = queue_->rows;
  switch (event.kind) {
    case FxtEvent::kContextSwitch:
      ++rows.switches;
      return;
    case FxtEvent::kWakeup:
      ++rows.wakeups;
      return;
    case FxtEvent::kEvent:
      break;
    default:
      return;
  }
  switch (event.event_type) {
    case fxt::kCounter:
      rows.counters += event.arg_count;
      return;
    case fxt::kInstant:
    case fxt::kDurationBegin:
    case fxt::kDurationComplete:
    case fxt::kAsyncBegin:
    case fxt::kAsyncInstant:
      ++rows.slices;
      return;
    default:
      return;
  }
}

void FxtTokenizer::OnScheduling(FxtRecordReader* reader) {
  FxtEvent* event = NewEvent();
  FxtSwitch sw;
  FxtReadError error = reader->ReadScheduling(sched_names_, event, &sw, &scratch_args_);
  if (error != FxtReadError::kOk) return DropEvent(error);
  if (event->kind == FxtEvent::kContextSwitch) {
    queue_->switch_priorities.Keep(sw, event);
  } else if (event->tid == 0) {
    queue_->events.pop_back();
    return storage_->stats.Increment(Stat::fuchsia_idle_thread_wakeup);
  }
  NoteQueued(*event);
}

void FxtTokenizer::OnBlob(const FxtEvent& event, const FxtBlob& blob) {
  if (blob.blob_type == static_cast<int32_t>(fxt::kBlobPerfetto)) {
    storage_->stats.Increment(Stat::fuchsia_perfetto_blob);
    perfetto_packets_.append(blob.bytes.data(), blob.bytes.size());
    return;
  }
  static const char kDigits[] = "0123456789abcdef";
  std::string hex;
  size_t n = std::min(blob.bytes.size(), FuchsiaBlobTable::kMaxDataBytes);
  for (size_t i = 0; i < n; ++i) {
    uint8_t b = static_cast<uint8_t>(blob.bytes[i]);
    hex.push_back(kDigits[b >> 4]);
    hex.push_back(kDigits[b & 15]);
  }
  FxtEvent e = event;
  // Its row's index is its extra word, after the args it was read with.
  e.first_arg = static_cast<uint32_t>(queue_->args.size() - e.arg_count);
  AppendExtra(queue_->blobs.size(), &queue_->args);
  queue_->AddArgUser(e);
  queue_->blobs.push_back(FxtBlobRow{blob.size, blob.blob_type, storage_->Intern(hex)});
  if (e.ts == INT64_MIN) {
    QueueUntimed(e);
  } else {
    Queue(e);
  }
}

void FxtTokenizer::NoteCategory(StringId category) {
  // Providers use a handful of categories: a linear scan, newest first.
  std::vector<StringId>& seen = current_->categories;
  for (auto it = seen.rbegin(); it != seen.rend(); ++it) {
    if (*it == category) return;
  }
  seen.push_back(category);
}

void FxtTokenizer::WriteCategories() {
  std::vector<uint32_t> ids;
  for (const auto& [id, provider] : providers_) ids.push_back(id);
  std::sort(ids.begin(), ids.end());
  for (uint32_t id : ids) {
    const FxtProvider& p = *providers_[id];
    for (StringId category : p.categories) {
      storage_->fuchsia_category.Insert(id, p.name, category);
    }
  }
}

void FxtTokenizer::OnBufferOverflow(uint32_t provider) {
  storage_->stats.Increment(Stat::fuchsia_buffer_overflow);
  ArgsTable& args = storage_->args;
  uint32_t set = args.BeginSet();
  StringId id_key = storage_->Intern("provider_id");
  StringId name_key = storage_->Intern("provider_name");
  args.Add(set, id_key, id_key, ArgType::kInt, provider);
  args.Add(set, name_key, name_key, ArgType::kString, Provider(provider)->name);
  storage_->import_logs.InsertAtOffset(storage_->Intern("data_loss"),
                                       storage_->Intern("fuchsia_buffer_overflow"),
                                       static_cast<int64_t>(offset_), args.FinishSet());
}

}  // namespace weft
