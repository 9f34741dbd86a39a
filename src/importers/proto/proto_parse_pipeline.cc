// ProtoParsePipeline: batches, the parser thread and its hand-over; see
// proto_parse_pipeline.h.
#include "src/importers/proto/proto_parse_pipeline.h"

#include <utility>

namespace weft {

ProtoParsePipeline::ProtoParsePipeline(bool threaded, Parse parse, BeginEpoch begin,
                                       ReleaseBlock release)
#ifdef __EMSCRIPTEN__
    : threaded_(false),  // Built without pthreads.
#else
    : threaded_(threaded),
#endif
      parse_(std::move(parse)),
      begin_(std::move(begin)),
      release_(std::move(release)),
      lock_(threaded_) {
  (void)threaded;  // Unused in wasm.
}

ProtoParsePipeline::~ProtoParsePipeline() {
  if (!thread_.joinable()) return;
  WaitIdle();
  {
    std::lock_guard<std::mutex> hold(mu_);
    stop_ = true;
  }
  submitted_cv_.notify_one();
  thread_.join();
}

void ProtoParsePipeline::Add(const QueuedPacket& p, const uint8_t* payload, uint32_t epoch) {
  if (!threaded_) {
    if (epoch != current_epoch_) {
      current_epoch_ = epoch;
      begin_(epoch);
    }
    parse_(p, protozero::data_view(reinterpret_cast<const char*>(payload), p.size));
    release_(p.block);
    return;
  }
  if (!open_.items.empty() && open_.epoch != epoch) Submit();
  if (open_.items.empty()) open_.epoch = epoch;
  open_.items.push_back(Item{p, payload});
  if (open_.items.size() >= kBatchItems) Submit();
}

void ProtoParsePipeline::Defer(StorageWrite write) {
  if (!threaded_) {
    write();
    return;
  }
  if (!open_.items.empty()) Submit();  // The write comes after those packets.
  open_.writes.push_back(std::move(write));
}

void ProtoParsePipeline::Submit() {
  if (!threaded_ || (open_.items.empty() && open_.writes.empty())) return;
#ifndef __EMSCRIPTEN__
  if (!thread_.joinable()) thread_ = std::thread(&ProtoParsePipeline::Run, this);
#endif
  std::unique_lock<std::mutex> hold(mu_);
  // Bounded memory; but never wait for a parser that waits for the lock.
  if (!lock_.held_by_tokenizer()) {
    parsed_cv_.wait(hold, [this] { return in_flight_ < max_in_flight_; });
  }
  CollectParsed(&hold);
  submitted_.push_back(std::move(open_));
  ++in_flight_;
  open_ = Batch();
  if (!spare_items_.empty()) {
    open_.items.swap(spare_items_.back());
    spare_items_.pop_back();
  }
  hold.unlock();
  submitted_cv_.notify_one();
}

void ProtoParsePipeline::WaitIdle() {
  if (!threaded_) return;
  Submit();
  if (!thread_.joinable()) return;
  std::unique_lock<std::mutex> hold(mu_);
  parsed_cv_.wait(hold, [this] { return in_flight_ == 0; });
  CollectParsed(&hold);
}

void ProtoParsePipeline::CollectParsed(std::unique_lock<std::mutex>* /*hold*/) {
  for (Batch& batch : parsed_) {
    for (const Item& item : batch.items) release_(item.packet.block);
    if (spare_items_.size() < max_in_flight_) {
      batch.items.clear();
      spare_items_.push_back(std::move(batch.items));
    }
  }
  parsed_.clear();
}

void ProtoParsePipeline::Run() {
  for (;;) {
    Batch batch;
    {
      std::unique_lock<std::mutex> hold(mu_);
      submitted_cv_.wait(hold, [this] { return stop_ || !submitted_.empty(); });
      if (submitted_.empty()) return;
      batch = std::move(submitted_.front());
      submitted_.pop_front();
    }
    ParseBatch(&batch);
    {
      std::lock_guard<std::mutex> hold(mu_);
      parsed_.push_back(std::move(batch));
      --in_flight_;
    }
    parsed_cv_.notify_one();
  }
}

void ProtoParsePipeline::ParseBatch(Batch* batch) {
  lock_.AcquireForParser();
  for (StorageWrite& write : batch->writes) write();
  batch->writes.clear();
  if (!batch->items.empty()) begin_(batch->epoch);
  const size_t n = batch->items.size();
  for (size_t i = 0; i < n; ++i) {
    // The tokenizer wrote these payloads on the other core.
    if (i + 2 < n) __builtin_prefetch(batch->items[i + 2].payload);
    lock_.YieldIfWaited();
    const Item& item = batch->items[i];
    parse_(item.packet,
           protozero::data_view(reinterpret_cast<const char*>(item.payload), item.packet.size));
  }
  lock_.ReleaseForParser();
}

}  // namespace weft
