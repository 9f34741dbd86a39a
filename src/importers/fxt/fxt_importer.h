// FxtImporter: the Fuchsia trace format (FXT) as a TraceImporter —
// tokenizer, queue and parser wired together; Perfetto blobs go through
// the protobuf importer.
// Reference: docs/formats/fxt.md
#ifndef SRC_IMPORTERS_FXT_FXT_IMPORTER_H_
#define SRC_IMPORTERS_FXT_FXT_IMPORTER_H_

#include "src/importers/common/trace_context.h"
#include "src/importers/common/trace_importer.h"
#include "src/importers/fxt/fxt_parser.h"
#include "src/importers/fxt/fxt_tokenizer.h"
#include "src/importers/proto/proto_importer.h"

namespace weft {

class FxtImporter final : public TraceImporter {
 public:
  explicit FxtImporter(TraceContext* context)
      : context_(context), tokenizer_(context->storage, &queue_), parser_(context, &queue_) {
    queue_.StartPrefaulting();
  }

  Status Parse(const char* data, size_t size) override {
    return tokenizer_.Parse(reinterpret_cast<const uint8_t*>(data), size);
  }
  Status NotifyEndOfFile() override {
    // Events read before an error are still imported.
    Status status = tokenizer_.NotifyEndOfFile();
    ImportPerfettoPackets();
    parser_.ParseAll();
    return status;
  }

 private:
  // The TracePackets of the trace's Perfetto blobs, through the protobuf
  // importer into the same tables (one trace, two formats).
  void ImportPerfettoPackets() {
    std::string packets = tokenizer_.TakePerfettoPackets();
    if (packets.empty()) return;
    ProtoImporter proto(context_);
    Status parsed = proto.Parse(packets.data(), packets.size());
    Status ended = proto.NotifyEndOfFile();
    if (!parsed.ok() || !ended.ok()) {
      context_->storage->stats.Increment(Stat::fuchsia_perfetto_blob_damaged);
    }
  }

  TraceContext* context_;
  FxtEventQueue queue_;
  FxtTokenizer tokenizer_;
  FxtParser parser_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_FXT_FXT_IMPORTER_H_
