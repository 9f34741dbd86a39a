// ProtoImporter: the Perfetto protobuf format as a TraceImporter — framer,
// tokenizer, queue, parse pipeline and parser wired together.
// Reference: docs/formats/protobuf.md
#ifndef SRC_IMPORTERS_PROTO_PROTO_IMPORTER_H_
#define SRC_IMPORTERS_PROTO_PROTO_IMPORTER_H_

#include "src/importers/common/trace_context.h"
#include "src/importers/common/trace_importer.h"
#include "src/importers/proto/proto_event_queue.h"
#include "src/importers/proto/proto_framer.h"
#include "src/importers/proto/proto_parse_pipeline.h"
#include "src/importers/proto/proto_parser.h"
#include "src/importers/proto/proto_tokenizer.h"

namespace weft {

class ProtoImporter final : public TraceImporter {
 public:
  explicit ProtoImporter(TraceContext* context)
      : queue_(context->config.full_sort,
               [this](const QueuedPacket& p, protozero::data_view payload) {
                 pipeline_.Add(p, reinterpret_cast<const uint8_t*>(payload.data()),
                               queue_.epoch());
               }),
        tokenizer_(context->storage, &queue_, &pipeline_, context->config),
        framer_([this](const uint8_t* data, size_t size, uint64_t) {
          tokenizer_.OnPacket(data, size);
        }),
        parser_(context, &tokenizer_, tokenizer_.clock_tracker()),
        pipeline_(
            !context->config.single_thread,
            [this](const QueuedPacket& p, protozero::data_view payload) {
              parser_.Parse(p, payload);
            },
            [this](uint32_t epoch) { parser_.BeginEpoch(epoch); },
            [this](uint32_t block) { queue_.ReleaseBlock(block); }) {
    queue_.set_sink_releases_blocks(true);
    storage_ = context->storage;
  }

  Status Parse(const char* data, size_t size) override {
    return framer_.Parse(reinterpret_cast<const uint8_t*>(data), size);
  }
  void WaitForParser() override { pipeline_.WaitIdle(); }
  Status NotifyEndOfFile() override {
    // Packets read before an error are still imported.
    Status status = framer_.NotifyEndOfFile();
    pipeline_.BeginDrain();
    queue_.ExtractAll();
    pipeline_.WaitIdle();
    parser_.WriteContentAnnotations();
    tokenizer_.NotifyEndOfFile();
    return NotATraceIfNothingRead(status);
  }

 private:
  // Damage before any well-formed packet: the file is not a trace (random
  // bytes often frame a packet or two). Called once the parser is idle.
  Status NotATraceIfNothingRead(const Status& status) const {
    if (!status.data_loss()) return status;
    int64_t malformed = storage_->stats.Get(Stat::proto_malformed_packet);
    if (static_cast<int64_t>(framer_.packets()) > malformed) return status;
    return Status::Error(status.message());
  }

  TraceStorage* storage_;
  // The parser (and the pipeline's parser side) run on another thread:
  // cache lines of their own.
  ProtoEventQueue queue_;
  ProtoTokenizer tokenizer_;
  ProtoFramer framer_;
  alignas(64) ProtoParser parser_;
  // Last: its parser thread stops before the parts it uses are destroyed.
  alignas(64) ProtoParsePipeline pipeline_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTO_IMPORTER_H_
