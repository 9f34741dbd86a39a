// ProtoImporter: the Perfetto protobuf format as a TraceImporter — framer,
// tokenizer, queue and parser wired together.
#ifndef SRC_IMPORTERS_PROTO_PROTO_IMPORTER_H_
#define SRC_IMPORTERS_PROTO_PROTO_IMPORTER_H_

#include "src/importers/common/trace_context.h"
#include "src/importers/common/trace_importer.h"
#include "src/importers/proto/proto_event_queue.h"
#include "src/importers/proto/proto_framer.h"
#include "src/importers/proto/proto_parser.h"
#include "src/importers/proto/proto_tokenizer.h"

namespace weft {

class ProtoImporter final : public TraceImporter {
 public:
  explicit ProtoImporter(TraceContext* context)
      : queue_(context->config.full_sort,
               [this](const QueuedPacket& p, protozero::data_view payload) {
                 parser_.Parse(p, payload);
               }),
        tokenizer_(context->storage, &queue_, context->config),
        framer_([this](const uint8_t* data, size_t size, uint64_t) {
          tokenizer_.OnPacket(data, size);
        }),
        parser_(context, &tokenizer_, tokenizer_.clock_tracker()) {}

  Status Parse(const char* data, size_t size) override {
    return framer_.Parse(reinterpret_cast<const uint8_t*>(data), size);
  }
  Status NotifyEndOfFile() override {
    // Packets read before an error are still imported.
    Status status = framer_.NotifyEndOfFile();
    queue_.ExtractAll();
    parser_.WriteContentAnnotations();
    tokenizer_.NotifyEndOfFile();
    return status;
  }

 private:
  ProtoEventQueue queue_;
  ProtoTokenizer tokenizer_;
  ProtoFramer framer_;
  ProtoParser parser_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_PROTO_PROTO_IMPORTER_H_
