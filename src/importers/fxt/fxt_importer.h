// FxtImporter: the Fuchsia trace format (FXT) as a TraceImporter —
// tokenizer, queue and parser wired together.
// Reference: docs/formats/fxt.md
#ifndef SRC_IMPORTERS_FXT_FXT_IMPORTER_H_
#define SRC_IMPORTERS_FXT_FXT_IMPORTER_H_

#include "src/importers/common/trace_context.h"
#include "src/importers/common/trace_importer.h"
#include "src/importers/fxt/fxt_parser.h"
#include "src/importers/fxt/fxt_tokenizer.h"

namespace weft {

class FxtImporter final : public TraceImporter {
 public:
  explicit FxtImporter(TraceContext* context)
      : tokenizer_(context->storage, &queue_), parser_(context, &queue_) {}

  Status Parse(const char* data, size_t size) override {
    return tokenizer_.Parse(reinterpret_cast<const uint8_t*>(data), size);
  }
  Status NotifyEndOfFile() override {
    // Events read before an error are still imported.
    Status status = tokenizer_.NotifyEndOfFile();
    parser_.ParseAll();
    return status;
  }

 private:
  FxtEventQueue queue_;
  FxtTokenizer tokenizer_;
  FxtParser parser_;
};

}  // namespace weft

#endif  // SRC_IMPORTERS_FXT_FXT_IMPORTER_H_
